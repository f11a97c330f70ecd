import { operations } from '@opora/contracts/endpoints';
import { useQuery } from '@tanstack/react-query';
import { operationQueryOptions } from '@/lib/operations.ts';

/** `getCase`: the case with its requests (the confirmation page finds the request it sent there). */
export function useCase(caseId: string) {
  return useQuery(operationQueryOptions(operations.getCase, { params: { caseId } }));
}
