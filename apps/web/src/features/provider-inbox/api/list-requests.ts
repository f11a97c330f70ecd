import type { ProviderRequestListQuery } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { operationQueryOptions } from '@/lib/operations.ts';

/** `listProviderCareRequests`: one page of the grid, filtered and sorted on the server. */
export function providerRequestsQueryOptions(providerId: string, query: ProviderRequestListQuery) {
  return operationQueryOptions(operations.listProviderCareRequests, { params: { providerId }, query });
}

export function useProviderRequests(providerId: string, query: ProviderRequestListQuery) {
  // The previous page stays on screen (dimmed) while the next one loads: no jump to an empty grid.
  return useQuery({
    ...providerRequestsQueryOptions(providerId, query),
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });
}
