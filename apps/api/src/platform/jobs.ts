import { type Db, type DbExecutor, jobQueueSchema } from '@opora/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Clock, fromDrizzle, type JobResult, PgBoss } from 'pg-boss';
import type { Config } from './config.ts';
import { serializeError } from './logging.ts';

/** How a queue's jobs are retried; every job carries its queue's policy from the moment it is sent. */
export interface QueuePolicy {
  /** Attempts after the first, before the job is given up as failed. */
  retryLimit: number;
  /** Wait before the first retry; each further wait doubles (with jitter) up to `retryDelayMaxSeconds`. */
  retryDelaySeconds: number;
  retryDelayMaxSeconds: number;
  /** An attempt running longer is taken for lost (its process stopped) and tried again. */
  expireInSeconds: number;
  /** Jobs of the queue one process fetches at once and runs at the same time. */
  concurrency: number;
}

export interface Queue<Data extends object> {
  readonly name: string;
  readonly policy: QueuePolicy;
  /** Carries the type of the job's data; never set. */
  readonly data?: Data;
}

export function defineQueue<Data extends object>(name: string, policy: QueuePolicy): Queue<Data> {
  return { name, policy };
}

/** The attempt a worker is running, for handlers that record how delivery went. */
export interface JobAttempt {
  id: string;
  /** 0 for the first attempt. */
  retryCount: number;
  /** No retry follows when this attempt fails. */
  final: boolean;
}

/** A queue and what its worker does with each job; handlers get the app's services. */
export interface BackgroundWork<Data extends object = object> {
  queue: Queue<Data>;
  run(app: FastifyInstance, data: Data, attempt: JobAttempt): Promise<void>;
  /** A cron expression (UTC) when the queue also gets a job on a schedule, e.g. `*\/10 * * * *`. */
  cron?: string;
}

export function backgroundWork<Data extends object>(
  queue: Queue<Data>,
  run: BackgroundWork<Data>['run'],
): BackgroundWork<Data> {
  return { queue, run } as BackgroundWork<Data>;
}

export interface SendJobOptions {
  /** Not before this many seconds from now. */
  startAfterSeconds?: number;
}

/**
 * Background work on pg-boss: jobs live in PostgreSQL (schema `pgboss`), so they survive restarts
 * and run once across processes. A use case sends its jobs in its own transaction; workers (in this
 * process unless JOBS_WORKER=false, else `pnpm worker`) run them with retries and backoff.
 */
export interface Jobs {
  /** Adds a job in the caller's transaction: the job exists exactly when that transaction commits. */
  send<Data extends object>(
    tx: DbExecutor,
    queue: Queue<Data>,
    data: Data,
    options?: SendJobOptions,
  ): Promise<string>;
  /** Whether this process runs the workers. */
  readonly working: boolean;
  /** The pg-boss instance, for operations and tests (job states, moving a deferred job). */
  readonly boss: PgBoss;
}

export interface JobsOptions {
  /** pg-boss's source of time: tests pass pg-boss's `TestClock` to move retries and delays by hand. */
  clock?: Clock;
}

/** Idle polls are a backstop: a job sent anywhere wakes the workers through LISTEN/NOTIFY at commit. */
const pollingIntervalSeconds = 2;
const notifyPollingIntervalSeconds = 10;
/** pg-boss's own connections: one for LISTEN, the rest for fetching, settling and maintenance. */
const bossPoolSize = 4;
/** Longest a graceful stop waits for running jobs; an unfinished one is retried after its expiry. */
const stopTimeoutMs = 10_000;

function jobOptions(policy: QueuePolicy) {
  return {
    retryLimit: policy.retryLimit,
    retryDelay: policy.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: policy.retryDelayMaxSeconds,
    expireInSeconds: policy.expireInSeconds,
  };
}

/**
 * pg-boss on connections of its own (same database as `db`), so polling and maintenance never take a
 * connection a request is waiting for. The schema exists already (`migrate` installs it); a newer
 * pg-boss release upgrades it on start, under pg-boss's own lock.
 */
