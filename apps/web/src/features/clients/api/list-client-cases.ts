import { operations } from '@opora/contracts/endpoints';
import { useQuery } from '@tanstack/react-query';
import { operationQueryOptions } from '@/lib/operations.ts';

/** `listClientCases`: a client's cases, newest first. */
export function useClientCases(clientId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    ...operationQueryOptions(operations.listClientCases, { params: { clientId } }),
    enabled,
  });
}
