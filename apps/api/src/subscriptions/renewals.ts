import type { CurrentSubscription } from '@opora/contracts';
import type { Db } from '@opora/db';
import { type SQL, sql } from 'drizzle-orm';
import type { GatewayName } from '../payments/gateway.ts';
import { type PaymentGateways, queueStopRenewals } from '../payments/gateways.ts';
import { NotFoundError } from '../platform/errors.ts';
import { backgroundWork, defineQueue, type Jobs } from '../platform/jobs.ts';
import type { Mailer } from '../platform/mail.ts';
import { renewalGraceDays } from './active-subscription.ts';
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
    const { rows } = await tx.execute<{
      id: string;
      auto_renew: boolean;
      current_period_end: Date;
      gateway: string;
      gateway_reference: string | null;
    }>(sql`
      select id, auto_renew, current_period_end, gateway, gateway_reference from subscriptions
      where user_id = ${userId} and status in ('active', 'past-due') for update
    `);
    const live = rows[0];
    if (!live) throw new NotFoundError('There is no subscription to cancel.');
    if (!live.auto_renew) return;
    await tx.execute(sql`
      update subscriptions set auto_renew = false, cancelled_at = now(), updated_at = now() where id = ${live.id}
    `);
    // A gateway that renews on its own is told after the commit (a job), never inside it.
    await queueStopRenewals(
      context.jobs,
      tx,
      { gateway: live.gateway, gatewayReference: live.gateway_reference },
      'period-end',
    );
    await queueSubscriptionNotice(
      context.mailer,
      tx,
      context.publicUrl,
      live.id,
      'cancelled',
      new Date(live.current_period_end),
    );
  });
  return { subscription: await readCurrentSubscription(context.db, userId) };
}

const nextPeriodEnd = (value: SQL) =>
  sql`(${value} at time zone 'Europe/Prague' + interval '1 month') at time zone 'Europe/Prague'`;

/**
 * A timestamp exactly as stored: JSON text keeps PostgreSQL's microseconds (and the offset), which a
 * `Date` would drop — a period end read as a `Date` never equals the stored one again.
 */
const exact = (value: SQL) => sql`to_json(${value}) #>> '{}'`;

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
    const { rows } = await tx.execute<{
      id: string;
      charged_period: boolean;
      period_over: boolean;
      new_period_end: string;
      access_until: Date;
      past_due_since: Date | null;
    }>(sql`
      select id, past_due_since,
        ${'chargedPeriodEnd' in target ? sql`current_period_end = ${target.chargedPeriodEnd}::timestamptz` : sql`true`}
          as charged_period,
        current_period_end <= ${now} as period_over,
        ${paidThrough === null ? exact(nextPeriodEnd(sql`current_period_end`)) : exact(sql`${paidThrough}::timestamptz`)}
          as new_period_end,
        current_period_end + ${`${renewalGraceDays} days`}::interval as access_until
      from subscriptions
      where ${'subscriptionId' in target ? sql`id = ${target.subscriptionId}` : sql`gateway = ${target.gateway} and gateway_reference = ${target.gatewayReference}`}
        and status in ('active', 'past-due')
      for update
    `);
    const live = rows[0];
    if (!live?.charged_period) return false;
    const newPeriodEnd = sql`${live.new_period_end}::timestamptz`;

    if (outcome.status === 'paid') {
      const { rows: paid } = await tx.execute<{ id: string }>(sql`
        insert into payments (subscription_id, kind, currency, amount_minor, vat_rate_percent, status, paid_at,
          period_end, provider_reference, created_at, updated_at)
        select id, 'renewal', currency, amount_minor, vat_rate_percent, 'paid', ${now}, ${newPeriodEnd},
          ${outcome.chargeId}, ${now}, ${now}
        from subscriptions where id = ${live.id} and current_period_end < ${newPeriodEnd}
        on conflict do nothing
        returning id
      `);
      if (!paid[0]) return false;
      await tx.execute(sql`
        update subscriptions set current_period_end = ${newPeriodEnd}, status = 'active', past_due_since = null,
          updated_at = now()
        where id = ${live.id}
      `);
      return true;
    }

    if (!live.period_over) return false;
    const { rows: failed } = await tx.execute<{ id: string }>(sql`
      insert into payments (subscription_id, kind, currency, amount_minor, vat_rate_percent, status, period_end,
        failure_reason, provider_reference, created_at, updated_at)
      select id, 'renewal', currency, amount_minor, vat_rate_percent, 'failed', ${newPeriodEnd},
        ${outcome.reason}, ${outcome.chargeId ?? null}, ${now}, ${now}
      from subscriptions where id = ${live.id}
      on conflict do nothing
      returning id
    `);
    if (!failed[0]) return false;
    await tx.execute(sql`
      update subscriptions set status = 'past-due', past_due_since = coalesce(past_due_since, ${now}),
        updated_at = now()
      where id = ${live.id}
    `);
    if (live.past_due_since === null) {
      await queueSubscriptionNotice(
        context.mailer,
        tx,
        context.publicUrl,
        live.id,
        'renewal-failed',
        new Date(live.access_until),
      );
    }
    return true;
  });
}

