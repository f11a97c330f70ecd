import { operations } from '@opora/contracts/endpoints';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { operationQueryOptions } from '@/lib/operations.ts';

export type DashboardDays = '30' | '90';

/** `getProviderDashboard`: counts by status, time to first answer and outcomes over 30 or 90 days. */
export function providerDashboardQueryOptions(providerId: string, days: DashboardDays) {
  return operationQueryOptions(operations.getProviderDashboard, { params: { providerId }, query: { days } });
}

export function useProviderDashboard(providerId: string, days: DashboardDays) {
  return useQuery({
    ...providerDashboardQueryOptions(providerId, days),
    // Figures the person may just have changed in the inbox: read afresh on every visit.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
