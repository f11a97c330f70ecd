import { operations } from '@opora/contracts/endpoints';
import { useMutation } from '@tanstack/react-query';
import { callOperation } from '@/lib/operations.ts';

/** `resendEmailConfirmation`: sends the confirmation link again. */
export function resendEmailConfirmation() {
  return callOperation(operations.resendEmailConfirmation, {});
}

export function useResendEmailConfirmation() {
  return useMutation({ mutationFn: resendEmailConfirmation });
}
