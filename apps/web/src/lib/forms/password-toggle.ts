import type { FormT } from './use-form-translation.ts';

/** The show/hide button of a password field needs a name a screen reader can announce. */
export function passwordToggleProps(t: FormT) {
  return { 'aria-label': t('fields.togglePassword') };
}
