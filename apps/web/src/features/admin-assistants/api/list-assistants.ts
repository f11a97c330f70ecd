import { operations } from '@opora/contracts/endpoints';
import { useQuery } from '@tanstack/react-query';
import { operationQueryOptions } from '@/lib/operations.ts';

/** `listAssistants` (platform administrators): who a task can be given to. */
export function assistantsQueryOptions() {
  return operationQueryOptions(operations.listAssistants, {});
}

/** Read when the reassigning dialog opens; a minute is fresh enough for who holds the role. */
export function useAssistants({ enabled }: { enabled: boolean }) {
  return useQuery({ ...assistantsQueryOptions(), enabled, staleTime: 60_000 });
}
