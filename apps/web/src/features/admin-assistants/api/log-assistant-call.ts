import type { AssistantCallInput } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { callOperation } from '@/lib/operations.ts';

/** `logAssistantCall`: a call to a service's provider, its outcome, a note and a follow-up date. */
export function logAssistantCall(taskId: string, body: AssistantCallInput, signal?: AbortSignal) {
  return callOperation(operations.logAssistantCall, { params: { taskId }, body }, { signal });
}
