import { resetPasswordRoute } from '@opora/contracts';
import { useMutation } from '@tanstack/react-query';
import { callOperation, type InputOf } from '@/lib/operations.ts';

/** `resetPassword`: the token from the e-mailed link and the new password. */
export function resetPassword(body: InputOf<'resetPassword'>['body']) {
  return callOperation(resetPasswordRoute, { body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
