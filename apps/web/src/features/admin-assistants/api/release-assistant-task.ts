import type { AssistantTaskRelease } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { callOperation } from '@/lib/operations.ts';

/**
 * `releaseAssistantTask`: the claim the caller saw ends and the task is back in the queue. A claim that
 * moved on meanwhile answers 409 (`AssistantTaskClaimed` naming who has it, `AssistantTaskNotClaimed`).
 */
export function releaseAssistantTask(taskId: string, body: AssistantTaskRelease, signal?: AbortSignal) {
  return callOperation(operations.releaseAssistantTask, { params: { taskId }, body }, { signal });
}
