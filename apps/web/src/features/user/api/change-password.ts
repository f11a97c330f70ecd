import { operations } from '@opora/contracts/endpoints';
import { useMutation } from '@tanstack/react-query';
import { callOperation, type InputOf } from '@/lib/operations.ts';

/** `changePassword`: the current password proves it is really the account holder. */
export function changePassword(body: InputOf<'changePassword'>['body']) {
  return callOperation(operations.changePassword, { body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
