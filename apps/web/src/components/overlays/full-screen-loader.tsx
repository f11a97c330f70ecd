import { timings } from '@opora/contracts';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

// The overlay's code is fetched only when a wait outlasts the 300 ms delay, so quick loads never pay for it.
const LoaderOverlay = lazy(() => import('./loader-overlay.tsx').then((m) => ({ default: m.LoaderOverlay })));

/**
 * Covers the page while something the user waits for is running. It appears only after 300 ms, so
 * quick work never flashes a spinner; it fades in over 300 ms and out over 200 ms (SPEC §9).
 */
export function FullScreenLoader({ visible, label }: { visible: boolean; label?: string }) {
  const { t } = useTranslation();
  const [requested, setRequested] = useState(false);
  const [shown, setShown] = useState(false);

  useEffect(() => {
    if (!visible) {
      setShown(false);
      return;
    }
    const timer = window.setTimeout(() => {
      setRequested(true);
      setShown(true);
    }, timings.loaderDelay);
    return () => window.clearTimeout(timer);
  }, [visible]);

  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <LoaderOverlay shown={shown} label={label ?? t('loader.label')} />
    </Suspense>
  );
}

let pending = 0;
const listeners = new Set<() => void>();

function setPending(next: number): void {
  pending = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the app-wide loader while any caller holds it; mounted once in the app provider. */
export function FullScreenLoaderHost() {
  const count = useSyncExternalStore(subscribe, () => pending);
  return <FullScreenLoader visible={count > 0} />;
}

export type FullScreenLoaderControls = {
  /** Holds the loader until the returned release function is called (calling it twice is harmless). */
  show: () => () => void;
  /** Holds the loader while the promise is pending and passes its result through. */
  track: <T>(work: Promise<T>) => Promise<T>;
};

export function useFullScreenLoader(): FullScreenLoaderControls {
  const show = useCallback(() => {
    setPending(pending + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      setPending(pending - 1);
    };
  }, []);

  const track = useCallback(
    async <T,>(work: Promise<T>): Promise<T> => {
      const release = show();
      try {
        return await work;
      } finally {
        release();
      }
    },
    [show],
  );

  return useMemo(() => ({ show, track }), [show, track]);
}
