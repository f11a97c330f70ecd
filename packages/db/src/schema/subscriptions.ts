import type { AssistantContactChannel } from '@opora/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { careRequests } from './care-requests.ts';
import { cases } from './cases.ts';
import { timestamps, timestamptz } from './columns.ts';
import {
  assistantCallOutcomeEnum,
  assistantTaskEntryKindEnum,
  assistantTaskStatusEnum,
  checkoutStatusEnum,
  currencyEnum,
  paymentKindEnum,
  paymentStatusEnum,
  subscriptionStatusEnum,
  subscriptionTypeCodeEnum,
  subscriptionVariantEnum,
} from './enums.ts';
import { facilityServices } from './facility-services.ts';
import { providers } from './providers.ts';
import { users } from './users.ts';

/** A plan a client can subscribe to; offered while `is_active`. */
export const subscriptionTypes = pgTable('subscription_types', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: subscriptionTypeCodeEnum('code').notNull().unique(),
  /** Self-managed, or with an assistant who contacts providers on the user's behalf. */
  variant: subscriptionVariantEnum('variant').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
});

/**
 * The monthly price of a plan in each currency it is sold in (CZK in Czechia, EUR in Slovakia), in
 * minor units with VAT included, and the VAT rate that includes.
 */
export const subscriptionTypePrices = pgTable(
  'subscription_type_prices',
  {
    subscriptionTypeId: uuid('subscription_type_id')
      .notNull()
      .references(() => subscriptionTypes.id, { onDelete: 'cascade' }),
    currency: currencyEnum('currency').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    vatRatePercent: integer('vat_rate_percent').notNull(),
  },
  (t) => [
    primaryKey({ name: 'subscription_type_prices_pk', columns: [t.subscriptionTypeId, t.currency] }),
    check('subscription_type_prices_amount_non_negative', sql`${t.amountMinor} >= 0`),
    check('subscription_type_prices_vat_rate', sql`${t.vatRatePercent} between 0 and 100`),
  ],
);

/**
 * A user's monthly, auto-renewing subscription — or a provider's (its plan after the free months,
 * `provider_id` set and `user_id` null; decision 0097). The price is the one agreed at checkout, charged each
 * month. Cancelling turns `auto_renew` off and keeps access until `current_period_end`; then it ends
 * as `cancelled`. A failed renewal makes it `past-due` (access kept while the payment is retried) and,
 * when the retries fail, `expired`.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The subscriber: a user, or (`provider_id`) a provider. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    providerId: uuid('provider_id').references(() => providers.id, { onDelete: 'cascade' }),
    subscriptionTypeId: uuid('subscription_type_id')
      .notNull()
      .references(() => subscriptionTypes.id, { onDelete: 'restrict' }),
    status: subscriptionStatusEnum('status').notNull().default('active'),
    currency: currencyEnum('currency').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    vatRatePercent: integer('vat_rate_percent').notNull(),
    /** Which payment gateway charges it (`test`, `stripe`), and its id there. */
    gateway: text('gateway').notNull(),
    gatewayReference: text('gateway_reference').unique(),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    currentPeriodEnd: timestamptz('current_period_end').notNull(),
    autoRenew: boolean('auto_renew').notNull().default(true),
    cancelledAt: timestamptz('cancelled_at'),
    /** The period end the renewal reminder was sent for: one reminder per period. */
    reminderSentFor: timestamptz('reminder_sent_for'),
    /** When the first renewal of the period failed; retries stop after the grace period. */
    pastDueSince: timestamptz('past_due_since'),
    endedAt: timestamptz('ended_at'),
    ...timestamps(),
  },
  (t) => [
    // Current user's subscription (services pool access, renewal date in the profile).
    index('subscriptions_user_id_idx').on(t.userId),
    // At most one live subscription per user.
    uniqueIndex('subscriptions_one_live_per_user')
      .on(t.userId)
      .where(sql`${t.status} in ('active', 'past-due')`),
    // At most one live subscription per provider; also its plan page and payment history.
    uniqueIndex('subscriptions_one_live_per_provider')
      .on(t.providerId)
      .where(sql`${t.status} in ('active', 'past-due')`),
    index('subscriptions_provider_id_idx').on(t.providerId),
    check('subscriptions_one_subscriber', sql`num_nonnulls(${t.userId}, ${t.providerId}) = 1`),
    // The renewal sweep: live subscriptions by the end of their period.
    index('subscriptions_live_period_end_idx')
      .on(t.currentPeriodEnd)
      .where(sql`${t.status} in ('active', 'past-due')`),
    check('subscriptions_period_after_start', sql`${t.currentPeriodEnd} >= ${t.startedAt}`),
    check(
      'subscriptions_cancelled_has_date',
      sql`${t.status} <> 'cancelled' or ${t.cancelledAt} is not null`,
    ),
    check('subscriptions_amount_non_negative', sql`${t.amountMinor} >= 0`),
    check('subscriptions_vat_rate', sql`${t.vatRatePercent} between 0 and 100`),
    check(
      'subscriptions_ended_has_date',
      sql`${t.status} in ('active', 'past-due') or ${t.endedAt} is not null`,
    ),
  ],
);

