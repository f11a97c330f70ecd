import { getClientRoute } from '@opora/contracts';
import { useQuery } from '@tanstack/react-query';
import { operationQueryOptions } from '@/lib/operations.ts';

/** `getClient`: one of the carer's clients, the birth number masked. */
export function clientQueryOptions(clientId: string) {
  return operationQueryOptions(getClientRoute, { params: { clientId } });
}

export function useClient(clientId: string) {
  return useQuery(clientQueryOptions(clientId));
}
