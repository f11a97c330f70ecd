import type { ServiceListQuery } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { operationQueryOptions } from '@/lib/operations.ts';
import { useSessionUser } from '@/lib/session.ts';

/** The query of `ServiceListQuerySchema` as the page builds it: page and size always given. */
export type ServiceListParams = Omit<ServiceListQuery, 'page' | 'pageSize'> & {
  page: number;
  pageSize: number;
};

/**
 * `listServices`: one page of active services in a region or a county (SPEC §4 fallback). `viewerId`
 * keys the cache by who asks: `alreadyRequested` differs between a guest and a signed-in client, so a
 * page seen before signing in is never reused after.
 */
export function servicesQueryOptions(query: ServiceListParams, viewerId: string | null) {
  return operationQueryOptions(operations.listServices, { query }, [viewerId]);
}

export function useServices(query: ServiceListParams, { enabled = true }: { enabled?: boolean } = {}) {
  const viewer = useSessionUser();
  return useQuery({
    ...servicesQueryOptions(query, viewer?.id ?? null),
    enabled,
    // The previous page stays on screen (dimmed) while the next one loads, so nothing jumps.
    placeholderData: keepPreviousData,
  });
}
