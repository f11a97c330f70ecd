import type { RegionTree } from '@opora/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';

/** `GET /api/v1/web/regions`: every region of Czechia and Slovakia with its counties. */
export function getRegions({ signal }: { signal?: AbortSignal } = {}): Promise<RegionTree> {
  return apiClient.get<RegionTree>('/web/regions', signal ? { signal } : {});
}

export function regionsQueryOptions() {
  return queryOptions({
    queryKey: ['regions'],
    queryFn: ({ signal }) => getRegions({ signal }),
    // Reference data changes only with a code-list revision.
    staleTime: 60 * 60 * 1000,
  });
}

export function useRegions() {
  return useQuery(regionsQueryOptions());
}
