import { type Checkout, paths } from '@opora/contracts';
import { checkouts, providers, subscriptions } from '@opora/db';
import { and, eq, sql } from 'drizzle-orm';
import { ConflictError, ForbiddenError, NotFoundError } from '../platform/errors.ts';
import { isProviderAdmin, type ProviderScope } from '../platform/provider-scope.ts';
import { isLive } from '../subscriptions/active-subscription.ts';
import { type CheckoutContext, openSession, redirectOf } from '../subscriptions/checkouts.ts';
import { checkoutColumns, toCheckout } from '../subscriptions/subscription-views.ts';
import { planCurrency, providerPlanPrice } from './plan-view.ts';

/** Where the gateway sends the administrator back: the plan page. */
const returnPath = paths.providerPlan.getHref();

/**
 * `POST /provider/providers/{providerId}/plan/checkouts`: the administrator sets up the monthly
 * payment — a checkout of the provider plan at today's price in the provider's currency, paid at the
 * gateway like a carer's (the same checkouts, callbacks and renewals). One open checkout per
 * provider: a double click or a colleague's simultaneous click answers the open one (the unique index
 * decides). A monthly payment already set up: 409. The gateway's page is opened after the commit.
 */
export async function createProviderPlanCheckout(
  context: CheckoutContext,
  scope: ProviderScope,
): Promise<Checkout> {
  if (!isProviderAdmin(scope)) throw new ForbiddenError('Only the provider’s administrators pay its plan.');
  const { db } = context;
  const [provider] = await db
    .select({ country: providers.country })
    .from(providers)
    .where(eq(providers.id, scope.providerId));
  if (!provider) throw new NotFoundError();
  const price = await providerPlanPrice(db, planCurrency[provider.country]);

  const row = await db.transaction(async (tx) => {
    const renewing = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.providerId, scope.providerId),
          isLive,
          eq(subscriptions.autoRenew, true),
          sql`${subscriptions.currentPeriodEnd} > now()`,
        ),
      );
    if (renewing.length > 0) throw new ConflictError('The monthly payment is set up already.');
    const open = and(eq(checkouts.providerId, scope.providerId), eq(checkouts.status, 'open'));
    const [current] = await tx.select(checkoutColumns).from(checkouts).where(open).for('update');
    if (current && current.amountMinor === price.amountMinor && current.currency === price.currency) {
      return current;
    }
    if (current) {
      // Opened at an older price: given up, a new one at today's.
      await tx
        .update(checkouts)
        .set({ status: 'cancelled', completedAt: sql`now()` })
        .where(and(eq(checkouts.id, current.id), eq(checkouts.status, 'open')));
    }
    const [created] = await tx
      .insert(checkouts)
      .values({
        userId: scope.userId,
        providerId: scope.providerId,
        subscriptionTypeId: price.subscriptionTypeId,
        currency: price.currency,
        amountMinor: price.amountMinor,
        vatRatePercent: price.vatRatePercent,
        gateway: context.gateways.current.name,
        returnPath,
      })
      .onConflictDoNothing({
        target: checkouts.providerId,
        where: sql`${checkouts.status} = 'open' and ${checkouts.providerId} is not null`,
      })
      .returning(checkoutColumns);
    if (created) return created;
    // A simultaneous click opened one first: that one is the answer.
    const [winner] = await tx.select(checkoutColumns).from(checkouts).where(open);
    if (!winner) throw new ConflictError('The payment is being prepared; try again.');
    return winner;
  });
  const opened = row.status === 'open' && row.redirectUrl === null ? await openSession(context, row) : row;
  return toCheckout(opened, redirectOf(opened));
}
