import { type CareRequestStatusCode, listClientCareRequestsRoute } from '@opora/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { operationQueryOptions } from '@/lib/operations.ts';

/** `listClientCareRequests`: the requests sent for a client (my-services), by status, with the counts. */
export function clientCareRequestsQueryOptions(clientId: string, status: CareRequestStatusCode | 'all') {
  return operationQueryOptions(listClientCareRequestsRoute, {
    params: { clientId },
    query: status === 'all' ? {} : { status },
  });
}

export function useClientCareRequests(clientId: string, status: CareRequestStatusCode | 'all') {
  // Changing the filter keeps the last list (and its counts) on screen until the next one is there.
  return useQuery({ ...clientCareRequestsQueryOptions(clientId, status), placeholderData: keepPreviousData });
}
