import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps, timestamptz } from './columns.ts';
import {
  paymentStatusEnum,
  subscriptionStatusEnum,
  subscriptionTypeCodeEnum,
  subscriptionVariantEnum,
} from './enums.ts';
import { users } from './users.ts';

/** A plan a client can subscribe to. */
export const subscriptionTypes = pgTable(
  'subscription_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: subscriptionTypeCodeEnum('code').notNull().unique(),
    /** Self-managed, or with an assistant who contacts providers on the user's behalf. */
    variant: subscriptionVariantEnum('variant').notNull(),
    /** Monthly price in whole CZK including VAT; null until pricing is decided. */
    monthlyPriceCzk: integer('monthly_price_czk'),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    check(
      'subscription_types_price_non_negative',
      sql`${t.monthlyPriceCzk} is null or ${t.monthlyPriceCzk} >= 0`,
    ),
  ],
);

/** A user's monthly, auto-renewing subscription; cancellation is one action and keeps access until period end. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    subscriptionTypeId: uuid('subscription_type_id')
      .notNull()
      .references(() => subscriptionTypes.id, { onDelete: 'restrict' }),
    status: subscriptionStatusEnum('status').notNull().default('active'),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    currentPeriodEnd: timestamptz('current_period_end').notNull(),
    autoRenew: boolean('auto_renew').notNull().default(true),
    cancelledAt: timestamptz('cancelled_at'),
    ...timestamps(),
  },
  (t) => [
    // Current user's subscription (services pool access, renewal date in the profile).
    index('subscriptions_user_id_idx').on(t.userId),
    // At most one live subscription per user.
    uniqueIndex('subscriptions_one_live_per_user')
      .on(t.userId)
      .where(sql`${t.status} in ('active', 'past-due')`),
    check('subscriptions_period_after_start', sql`${t.currentPeriodEnd} >= ${t.startedAt}`),
    check(
      'subscriptions_cancelled_has_date',
      sql`${t.status} <> 'cancelled' or ${t.cancelledAt} is not null`,
    ),
  ],
);

/** A charge for a subscription period, as reported by the payment provider. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'restrict' }),
    amountCzk: integer('amount_czk').notNull(),
    status: paymentStatusEnum('status').notNull().default('pending'),
    paidAt: timestamptz('paid_at'),
    /** The payment provider's id; unique so a repeated webhook cannot record a payment twice. */
    providerReference: text('provider_reference').unique(),
    ...timestamps(),
  },
  (t) => [
    // Payment history of a subscription.
    index('payments_subscription_id_idx').on(t.subscriptionId),
    check('payments_amount_non_negative', sql`${t.amountCzk} >= 0`),
    check('payments_paid_has_date', sql`${t.status} <> 'paid' or ${t.paidAt} is not null`),
  ],
);
