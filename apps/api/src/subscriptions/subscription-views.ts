import {
  type Checkout,
  type Currency,
  formatDisplayDate,
  type Locale,
  type Price,
  type Subscription,
  type SubscriptionStatus,
  type SubscriptionType,
  type SubscriptionTypeCode,
  type SubscriptionVariant,
  todayIsoDate,
} from '@opora/contracts';
import type { DbExecutor } from '@opora/db';
import { sql } from 'drizzle-orm';
import type { Mailer } from '../platform/mail.ts';
import type { SubscriptionNoticeKind } from './subscription-mail-templates.ts';

/** The plans on offer with their monthly price in the currency (VAT included), in their order. */
export async function listSubscriptionTypes(db: DbExecutor, currency: Currency): Promise<SubscriptionType[]> {
  const { rows } = await db.execute<{
    id: string;
    code: SubscriptionTypeCode;
    variant: SubscriptionVariant;
    amount_minor: number;
    vat_rate_percent: number;
  }>(sql`
    select t.id, t.code, t.variant, p.amount_minor, p.vat_rate_percent
    from subscription_types t
    join subscription_type_prices p on p.subscription_type_id = t.id and p.currency = ${currency}
    where t.is_active
    order by t.sort_order, t.code
  `);
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    variant: row.variant,
    price: { amountMinor: row.amount_minor, currency, vatRatePercent: row.vat_rate_percent },
  }));
}

interface SubscriptionRow extends Record<string, unknown> {
  id: string;
  type_id: string;
  code: SubscriptionTypeCode;
  variant: SubscriptionVariant;
  status: SubscriptionStatus;
  currency: Currency;
  amount_minor: number;
  vat_rate_percent: number;
  started_at: Date;
  current_period_end: Date;
  auto_renew: boolean;
  cancelled_at: Date | null;
}

const subscriptionColumns = sql`s.id, t.id as type_id, t.code, t.variant, s.status, s.currency, s.amount_minor,
  s.vat_rate_percent, s.started_at, s.current_period_end, s.auto_renew, s.cancelled_at`;

function toSubscription(row: SubscriptionRow): Subscription {
  const periodEnd = new Date(row.current_period_end);
  return {
    id: row.id,
    type: { id: row.type_id, code: row.code, variant: row.variant },
    status: row.status,
    price: { amountMinor: row.amount_minor, currency: row.currency, vatRatePercent: row.vat_rate_percent },
    startedAt: new Date(row.started_at).toISOString(),
    currentPeriodEnd: periodEnd.toISOString(),
    endDate: todayIsoDate(periodEnd),
    renews: row.auto_renew && row.status === 'active',
    cancelledAt: row.cancelled_at === null ? null : new Date(row.cancelled_at).toISOString(),
  };
}

/** The user's live subscription (`active`, or `past-due` while a renewal is retried), or null. */
export async function readCurrentSubscription(db: DbExecutor, userId: string): Promise<Subscription | null> {
  const { rows } = await db.execute<SubscriptionRow>(sql`
    select ${subscriptionColumns}
    from subscriptions s join subscription_types t on t.id = s.subscription_type_id
    where s.user_id = ${userId} and s.status in ('active', 'past-due')
    order by s.current_period_end desc
    limit 1
  `);
  const row = rows[0];
  return row ? toSubscription(row) : null;
}

export interface CheckoutRow extends Record<string, unknown> {
  id: string;
  user_id: string;
  subscription_type_id: string;
  status: Checkout['status'];
  currency: Currency;
  amount_minor: number;
  vat_rate_percent: number;
  gateway: string;
  gateway_reference: string | null;
  /** The gateway's payment page; null until its session is opened (and for a free plan). */
  redirect_url: string | null;
  case_id: string | null;
  return_path: string;
}

/** Where the browser goes back to after a checkout: its return path, marked with the checkout. */
export function returnUrlOf(checkout: Pick<CheckoutRow, 'id' | 'return_path'>): string {
  const separator = checkout.return_path.includes('?') ? '&' : '?';
  return `${checkout.return_path}${separator}checkout=${checkout.id}`;
}

export function toCheckout(row: CheckoutRow, redirectUrl: string): Checkout {
  return {
    id: row.id,
    status: row.status,
    subscriptionTypeId: row.subscription_type_id,
    price: priceOf(row),
    caseId: row.case_id,
    returnPath: row.return_path,
    redirectUrl,
  };
}

function priceOf(row: Pick<CheckoutRow, 'currency' | 'amount_minor' | 'vat_rate_percent'>): Price {
  return { amountMinor: row.amount_minor, currency: row.currency, vatRatePercent: row.vat_rate_percent };
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
  const { rows } = await tx.execute<{
    email: string | null;
    locale: Locale;
    code: SubscriptionTypeCode;
    currency: Currency;
    amount_minor: number;
  }>(sql`
    select u.email, u.locale, t.code, s.currency, s.amount_minor
    from subscriptions s join users u on u.id = s.user_id join subscription_types t on t.id = s.subscription_type_id
    where s.id = ${subscriptionId}
  `);
  const row = rows[0];
  if (!row?.email) return;
  await mailer.queue(tx, {
    to: row.email,
    locale: row.locale,
    template: 'subscription-notice',
    params: {
      kind,
      link: `${publicUrl}/user`,
      plan: row.code,
      price: formatPrice({ amountMinor: row.amount_minor, currency: row.currency }, row.locale),
      date: formatDisplayDate(todayIsoDate(date)),
    },
  });
}
