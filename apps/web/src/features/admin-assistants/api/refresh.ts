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

/**
 * After a claim moved (given back to the queue, or to another assistant): as after any step, except that
 * a caller who no longer has the task loses its view from the cache too — the client's record is not
 * shown again from memory once the API refuses it.
 */
export async function refreshAfterClaimMoved(
  queryClient: QueryClient,
  taskId: string,
  { stillMine }: { stillMine: boolean },
): Promise<void> {
  if (!stillMine) queryClient.removeQueries({ queryKey: assistantTaskQueryOptions(taskId).queryKey });
  await Promise.all([
    stillMine
      ? queryClient.invalidateQueries({ queryKey: assistantTaskQueryOptions(taskId).queryKey })
      : undefined,
    queryClient.invalidateQueries({ queryKey: operationKey(operations.listAssistantTasks) }),
    queryClient.invalidateQueries({ queryKey: operationKey(operations.listStaffAudit) }),
  ]);
}
