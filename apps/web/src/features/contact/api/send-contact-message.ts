import type { ContactForm } from '@opora/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';

/** `POST /api/v1/web/contact`: e-mails the message to the Opora team; 204, 400 (fields), 429. */
export function sendContactMessage(body: ContactForm): Promise<void> {
  return apiClient.post<void>('/web/contact', body);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
