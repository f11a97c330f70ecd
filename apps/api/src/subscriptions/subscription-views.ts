import {
  type Checkout,
  type Currency,
  formatDisplayDate,
  type Locale,
  type Price,
  providerPlanCode,
  type Subscription,
  type SubscriptionType,
  todayIsoDate,
} from '@opora/contracts';
import {
  checkouts,
  type DbExecutor,
  freePlanGrants,
  subscriptions,
  subscriptionTypePrices,
  subscriptionTypes,
  users,
} from '@opora/db';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { Mailer } from '../platform/mail.ts';
import { isLive } from './active-subscription.ts';
import type { SubscriptionNoticeKind } from './subscription-mail-templates.ts';

/** The plans on offer with their monthly price in the currency (VAT included), in their order. */
export async function listSubscriptionTypes(db: DbExecutor, currency: Currency): Promise<SubscriptionType[]> {
  const rows = await db
    .select({
      id: subscriptionTypes.id,
      code: subscriptionTypes.code,
      variant: subscriptionTypes.variant,
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
    .where(and(eq(subscriptionTypes.isActive, true), ne(subscriptionTypes.code, providerPlanCode)))
    .orderBy(subscriptionTypes.sortOrder, subscriptionTypes.code);
  return rows.map(({ amountMinor, vatRatePercent, ...type }) => ({
    ...type,
    price: { amountMinor, currency, vatRatePercent },
  }));
}

type SubscriptionRow = Pick<
  typeof subscriptions.$inferSelect,
  | 'id'
  | 'status'
  | 'currency'
  | 'amountMinor'
  | 'vatRatePercent'
  | 'startedAt'
  | 'currentPeriodEnd'
  | 'autoRenew'
  | 'cancelledAt'
> & {
  type: Pick<typeof subscriptionTypes.$inferSelect, 'id' | 'code' | 'variant'>;
  /** Opora's free plan given by staff: its last day (null: until revoked); null for a plan chosen. */
  grantedFree: { endsOn: string | null } | null;
};

function toSubscription(row: SubscriptionRow): Subscription {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    price: priceOf(row),
    startedAt: row.startedAt.toISOString(),
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    endDate: todayIsoDate(row.currentPeriodEnd),
    renews: row.autoRenew && row.status === 'active',
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    grantedFree: row.grantedFree,
  };
}

/** The user's live subscription (`active`, or `past-due` while a renewal is retried), or null. */
export async function readCurrentSubscription(db: DbExecutor, userId: string): Promise<Subscription | null> {
  const [row] = await db
    .select({
      id: subscriptions.id,
      type: {
        id: subscriptionTypes.id,
        code: subscriptionTypes.code,
        variant: subscriptionTypes.variant,
      },
      status: subscriptions.status,
      currency: subscriptions.currency,
      amountMinor: subscriptions.amountMinor,
      vatRatePercent: subscriptions.vatRatePercent,
      startedAt: subscriptions.startedAt,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      autoRenew: subscriptions.autoRenew,
      cancelledAt: subscriptions.cancelledAt,
      grantId: freePlanGrants.id,
      grantEndsOn: freePlanGrants.endsOn,
    })
    .from(subscriptions)
    .innerJoin(subscriptionTypes, eq(subscriptionTypes.id, subscriptions.subscriptionTypeId))
    .leftJoin(freePlanGrants, eq(freePlanGrants.subscriptionId, subscriptions.id))
    .where(and(eq(subscriptions.userId, userId), isLive))
    .orderBy(desc(subscriptions.currentPeriodEnd))
    .limit(1);
  if (!row) return null;
  const { grantId, grantEndsOn, ...subscription } = row;
  return toSubscription({
    ...subscription,
    grantedFree: grantId === null ? null : { endsOn: grantEndsOn },
  });
}

/** The columns of a checkout its answers and the gateway need. */
export const checkoutColumns = {
  id: checkouts.id,
  userId: checkouts.userId,
  /** Set for a provider's plan, bought by its administrator `userId`. */
  providerId: checkouts.providerId,
  subscriptionTypeId: checkouts.subscriptionTypeId,
  status: checkouts.status,
  currency: checkouts.currency,
  amountMinor: checkouts.amountMinor,
  vatRatePercent: checkouts.vatRatePercent,
  gateway: checkouts.gateway,
  gatewayReference: checkouts.gatewayReference,
  /** The gateway's payment page; null until its session is opened (and for a free plan). */
  redirectUrl: checkouts.redirectUrl,
  caseId: checkouts.caseId,
  returnPath: checkouts.returnPath,
};

export type CheckoutRow = Pick<typeof checkouts.$inferSelect, keyof typeof checkoutColumns>;

/** Where the browser goes back to after a checkout: its return path, marked with the checkout. */
export function returnUrlOf(checkout: Pick<CheckoutRow, 'id' | 'returnPath'>): string {
  const separator = checkout.returnPath.includes('?') ? '&' : '?';
  return `${checkout.returnPath}${separator}checkout=${checkout.id}`;
}

export function toCheckout(row: CheckoutRow, redirectUrl: string): Checkout {
  return {
    id: row.id,
    status: row.status,
    subscriptionTypeId: row.subscriptionTypeId,
    price: priceOf(row),
    caseId: row.caseId,
    returnPath: row.returnPath,
    redirectUrl,
  };
}

function priceOf(row: Pick<CheckoutRow, 'currency' | 'amountMinor' | 'vatRatePercent'>): Price {
  return { amountMinor: row.amountMinor, currency: row.currency, vatRatePercent: row.vatRatePercent };
}

/** `149 Kč`, `6,90 €` in the reader's language. */
export function formatPrice(price: Pick<Price, 'amountMinor' | 'currency'>, locale: Locale): string {
  const amount = price.amountMinor / 100;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: price.currency,
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);
}

/**
 * Queues a subscription e-mail to its holder, in their language, in the caller's transaction. `date`
 * is the period end (started, cancelled, reminder), the end of the grace period (failed) or the day it
 * ended.
 */
export async function queueSubscriptionNotice(
  mailer: Pick<Mailer, 'queue'>,
  tx: DbExecutor,
  publicUrl: string,
  subscriptionId: string,
  kind: SubscriptionNoticeKind,
  date: Date,
): Promise<void> {
  const [row] = await tx
    .select({
      email: users.email,
      locale: users.locale,
      code: subscriptionTypes.code,
      currency: subscriptions.currency,
      amountMinor: subscriptions.amountMinor,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(subscriptionTypes, eq(subscriptionTypes.id, subscriptions.subscriptionTypeId))
    .where(eq(subscriptions.id, subscriptionId));
  if (!row?.email) return;
  await mailer.queue(tx, {
    to: row.email,
    locale: row.locale,
    template: 'subscription-notice',
    params: {
      kind,
      link: `${publicUrl}/user`,
      plan: row.code,
      price: formatPrice(row, row.locale),
      date: formatDisplayDate(todayIsoDate(date)),
    },
  });
}
