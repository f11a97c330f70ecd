import { operations } from '@opora/contracts/endpoints';
import { useQuery } from '@tanstack/react-query';
import { operationQueryOptions } from '@/lib/operations.ts';

/** `listAssistantTasks`: the open tasks, oldest first, and the queue's health. */
export function assistantQueueQueryOptions() {
  return operationQueryOptions(operations.listAssistantTasks, {});
}

/** The queue, read afresh on every visit: other assistants take tasks from it at the same time. */
export function useAssistantQueue() {
  return useQuery({ ...assistantQueueQueryOptions(), staleTime: 0 });
}
