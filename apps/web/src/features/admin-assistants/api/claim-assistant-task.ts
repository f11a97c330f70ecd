import { operations } from '@opora/contracts/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '@/lib/operations.ts';
import { refreshAfterTaskChange } from './refresh.ts';

/**
 * `claimAssistantTask`: takes an open task. Of simultaneous claims one wins; the others answer 409
 * `AssistantTaskClaimed`, after which the queue is read again to show who has it.
 */
export function useClaimAssistantTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (taskId: string) => callOperation(operations.claimAssistantTask, { params: { taskId } }),
    onSettled: (_item, _error, taskId) => refreshAfterTaskChange(queryClient, taskId),
  });
}