/**
 * One attempt to buy a plan at the payment gateway. Open until the gateway's signed callback says paid,
 * failed or cancelled; the first outcome wins, so a callback repeated or arriving out of order changes
 * nothing. A paid checkout starts the subscription and records the payment in the same transaction.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    subscriptionTypeId: uuid('subscription_type_id')
      .notNull()
      .references(() => subscriptionTypes.id, { onDelete: 'restrict' }),
    status: checkoutStatusEnum('status').notNull().default('open'),
    currency: currencyEnum('currency').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    vatRatePercent: integer('vat_rate_percent').notNull(),
    gateway: text('gateway').notNull(),
    /**
     * The gateway's id of the checkout session; unique so a callback finds one checkout. Null while the
     * session is being opened at the gateway (after this row is committed, never inside its transaction).
     */
    gatewayReference: text('gateway_reference').unique(),
    /** The gateway's payment page for this checkout (our own path for the test gateway). */
    redirectUrl: text('redirect_url'),
    /** A provider's plan bought by its administrator (`user_id`); null for a user's own plan. */
    providerId: uuid('provider_id').references(() => providers.id, { onDelete: 'cascade' }),
    /** The wizard's case the user buys for, to continue with after paying. */
    caseId: uuid('case_id').references(() => cases.id, { onDelete: 'set null' }),
    /** Where the browser returns to after the gateway (an app path, never an absolute URL). */
    returnPath: text('return_path').notNull(),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'restrict' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    completedAt: timestamptz('completed_at'),
  },
  (t) => [
    // The user's checkouts, newest first (the return page, abandoned ones).
    index('checkouts_user_id_created_at_idx').on(t.userId, t.createdAt.desc()),
    // One open checkout per user for their own plan: a double click on "Pay" reuses it.
    uniqueIndex('checkouts_one_open_per_user')
      .on(t.userId)
      .where(sql`${t.status} = 'open' and ${t.providerId} is null`),
    // One open checkout per provider, whichever administrator opened it.
    uniqueIndex('checkouts_one_open_per_provider')
      .on(t.providerId)
      .where(sql`${t.status} = 'open' and ${t.providerId} is not null`),
    check('checkouts_amount_non_negative', sql`${t.amountMinor} >= 0`),
    check('checkouts_completed_has_date', sql`${t.status} = 'open' or ${t.completedAt} is not null`),
    check('checkouts_paid_has_subscription', sql`${t.status} <> 'paid' or ${t.subscriptionId} is not null`),
    check(
      'checkouts_return_path_relative',
      sql`${t.returnPath} like '/%' and ${t.returnPath} not like '//%'`,
    ),
  ],
);

/** A charge for a subscription period, as reported by the payment gateway. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'restrict' }),
    checkoutId: uuid('checkout_id').references(() => checkouts.id, { onDelete: 'restrict' }),
    kind: paymentKindEnum('kind').notNull(),
    currency: currencyEnum('currency').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    vatRatePercent: integer('vat_rate_percent').notNull(),
    status: paymentStatusEnum('status').notNull().default('pending'),
    paidAt: timestamptz('paid_at'),
    /** The period this payment pays for ends at. */
    periodEnd: timestamptz('period_end').notNull(),
    failureReason: text('failure_reason'),
    /** The payment gateway's id; unique so a repeated callback cannot record a payment twice. */
    providerReference: text('provider_reference').unique(),
    ...timestamps(),
  },
  (t) => [
    // Payment history of a subscription.
    index('payments_subscription_id_idx').on(t.subscriptionId),
    // One payment per subscription period: a renewal retried or reported twice pays once.
    uniqueIndex('payments_one_paid_per_period')
      .on(t.subscriptionId, t.periodEnd)
      .where(sql`${t.status} = 'paid'`),
    check('payments_amount_non_negative', sql`${t.amountMinor} >= 0`),
    check('payments_paid_has_date', sql`${t.status} <> 'paid' or ${t.paidAt} is not null`),
  ],
);

/**
 * A with-assistant subscriber's case handed to the platform's assistants: who to call, when and how.
 * Assistants list the open ones through the API (their console comes later).
 */
