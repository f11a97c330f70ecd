import { operations } from '@opora/contracts/endpoints';
import { useQuery } from '@tanstack/react-query';
import { operationQueryOptions } from '@/lib/operations.ts';

/**
 * `getAssistantTask`: the claimant's view of a task — the client's record, the services to call, the
 * case's requests and the history. 404 for anyone but the claimant.
 */
export function assistantTaskQueryOptions(taskId: string) {
  return operationQueryOptions(operations.getAssistantTask, { params: { taskId } });
}

/**
 * Read afresh on each visit (the claimant may work on it in another tab meanwhile), but not twice for
 * one: every read of the client's record is audited, and the route's loader has just read it.
 */
export function useAssistantTask(taskId: string) {
  return useQuery({ ...assistantTaskQueryOptions(taskId), staleTime: 5_000 });
}
