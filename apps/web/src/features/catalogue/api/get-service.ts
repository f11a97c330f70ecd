import type { ServiceDetail } from '@opora/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { useSessionUser } from '@/lib/session.ts';

/** `GET /api/v1/web/services/{serviceId}`: a service with its facility and provider; 404 when not offered. */
export function getService({
  serviceId,
  signal,
}: {
  serviceId: string;
  signal?: AbortSignal;
}): Promise<ServiceDetail> {
  return apiClient.get<ServiceDetail>(
    `/web/services/${encodeURIComponent(serviceId)}`,
    signal ? { signal } : {},
  );
}

/** Keyed by who asks, as the list: `alreadyRequested` depends on the signed-in client. */
export function serviceQueryOptions(serviceId: string, viewerId: string | null) {
  return queryOptions({
    queryKey: ['services', 'detail', serviceId, viewerId],
    queryFn: ({ signal }) => getService({ serviceId, signal }),
  });
}

export function useService(serviceId: string) {
  const viewer = useSessionUser();
  return useQuery(serviceQueryOptions(serviceId, viewer?.id ?? null));
}
