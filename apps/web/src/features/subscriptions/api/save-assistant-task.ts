import type { AssistantTaskInput } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { useMutation } from '@tanstack/react-query';
import { callOperation } from '@/lib/operations.ts';

/** `saveAssistantTask`: hands the case to the platform's assistants (a second save updates the same task). */
export function saveAssistantTask(caseId: string, body: AssistantTaskInput) {
  return callOperation(operations.saveAssistantTask, { params: { caseId }, body });
}

export function useSaveAssistantTask(caseId: string) {
  return useMutation({ mutationFn: (body: AssistantTaskInput) => saveAssistantTask(caseId, body) });
}
