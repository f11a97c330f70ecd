import type { CarerSubscriptions } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { operationKey, operationQueryOptions } from '@/lib/operations.ts';

/** `getCarerSubscriptions`: the person, their subscriptions with Opora's free plans, payments in short. */
export function carerSubscriptionsQueryOptions(userId: string) {
  return operationQueryOptions(operations.getCarerSubscriptions, { params: { userId } });
}

/**
 * Not read again on every return to the window, nor by the page right after its route's prefetch:
 * each reading is written to the audit log. A refusal of the free plan's dialogs reads it again.
 */
export function useCarerSubscriptions(userId: string) {
  return useQuery({ ...carerSubscriptionsQueryOptions(userId), refetchOnWindowFocus: false });
}

/** After giving or taking back the free plan: the person as the answer has them; the audit log is read again. */
export async function storeCarerSubscriptions(queryClient: QueryClient, carer: CarerSubscriptions) {
  queryClient.setQueryData(carerSubscriptionsQueryOptions(carer.user.id).queryKey, carer);
  await queryClient.invalidateQueries({ queryKey: operationKey(operations.listStaffAudit) });
}
