import { operations } from '@opora/contracts/endpoints';
import { useMutation } from '@tanstack/react-query';
import { callOperation } from '@/lib/operations.ts';

/** `deleteCurrentUser`: ends every session and removes the personal data; cannot be undone. */
export function deleteCurrentUser() {
  return callOperation(operations.deleteCurrentUser, {});
}

export function useDeleteCurrentUser() {
  return useMutation({ mutationFn: deleteCurrentUser });
}
