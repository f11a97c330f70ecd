import type { CurrentSubscription } from '@opora/contracts';
import { checkouts, type Db, payments, subscriptions, subscriptionTypes } from '@opora/db';
import { and, asc, eq, notExists, or, type SQLWrapper, sql } from 'drizzle-orm';
import type { GatewayName } from '../payments/gateway.ts';
import { type PaymentGateways, queueStopRenewals } from '../payments/gateways.ts';
import { NotFoundError } from '../platform/errors.ts';
import { backgroundWork, defineQueue, type Jobs } from '../platform/jobs.ts';
import type { Mailer } from '../platform/mail.ts';
import { isLive, nextPeriodEnd, renewalGraceDays } from './active-subscription.ts';
import { queueSubscriptionNotice, readCurrentSubscription } from './subscription-views.ts';

export interface RenewalContext {
  db: Db;
  gateways: PaymentGateways;
  jobs: Pick<Jobs, 'send'>;
  mailer: Pick<Mailer, 'queue'>;
  publicUrl: string;
}

/** A renewal reminder goes out this long before the period ends. */
export const reminderDays = 3;
/** A failed renewal is charged again this long after the last attempt, while the grace days last. */
export const renewalRetryHours = 24;
/** An open checkout older than this was abandoned at the gateway. */
export const checkoutLifetimeHours = 1;

/**
 * `POST /subscriptions/current/cancel`: one click, free. Nothing more is charged; the subscription
 * lasts to the end of the paid month and then ends (the sweep). Repeating it changes nothing and sends
 * no second e-mail.
 */
export async function cancelCurrentSubscription(
  context: Pick<RenewalContext, 'db' | 'mailer' | 'publicUrl' | 'jobs'>,
  userId: string,
): Promise<CurrentSubscription> {
  await context.db.transaction(async (tx) => {
    const [live] = await tx
      .select({
        id: subscriptions.id,
        autoRenew: subscriptions.autoRenew,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
        gateway: subscriptions.gateway,
        gatewayReference: subscriptions.gatewayReference,
      })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), isLive))
      .for('update');
    if (!live) throw new NotFoundError('There is no subscription to cancel.');
    if (!live.autoRenew) return;
    await tx
      .update(subscriptions)
      .set({ autoRenew: false, cancelledAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(subscriptions.id, live.id));
    // A gateway that renews on its own is told after the commit (a job), never inside it.
    await queueStopRenewals(context.jobs, tx, live, 'period-end');
    await queueSubscriptionNotice(
      context.mailer,
      tx,
      context.publicUrl,
      live.id,
      'cancelled',
      live.currentPeriodEnd,
    );
  });
  return { subscription: await readCurrentSubscription(context.db, userId) };
}

/**
 * A timestamp exactly as stored: JSON text keeps PostgreSQL's microseconds (and the offset), which a
 * `Date` would drop — a period end read as a `Date` never equals the stored one again.
 */
const exact = (value: SQLWrapper) => sql<string>`to_json(${value}) #>> '{}'`;

/** A number of days or hours, as an interval. */
const interval = (amount: number, unit: 'days' | 'hours') => sql`${`${amount} ${unit}`}::interval`;

/** A renewal's outcome at the gateway: paid (no charge id for a free plan) or failed. */
export type RenewalOutcome =
  | { status: 'paid'; chargeId: string | null }
  | { status: 'failed'; reason: string; chargeId?: string | undefined };

/**
 * The renewal an outcome is about. The sweep names the subscription and the period end it charged
 * (exact text); a gateway's event names the subscription's reference there and, when it says so, the
 * end of the period the charge pays for.
 */
export type RenewalTarget =
  | { subscriptionId: string; chargedPeriodEnd: string }
  | { gateway: GatewayName; gatewayReference: string; paidThrough?: Date | undefined };

