import { operations } from '@opora/contracts/endpoints';
import { useMutation } from '@tanstack/react-query';
import { callOperation, type InputOf } from '@/lib/operations.ts';

/** `sendContactMessage`: e-mails the message to the Opora team; 204, 400 (fields), 429. */
export function sendContactMessage(body: InputOf<'sendContactMessage'>['body']) {
  return callOperation(operations.sendContactMessage, { body });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
