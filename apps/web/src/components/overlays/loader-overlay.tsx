import { Loader, Overlay, Transition, VisuallyHidden } from '@mantine/core';
import { timings, zIndex } from '@opora/contracts';
import { useEffect, useState } from 'react';

/** The visible part of the full-screen loader: fades in over 300 ms and out over 200 ms. */
export function LoaderOverlay({ shown, label }: { shown: boolean; label: string }) {
  // Mounted hidden first, so the first appearance fades in too.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(shown), [shown]);

  return (
    <Transition
      mounted={mounted}
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
          <VisuallyHidden>{label}</VisuallyHidden>
        </Overlay>
      )}
    </Transition>
  );
}
