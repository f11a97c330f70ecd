import { countries } from '@opora/contracts';
import { careRequestEvents, type Db, type DbExecutor } from '@opora/db';
import { type SQL, sql } from 'drizzle-orm';
import { backgroundWork, defineQueue } from '../../platform/jobs.ts';
import {
  type DeadlineMailContext,
  escalationWorkingDays,
  expiryWorkingDays,
  queueEscalationMails,
  queueExpiryMails,
  queueReminderMails,
  reminderWorkingDays,
} from './deadline-mails.ts';
import { countryTimeZones, sentAtOrBefore, wallClock } from './working-days.ts';

export interface DeadlineSweepContext extends DeadlineMailContext {
  db: Db;
}

export interface DeadlineSweepResult {
  expired: number;
  escalated: number;
  reminded: number;
  /** E-mails queued by the three steps together. */
  mails: number;
}

/** Requests one transaction takes; a sweep takes at most `maxBatches` of them per step. */
const batchSize = 100;
/** The rest of a backlog (after an outage) waits for the next sweep, so one run stays short. */
const maxBatches = 20;

/**
 * `created_at` of a request (`cr`, its provider `p`) sent at least `workingDays` working days before
 * `now` in its provider's calendar: the per-country instants of `sentAtOrBefore`, plus their latest
 * as a plain bound the status-and-date index can use.
 */
function waitedAtLeast(now: Date, workingDays: number): SQL {
  const cutoffs = countries.map((country) => {
    const zone = countryTimeZones[country];
    const wall = sentAtOrBefore(country, wallClock(zone, now), workingDays);
    return { country, instant: sql`(${wall}::timestamp at time zone ${zone})` };
  });
  return sql`cr.created_at <= greatest(${sql.join(
    cutoffs.map(({ instant }) => instant),
    sql`, `,
  )})
    and cr.created_at <= case p.country ${sql.join(
      cutoffs.map(({ country, instant }) => sql`when ${country} then ${instant}`),
      sql` `,
    )} end`;
}

interface Step {
  workingDays: number;
  /** What the step has not done yet (checked again on the locked row). */
  pending: SQL;
  /** The columns it sets. */
  set: (now: Date, statuses: Statuses) => SQL;
  /** The history entry it writes. */
  event: (
    statuses: Statuses,
  ) => Pick<typeof careRequestEvents.$inferInsert, 'kind' | 'requestStatusId' | 'payload'>;
  mails: (context: DeadlineMailContext, tx: DbExecutor, ids: string[]) => Promise<number>;
}

interface Statuses {
  newId: string;
  expiredId: string;
}

/**
 * Expiry runs first, so a request that waited past every deadline (the worker was down) is only
 * expired, not reminded and escalated on the way out. Each step sets what it records in the same
 * statement that checks it is still unset, so it happens once however many sweeps run at once.
 */
const steps = {
  expired: {
    workingDays: expiryWorkingDays,
    pending: sql`true`,
    // The case may ask the same service again; the grid's edited date moves.
    set: (now, { expiredId }) =>
      sql`status_id = ${expiredId}, allows_new_request = true, closed_at = ${now}, updated_at = ${now}`,
    event: ({ expiredId }) => ({
      kind: 'status-changed',
      requestStatusId: expiredId,
      payload: { from: 'new', to: 'expired' },
    }),
    mails: queueExpiryMails,
  },
  escalated: {
    workingDays: escalationWorkingDays,
    pending: sql`cr.escalated_at is null`,
    set: (now) => sql`escalated_at = ${now}`,
    event: () => ({
      kind: 'escalated',
      requestStatusId: null,
      payload: { workingDays: escalationWorkingDays },
    }),
    mails: queueEscalationMails,
  },
  reminded: {
    workingDays: reminderWorkingDays,
    pending: sql`cr.reminded_at is null`,
    set: (now) => sql`reminded_at = ${now}`,
    event: () => ({
      kind: 'reminder-sent',
      requestStatusId: null,
      payload: { workingDays: reminderWorkingDays },
    }),
    mails: queueReminderMails,
  },
} satisfies Record<'expired' | 'escalated' | 'reminded', Step>;

/**
 * One batch of a step in one transaction: the due requests still `new` locked (those another sweep
 * holds are skipped, not waited for), the step recorded on them, their history entries (by the
 * platform: no user) and their e-mails queued in the outbox — sent by the delivery worker only if
 * this commits.
 */
async function runBatch(
  context: DeadlineSweepContext,
  step: Step,
  statuses: Statuses,
  now: Date,
): Promise<{ done: number; mails: number }> {
  return context.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: string }>(sql`
      with due as (
        select cr.id from care_requests cr join providers p on p.id = cr.provider_id
        where cr.status_id = ${statuses.newId} and ${step.pending} and ${waitedAtLeast(now, step.workingDays)}
        order by cr.created_at
        limit ${batchSize}
        for update of cr skip locked
      )
      update care_requests cr set ${step.set(now, statuses)}
      from due
      where cr.id = due.id and cr.status_id = ${statuses.newId} and ${step.pending}
      returning cr.id
    `);
    const ids = rows.map((row) => row.id);
    if (ids.length === 0) return { done: 0, mails: 0 };
    await tx.insert(careRequestEvents).values(
      ids.map((careRequestId) => ({
        careRequestId,
        eventDate: now,
        createdByUserId: null,
        ...step.event(statuses),
      })),
    );
    return { done: ids.length, mails: await step.mails(context, tx, ids) };
  });
}

/**
 * One pass over the requests nobody answered, at `now` (tests pass their own clock): expired after
 * `expiryWorkingDays`, escalated to the provider's administrators after `escalationWorkingDays`,
 * the provider reminded after `reminderWorkingDays` — working days of the provider's country.
 */
export async function sweepUnansweredCareRequests(
  context: DeadlineSweepContext,
  now = new Date(),
): Promise<DeadlineSweepResult> {
  const { rows } = await context.db.execute<{ code: string; id: string }>(
    sql`select code, id from request_statuses where code in ('new', 'expired')`,
  );
  const idOf = (code: string) => {
    const id = rows.find((row) => row.code === code)?.id;
    if (!id) throw new Error(`Request status ${code} is missing`);
    return id;
  };
  const statuses = { newId: idOf('new'), expiredId: idOf('expired') };
  const result: DeadlineSweepResult = { expired: 0, escalated: 0, reminded: 0, mails: 0 };
  for (const [name, step] of Object.entries(steps) as [keyof typeof steps, Step][]) {
    for (let batch = 0; batch < maxBatches; batch += 1) {
      const { done, mails } = await runBatch(context, step, statuses, now);
      result[name] += done;
      result.mails += mails;
      if (done < batchSize) break;
    }
  }
  return result;
}

export const careRequestDeadlinesQueue = defineQueue<Record<string, never>>('care-request-deadlines', {
  retryLimit: 0,
  retryDelaySeconds: 60,
  retryDelayMaxSeconds: 60,
  expireInSeconds: 600,
  concurrency: 1,
});

/** care-request-deadlines: every 15 minutes (pg-boss cron), unanswered requests reminded, escalated, expired. */
export const careRequestDeadlines = {
  ...backgroundWork(careRequestDeadlinesQueue, async (app) => {
    const result = await sweepUnansweredCareRequests({
      db: app.db,
      mailer: app.mailer,
      publicUrl: app.config.publicUrl,
    });
    // Counts only: which requests and whose addresses stay out of the logs.
    app.log.info(result, 'unanswered care requests swept');
  }),
  cron: '*/15 * * * *',
};
