import { getCaseRoute } from '@opora/contracts';
import { skipToken, useQuery } from '@tanstack/react-query';
import { operationKey, operationQueryOptions } from '@/lib/operations.ts';

/** `getCase`: the case with its client and where its questionnaires stand. */
export function caseQueryOptions(caseId: string) {
  return operationQueryOptions(getCaseRoute, { params: { caseId } });
}

export function caseQueryKey(caseId: string) {
  return operationKey(getCaseRoute, { params: { caseId } });
}

export function useCase(caseId: string | null) {
  return useQuery(
    caseId === null ? operationQueryOptions(getCaseRoute, skipToken) : caseQueryOptions(caseId),
  );
}
