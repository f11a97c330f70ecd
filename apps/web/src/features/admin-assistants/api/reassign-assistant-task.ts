import type { AssistantTaskReassign } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { callOperation } from '@/lib/operations.ts';

/**
 * `reassignAssistantTask` (platform administrators): the claim the caller saw moves to another
 * assistant, who is refused beside `assistantId` when they no longer hold the role.
 */
export function reassignAssistantTask(taskId: string, body: AssistantTaskReassign, signal?: AbortSignal) {
  return callOperation(operations.reassignAssistantTask, { params: { taskId }, body }, { signal });
}
