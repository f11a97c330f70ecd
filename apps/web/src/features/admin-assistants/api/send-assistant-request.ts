import type { AssistantRequestInput } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { callOperation } from '@/lib/operations.ts';

/**
 * `sendAssistantRequest`: a request sent for the client, as the carer would from the review page. A
 * service that asks its own questionnaire is refused beside `serviceId` (`assistantServiceHasForms`).
 */
export function sendAssistantRequest(taskId: string, body: AssistantRequestInput, signal?: AbortSignal) {
  return callOperation(operations.sendAssistantRequest, { params: { taskId }, body }, { signal });
}
