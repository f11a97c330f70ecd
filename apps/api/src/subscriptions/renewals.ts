import type { CurrentSubscription } from '@opora/contracts';
import type { Db } from '@opora/db';
import { sql } from 'drizzle-orm';
import { gatewayNamed, type PaymentGateway } from '../payments/gateway.ts';
import { NotFoundError } from '../platform/errors.ts';
import { backgroundWork, defineQueue } from '../platform/jobs.ts';
import type { Mailer } from '../platform/mail.ts';
import { queueSubscriptionNotice, readCurrentSubscription } from './subscription-views.ts';

export interface RenewalContext {
  db: Db;
  gateway: PaymentGateway;
  mailer: Pick<Mailer, 'queue'>;
  publicUrl: string;
}

/** A renewal reminder goes out this long before the period ends. */
export const reminderDays = 3;
/** After a failed renewal the subscription stays usable (past due) this long while the payment is retried. */
export const graceDays = 3;
/** An open checkout older than this was abandoned at the gateway. */
export const checkoutLifetimeHours = 1;

/**
 * `POST /subscriptions/current/cancel`: one click, free. Nothing more is charged; the subscription
 * lasts to the end of the paid month and then ends (the sweep). Repeating it changes nothing and sends
 * no second e-mail.
 */
export async function cancelCurrentSubscription(
  context: Pick<RenewalContext, 'db' | 'mailer' | 'publicUrl'>,
  userId: string,
): Promise<CurrentSubscription> {
  await context.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: string; auto_renew: boolean; current_period_end: Date }>(sql`
      select id, auto_renew, current_period_end from subscriptions
      where user_id = ${userId} and status in ('active', 'past-due') for update
    `);
    const live = rows[0];
    if (!live) throw new NotFoundError('There is no subscription to cancel.');
    if (!live.auto_renew) return;
    await tx.execute(sql`
      update subscriptions set auto_renew = false, cancelled_at = now(), updated_at = now() where id = ${live.id}
    `);
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

const nextPeriodEnd = (column: ReturnType<typeof sql>) =>
  sql`(${column} at time zone 'Europe/Prague' + interval '1 month') at time zone 'Europe/Prague'`;

interface DueRow extends Record<string, unknown> {
  id: string;
  gateway: string;
  gateway_reference: string | null;
  current_period_end: Date;
  currency: string;
  amount_minor: number;
  vat_rate_percent: number;
  past_due_since: Date | null;
}

/**
 * Charges one due renewal (outside any transaction: the gateway is called first) and records the
 * outcome in one short transaction, only if the period is still the one charged — a second sweep, or
 * the gateway's own report, finds it moved on and changes nothing. Paid: a month more, a payment
 * row. Failed: past due from the first failure (an e-mail), retried by later sweeps.
 */
async function renew(context: RenewalContext, due: DueRow, now: Date): Promise<void> {
  const gateway = due.gateway === context.gateway.name ? context.gateway : gatewayNamed(due.gateway);
  const charge =
    due.amount_minor === 0
      ? ({ status: 'paid', chargeId: null } as const)
      : await gateway.chargeRenewal({
          gatewayReference: due.gateway_reference,
          periodEnd: new Date(due.current_period_end),
        });
  if (charge.status === 'reported') return;
  await context.db.transaction(async (tx) => {
    const periodEnd = new Date(due.current_period_end);
    if (charge.status === 'paid') {
      const { rows } = await tx.execute<{ current_period_end: Date }>(sql`
        update subscriptions set current_period_end = ${nextPeriodEnd(sql`current_period_end`)},
          status = 'active', past_due_since = null, updated_at = now()
        where id = ${due.id} and current_period_end = ${periodEnd} and status in ('active', 'past-due')
        returning current_period_end
      `);
      const renewed = rows[0];
      if (!renewed) return;
      await tx.execute(sql`
        insert into payments (subscription_id, kind, currency, amount_minor, vat_rate_percent, status, paid_at,
          period_end, provider_reference)
        values (${due.id}, 'renewal', ${due.currency}, ${due.amount_minor}, ${due.vat_rate_percent}, 'paid', ${now},
          ${new Date(renewed.current_period_end)}, ${charge.chargeId})
        on conflict do nothing
      `);
      return;
    }
    const { rows } = await tx.execute<{ past_due_since: Date }>(sql`
      update subscriptions set status = 'past-due', past_due_since = coalesce(past_due_since, ${now}),
        updated_at = now()
      where id = ${due.id} and current_period_end = ${periodEnd} and status in ('active', 'past-due')
      returning past_due_since
    `);
    const pastDue = rows[0];
    if (!pastDue) return;
    await tx.execute(sql`
      insert into payments (subscription_id, kind, currency, amount_minor, vat_rate_percent, status, period_end,
        failure_reason)
      values (${due.id}, 'renewal', ${due.currency}, ${due.amount_minor}, ${due.vat_rate_percent}, 'failed',
        ${nextPeriodEnd(sql`${periodEnd}::timestamptz`)}, ${charge.reason})
    `);
    if (due.past_due_since === null) {
      const graceEnd = new Date(new Date(pastDue.past_due_since).getTime() + graceDays * 86_400_000);
      await queueSubscriptionNotice(
        context.mailer,
        tx,
        context.publicUrl,
        due.id,
        'renewal-failed',
        graceEnd,
      );
    }
  });
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
          where status = 'active' and auto_renew and current_period_end > ${now}
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
        const { rows: lapsed } = await tx.execute<{ id: string; current_period_end: Date }>(sql`
          update subscriptions set status = 'expired', ended_at = ${now}, updated_at = now()
          where status = 'past-due' and past_due_since <= ${now}::timestamptz - ${`${graceDays} days`}::interval
          returning id, current_period_end
        `);
        for (const row of [...cancelled, ...lapsed]) {
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

      const { rows: due } = await context.db.execute<DueRow>(sql`
        select id, gateway, gateway_reference, current_period_end, currency, amount_minor, vat_rate_percent,
          past_due_since
        from subscriptions
        where status in ('active', 'past-due') and auto_renew and current_period_end <= ${now}
        order by current_period_end
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
      gateway: gatewayNamed(app.config.payments.gateway),
      mailer: app.mailer,
      publicUrl: app.config.publicUrl,
    });
    app.log.info(result, 'subscriptions swept');
  }),
  cron: '*/10 * * * *',
};