/**
 * Records a renewal's outcome once, in one transaction on the locked subscription. Paid: the payment
 * (unique by the gateway's charge id and by subscription and period), then the period moves on a month
 * (or to the gateway's `paidThrough`) and a past-due subscription is active again. Failed (only once
 * the period is over): a failed payment row, `past-due` from the first failure, which is e-mailed with
 * the day access ends. An outcome for a period already recorded, a subscription that has ended, or
 * one whose period the sweep did not charge changes nothing (answers false).
 */
export async function recordRenewalOutcome(
  context: Pick<RenewalContext, 'db' | 'mailer' | 'publicUrl'>,
  target: RenewalTarget,
  outcome: RenewalOutcome,
  now = new Date(),
): Promise<boolean> {
  const paidThrough = 'paidThrough' in target ? (target.paidThrough ?? null) : null;
  return context.db.transaction(async (tx) => {
    const newPeriodEnd =
      paidThrough === null ? nextPeriodEnd(subscriptions.currentPeriodEnd) : sql`${paidThrough}::timestamptz`;
    const [live] = await tx
      .select({
        id: subscriptions.id,
        currency: subscriptions.currency,
        amountMinor: subscriptions.amountMinor,
        vatRatePercent: subscriptions.vatRatePercent,
        pastDueSince: subscriptions.pastDueSince,
        chargedPeriod:
          'chargedPeriodEnd' in target
            ? sql<boolean>`${subscriptions.currentPeriodEnd} = ${target.chargedPeriodEnd}::timestamptz`
            : sql<boolean>`true`,
        periodOver: sql<boolean>`${subscriptions.currentPeriodEnd} <= ${now}`,
        periodMovesOn: sql<boolean>`${subscriptions.currentPeriodEnd} < ${newPeriodEnd}`,
        newPeriodEnd: exact(newPeriodEnd),
        accessUntil: sql<string>`${subscriptions.currentPeriodEnd} + ${interval(renewalGraceDays, 'days')}`,
      })
      .from(subscriptions)
      .where(
        and(
          'subscriptionId' in target
            ? eq(subscriptions.id, target.subscriptionId)
            : and(
                eq(subscriptions.gateway, target.gateway),
                eq(subscriptions.gatewayReference, target.gatewayReference),
              ),
          isLive,
        ),
      )
      .for('update');
    if (!live?.chargedPeriod) return false;
    // The row is locked: the payment takes its price and new period end as read above.
    const payment = {
      subscriptionId: live.id,
      kind: 'renewal',
      currency: live.currency,
      amountMinor: live.amountMinor,
      vatRatePercent: live.vatRatePercent,
      periodEnd: sql`${live.newPeriodEnd}::timestamptz`,
      createdAt: now,
      updatedAt: now,
    } as const;

    if (outcome.status === 'paid') {
      if (!live.periodMovesOn) return false;
      const [paid] = await tx
        .insert(payments)
        .values({ ...payment, status: 'paid', paidAt: now, providerReference: outcome.chargeId })
        .onConflictDoNothing()
        .returning({ id: payments.id });
      if (!paid) return false;
      await tx
        .update(subscriptions)
        .set({
          currentPeriodEnd: payment.periodEnd,
          status: 'active',
          pastDueSince: null,
          updatedAt: sql`now()`,
        })
        .where(eq(subscriptions.id, live.id));
      return true;
    }

    if (!live.periodOver) return false;
    const [failed] = await tx
      .insert(payments)
      .values({
        ...payment,
        status: 'failed',
        failureReason: outcome.reason,
        providerReference: outcome.chargeId ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: payments.id });
    if (!failed) return false;
    await tx
      .update(subscriptions)
      .set({
        status: 'past-due',
        pastDueSince: sql`coalesce(${subscriptions.pastDueSince}, ${now})`,
        updatedAt: sql`now()`,
      })
      .where(eq(subscriptions.id, live.id));
    if (live.pastDueSince === null) {
      await queueSubscriptionNotice(
        context.mailer,
        tx,
        context.publicUrl,
        live.id,
        'renewal-failed',
        new Date(live.accessUntil),
      );
    }
    return true;
  });
}

