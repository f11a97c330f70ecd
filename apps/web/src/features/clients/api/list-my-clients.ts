import { operations } from '@opora/contracts/endpoints';
import { useQuery } from '@tanstack/react-query';
import { operationQueryOptions } from '@/lib/operations.ts';

/** `listMyClients`: the clients the signed-in carer looks after, with their request counts. */
export function myClientsQueryOptions() {
  return operationQueryOptions(operations.listMyClients, {});
}

export function useMyClients() {
  return useQuery(myClientsQueryOptions());
}
