import { operations } from '@opora/contracts/endpoints';
import { skipToken, useQuery } from '@tanstack/react-query';
import { operationKey, operationQueryOptions } from '@/lib/operations.ts';

/** `getCase`: the case with its client and where its questionnaires stand. */
export function caseQueryOptions(caseId: string) {
  return operationQueryOptions(operations.getCase, { params: { caseId } });
}

export function caseQueryKey(caseId: string) {
  return operationKey(operations.getCase, { params: { caseId } });
}

export function useCase(caseId: string | null) {
  return useQuery(
    caseId === null ? operationQueryOptions(operations.getCase, skipToken) : caseQueryOptions(caseId),
  );
}