type DueRow = Pick<
  typeof subscriptions.$inferSelect,
  'id' | 'gateway' | 'gatewayReference' | 'amountMinor'
> & {
  /** `current_period_end` as exact text (see `exact`). */
  periodEnd: string;
};

/**
 * Charges one due renewal through the gateway — outside any transaction — then records the outcome
 * (`recordRenewalOutcome`) only if the period is still the one charged: a second sweep, or the
 * gateway's own report, finds it moved on and changes nothing. A free plan renews without the gateway.
 */
async function renew(context: RenewalContext, due: DueRow, now: Date): Promise<void> {
  const charge =
    due.amountMinor === 0
      ? ({ status: 'paid', chargeId: null } as const)
      : await context.gateways.named(due.gateway).chargeRenewal({
          gatewayReference: due.gatewayReference,
          periodEnd: new Date(due.periodEnd),
        });
  if (charge.status === 'reported') return;
  await recordRenewalOutcome(
    context,
    { subscriptionId: due.id, chargedPeriodEnd: due.periodEnd },
    charge,
    now,
  );
}

export interface SweepResult {
  reminded: number;
  renewed: number;
  ended: number;
  expiredCheckouts: number;
}

/**
 * One pass over the subscriptions at `now`: reminders before renewal (once per period), due renewals
 * charged, cancelled ones ended at their period end, past-due ones ended after the grace period, and
 * abandoned checkouts expired. Only one sweep runs at a time (an advisory lock; a sweep that finds it
 * taken does nothing), and every step is a conditional update, so a step never happens twice.
 */