interface DueRow extends Record<string, unknown> {
  id: string;
  gateway: string;
  gateway_reference: string | null;
  amount_minor: number;
  /** `current_period_end` as exact text (see `exact`). */
  period_end: string;
}

/**
 * Charges one due renewal through the gateway — outside any transaction — then records the outcome
 * (`recordRenewalOutcome`) only if the period is still the one charged: a second sweep, or the
 * gateway's own report, finds it moved on and changes nothing. A free plan renews without the gateway.
 */
async function renew(context: RenewalContext, due: DueRow, now: Date): Promise<void> {
  const charge =
    due.amount_minor === 0
      ? ({ status: 'paid', chargeId: null } as const)
      : await context.gateways.named(due.gateway).chargeRenewal({
          gatewayReference: due.gateway_reference,
          periodEnd: new Date(due.period_end),
        });
  if (charge.status === 'reported') return;
  await recordRenewalOutcome(
    context,
    { subscriptionId: due.id, chargedPeriodEnd: due.period_end },
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
        const { rows: reminders } = await tx.execute<{ id: string; current_period_end: Date }>(sql`
          update subscriptions set reminder_sent_for = current_period_end
          where status = 'active' and auto_renew and amount_minor > 0 and current_period_end > ${now}
            and current_period_end <= ${now}::timestamptz + ${`${reminderDays} days`}::interval
            and reminder_sent_for is distinct from current_period_end
          returning id, current_period_end
        `);
        for (const row of reminders) {
          await queueSubscriptionNotice(
            context.mailer,
            tx,
            context.publicUrl,
            row.id,
            'renewal-reminder',
            new Date(row.current_period_end),
          );
        }
        result.reminded = reminders.length;

        const { rows: cancelled } = await tx.execute<{ id: string; current_period_end: Date }>(sql`
          update subscriptions set status = 'cancelled', ended_at = current_period_end, updated_at = now()
          where status in ('active', 'past-due') and not auto_renew and current_period_end <= ${now}
          returning id, current_period_end
        `);
        // Renewals still unpaid when the grace days are over (the last retry failed), and free plans
        // due while staff no longer offer them: nothing more is charged or given.
        const { rows: lapsed } = await tx.execute<{ id: string; current_period_end: Date }>(sql`
          update subscriptions s set status = 'expired', ended_at = ${now}, updated_at = now()
          where s.status in ('active', 'past-due') and s.auto_renew and s.current_period_end <= ${now}
            and (s.current_period_end <= ${now}::timestamptz - ${`${renewalGraceDays} days`}::interval
              or (s.amount_minor = 0
                  and not exists (select from subscription_types t where t.id = s.subscription_type_id and t.is_active)))
          returning id, current_period_end
        `);
        // A cancelled subscription ended at its period end (the sweep may run minutes or, after an
        // outage, days later); a lapsed one ends now.
        for (const row of cancelled) {
          const endedAt = new Date(row.current_period_end);
          await queueSubscriptionNotice(context.mailer, tx, context.publicUrl, row.id, 'ended', endedAt);
        }
        for (const row of lapsed) {
          await queueSubscriptionNotice(context.mailer, tx, context.publicUrl, row.id, 'ended', now);
        }
        result.ended = cancelled.length + lapsed.length;

        const { rows: abandoned } = await tx.execute<{ id: string }>(sql`
          update checkouts set status = 'expired', completed_at = ${now}
          where status = 'open' and created_at <= ${now}::timestamptz - ${`${checkoutLifetimeHours} hours`}::interval
          returning id
        `);
        result.expiredCheckouts = abandoned.length;
      });

      // Due renewals; a failed one is tried again a day after its last attempt.
      const { rows: due } = await context.db.execute<DueRow>(sql`
        select s.id, s.gateway, s.gateway_reference, s.amount_minor,
          ${exact(sql`s.current_period_end`)} as period_end
        from subscriptions s
        where s.status in ('active', 'past-due') and s.auto_renew and s.current_period_end <= ${now}
          and not exists (
            select from payments p
            where p.subscription_id = s.id and p.kind = 'renewal' and p.status = 'failed'
              and p.created_at > ${now}::timestamptz - ${`${renewalRetryHours} hours`}::interval)
        order by s.current_period_end
        limit 500
      `);
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
