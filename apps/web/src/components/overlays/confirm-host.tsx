import { lazy, Suspense, useSyncExternalStore } from 'react';
import { currentConfirms, subscribeConfirms } from './confirm.ts';

// The dialog (Modal, focus trap, scroll lock) is downloaded with the first confirmation asked.
const ConfirmDialog = lazy(() => import('./confirm-dialog.tsx').then((m) => ({ default: m.ConfirmDialog })));

/** Renders the dialogs opened with `confirm()`; mounted once in the app provider. */
export function ConfirmHost() {
  const entries = useSyncExternalStore(subscribeConfirms, currentConfirms);
  if (entries.length === 0) return null;
  return (
    <Suspense fallback={null}>
      {entries.map((entry) => (
        <ConfirmDialog key={entry.id} entry={entry} />
      ))}
    </Suspense>
  );
}
