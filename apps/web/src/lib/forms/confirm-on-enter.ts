import type { KeyboardEvent } from 'react';

/**
 * SPEC §4: Enter confirms a dialog's form, as in the shared confirm dialog — except from a button, a
 * link or a text area, which keep their own Enter. For `<form onKeyDown={confirmOnEnter}>`.
 */
export function confirmOnEnter(event: KeyboardEvent<HTMLFormElement>) {
  if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest('button, a[href], textarea')) return;
  event.preventDefault();
  event.currentTarget.requestSubmit();
}
