import { Loader, Overlay, Transition, VisuallyHidden } from '@mantine/core';
import { timings, zIndex } from '@opora/contracts';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Covers the page while something the user waits for is running. It appears only after 300 ms, so
 * quick work never flashes a spinner; it fades in over 300 ms and out over 200 ms (SPEC §9).
 */
export function FullScreenLoader({ visible, label }: { visible: boolean; label?: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);

  useEffect(() => {
    if (!visible) {
      setShown(false);
      return;
    }
    const timer = window.setTimeout(() => setShown(true), timings.loaderDelay);
    return () => window.clearTimeout(timer);
  }, [visible]);

  return (
    <Transition
      mounted={shown}
      transition="fade"
      duration={timings.loaderEnter}
      exitDuration={timings.loaderLeave}
    >
      {(styles) => (
        <Overlay
          fixed
          center
          zIndex={zIndex.spinner}
          color="#fff"
          backgroundOpacity={0.75}
          style={styles}
          role="status"
          aria-live="polite"
        >
          <Loader size="lg" aria-hidden />
          <VisuallyHidden>{label ?? t('loader.label')}</VisuallyHidden>
        </Overlay>
      )}
    </Transition>
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
