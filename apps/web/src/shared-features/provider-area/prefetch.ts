import type { LoaderFunctionArgs } from 'react-router';
import { queryClient } from '@/lib/query-client.ts';
import { listingConfirmationQueryOptions } from './listing-confirmation.ts';
import { actingMembership, membershipsQueryOptions } from './memberships.ts';
import { providerPlanQueryOptions } from './provider-plan.ts';

/**
 * For a provider area page's `prefetch` (app/router.tsx runs it as the route is entered): the
 * memberships, then at once everything the area and the page read for the provider it will act for
 * (as `ProviderArea` picks it). Without it the reads come one after another as each part renders:
 * memberships, then the listing confirmation the area waits for, then the page's own data and the plan.
 * `pageReads` prefetches what the page reads for that provider, and nothing it would not read.
 */
export function prefetchProviderArea(
  { request }: LoaderFunctionArgs,
  pageReads: (providerId: string) => void = () => {},
): void {
  const named = new URL(request.url).searchParams.get('provider');
  void queryClient.fetchQuery(membershipsQueryOptions()).then(
    ({ items }) => {
      const acting = items.find((membership) => membership.providerId === named) ?? actingMembership(items);
      if (!acting) return;
      const { providerId } = acting;
      void queryClient.prefetchQuery(listingConfirmationQueryOptions(providerId));
      // The plan banner's (every page but the plan's, which reads the same plan itself).
      void queryClient.prefetchQuery(providerPlanQueryOptions(providerId));
      pageReads(providerId);
    },
    () => {},
  );
}
