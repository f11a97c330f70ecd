import { toast } from '@/components/overlays/toast.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { apiErrorMessageKeys } from '@/lib/api-error-message.ts';
import type { FormT } from './use-form-translation.ts';

/** The translated message of a failed call: its catalogue code's, else the generic one (SPEC §8). */
export function errorMessage(t: FormT, error: unknown): string {
  return error instanceof ApiError ? t(apiErrorMessageKeys(error)) : t('errors:unknown');
}

export function toastError(t: FormT, error: unknown): void {
  toast.error(errorMessage(t, error));
}
