import { operations } from '@opora/contracts';
import { skipToken, useQuery } from '@tanstack/react-query';
import { operationQueryOptions } from '@/lib/operations.ts';

/** `getClient`: the client's details; the questionnaire pages read the name and the residence's region. */
export function clientQueryOptions(clientId: string) {
  return operationQueryOptions(operations.getClient, { params: { clientId } });
}

export function useClient(clientId: string | null) {
  return useQuery(
    clientId === null ? operationQueryOptions(operations.getClient, skipToken) : clientQueryOptions(clientId),
  );
}
