import type { ResetPasswordSet } from '@opora/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';

/** `PUT /api/v1/web/users/reset-password/set-password`: the token from the e-mailed link and the new password. */
export function resetPassword(body: ResetPasswordSet): Promise<void> {
  return apiClient.put<void>('/web/users/reset-password/set-password', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