function createBoss(db: Db, clock: Clock | undefined, scheduled: boolean): PgBoss {
  const pool = db.$client;
  return new PgBoss({
    connectionString: pool.options.connectionString,
    schema: jobQueueSchema,
    max: bossPoolSize,
    useListenNotify: true,
    // Cron schedules (subscription renewals and reminders) are kept by pg-boss: one job per tick
    // across every process.
    schedule: scheduled,
    ...(clock === undefined ? {} : { clock }),
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/**
 * Decorates `app.jobs`; creates the queues of `work` and, when this process is a worker, starts their
 * workers once the app is ready (every service a handler uses is registered by then). Closing the
 * app lets running jobs finish first (up to 10 s).
 */
export const jobsPlugin = fp<{
  config: Pick<Config, 'jobs'>;
  work: readonly BackgroundWork[];
  options?: JobsOptions | undefined;
}>(
  async (app, { config, work, options }) => {
    const scheduled = config.jobs.worker && work.some((each) => each.cron !== undefined);
    const boss = createBoss(app.db, options?.clock, scheduled);
    // Job data carries ids only; errors are logged by shape (the logger's serializer).
    boss.on('error', (error) => app.log.error({ err: error }, 'background jobs: pg-boss error'));
    boss.on('warning', (warning) => app.log.warn({ warning: warning.message }, 'background jobs: warning'));
    await boss.start();
    try {
      for (const { queue, cron } of work) {
        await boss.createQueue(queue.name, { notify: true });
        if (scheduled && cron !== undefined)
          await boss.schedule(queue.name, cron, {}, jobOptions(queue.policy));
      }
    } catch (error) {
      await boss.stop({ graceful: false });
      throw error;
    }

    const jobs: Jobs = {
      boss,
      working: config.jobs.worker,
      async send(tx, queue, data, sendOptions = {}) {
        const id = await boss.send(queue.name, data, {
          ...jobOptions(queue.policy),
          ...(sendOptions.startAfterSeconds === undefined
            ? {}
            : { startAfter: sendOptions.startAfterSeconds }),
          db: fromDrizzle(tx, sql),
        });
        if (id === null) throw new Error(`Queue ${queue.name} refused the job`);
        return id;
      },
    };
    app.decorate('jobs', jobs);

    if (config.jobs.worker) {
      app.addHook('onReady', async () => {
        for (const { queue, run } of work) {
          await boss.work(
            queue.name,
            {
              includeMetadata: true as const,
              perJobResults: true as const,
              // Up to `concurrency` jobs per fetch, run together; a full batch fetches again at once,
              // so a burst of jobs drains without waiting for the next poll.
              batchSize: queue.policy.concurrency,
              burstWhenBatchFull: true,
              pollingIntervalSeconds,
              notifyPollingIntervalSeconds,
            },
            (jobs) =>
              Promise.all(
                jobs.map(async (job): Promise<JobResult> => {
                  const attempt = {
                    id: job.id,
                    retryCount: job.retryCount,
                    final: job.retryCount >= job.retryLimit,
                  };
                  try {
                    // The queue's own type: every job of it was sent through `send` with that type.
                    await run(app, job.data as object, attempt);
                    return { id: job.id, status: 'completed' };
                  } catch (error) {
                    app.log.warn(
                      { queue: queue.name, jobId: job.id, retryCount: job.retryCount, err: error },
                      attempt.final
                        ? 'background job failed for good'
                        : 'background job failed; it is retried later',
                    );
                    // Stored with the job: the kind of failure only, as logged.
                    return { id: job.id, status: 'failed', output: { error: serializeError(error) } };
                  }
                }),
              ),
          );
        }
      });
      // Before the other plugins close: a running job may still need the mailer or the identity adapter.
      app.addHook('preClose', async () => {
        let timer: NodeJS.Timeout | undefined;
        const stopped = Promise.all(work.map(({ queue }) => boss.offWork(queue.name, { wait: true })));
        const late = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, stopTimeoutMs);
        });
        await Promise.race([stopped, late]).finally(() => clearTimeout(timer));
      });
    }
    app.addHook('onClose', async () => {
      await boss.stop({ graceful: true, timeout: stopTimeoutMs });
    });
  },
  { name: 'jobs', fastify: '5.x', dependencies: ['database'] },
);
