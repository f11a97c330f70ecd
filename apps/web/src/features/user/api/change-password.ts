import type { ChangePassword } from '@opora/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';

/** `PUT /api/v1/web/users/me/password`: the current password proves it is really the account holder. */
export function changePassword(body: ChangePassword): Promise<void> {
  return apiClient.put<void>('/web/users/me/password', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
