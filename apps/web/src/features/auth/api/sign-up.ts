import { operations } from '@opora/contracts/endpoints';
import { useMutation } from '@tanstack/react-query';
import { callOperation, type InputOf } from '@/lib/operations.ts';

/** `signUp`: creates the account and e-mails a confirmation link. */
export function signUp(body: InputOf<'signUp'>['body']) {
  return callOperation(operations.signUp, { body });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
