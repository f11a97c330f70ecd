import { businessTimeZone, type ProviderExportFormat, type ProviderExportSchema } from '@opora/contracts';
import type { Db, DbClient } from '@opora/db';
import { count, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { ProviderScope } from '../../platform/provider-scope.ts';
import { cr } from '../../requests/care-request-view.ts';
import { providerRequestColumns, providerRequestFrom, providerRequestWhere } from '../request-rows.ts';
import { type ExportColumnKey, type ExportRow, exportColumnKeys } from './export-columns.ts';

export type ExportSelection = z.output<typeof ProviderExportSchema>['selection'];

/**
 * The rows a selection names, within the scope: the ids given that the caller may see (others —
 * another provider's, another facility's — are left out, never an error that would tell they exist),
 * or every row matching the grid's filters.
 */
export function selectionWhere(scope: ProviderScope, selection: ExportSelection): SQL {
  if (selection.mode === 'filter') return providerRequestWhere(scope, selection.filter);
  return sql`${providerRequestWhere(scope, {})} and ${cr.id} = any(${sql.param(selection.ids)}::uuid[])`;
}

/** How many rows the selection has, counting no further than `cap` (enough to refuse or accept). */
export async function countSelection(
  db: Db,
  scope: ProviderScope,
  selection: ExportSelection,
  cap: number,
): Promise<number> {
  // The request alone: every filter reads the request's own columns (or a subquery of its own), so a
  // count over a provider's tens of thousands of requests never visits another table per row.
  const capped = db
    .select({ id: cr.id })
    .from(cr)
    .where(selectionWhere(scope, selection))
    .limit(cap)
    .as('capped');
  const [row] = await db.select({ n: count() }).from(capped);
  return row?.n ?? 0;
}

/**
 * A moment as its cell holds it. XLSX: Excel's serial number of the Prague wall clock (days since
 * 1899-12-30, the time of day as the fraction), from whole milliseconds as exceljs computes a `Date`'s
 * (25569 + milliseconds / 86,400,000, in `float8` as in JavaScript), so the sheet is what writing a
 * `Date` gave; `date_part` and `round` rather than `extract`'s `numeric`, which costs PostgreSQL twice
 * as much. CSV: ISO 8601 with Prague's offset (the transaction's time zone), `2026-11-24T09:05:00+01:00`.
 */
function moment(format: ProviderExportFormat, column: SQL): SQL {
  if (format === 'csv') return sql`to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM')`;
  const wallClock = sql`date_trunc('milliseconds', ${column} at time zone ${businessTimeZone})`;
  return sql`round(date_part('epoch', ${wallClock}) * 1000) / 86400000 + 25569`;
}

/**
 * The file's columns over the grid's (`e`, `providerRequestColumns`): the names as the grid shows
 * them, the dates formatted by PostgreSQL (work the writer's thread is spared). A calendar date in
 * XLSX is its serial day, in CSV `yyyy-MM-dd`.
 */
function exportColumns(format: ProviderExportFormat): Record<ExportColumnKey, SQL> {
  return {
    code: sql`e.code`,
    client: sql`e."clientName"`,
    service: sql`e."serviceName"`,
    serviceType: sql`e."serviceType"`,
    facility: sql`e."facilityName"`,
    date: format === 'csv' ? sql`e."date"` : sql`e."date"::date - date '1899-12-30'`,
    status: sql`e.status`,
    assignee: sql`e."assigneeName"`,
    assigneeTeam: sql`e."assigneeFacilityName"`,
    creator: sql`e.creator`,
    createdDate: moment(format, sql`e."createdDate"`),
    editedDate: moment(format, sql`e."editedDate"`),
  };
}

/**
 * The selection's rows for a file, in the grid's default order (newest first, ties by id — what
 * `providerRequestOrderBy('-createdDate')` writes over `cr`). PostgreSQL flattens the subquery: the
 * plan is the grid's, reading the provider's `(created_at, id)` index in order.
 */
function exportQuery(scope: ProviderScope, selection: ExportSelection, format: ProviderExportFormat): SQL {
  const columns = exportColumns(format);
  return sql`
    select ${sql.join(
      exportColumnKeys.map((key) => columns[key]),
      sql`, `,
    )}
    from (select ${providerRequestColumns} from ${providerRequestFrom}
          where ${selectionWhere(scope, selection)}) e
    order by e."createdDate" desc, e.id desc`;
}

const dialect = new PgDialect();

/**
 * The cursor's statement for the selection (text and parameters), run in Prague's time zone; also
 * what the bench reads without sending (the database's share of an export).
 */
export function exportStatement(
  scope: ProviderScope,
  selection: ExportSelection,
  format: ProviderExportFormat,
): { sql: string; params: unknown[] } {
  return dialect.sqlToQuery(exportQuery(scope, selection, format));
}

/** The cursor's name in its transaction (the tests find the export's backend by it). */
export const exportCursorName = 'export_rows';

export interface ExportCursor {
  /** The rows in batches of `batchSize`, each fetched while the one before it is written. */
  rows: AsyncIterable<ExportRow[]>;
  /**
   * Ends the cursor's read-only transaction and returns the connection to the pool — or drops the
   * connection when that fails. Call it once, always.
   */
  close(): Promise<void>;
}

export interface ExportCursorOptions {
  format: ProviderExportFormat;
  /**
   * How long the whole read may take, a slow reader's waits included: the export's own limit replaces
   * the pool's statement and idle-in-transaction limits (10 s, 15 s). Past it PostgreSQL ends the
   * connection (`transaction_timeout`), and the export fails.
   */
  statementTimeoutMs: number;
  batchSize?: number;
}

/**
 * Rolls the cursor's transaction back and returns the connection to the pool — or has the pool drop it
 * when even that fails (a lost connection).
 */
async function endTransaction(client: DbClient): Promise<void> {
  try {
    await client.query('rollback');
    client.release();
  } catch (error) {
    client.release(error as Error);
  }
}

/**
 * The selection's rows through a server-side cursor (`DECLARE … CURSOR`) on a connection of its own
 * from the pool, in a read-only transaction. Memory holds two batches, whatever the number of rows.
 * PostgreSQL plans a cursor for its first rows (`cursor_tuple_fraction`, 0.1): the provider's index
 * read in the grid's order, each row's few names looked up — rows stream from the first one, and the
 * database's work (≈ 0.45 s of its core at 100,000 rows) is done while the file is written.
 */
export async function openExportCursor(
  db: Db,
  scope: ProviderScope,
  selection: ExportSelection,
  options: ExportCursorOptions,
): Promise<ExportCursor> {
  const query = exportStatement(scope, selection, options.format);
  const client = await db.$client.connect();
  // A connection lost half-way (a restart, a terminated backend, the transaction's timeout) fails the
  // query in flight and every later one at once (pg marks the client unqueryable), and the pool drops
  // such a client when it comes back; the pool's own listener keeps its 'error' from ending the
  // process (client.ts).
  const limitMs = Math.max(1, Math.floor(options.statementTimeoutMs));
  try {
    await client.query(
      `begin read only;
       set local statement_timeout = ${limitMs};
       set local idle_in_transaction_session_timeout = ${limitMs};
       set local transaction_timeout = ${limitMs};
       set local time zone ${client.escapeLiteral(businessTimeZone)}`,
    );
    await client.query(`declare ${exportCursorName} no scroll cursor for ${query.sql}`, query.params);
  } catch (error) {
    // A value PostgreSQL refused (a malformed day) fails the transaction, not the connection.
    await endTransaction(client);
    throw error;
  }
  const batchSize = options.batchSize ?? 2000;
  const fetchText = `fetch forward ${batchSize} from ${exportCursorName}`;
  const fetch = async (): Promise<ExportRow[]> =>
    (await client.query<unknown[]>({ text: fetchText, rowMode: 'array' })).rows as ExportRow[];
  // The first batch is asked for now: PostgreSQL makes it while the writer sets its file up.
  let next: Promise<ExportRow[]> | undefined = fetch();
  next.catch(() => {});
  async function* rows(): AsyncIterable<ExportRow[]> {
    for (;;) {
      if (!next) return;
      const batch: ExportRow[] = await next;
      // The next batch is asked for before this one is handed on: PostgreSQL makes it meanwhile.
      next = batch.length === batchSize ? fetch() : undefined;
      // Awaited by the next turn, or never when the reader stops early (close waits for it instead).
      next?.catch(() => {});
      if (batch.length > 0) yield batch;
    }
  }
  let closing: Promise<void> | undefined;
  return {
    rows: rows(),
    close() {
      // Queued behind a fetch still running; ends the cursor with its transaction (also a failed one).
      closing ??= endTransaction(client);
      return closing;
    },
  };
}
