import { countries } from '@opora/contracts';
import {
  careRequestEvents,
  careRequests,
  type Db,
  type DbExecutor,
  providers,
  requestStatuses,
} from '@opora/db';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
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
 * `created_at` of a request (`care_requests` joined to its `providers`) sent at least `workingDays` working days before
 * `now` in its provider's calendar: the per-country instants of `sentAtOrBefore`, plus their latest
 * as a plain bound the status-and-date index can use.
 */
function waitedAtLeast(now: Date, workingDays: number): SQL {
  const cutoffs = countries.map((country) => {
    const zone = countryTimeZones[country];
    const wall = sentAtOrBefore(country, wallClock(zone, now), workingDays);
    return { country, instant: sql`(${wall}::timestamp at time zone ${zone})` };
  });
  return sql`${careRequests.createdAt} <= greatest(${sql.join(
    cutoffs.map(({ instant }) => instant),
    sql`, `,
  )})
    and ${careRequests.createdAt} <= case ${providers.country} ${sql.join(
      cutoffs.map(({ country, instant }) => sql`when ${country} then ${instant}`),
      sql` `,
    )} end`;
}

interface Step {
  workingDays: number;
  /** What the step has not done yet (checked again on the locked row). */
  pending: SQL | undefined;
  /** The columns it sets. */
  set: (now: Date, statuses: Statuses) => PgUpdateSetSource<typeof careRequests>;
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

/** A reminder or an escalation is the platform's own matter: the request's edited date stays. */
const unchanged = sql`${careRequests.updatedAt}`;

/**
 * Expiry runs first, so a request that waited past every deadline (the worker was down) is only
 * expired, not reminded and escalated on the way out. Each step sets what it records in the same
 * statement that checks it is still unset, so it happens once however many sweeps run at once.
 */
const steps = {
  expired: {
    workingDays: expiryWorkingDays,
    pending: undefined,
    // The case may ask the same service again; the grid's edited date moves.
    set: (now, { expiredId }) => ({
      statusId: expiredId,
      allowsNewRequest: true,
      closedAt: now,
      updatedAt: now,
    }),
    event: ({ expiredId }) => ({
      kind: 'status-changed',
      requestStatusId: expiredId,
      payload: { from: 'new', to: 'expired' },
    }),
    mails: queueExpiryMails,
  },
  escalated: {
    workingDays: escalationWorkingDays,
    pending: isNull(careRequests.escalatedAt),
    set: (now) => ({ escalatedAt: now, updatedAt: unchanged }),
    event: () => ({
      kind: 'escalated',
      requestStatusId: null,
      payload: { workingDays: escalationWorkingDays },
    }),
    mails: queueEscalationMails,
  },
  reminded: {
    workingDays: reminderWorkingDays,
    pending: isNull(careRequests.remindedAt),
    set: (now) => ({ remindedAt: now, updatedAt: unchanged }),
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
    const isNew = eq(careRequests.statusId, statuses.newId);
    // The due requests locked, skipping those another sweep holds (`skip locked`), then updated.
    const due = tx.$with('due').as(
      tx
        .select({ id: careRequests.id })
        .from(careRequests)
        .innerJoin(providers, eq(providers.id, careRequests.providerId))
        .where(and(isNew, step.pending, waitedAtLeast(now, step.workingDays)))
        .orderBy(careRequests.createdAt)
        .limit(batchSize)
        .for('update', { of: careRequests, skipLocked: true }),
    );
    const rows = await tx
      .with(due)
      .update(careRequests)
      .set(step.set(now, statuses))
      .from(due)
      .where(and(eq(careRequests.id, due.id), isNew, step.pending))
      .returning({ id: careRequests.id });
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
  const rows = await context.db
    .select({ code: requestStatuses.code, id: requestStatuses.id })
    .from(requestStatuses)
    .where(inArray(requestStatuses.code, ['new', 'expired']));
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
