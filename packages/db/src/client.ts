import { drizzle, type NodePgDatabase, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Db = NodePgDatabase<typeof schema>;
/** A database or a transaction: what functions that may run inside `db.transaction` accept. */
export type DbExecutor = PgDatabase<NodePgQueryResultHKT, typeof schema>;

export interface CreateDbOptions {
  /** Pool size; default 10. */
  max?: number;
  /** Shown in `pg_stat_activity`; default `opora`. */
  applicationName?: string;
  /**
   * Errors of idle pooled connections (server restart, network cut). Without a listener `pg` would crash
   * the process; the default prints the PostgreSQL error code only (messages may quote data).
   */
  onIdleError?: (error: Error) => void;
}

export interface DbHandle {
  db: Db;
  pool: pg.Pool;
  /** Ends the pool; safe to call more than once. */
  close: () => Promise<void>;
}

export function createDb(connectionString: string, options: CreateDbOptions = {}): DbHandle {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'opora',
  });
  pool.on(
    'error',
    options.onIdleError ??
      ((error: Error & { code?: string }) => {
        console.error(`PostgreSQL idle connection error${error.code ? ` (${error.code})` : ''}`);
      }),
  );
  const db = drizzle({ client: pool, schema });
  let closing: Promise<void> | undefined;
  return {
    db,
    pool,
    close: () => {
      closing ??= pool.end();
      return closing;
    },
  };
}
