import type { UpdateCurrentUser } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentUserQueryKey } from '@/lib/auth/current-user.ts';
import { callOperation } from '@/lib/operations.ts';

/** `updateCurrentUser`: names, phone and language; answers the updated user (in the envelope, as `/users/me`). */
export function updateCurrentUser(body: UpdateCurrentUser) {
  return callOperation(operations.updateCurrentUser, { body }, { envelope: true });
}

export function useUpdateCurrentUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCurrentUser,
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryKey, user),
  });
}
