import { operations } from '@opora/contracts/endpoints';
import { useQuery } from '@tanstack/react-query';
import { operationQueryOptions } from '@/lib/operations.ts';

/** `getProviderTeam`: colleagues and facility teams (assignment picker, "assigned to me", facility filter). */
export function teamQueryOptions(providerId: string) {
  return operationQueryOptions(operations.getProviderTeam, { params: { providerId } });
}

export function useProviderTeam(providerId: string) {
  return useQuery({ ...teamQueryOptions(providerId), staleTime: 5 * 60_000 });
}
