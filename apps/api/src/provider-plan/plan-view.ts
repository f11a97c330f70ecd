import {
  type Country,
  type Currency,
  type ProviderPlan,
  type ProviderPlanState,
  providerPlanCode,
  todayIsoDate,
} from '@opora/contracts';
import {
  type DbExecutor,
  payments,
  providerPlans,
  providers,
  subscriptions,
  subscriptionTypePrices,
  subscriptionTypes,
  trialEndOf,
} from '@opora/db';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { NotFoundError } from '../platform/errors.ts';
import { isProviderAdmin, type ProviderScope } from '../platform/provider-scope.ts';
import { isLive, renewalGraceDays } from '../subscriptions/active-subscription.ts';

/** A provider pays its plan in its country's currency. */
export const planCurrency: Record<Country, Currency> = { CZ: 'CZK', SK: 'EUR' };

/** The provider plan's monthly price in the currency, VAT included (decision 0097). */
export async function providerPlanPrice(db: DbExecutor, currency: Currency) {
  const [price] = await db
    .select({
      subscriptionTypeId: subscriptionTypes.id,
      amountMinor: subscriptionTypePrices.amountMinor,
      vatRatePercent: subscriptionTypePrices.vatRatePercent,
    })
    .from(subscriptionTypes)
    .innerJoin(
      subscriptionTypePrices,
      and(
        eq(subscriptionTypePrices.subscriptionTypeId, subscriptionTypes.id),
        eq(subscriptionTypePrices.currency, currency),
      ),
    )
    .where(and(eq(subscriptionTypes.code, providerPlanCode), eq(subscriptionTypes.isActive, true)));
  if (!price) throw new Error(`The provider plan has no price in ${currency}`);
  return { ...price, currency };
}

/** Where the plan stands at `now` (decision 0098). */
export function planState(
  now: Date,
  trialEndsAt: Date,
  live: { currentPeriodEnd: Date; autoRenew: boolean } | undefined,
): ProviderPlanState {
  if (trialEndsAt > now) return 'trial';
  if (live && live.currentPeriodEnd > now) return 'active';
  const graceEnd = live && new Date(live.currentPeriodEnd.getTime() + renewalGraceDays * 86_400_000);
  if (live?.autoRenew && graceEnd && graceEnd > now) return 'grace';
  return 'unpaid';
}

/**
 * `GET /provider/providers/{providerId}/plan` for a member of the provider (the scope): its free
 * months, price, state and payments, newest first. A provider put on no plan (made before plans or
 * by a test) reads as on free months from its creation.
 */
export async function readProviderPlan(
  db: DbExecutor,
  scope: ProviderScope,
  now = new Date(),
): Promise<ProviderPlan> {
  const [provider] = await db
    .select({
      country: providers.country,
      listed: providers.listed,
      trialEndsAt: sql<Date>`coalesce(${providerPlans.trialEndsAt}, ${trialEndOf(now)})`.mapWith(
        (value: string | Date) => new Date(value),
      ),
    })
    .from(providers)
    .leftJoin(providerPlans, eq(providerPlans.providerId, providers.id))
    .where(eq(providers.id, scope.providerId));
  if (!provider) throw new NotFoundError();
  const [live] = await db
    .select({
      id: subscriptions.id,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      autoRenew: subscriptions.autoRenew,
    })
    .from(subscriptions)
    .where(and(eq(subscriptions.providerId, scope.providerId), isLive));
  const history = await db
    .select({
      id: payments.id,
      kind: payments.kind,
      status: payments.status,
      currency: payments.currency,
      amountMinor: payments.amountMinor,
      vatRatePercent: payments.vatRatePercent,
      paidAt: payments.paidAt,
      createdAt: payments.createdAt,
      periodEnd: payments.periodEnd,
    })
    .from(payments)
    .innerJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
    .where(
      and(
        eq(subscriptions.providerId, scope.providerId),
        inArray(payments.status, ['paid', 'failed', 'refunded']),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(36);
  const price = await providerPlanPrice(db, planCurrency[provider.country]);
  const renews = live?.autoRenew === true;
  return {
    providerId: scope.providerId,
    state: planState(now, provider.trialEndsAt, live),
    listed: provider.listed,
    trialEndsAt: provider.trialEndsAt.toISOString(),
    trialEndDate: todayIsoDate(provider.trialEndsAt),
    paidUntil: live?.currentPeriodEnd.toISOString() ?? null,
    paidUntilDate: live ? todayIsoDate(live.currentPeriodEnd) : null,
    renews,
    price: { amountMinor: price.amountMinor, currency: price.currency, vatRatePercent: price.vatRatePercent },
    canPay: isProviderAdmin(scope) && !renews,
    payments: history.map((payment) => ({
      id: payment.id,
      kind: payment.kind,
      status: payment.status,
      price: {
        amountMinor: payment.amountMinor,
        currency: payment.currency,
        vatRatePercent: payment.vatRatePercent,
      },
      paidAt: payment.paidAt?.toISOString() ?? null,
      createdAt: payment.createdAt.toISOString(),
      periodEndDate: todayIsoDate(payment.periodEnd),
    })),
  };
}
