import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';

/** `DELETE /api/v1/web/users/me`: ends every session and removes the personal data; cannot be undone. */
export function deleteCurrentUser(): Promise<void> {
  return apiClient.delete<void>('/web/users/me');
}

export function useDeleteCurrentUser() {
  return useMutation({ mutationFn: deleteCurrentUser });
}
