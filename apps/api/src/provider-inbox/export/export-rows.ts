import { finished } from 'node:stream/promises';
import type { ProviderExportSchema } from '@opora/contracts';
import type { Db } from '@opora/db';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import QueryStream from 'pg-query-stream';
import type { z } from 'zod';
import {
  type ProviderRequestRowRecord,
  providerRequestColumns,
  providerRequestCountFrom,
  providerRequestFrom,
  providerRequestOrderBy,
  providerRequestWhere,
} from '../request-rows.ts';
import type { ProviderScope } from '../scope.ts';

export type ExportSelection = z.output<typeof ProviderExportSchema>['selection'];

/** Exports come in the grid's default order (newest first): the body names no sort. */
const exportSort = '-createdDate';

/**
 * The rows a selection names, within the scope: the ids given that the caller may see (others —
 * another provider's, another facility's — are left out, never an error that would tell they exist),
 * or every row matching the grid's filters.
 */
export function selectionWhere(scope: ProviderScope, selection: ExportSelection): SQL {
  if (selection.mode === 'filter') return providerRequestWhere(scope, selection.filter);
  return sql`${providerRequestWhere(scope, {})} and cr.id = any(${sql.param(selection.ids)}::uuid[])`;
}

/** How many rows the selection has, counting no further than `cap` (enough to refuse or accept). */
export async function countSelection(
  db: Db,
  scope: ProviderScope,
  selection: ExportSelection,
  cap: number,
): Promise<number> {
  const from = providerRequestCountFrom(selection.mode === 'filter' ? selection.filter : {});
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n
    from (select from ${from} where ${selectionWhere(scope, selection)} limit ${cap}) capped
  `);
  return rows[0]?.n ?? 0;
}

const dialect = new PgDialect();

export interface ExportCursor {
  /** The rows, fetched `batchSize` at a time as they are read. */
  rows: AsyncIterable<ProviderRequestRowRecord>;
  /**
   * Closes the cursor (if rows are left), ends its read-only transaction and returns the connection
   * to the pool — or drops the connection when that fails. Call it once, always.
   */
  close(): Promise<void>;
}

export interface ExportCursorOptions {
  /**
   * PostgreSQL times a cursor as one statement from its first fetch to its last, waits for a slow
   * reader included: the export's own limit replaces the pool's 10 s.
   */
  statementTimeoutMs: number;
  batchSize?: number;
}

/**
 * The selection's rows through a server-side cursor (`pg-query-stream`) on a connection of its own
 * from the pool, in a read-only transaction: memory holds one batch, whatever the number of rows.
 */
export async function openExportCursor(
  db: Db,
  scope: ProviderScope,
  selection: ExportSelection,
  options: ExportCursorOptions,
): Promise<ExportCursor> {
  const query = dialect.sqlToQuery(sql`
    select ${providerRequestColumns}
    from ${providerRequestFrom}
    where ${selectionWhere(scope, selection)}
    ${providerRequestOrderBy(exportSort)}`);
  const client = await db.$client.connect();
  try {
    await client.query('begin read only');
    await client.query(`set local statement_timeout = ${Math.max(1, Math.floor(options.statementTimeoutMs))}`);
  } catch (error) {
    client.release(error as Error);
    throw error;
  }
  const stream = client.query(
    new QueryStream(query.sql, query.params as unknown[], { batchSize: options.batchSize ?? 500 }),
  );
  let closing: Promise<void> | undefined;
  return {
    rows: stream as AsyncIterable<ProviderRequestRowRecord>,
    close() {
      closing ??= (async () => {
        try {
          if (!stream.destroyed) stream.destroy();
          await finished(stream).catch(() => {});
          await client.query('rollback');
          client.release();
        } catch (error) {
          client.release(error as Error);
        }
      })();
      return closing;
    },
  };
}