export async function sweepSubscriptions(context: RenewalContext, now = new Date()): Promise<SweepResult> {
  const result: SweepResult = { reminded: 0, renewed: 0, ended: 0, expiredCheckouts: 0 };
  const client = await context.db.$client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      `select pg_try_advisory_lock(hashtext('subscription-sweep')) as locked`,
    );
    if (!rows[0]?.locked) return result;
    try {
      await context.db.transaction(async (tx) => {
        const ended = { id: subscriptions.id, currentPeriodEnd: subscriptions.currentPeriodEnd };
        const reminders = await tx
          .update(subscriptions)
          // A reminder is no change of the subscription: `updated_at` stays.
          .set({
            reminderSentFor: sql`${subscriptions.currentPeriodEnd}`,
            updatedAt: sql`${subscriptions.updatedAt}`,
          })
          .where(
            and(
              eq(subscriptions.status, 'active'),
              eq(subscriptions.autoRenew, true),
              sql`${subscriptions.amountMinor} > 0`,
              sql`${subscriptions.currentPeriodEnd} > ${now}`,
              sql`${subscriptions.currentPeriodEnd} <= ${now}::timestamptz + ${interval(reminderDays, 'days')}`,
              sql`${subscriptions.reminderSentFor} is distinct from ${subscriptions.currentPeriodEnd}`,
            ),
          )
          .returning(ended);
        for (const row of reminders) {
          await queueSubscriptionNotice(
            context.mailer,
            tx,
            context.publicUrl,
            row.id,
            'renewal-reminder',
            row.currentPeriodEnd,
          );
        }
        result.reminded = reminders.length;

        const periodOver = sql`${subscriptions.currentPeriodEnd} <= ${now}`;
        const cancelled = await tx
          .update(subscriptions)
          .set({
            status: 'cancelled',
            endedAt: sql`${subscriptions.currentPeriodEnd}`,
            updatedAt: sql`now()`,
          })
          .where(and(isLive, eq(subscriptions.autoRenew, false), periodOver))
          .returning(ended);
        // Renewals still unpaid when the grace days are over (the last retry failed), and free plans
        // due while staff no longer offer them: nothing more is charged or given.
        const lapsed = await tx
          .update(subscriptions)
          .set({ status: 'expired', endedAt: now, updatedAt: sql`now()` })
          .where(
            and(
              isLive,
              eq(subscriptions.autoRenew, true),
              periodOver,
              or(
                sql`${subscriptions.currentPeriodEnd} <= ${now}::timestamptz - ${interval(renewalGraceDays, 'days')}`,
                and(
                  eq(subscriptions.amountMinor, 0),
                  notExists(
                    tx
                      .select({ id: subscriptionTypes.id })
                      .from(subscriptionTypes)
                      .where(
                        and(
                          eq(subscriptionTypes.id, subscriptions.subscriptionTypeId),
                          eq(subscriptionTypes.isActive, true),
                        ),
                      ),
                  ),
                ),
              ),
            ),
          )
          .returning(ended);
        // A cancelled subscription ended at its period end (the sweep may run minutes or, after an
        // outage, days later); a lapsed one ends now.
        for (const row of cancelled) {
          await queueSubscriptionNotice(
            context.mailer,
            tx,
            context.publicUrl,
            row.id,
            'ended',
            row.currentPeriodEnd,
          );
        }
        for (const row of lapsed) {
          await queueSubscriptionNotice(context.mailer, tx, context.publicUrl, row.id, 'ended', now);
        }
        result.ended = cancelled.length + lapsed.length;

        const abandoned = await tx
          .update(checkouts)
          .set({ status: 'expired', completedAt: now })
          .where(
            and(
              eq(checkouts.status, 'open'),
              sql`${checkouts.createdAt} <= ${now}::timestamptz - ${interval(checkoutLifetimeHours, 'hours')}`,
            ),
          )
          .returning({ id: checkouts.id });
        result.expiredCheckouts = abandoned.length;
      });

      // Due renewals; a failed one is tried again a day after its last attempt.
      const due: DueRow[] = await context.db
        .select({
          id: subscriptions.id,
          gateway: subscriptions.gateway,
          gatewayReference: subscriptions.gatewayReference,
          amountMinor: subscriptions.amountMinor,
          periodEnd: exact(subscriptions.currentPeriodEnd),
        })
        .from(subscriptions)
        .where(
          and(
            isLive,
            eq(subscriptions.autoRenew, true),
            sql`${subscriptions.currentPeriodEnd} <= ${now}`,
            notExists(
              context.db
                .select({ id: payments.id })
                .from(payments)
                .where(
                  and(
                    eq(payments.subscriptionId, subscriptions.id),
                    eq(payments.kind, 'renewal'),
                    eq(payments.status, 'failed'),
                    sql`${payments.createdAt} > ${now}::timestamptz - ${interval(renewalRetryHours, 'hours')}`,
                  ),
                ),
            ),
          ),
        )
        .orderBy(asc(subscriptions.currentPeriodEnd))
        .limit(500);
      for (const row of due) {
        await renew(context, row, now);
        result.renewed += 1;
      }
    } finally {
      await client.query(`select pg_advisory_unlock(hashtext('subscription-sweep'))`);
    }
  } finally {
    client.release();
  }
  return result;
}

export const subscriptionSweepQueue = defineQueue<Record<string, never>>('subscription-sweep', {
  retryLimit: 0,
  retryDelaySeconds: 60,
  retryDelayMaxSeconds: 60,
  expireInSeconds: 600,
  concurrency: 1,
});

/** subscription-sweep: every 10 minutes (pg-boss cron), reminders, renewals, endings. */
export const subscriptionSweep = {
  ...backgroundWork(subscriptionSweepQueue, async (app) => {
    const result = await sweepSubscriptions({
      db: app.db,
      gateways: app.paymentGateways,
      jobs: app.jobs,
      mailer: app.mailer,
      publicUrl: app.config.publicUrl,
    });
    app.log.info(result, 'subscriptions swept');
  }),
  cron: '*/10 * * * *',
};
