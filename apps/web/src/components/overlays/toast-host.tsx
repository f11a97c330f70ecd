import { lazy, Suspense, useSyncExternalStore } from 'react';

const ToastContainer = lazy(() => import('./toast-runtime.tsx').then((m) => ({ default: m.ToastContainer })));

let requested = false;
const listeners = new Set<() => void>();

/** Called by the first toast: from then on the notification container is mounted. */
export function requestToastHost(): void {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Mounted once in the app provider; renders the toasts raised with `toast.*`. */
export function ToastHost() {
  const active = useSyncExternalStore(subscribe, () => requested);
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
