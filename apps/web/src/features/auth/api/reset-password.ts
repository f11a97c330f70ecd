import { operations } from '@opora/contracts/endpoints';
import { useMutation } from '@tanstack/react-query';
import { callOperation, type InputOf } from '@/lib/operations.ts';

/** `resetPassword`: the token from the e-mailed link and the new password. */
export function resetPassword(body: InputOf<'resetPassword'>['body']) {
  return callOperation(operations.resetPassword, { body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
