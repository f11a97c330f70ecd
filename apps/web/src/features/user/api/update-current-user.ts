import type { CurrentUser, UpdateCurrentUser } from '@opora/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { currentUserQueryKey } from '@/lib/auth/current-user.ts';

/** `PATCH /api/v1/web/users/me`: names, phone and language; answers the updated user. */
export async function updateCurrentUser(body: UpdateCurrentUser): Promise<CurrentUser> {
  const { data } = await apiClient.patch<{ data: CurrentUser }>('/web/users/me', body, {
    query: { _envelope: 1 },
  });
  return data;
}

export function useUpdateCurrentUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCurrentUser,
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryKey, user),
  });
}
