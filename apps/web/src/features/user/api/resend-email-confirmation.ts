import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';

/** `POST /api/v1/web/users/me/email-confirmation`: sends the confirmation link again. */
export function resendEmailConfirmation(): Promise<void> {
  return apiClient.post<void>('/web/users/me/email-confirmation');
}

export function useResendEmailConfirmation() {
  return useMutation({ mutationFn: resendEmailConfirmation });
}
