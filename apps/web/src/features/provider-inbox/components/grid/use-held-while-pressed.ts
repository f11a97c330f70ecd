import { type PointerEvent, useEffect, useRef, useState } from 'react';

/** A tap's click follows its `pointerup` a moment later (a mouse's in the same task). */
const tapClickGraceMs = 300;

/**
 * `value` as shown, kept as it was while a primary pointer pressed on it is down: a new page (a
 * search's results) arriving between the press and the release would otherwise move or remove the
 * row's link under the pointer, and the click would be lost or open the row that took its place.
 * Held until the click that the release makes (or a cancelled press); then the latest value shows.
 */
export function useHeldWhilePressed<T>(value: T): [shown: T, onPointerDown: (event: PointerEvent) => void] {
  const [held, setHeld] = useState<{ value: T } | null>(null);
  const shown = held ? held.value : value;
  const release = useRef<AbortController | null>(null);
  useEffect(() => () => release.current?.abort(), []);

  const onPointerDown = (event: PointerEvent) => {
    if (!event.isPrimary || event.button !== 0) return;
    release.current?.abort();
    const controller = new AbortController();
    release.current = controller;
    const { signal } = controller;
    const end = () => {
      controller.abort();
      setHeld(null);
    };
    setHeld({ value: shown });
    // Bubbling listeners on the window run after React's on the root: the link has navigated by then.
    window.addEventListener('click', end, { signal });
    window.addEventListener('pointercancel', end, { signal });
    window.addEventListener('blur', end, { signal });
    window.addEventListener(
      'pointerup',
      () => {
        const timer = window.setTimeout(end, tapClickGraceMs);
        signal.addEventListener('abort', () => window.clearTimeout(timer));
      },
      { signal },
    );
  };

  return [shown, onPointerDown];
}
