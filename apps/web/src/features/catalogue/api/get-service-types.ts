import type { ServiceTaxonomy } from '@opora/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';

/** `GET /api/v1/web/service-types`: the categories and service types the catalogue filters offer. */
export function getServiceTypes({ signal }: { signal?: AbortSignal } = {}): Promise<ServiceTaxonomy> {
  return apiClient.get<ServiceTaxonomy>('/web/service-types', signal ? { signal } : {});
}

export function serviceTypesQueryOptions() {
  return queryOptions({
    queryKey: ['service-types'],
    queryFn: ({ signal }) => getServiceTypes({ signal }),
    // Reference data: it changes only with a new release of the taxonomy.
    staleTime: 60 * 60 * 1000,
  });
}

export function useServiceTypes() {
  return useQuery(serviceTypesQueryOptions());
}
