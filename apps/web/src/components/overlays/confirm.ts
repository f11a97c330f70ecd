import type { ReactNode } from 'react';

export type ConfirmOptions = {
  title: ReactNode;
  message: ReactNode;
  /** Defaults to the translated "Confirm". */
  confirmLabel?: ReactNode;
  /** Defaults to the translated "Cancel". */
  cancelLabel?: ReactNode;
  /**
   * An action that cannot be undone: a red confirm button, and focus starts on the message rather than
   * on a button (Enter still confirms, SPEC §4).
   */
  danger?: boolean;
};

export type ConfirmEntry = {
  id: number;
  options: ConfirmOptions;
  opened: boolean;
  resolve: (confirmed: boolean) => void;
};

let entries: ConfirmEntry[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: ConfirmEntry[]): void {
  entries = next;
  for (const listener of listeners) listener();
}

export function subscribeConfirms(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentConfirms(): ConfirmEntry[] {
  return entries;
}

/** Resolves the dialog once (later calls are ignored) and starts its closing transition. */
export function settleConfirm(id: number, confirmed: boolean): void {
  const entry = entries.find((candidate) => candidate.id === id);
  if (!entry?.opened) return;
  entry.resolve(confirmed);
  publish(entries.map((candidate) => (candidate.id === id ? { ...candidate, opened: false } : candidate)));
}

/** Drops a dialog after its closing transition. */
export function removeConfirm(id: number): void {
  publish(entries.filter((candidate) => candidate.id !== id));
}

/**
 * Asks the user to confirm (SPEC §2, §4). Resolves true on confirm, false on cancel, close or
 * Escape. Enter confirms and Escape cancels, always in the topmost dialog only.
 */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    publish([...entries, { id: nextId++, options, opened: true, resolve }]);
  });
}
