import { operations } from '@opora/contracts/endpoints';
import type { QueryClient } from '@tanstack/react-query';
import { operationKey } from '@/lib/operations.ts';
import { assistantTaskQueryOptions } from './get-assistant-task.ts';

/**
 * After a step on a task (taken, a call, a request, closed): the task, the queue (its first contact and
 * health) and the audit log, which lists the step, are read again.
 */
export async function refreshAfterTaskChange(queryClient: QueryClient, taskId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: assistantTaskQueryOptions(taskId).queryKey }),
    queryClient.invalidateQueries({ queryKey: operationKey(operations.listAssistantTasks) }),
    queryClient.invalidateQueries({ queryKey: operationKey(operations.listStaffAudit) }),
  ]);
}
