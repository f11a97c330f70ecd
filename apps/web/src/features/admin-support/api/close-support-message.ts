import { operations } from '@opora/contracts/endpoints';
import { callOperation } from '@/lib/operations.ts';

/** `closeSupportMessage`: done, read-only from now on (closing a closed message changes nothing). */
export function closeSupportMessage(messageId: string, signal?: AbortSignal) {
  return callOperation(operations.closeSupportMessage, { params: { messageId } }, { signal });
}