export const assistantTasks = pgTable(
  'assistant_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: assistantTaskStatusEnum('status').notNull().default('open'),
    /** How the user wants to be contacted: `phone` or `email`. */
    contactChannel: text('contact_channel').$type<AssistantContactChannel>().notNull(),
    /** When they can take a call, in their words (e.g. "weekdays after 4 pm"). */
    preferredTime: text('preferred_time'),
    note: text('note'),
    ...timestamps(),
    completedAt: timestamptz('completed_at'),
    /**
     * The subscriber let assistants see the client's record and case and send requests for them
     * (decision 0123; the `assistant-sharing` consent). Tasks without it are not in the queue.
     */
    consentedAt: timestamptz('consented_at'),
    /** The first contact is due by then: one working day after the hand-over. */
    dueAt: timestamptz('due_at').notNull().defaultNow(),
    /** The assistant who took it, and their name as it was. */
    claimedByUserId: uuid('claimed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    claimedByName: text('claimed_by_name'),
    claimedAt: timestamptz('claimed_at'),
    /** The first call or request made for it. */
    firstContactAt: timestamptz('first_contact_at'),
    /** What the carer is told when it is closed. */
    summary: text('summary'),
  },
  (t) => [
    check('assistant_tasks_claimed', sql`(${t.claimedAt} is null) = (${t.claimedByName} is null)`),
    // One open task per case: a repeated "send to the assistant" updates it.
    uniqueIndex('assistant_tasks_one_open_per_case').on(t.caseId).where(sql`${t.status} = 'open'`),
    // The assistants' queue: open tasks, oldest first.
    index('assistant_tasks_status_created_at_idx').on(t.status, t.createdAt),
    check('assistant_tasks_contact_channel', sql`${t.contactChannel} in ('phone', 'email')`),
    check('assistant_tasks_done_has_date', sql`${t.status} <> 'done' or ${t.completedAt} is not null`),
  ],
);

/**
 * A task's history (decision 0123): taken, each call to a provider with its outcome, note and
 * follow-up date, each request sent for the client, closed. Service and provider names are copied so
 * the history reads the same after a listing changes.
 */
export const assistantTaskEntries = pgTable(
  'assistant_task_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => assistantTasks.id, { onDelete: 'cascade' }),
    kind: assistantTaskEntryKindEnum('kind').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    facilityServiceId: uuid('facility_service_id').references(() => facilityServices.id, {
      onDelete: 'set null',
    }),
    serviceName: text('service_name'),
    providerName: text('provider_name'),
    outcome: assistantCallOutcomeEnum('outcome'),
    note: text('note'),
    followUpOn: date('follow_up_on', { mode: 'string' }),
    /** When the assistant was reminded of the follow-up (once). */
    followUpRemindedAt: timestamptz('follow_up_reminded_at'),
    careRequestId: uuid('care_request_id').references(() => careRequests.id, { onDelete: 'set null' }),
    /** `released` and `reassigned` (decision 0127): whose claim it was, and their name as it was. */
    releasedFromUserId: uuid('released_from_user_id').references(() => users.id, { onDelete: 'set null' }),
    releasedFromName: text('released_from_name'),
    /** `reassigned`: the assistant who has the task since, and their name as it was. */
    assignedToUserId: uuid('assigned_to_user_id').references(() => users.id, { onDelete: 'set null' }),
    assignedToName: text('assigned_to_name'),
  },
  (t) => [
    index('assistant_task_entries_task_id_idx').on(t.taskId, t.createdAt),
    // The follow-up reminders' sweep: calls due and not yet reminded.
    index('assistant_task_entries_follow_up_idx')
      .on(t.followUpOn)
      .where(sql`${t.followUpOn} is not null and ${t.followUpRemindedAt} is null`),
    check('assistant_task_entries_call_has_outcome', sql`(${t.kind} = 'call') = (${t.outcome} is not null)`),
    check(
      'assistant_task_entries_names_service',
      sql`${t.kind} not in ('call', 'request-sent') or ${t.serviceName} is not null`,
    ),
    // Compared as text: the migration that adds these kinds to the enum adds the checks too, and a new
    // enum value cannot be used in the transaction that adds it.
    check(
      'assistant_task_entries_release_names_claimant',
      sql`(${t.kind}::text in ('released', 'reassigned')) = (${t.releasedFromName} is not null)`,
    ),
    check(
      'assistant_task_entries_reassign_names_assignee',
      sql`(${t.kind}::text = 'reassigned') = (${t.assignedToName} is not null)`,
    ),
  ],
);
