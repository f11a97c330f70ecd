import { getCaseRoute } from '@opora/contracts';
import { useQuery } from '@tanstack/react-query';
import { operationQueryOptions } from '@/lib/operations.ts';

/** `getCase`: the case with its requests (the confirmation page finds the request it sent there). */
export function useCase(caseId: string) {
  return useQuery(operationQueryOptions(getCaseRoute, { params: { caseId } }));
}
