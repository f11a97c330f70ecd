import type { Currency, SubscriptionSummary, SubscriptionVariant } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { currentUserQueryKey } from '@/lib/auth/current-user-key.ts';
import { operationKey, operationQueryOptions } from '@/lib/operations.ts';

// What the screens that show or sell a subscription share: the plans, the user's subscription, the
// currency of a client's country, and refreshing all that once a payment or a cancellation went through.

/** `listSubscriptionTypes`: the plans on offer with their monthly prices (VAT included) in `currency`. */
export function subscriptionTypesQueryOptions(currency: Currency) {
  return queryOptions({
    ...operationQueryOptions(operations.listSubscriptionTypes, { query: { currency } }),
    // Prices change rarely and never under a page; a minute keeps wizard steps from asking again.
    staleTime: 60_000,
  });
}

/** `getCurrentSubscription`: the live subscription with its price, status and end date, or null. */
export function currentSubscriptionQueryOptions() {
  return operationQueryOptions(operations.getCurrentSubscription, {});
}

/** Slovak clients pay in euro, everyone else in crowns (a region code is the NUTS 3 code: `SK010`, `CZ064`). */
export function currencyOfRegion(regionCode: string | null | undefined): Currency {
  return regionCode?.startsWith('SK') ? 'EUR' : 'CZK';
}

/** The variant of the user's live subscription (the free plan is self-managed), or null without one. */
export function variantOfSubscription(
  summary: SubscriptionSummary | null | undefined,
): SubscriptionVariant | null {
  if (!summary) return null;
  return summary.type === 'with-assistant' ? 'with-assistant' : 'self-managed';
}

/**
 * After a payment or a cancellation: the signed-in user (whose `subscription` the wizard and the pool
 * read) is loaded again before anything goes on, and every answer that depended on the subscription
 * (the pool's 402, the profile's card) is asked again when next shown.
 */
export async function refreshSubscriptionState(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.refetchQueries({ queryKey: currentUserQueryKey, type: 'all' }),
    queryClient.invalidateQueries({ queryKey: operationKey(operations.getCurrentSubscription) }),
    queryClient.invalidateQueries({ queryKey: operationKey(operations.getClientServiceOffer) }),
  ]);
}
