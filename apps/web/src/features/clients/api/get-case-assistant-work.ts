import { operations } from '@opora/contracts/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { operationQueryOptions } from '@/lib/operations.ts';

/**
 * `getCaseAssistantWork`: what Opora's assistants did on a case handed over to them (waiting, in
 * progress, done; calls, requests, summary); null when the case was never handed over. Read again on
 * every entry, as the assistant works on it meanwhile.
 */
export function caseAssistantWorkQueryOptions(caseId: string) {
  return queryOptions({
    ...operationQueryOptions(operations.getCaseAssistantWork, { params: { caseId } }),
    staleTime: 0,
  });
}

export function useCaseAssistantWork(caseId: string) {
  return useQuery(caseAssistantWorkQueryOptions(caseId));
}
