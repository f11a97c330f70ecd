import type { CareRequestStatusCode } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { operationQueryOptions } from '@/lib/operations.ts';
import { careRequestRefreshMs } from '@/shared-features/requests/refresh.ts';

/**
 * `listClientCareRequests`: the requests sent for a client (my-services), by status, with the counts;
 * read again on every entry and while open, as a request's own page is (their statuses change at the
 * provider's).
 */
export function clientCareRequestsQueryOptions(clientId: string, status: CareRequestStatusCode | 'all') {
  return queryOptions({
    ...operationQueryOptions(operations.listClientCareRequests, {
      params: { clientId },
      query: status === 'all' ? {} : { status },
    }),
    staleTime: 0,
    refetchInterval: careRequestRefreshMs,
  });
}

export function useClientCareRequests(clientId: string, status: CareRequestStatusCode | 'all') {
  // Changing the filter keeps the last list (and its counts) on screen until the next one is there.
  return useQuery({ ...clientCareRequestsQueryOptions(clientId, status), placeholderData: keepPreviousData });
}
