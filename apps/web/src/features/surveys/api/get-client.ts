import { getClientRoute } from '@opora/contracts';
import { skipToken, useQuery } from '@tanstack/react-query';
import { operationQueryOptions } from '@/lib/operations.ts';

/** `getClient`: the client's details; the questionnaire pages read the name and the residence's region. */
export function clientQueryOptions(clientId: string) {
  return operationQueryOptions(getClientRoute, { params: { clientId } });
}

export function useClient(clientId: string | null) {
  return useQuery(
    clientId === null ? operationQueryOptions(getClientRoute, skipToken) : clientQueryOptions(clientId),
  );
}
