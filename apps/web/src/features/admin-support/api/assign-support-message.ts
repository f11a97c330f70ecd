import { operations } from '@opora/contracts/endpoints';
import { callOperation } from '@/lib/operations.ts';

/** `assignSupportMessage`: the caller takes the message (from whoever had it); 409 when it is closed. */
export function assignSupportMessage(messageId: string, signal?: AbortSignal) {
  return callOperation(operations.assignSupportMessage, { params: { messageId } }, { signal });
}
