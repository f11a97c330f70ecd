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

/** The part of pg-cursor (inside pg-query-stream) the export uses. */
interface PgCursor {
  /** The next rows, at most `count`; none once every row was read. */
  read(count: number): Promise<ProviderRequestRowRecord[]>;
  close(): Promise<void>;
  /** `error` once the statement failed, even if no read has been told yet (a timeout between reads). */
  state: string;
}

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
 * The selection's rows through a server-side cursor (pg-cursor, from `pg-query-stream`) on a
 * connection of its own from the pool, in a read-only transaction: memory holds one batch, whatever
 * the number of rows.
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
  // A connection lost half-way (a restart, a terminated backend) is an 'error' of the client, which
  // pg-pool does not listen for while the client is lent: unheard, it would end the process. Reads
  // and `close` stop waiting once it comes (a dead connection answers nothing).
  let lostWith: Error | undefined;
  let onLost: (error: Error) => void = () => {};
  const lost = new Promise<never>((_resolve, reject) => {
    onLost = reject;
  });
  lost.catch(() => {});
  const onClientError = (error: Error) => {
    lostWith ??= error;
    onLost(error);
  };
  client.on('error', onClientError);
  const release = (error?: Error) => {
    client.off('error', onClientError);
    client.release(error);
  };
  try {
    await client.query('begin read only');
    await client.query(
      `set local statement_timeout = ${Math.max(1, Math.floor(options.statementTimeoutMs))}`,
    );
  } catch (error) {
    release(error as Error);
    throw error;
  }
  const batchSize = options.batchSize ?? 500;
  // Read through the stream's pg-cursor, a batch per `read`, not through the stream itself: when the
  // statement fails before the first read (a bad value, a timeout), destroying a pg-query-stream waits
  // for a `ReadyForQuery` that came already, and the export would never end.
  const cursor = client.query(new QueryStream(query.sql, query.params as unknown[], { batchSize }))
    .cursor as PgCursor;
  let failed = false;
  async function* rows(): AsyncIterable<ProviderRequestRowRecord> {
    for (;;) {
      let batch: ProviderRequestRowRecord[];
      try {
        batch = await Promise.race([cursor.read(batchSize), lost]);
      } catch (error) {
        failed = true;
        throw error;
      }
      if (batch.length === 0) return;
      yield* batch;
    }
  }
  let closing: Promise<void> | undefined;
  return {
    rows: rows(),
    close() {
      closing ??= (async () => {
        try {
          // A failed statement has no portal left to close (and pg-cursor would wait for nothing).
          if (!failed && cursor.state !== 'error') await Promise.race([cursor.close(), lost]);
          await client.query('rollback');
          release();
        } catch (error) {
          release(lostWith ?? (error as Error));
        }
      })();
      return closing;
    },
  };
}
