import type { AssistantTaskClose } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { callOperation } from '@/lib/operations.ts';

/** `closeAssistantTask`: the task ends with a summary, which the carer is e-mailed. */
export function closeAssistantTask(taskId: string, body: AssistantTaskClose, signal?: AbortSignal) {
  return callOperation(operations.closeAssistantTask, { params: { taskId }, body }, { signal });
}
