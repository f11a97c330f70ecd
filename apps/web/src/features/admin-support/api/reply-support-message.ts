import type { SupportReply } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { callOperation } from '@/lib/operations.ts';

/**
 * `replySupportMessage`: an e-mail to the sender in the language chosen, quoting their message; 400
 * (fields), 409 `SupportMessageClosed`.
 */
export function replySupportMessage(messageId: string, body: SupportReply, signal?: AbortSignal) {
  return callOperation(operations.replySupportMessage, { params: { messageId }, body }, { signal });
}
