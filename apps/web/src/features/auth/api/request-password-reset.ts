import { operations } from '@opora/contracts/endpoints';
import { useMutation } from '@tanstack/react-query';
import { callOperation, type InputOf } from '@/lib/operations.ts';

/** `requestPasswordReset`: 204 whether or not the address has an account. */
export function requestPasswordReset(body: InputOf<'requestPasswordReset'>['body']) {
  return callOperation(operations.requestPasswordReset, { body });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
