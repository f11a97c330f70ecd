import type { ResetPasswordRequest } from '@opora/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';

/** `PUT /api/v1/web/users/reset-password/request`: 204 whether or not the address has an account. */
export function requestPasswordReset(body: ResetPasswordRequest): Promise<void> {
  return apiClient.put<void>('/web/users/reset-password/request', body);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
