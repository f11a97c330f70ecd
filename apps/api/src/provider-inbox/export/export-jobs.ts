import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { type ProviderExportJob, type ProviderExportSchema, paths } from '@opora/contracts';
import { type Db, type DbExecutor, providerExports, users } from '@opora/db';
import { and, desc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth.ts';
import type { Config } from '../../platform/config.ts';
import { AppError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import { backgroundWork, defineQueue, type JobAttempt, type Jobs } from '../../platform/jobs.ts';
import type { Mailer } from '../../platform/mail.ts';
import { type ProviderScope, resolveProviderScope } from '../../platform/provider-scope.ts';
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

/** An export as its list shows it. */
const jobColumns = {
  id: providerExports.id,
  format: providerExports.format,
  state: providerExports.state,
  rowCount: providerExports.rowCount,
  createdAt: providerExports.createdAt,
  expiresAt: providerExports.expiresAt,
};

function toJob(
  row: {
    [Key in keyof typeof jobColumns]: (typeof providerExports.$inferSelect)[Key];
  },
): ProviderExportJob {
  return {
    id: row.id,
    format: row.format,
    state: row.state,
    rowCount: row.rowCount,
    createdDate: row.createdAt.toISOString(),
    expiresDate: row.expiresAt?.toISOString() ?? null,
  };
}

/** The exports `principal` asked for in the provider: only they see and download them. */
function askedBy(principal: Principal, providerId: string) {
  return and(
    eq(providerExports.requestedByUserId, principal.userId),
    eq(providerExports.providerId, providerId),
  );
}

/** Not deleted yet: the sweep deletes exports past `expires_at` within the hour. */
const notExpired = or(isNull(providerExports.expiresAt), gt(providerExports.expiresAt, sql`now()`));

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
  return context.db.transaction(async (tx) => {
    // A lock of the caller's exports in this provider, not of a row: PostgreSQL's function.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`provider-export:${principal.userId}:${providerId}`}, 0))`,
    );
    const [existing] = await tx
      .select(jobColumns)
      .from(providerExports)
      .where(
        and(
          askedBy(principal, providerId),
          inArray(providerExports.state, ['queued', 'running']),
          eq(providerExports.format, body.format),
          eq(providerExports.locale, body.locale),
          eq(providerExports.selection, body.selection),
          gt(providerExports.createdAt, sql`now() - make_interval(mins => ${duplicateWindowMinutes})`),
        ),
      )
      .orderBy(desc(providerExports.createdAt))
      .limit(1);
    if (existing) return toJob(existing);
    const [row] = await tx
      .insert(providerExports)
      .values({
        providerId,
        requestedByUserId: principal.userId,
        format: body.format,
        locale: body.locale,
        selection: body.selection,
      })
      .returning(jobColumns);
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
  const rows = await db
    .select(jobColumns)
    .from(providerExports)
    .where(and(askedBy(principal, providerId), notExpired))
    .orderBy(desc(providerExports.createdAt))
    .limit(50);
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
  const [row] = await db
    .select({
      state: providerExports.state,
      format: providerExports.format,
      locale: providerExports.locale,
      createdAt: providerExports.createdAt,
      size: sql<number | null>`octet_length(${providerExports.content})`,
    })
    .from(providerExports)
    .where(and(eq(providerExports.id, exportId), askedBy(principal, providerId), notExpired));
  if (!row) throw new NotFoundError();
  if (row.state !== 'ready' || row.size === null) {
    throw new ConflictError('The export is not ready: it is still being made, or it failed.');
  }
  const size = row.size;
  const name = await providerName(db, providerId);
  async function* slices(): AsyncIterable<Buffer> {
    for (let offset = 0; offset < size; offset += downloadSliceBytes) {
      const [slice] = await db
        .select({
          part: sql<Buffer | null>`substring(${providerExports.content} from ${offset + 1} for ${downloadSliceBytes})`,
        })
        .from(providerExports)
        .where(eq(providerExports.id, exportId));
      const part = slice?.part;
      // Deleted by the sweep half-way: the download ends short rather than with wrong bytes.
      if (!part) throw new NotFoundError();
      yield part;
    }
  }
  return {
    fileName: exportFileName(row.format, row.locale, name, row.createdAt),
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
    // The transaction's temporary table, not the schema's.
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
  await db
    .update(providerExports)
    .set({
      state: 'failed',
      finishedAt: sql`now()`,
      updatedAt: sql`now()`,
      expiresAt: sql`now() + make_interval(days => ${providerExportKeepDays})`,
    })
    .where(and(eq(providerExports.id, exportId), ne(providerExports.state, 'ready')));
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
  const [job] = await db
    .select({
      providerId: providerExports.providerId,
      requestedByUserId: providerExports.requestedByUserId,
      format: providerExports.format,
      locale: providerExports.locale,
      selection: providerExports.selection,
      state: providerExports.state,
      email: users.email,
    })
    .from(providerExports)
    .innerJoin(users, eq(users.id, providerExports.requestedByUserId))
    .where(eq(providerExports.id, exportId));
  if (!job || job.state === 'ready' || job.state === 'failed') return;
  let scope: ProviderScope;
  try {
    // Only `userId` is read: the membership is looked up again, so a person removed since gets nothing.
    scope = await resolveProviderScope(
      db,
      { subject: '', userId: job.requestedByUserId, email: job.email ?? '', roles: [] },
      job.providerId,
    );
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    await markFailed(db, exportId);
    return;
  }
  await db
    .update(providerExports)
    .set({ state: 'running', updatedAt: sql`now()` })
    .where(eq(providerExports.id, exportId));
  const limit = context.rowLimit ?? providerExportJobRowLimit;
  let cursor: ExportCursor | undefined;
  try {
    // Stored from the body's selection (`ProviderExportBody`), checked by the contracts then.
    const reading = await openExportCursor(db, scope, job.selection as ExportSelection, {
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
      const made = await tx
        .update(providerExports)
        .set({
          // The pieces joined in PostgreSQL (a temporary table of the transaction, not the schema's).
          content: sql`(select coalesce(string_agg(piece, ''::bytea order by n), ''::bytea) from provider_export_pieces)`,
          state: 'ready',
          rowCount,
          finishedAt: sql`now()`,
          updatedAt: sql`now()`,
          expiresAt: sql`now() + make_interval(days => ${providerExportKeepDays})`,
        })
        .where(and(eq(providerExports.id, exportId), inArray(providerExports.state, ['queued', 'running'])))
        .returning({ id: providerExports.id });
      // Erased since (no address): the file waits in their list of exports.
      if (made.length === 0 || !job.email) return;
      await context.mailer.queue(tx, {
        to: job.email,
        locale: job.locale,
        template: 'provider-export-ready',
        params: {
          link: providerExportLink(context.config, job.providerId),
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
      await db
        .update(providerExports)
        .set({ state: 'queued', updatedAt: sql`now()` })
        .where(and(eq(providerExports.id, exportId), eq(providerExports.state, 'running')));
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
  await db
    .update(providerExports)
    .set({
      state: 'failed',
      finishedAt: now,
      updatedAt: now,
      expiresAt: sql`${now} + make_interval(days => ${providerExportKeepDays})`,
    })
    .where(
      and(
        inArray(providerExports.state, ['queued', 'running']),
        lte(providerExports.createdAt, sql`${now} - make_interval(hours => ${abandonedAfterHours})`),
      ),
    );
  const gone = await db
    .delete(providerExports)
    .where(lte(providerExports.expiresAt, now))
    .returning({ id: providerExports.id });
  return gone.length;
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
