import { drizzle, type NodePgDatabase, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';

/** The application's database: Drizzle over a `pg` pool (`$client`, for its counters and settings). */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A connection lent by the pool (`db.$client.connect()`), e.g. for a cursor's transaction. */
export type DbClient = pg.PoolClient;
/** A database or a transaction: what functions that may run inside `db.transaction` accept. */
export type DbExecutor = PgDatabase<NodePgQueryResultHKT, typeof schema>;

/** Pool limits unless a caller says otherwise (the API takes them from its configuration). */
const poolDefaults = {
  max: 10,
  /** A statement running longer is cancelled by PostgreSQL (SQLSTATE 57014). */
  statementTimeoutMs: 10_000,
  /** A caller waits this long for a pooled connection (or for a new one to open), then fails. */
  acquireTimeoutMs: 5_000,
  /**
   * A transaction left idle this long (its code awaits something else) is ended by PostgreSQL
   * (SQLSTATE 25P03), which returns its connection to the pool. Our transactions never wait for
   * anything outside the database, so only a bug or a stalled process reaches it.
   */
  idleInTransactionTimeoutMs: 15_000,
} as const;

export interface CreateDbOptions {
  /** Pool size; default 10. */
  max?: number;
  /** Shown in `pg_stat_activity`; default `opora`. */
  applicationName?: string;
  /** Per statement, enforced by PostgreSQL; default 10 s; 0 turns it off (migrations, bulk loads). */
  statementTimeoutMs?: number;
  /** Longest wait for a connection from the pool; default 5 s. */
  acquireTimeoutMs?: number;
  /** Longest a transaction may stay idle before PostgreSQL ends its session; default 15 s; 0 = off. */
  idleInTransactionTimeoutMs?: number;
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

/**
 * A pooled database whose every call ends: statements are bounded by PostgreSQL's
 * `statement_timeout`, waiting for a connection by the pool's acquisition timeout, and a transaction
 * that stops issuing statements by `idle_in_transaction_session_timeout`. Failures of these kinds are
 * recognised by `isDatabaseUnavailable` (the API answers them 503).
 */
export function createDb(connectionString: string, options: CreateDbOptions = {}): DbHandle {
  const statementTimeout = options.statementTimeoutMs ?? poolDefaults.statementTimeoutMs;
  const idleInTransactionTimeout =
    options.idleInTransactionTimeoutMs ?? poolDefaults.idleInTransactionTimeoutMs;
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? poolDefaults.max,
    application_name: options.applicationName ?? 'opora',
    connectionTimeoutMillis: options.acquireTimeoutMs ?? poolDefaults.acquireTimeoutMs,
    // Sent with the connection's startup packet: no extra round trip per connection.
    ...(statementTimeout > 0 ? { statement_timeout: statementTimeout } : {}),
    ...(idleInTransactionTimeout > 0
      ? { idle_in_transaction_session_timeout: idleInTransactionTimeout }
      : {}),
    // A server that vanished without closing the connection is noticed instead of waited for.
    keepAlive: true,
  });
  pool.on(
    'error',
    options.onIdleError ??
      ((error: Error & { code?: string }) => {
        console.error(`PostgreSQL idle connection error${error.code ? ` (${error.code})` : ''}`);
      }),
  );
  // A connection lent out (a transaction, an export's cursor) that fails — a restart, a terminated
  // backend — emits 'error' on its client, which pg-pool hears only while the connection is idle:
  // unheard, it would end the process. The statement in flight fails by itself, and the pool drops a
  // connection that can no longer be queried when it comes back.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
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
