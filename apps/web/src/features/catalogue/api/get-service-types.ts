import { operations } from '@opora/contracts/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { operationQueryOptions } from '@/lib/operations.ts';

/** `listServiceTypes`: the categories and service types the catalogue filters offer. */
export function serviceTypesQueryOptions() {
  return queryOptions({
    ...operationQueryOptions(operations.listServiceTypes, {}),
    // Reference data: it changes only with a new release of the taxonomy.
    staleTime: 60 * 60 * 1000,
  });
}

export function useServiceTypes() {
  return useQuery(serviceTypesQueryOptions());
}
