import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import {
  type Locale,
  type ProviderExportFormat,
  type ProviderExportJob,
  type ProviderExportSchema,
  paths,
} from '@opora/contracts';
import type { Db, DbExecutor } from '@opora/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth.ts';
import type { Config } from '../../platform/config.ts';
import { AppError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import { backgroundWork, defineQueue, type JobAttempt, type Jobs } from '../../platform/jobs.ts';
import type { Mailer } from '../../platform/mail.ts';
import { type ProviderScope, resolveProviderScope } from '../../platform/provider-scope.ts';
import { isoInstant } from '../../platform/sql-time.ts';
import { exportFileName, providerName } from './export-files.ts';
import { countSelection, type ExportCursor, type ExportSelection, openExportCursor } from './export-rows.ts';
import { exportContentTypes, writeExport } from './export-writers.ts';

type ProviderExportBody = z.output<typeof ProviderExportSchema>;

/** Ready files are kept this long for the e-mail's link, then the hourly sweep deletes them. */
export const providerExportKeepDays = 7;
/** An XLSX sheet holds 1,048,576 rows; a larger selection is refused (`ExportTooLarge`) either way. */
export const providerExportJobRowLimit = 1_000_000;
/** A second identical request this soon after the first (a double click) answers the first. */
const duplicateWindowMinutes = 10;
/** What the job writes to the database at once: the file in 1 MiB pieces. */
const chunkBytes = 1 << 20;
/** Downloads read the stored file in slices of this size: memory stays flat, whatever its size. */
const downloadSliceBytes = 4 << 20;
/** A million rows take minutes; PostgreSQL's limit for the job's cursor and its final write. */
const jobStatementTimeoutMs = 30 * 60_000;
/**
 * Queued or running this long, the export's job is gone: three attempts of 45 minutes and their waits
 * are over, and a process that died in the last one left it `running`. The sweep marks it failed, so
 * the web stops waiting for it.
 */
const abandonedAfterHours = 6;

export const providerExportQueue = defineQueue<{ exportId: string }>('provider-export', {
  retryLimit: 2,
  retryDelaySeconds: 60,
  retryDelayMaxSeconds: 600,
  expireInSeconds: 45 * 60,
  // One file at a time per worker process: each holds two connections and a core while it runs.
  concurrency: 1,
});

export const providerExportSweepQueue = defineQueue<Record<string, never>>('provider-export-sweep', {
  retryLimit: 0,
  retryDelaySeconds: 60,
  retryDelayMaxSeconds: 60,
  expireInSeconds: 600,
  concurrency: 1,
});

interface ExportJobRow extends Record<string, unknown> {
  id: string;
  format: ProviderExportFormat;
  state: ProviderExportJob['state'];
  row_count: number | null;
  created_at: string;
  expires_at: string | null;
}

function toJob(row: ExportJobRow): ProviderExportJob {
  return {
    id: row.id,
    format: row.format,
    state: row.state,
    rowCount: row.row_count,
    createdDate: row.created_at,
    expiresDate: row.expires_at,
  };
}

const jobColumns = sql`id, format, state, row_count, ${isoInstant(sql`created_at`)} as created_at,
  ${isoInstant(sql`expires_at`)} as expires_at`;

export interface ExportJobContext {
  db: Db;
  jobs: Pick<Jobs, 'send'>;
  /** Rows an export may hold; `providerExportJobRowLimit` unless a test lowers it. */
  rowLimit?: number;
}

function tooLarge(limit: number): AppError {
  return new AppError('ExportTooLarge', `An export holds at most ${limit} requests; narrow the filters.`);
}

/**
 * `createProviderExportJob`: records the export (`queued`) and its job in one transaction. The same
 * person asking again for the same file while the first is still being made gets the first (a double
 * click, a second tab); the two requests take turns on a lock of theirs, so they cannot both insert.
 */
export async function createProviderExportJob(
  context: ExportJobContext,
  principal: Principal,
  providerId: string,
  body: ProviderExportBody,
): Promise<ProviderExportJob> {
  const scope = await resolveProviderScope(context.db, principal, providerId);
  const limit = context.rowLimit ?? providerExportJobRowLimit;
  const count = await countSelection(context.db, scope, body.selection, limit + 1);
  if (count > limit) throw tooLarge(limit);
  const selection = JSON.stringify(body.selection);
  return context.db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`provider-export:${principal.userId}:${providerId}`}, 0))`,
    );
    const { rows: existing } = await tx.execute<ExportJobRow>(sql`
      select ${jobColumns} from provider_exports
      where requested_by_user_id = ${principal.userId} and provider_id = ${providerId}
        and state in ('queued', 'running') and format = ${body.format} and locale = ${body.locale}
        and selection = ${selection}::jsonb
        and created_at > now() - make_interval(mins => ${duplicateWindowMinutes})
      order by created_at desc limit 1`);
    if (existing[0]) return toJob(existing[0]);
    const { rows } = await tx.execute<ExportJobRow>(sql`
      insert into provider_exports (provider_id, requested_by_user_id, format, locale, selection)
      values (${providerId}, ${principal.userId}, ${body.format}, ${body.locale}, ${selection}::jsonb)
      returning ${jobColumns}`);
    const row = rows[0];
    if (!row) throw new Error('Insert returned no export row');
    await context.jobs.send(tx, providerExportQueue, { exportId: row.id });
    return toJob(row);
  });
}

/** `listProviderExportJobs`: the caller's own exports in this provider that are not deleted yet, newest first. */
export async function listProviderExportJobs(
  db: Db,
  principal: Principal,
  providerId: string,
): Promise<ProviderExportJob[]> {
  await resolveProviderScope(db, principal, providerId);
  const { rows } = await db.execute<ExportJobRow>(sql`
    select ${jobColumns} from provider_exports
    where requested_by_user_id = ${principal.userId} and provider_id = ${providerId}
      and (expires_at is null or expires_at > now())
    order by created_at desc
    limit 50`);
  return rows.map(toJob);
}

export interface StoredExport {
  fileName: string;
  contentType: string;
  size: number;
  /** The file, a slice at a time. */
  content: AsyncIterable<Buffer>;
}

/**
 * `downloadProviderExport`: the file of a ready export, only to the person who asked for it (anyone
 * else, or an export deleted since, is a 404); one still being made is a 409.
 */
export async function findProviderExportFile(
  db: Db,
  principal: Principal,
  providerId: string,
  exportId: string,
): Promise<StoredExport> {
  await resolveProviderScope(db, principal, providerId);
  const { rows } = await db.execute<{
    state: ProviderExportJob['state'];
    format: ProviderExportFormat;
    locale: Locale;
    created_at: string;
    size: number | null;
  }>(sql`
    select state, format, locale, ${isoInstant(sql`created_at`)} as created_at, octet_length(content) as size
    from provider_exports
    where id = ${exportId} and provider_id = ${providerId} and requested_by_user_id = ${principal.userId}
      and (expires_at is null or expires_at > now())`);
  const row = rows[0];
  if (!row) throw new NotFoundError();
  if (row.state !== 'ready' || row.size === null) {
    throw new ConflictError('The export is not ready: it is still being made, or it failed.');
  }
  const size = row.size;
  const name = await providerName(db, providerId);
  async function* slices(): AsyncIterable<Buffer> {
    for (let offset = 0; offset < size; offset += downloadSliceBytes) {
      const { rows: parts } = await db.execute<{ part: Buffer | null }>(sql`
        select substring(content from ${offset + 1} for ${downloadSliceBytes}) as part
        from provider_exports where id = ${exportId}`);
      const part = parts[0]?.part;
      // Deleted by the sweep half-way: the download ends short rather than with wrong bytes.
      if (!part) throw new NotFoundError();
      yield part;
    }
  }
  return {
    fileName: exportFileName(row.format, row.locale, name, new Date(row.created_at)),
    contentType: exportContentTypes[row.format],
    size,
    content: slices(),
  };
}

/**
 * Collects the file in memory up to 1 MiB, then adds the piece to a temporary table of the
 * transaction; the caller joins the pieces into `provider_exports.content` in PostgreSQL.
 */
class ChunkSink extends Writable {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private pieces = 0;
  private readonly tx: DbExecutor;

  constructor(tx: DbExecutor) {
    super();
    this.tx = tx;
  }

  private async flushPending(): Promise<void> {
    if (this.pendingBytes === 0) return;
    const piece = Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    this.pieces += 1;
    await this.tx.execute(
      sql`insert into provider_export_pieces (n, piece) values (${this.pieces}, ${piece})`,
    );
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    this.pending.push(chunk);
    this.pendingBytes += chunk.byteLength;
    if (this.pendingBytes < chunkBytes) return callback();
    this.flushPending().then(() => callback(), callback);
  }

  override _final(callback: (error?: Error | null) => void) {
    this.flushPending().then(() => callback(), callback);
  }
}

interface ExportJobRecord extends Record<string, unknown> {
  provider_id: string;
  requested_by_user_id: string;
  format: ProviderExportFormat;
  locale: Locale;
  selection: ExportSelection;
  state: ProviderExportJob['state'];
  email: string;
}

export interface ExportRunContext {
  db: Db;
  mailer: Pick<Mailer, 'queue'>;
  config: Pick<Config, 'publicUrl'>;
  /** Rows an export may hold; `providerExportJobRowLimit` unless a test lowers it. */
  rowLimit?: number;
}

/**
 * The rows, refusing the one past `limit`: requests sent since the export was asked for may carry a
 * selection over the limit (and over an XLSX sheet's 1,048,576 rows) by the time the job reads it.
 */
async function* atMost<Row>(
  batches: AsyncIterable<readonly Row[]>,
  limit: number,
): AsyncIterable<readonly Row[]> {
  let count = 0;
  for await (const batch of batches) {
    count += batch.length;
    if (count > limit) throw tooLarge(limit);
    yield batch;
  }
}

/** The link in the e-mail: the requests grid, where the web lists the exports, in the export's provider. */
export function providerExportLink(config: Pick<Config, 'publicUrl'>, providerId: string): string {
  return `${config.publicUrl}${paths.providerRequests.getHref(undefined, { provider: providerId })}`;
}

async function markFailed(db: DbExecutor, exportId: string): Promise<void> {
  await db.execute(sql`
    update provider_exports
    set state = 'failed', finished_at = now(), updated_at = now(),
      expires_at = now() + make_interval(days => ${providerExportKeepDays})
    where id = ${exportId} and state <> 'ready'`);
}

/**
 * The job: the same rows as the streamed export, read again now in the requester's current scope,
 * written as they come into pieces in PostgreSQL and joined there (the process holds one piece and
 * a batch of rows, whatever the file's size); then the export is `ready` and the requester's e-mail
 * queued, in one transaction.
 */
export async function runProviderExport(
  context: ExportRunContext,
  exportId: string,
  attempt: Pick<JobAttempt, 'final'>,
): Promise<void> {
  const { db } = context;
  const { rows } = await db.execute<ExportJobRecord>(sql`
    select pe.provider_id, pe.requested_by_user_id, pe.format, pe.locale, pe.selection, pe.state, u.email
    from provider_exports pe join users u on u.id = pe.requested_by_user_id
    where pe.id = ${exportId}`);
  const job = rows[0];
  if (!job || job.state === 'ready' || job.state === 'failed') return;
  let scope: ProviderScope;
  try {
    // Only `userId` is read: the membership is looked up again, so a person removed since gets nothing.
    scope = await resolveProviderScope(
      db,
      { subject: '', userId: job.requested_by_user_id, email: job.email, roles: [] },
      job.provider_id,
    );
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    await markFailed(db, exportId);
    return;
  }
  await db.execute(
    sql`update provider_exports set state = 'running', updated_at = now() where id = ${exportId}`,
  );
  const limit = context.rowLimit ?? providerExportJobRowLimit;
  let cursor: ExportCursor | undefined;
  try {
    const reading = await openExportCursor(db, scope, job.selection, {
      format: job.format,
      statementTimeoutMs: jobStatementTimeoutMs,
    });
    cursor = reading;
    await db.transaction(async (tx) => {
      // The transaction waits for rows and the writer between its statements.
      await tx.execute(sql.raw(`set local idle_in_transaction_session_timeout = ${jobStatementTimeoutMs}`));
      await tx.execute(sql.raw(`set local statement_timeout = ${jobStatementTimeoutMs}`));
      await tx.execute(
        sql`create temporary table provider_export_pieces (n int primary key, piece bytea not null) on commit drop`,
      );
      const sink = new ChunkSink(tx);
      let rowCount: number;
      try {
        rowCount = await writeExport({
          format: job.format,
          locale: job.locale,
          rows: atMost(reading.rows, limit),
          output: sink,
        });
        await finished(sink);
      } catch (error) {
        // A piece the database refused closes the sink: its error says why, the writer's only that it stopped.
        const cause = sink.errored ?? error;
        sink.destroy();
        throw cause;
      }
      await reading.close();
      // Only over an export still being made: an attempt pg-boss took for lost and retried may have
      // finished it meanwhile (one file, one e-mail).
      const { rows: made } = await tx.execute(sql`
        update provider_exports
        set content = (select coalesce(string_agg(piece, ''::bytea order by n), ''::bytea)
                       from provider_export_pieces),
          state = 'ready', row_count = ${rowCount}, finished_at = now(), updated_at = now(),
          expires_at = now() + make_interval(days => ${providerExportKeepDays})
        where id = ${exportId} and state in ('queued', 'running')
        returning id`);
      if (made.length === 0) return;
      await context.mailer.queue(tx, {
        to: job.email,
        locale: job.locale,
        template: 'provider-export-ready',
        params: {
          link: providerExportLink(context.config, job.provider_id),
          format: job.format.toUpperCase(),
          validDays: providerExportKeepDays,
        },
      });
    });
  } catch (error) {
    // Too large stays too large: failed at once, no retry.
    if (error instanceof AppError && error.code === 'ExportTooLarge') {
      await markFailed(db, exportId);
      return;
    }
    if (attempt.final) await markFailed(db, exportId);
    else
      await db.execute(
        sql`update provider_exports set state = 'queued', updated_at = now() where id = ${exportId} and state = 'running'`,
      );
    throw error;
  } finally {
    await cursor?.close();
  }
}

/**
 * Deletes exports past their time (`at`, the database's clock unless given), with their files, and
 * marks failed those whose job is gone (`abandonedAfterHours`); answers how many were deleted.
 */
export async function deleteExpiredProviderExports(db: Db, at?: Date): Promise<number> {
  const now = at === undefined ? sql`now()` : sql`${at.toISOString()}::timestamptz`;
  await db.execute(sql`
    update provider_exports
    set state = 'failed', finished_at = ${now}, updated_at = ${now},
      expires_at = ${now} + make_interval(days => ${providerExportKeepDays})
    where state in ('queued', 'running')
      and created_at <= ${now} - make_interval(hours => ${abandonedAfterHours})`);
  const { rows } = await db.execute<{ n: number }>(sql`
    with gone as (delete from provider_exports where expires_at <= ${now} returning 1)
    select count(*)::int as n from gone`);
  return rows[0]?.n ?? 0;
}

/** provider-export: makes one export's file (see `runProviderExport`). */
export const providerExportWork = backgroundWork(
  providerExportQueue,
  async (app: FastifyInstance, { exportId }, attempt) => {
    await runProviderExport({ db: app.db, mailer: app.mailer, config: app.config }, exportId, attempt);
  },
);

/** provider-export-sweep: hourly (pg-boss cron), exports past their 7 days deleted with their files. */
export const providerExportSweep = {
  ...backgroundWork(providerExportSweepQueue, async (app) => {
    const deleted = await deleteExpiredProviderExports(app.db);
    app.log.info({ deleted }, 'expired provider exports deleted');
  }),
  cron: '41 * * * *',
};
