import { useCallback, useMemo, useRef } from 'react';

const prefix = 'opora:draft:';
const saveDelayMs = 300;

function read<T>(key: string): T | null {
  try {
    const stored = window.sessionStorage.getItem(prefix + key);
    return stored ? (JSON.parse(stored) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    window.sessionStorage.setItem(prefix + key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the draft lasts as long as the page, as without it.
  }
}

/**
 * What a person typed into a long form, kept in this tab's sessionStorage while they type, so a
 * reload or a sign-in after the session ran out brings it back. `omit` names fields never stored
 * (the birth number). The tab's storage ends with the tab; `clear` forgets the draft once sent.
 */
export function useFormDraft<T extends object>(key: string, omit: readonly (keyof T)[] = []) {
  const timer = useRef<number | undefined>(undefined);
  const restored = useMemo(() => read<Partial<T>>(key), [key]);

  const save = useCallback(
    (values: T) => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        const kept = { ...values };
        for (const field of omit) delete kept[field];
        write(key, kept);
      }, saveDelayMs);
    },
    [key, omit],
  );

  const clear = useCallback(() => {
    window.clearTimeout(timer.current);
    try {
      window.sessionStorage.removeItem(prefix + key);
    } catch {
      // Nothing stored.
    }
  }, [key]);

  return { restored, save, clear };
}
