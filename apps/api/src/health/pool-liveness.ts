import type { Db } from '@opora/db';

type Pool = Db['$client'];

export interface PoolLiveness {
  /** True while every connection has been checked out and none returned for longer than `stallMs`. */
  stalled(): boolean;
  readonly stallMs: number;
  /** Stops watching (the pool may outlive the app). */
  stop(): void;
}

/**
 * How long every connection may stay checked out with none returned before the pool counts as
 * wedged: twice the longest a healthy statement and a pause within a transaction may last (both are
 * ended by PostgreSQL after their timeouts), else a minute when the pool sets no timeouts.
 */
export function stallLimitMs(options: Pool['options']): number {
  const statement = typeof options.statement_timeout === 'number' ? options.statement_timeout : 0;
  const idle = options.idle_in_transaction_session_timeout ?? 0;
  return statement > 0 || idle > 0 ? 2 * (statement + idle) : 60_000;
}

/**
 * Watches the pool's movement (connections handed out and returned). A process whose connections
 * are all taken and none comes back is wedged — a connection leaked or held by a bug — and will not
 * recover by itself, so liveness fails and an orchestrator restarts it. A database that is down is
 * not this (connections fail to open instead of staying taken): readiness reports that, and a
 * restart would not help.
 */
export function watchPool(pool: Pool, now: () => number = Date.now): PoolLiveness {
  const stallMs = stallLimitMs(pool.options);
  let lastMovement = now();
  const moved = () => {
    lastMovement = now();
  };
  pool.on('acquire', moved);
  pool.on('release', moved);
  const max = pool.options.max ?? 10;
  return {
    stallMs,
    stalled: () => pool.totalCount >= max && pool.idleCount === 0 && now() - lastMovement > stallMs,
    stop: () => {
      pool.off('acquire', moved);
      pool.off('release', moved);
    },
  };
}
