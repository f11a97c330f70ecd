import { operations } from '@opora/contracts/endpoints';
import { useQuery } from '@tanstack/react-query';
import { operationQueryOptions } from '@/lib/operations.ts';
import { useSessionUser } from '@/lib/session.ts';

/**
 * `getService`: a service with its facility and provider; 404 when not offered. Keyed by who asks as
 * well, as the list: `alreadyRequested` depends on the signed-in client.
 */
export function serviceQueryOptions(serviceId: string, viewerId: string | null) {
  return operationQueryOptions(operations.getService, { params: { serviceId } }, [viewerId]);
}

export function useService(serviceId: string) {
  const viewer = useSessionUser();
  return useQuery(serviceQueryOptions(serviceId, viewer?.id ?? null));
}
