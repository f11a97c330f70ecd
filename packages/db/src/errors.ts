/** SQLSTATE codes the application reacts to. */
export const postgresErrorCodes = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  /** Deleting a row that `on delete restrict` references (PostgreSQL 18; earlier versions say 23503). */
  restrictViolation: '23001',
  checkViolation: '23514',
  notNullViolation: '23502',
} as const;

export interface PostgresError {
  code: string;
  constraint?: string;
  table?: string;
  column?: string;
}

/**
 * The PostgreSQL error behind a failed query, also when Drizzle wrapped it (`DrizzleQueryError.cause`).
 * Lets a use case map a constraint to a catalogue error, e.g.
 * `care_requests_case_id_facility_service_id_live_unique` → `FacilityServiceAlreadyRequested`.
 */
export function postgresErrorOf(error: unknown): PostgresError | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    const candidate = current as Error & Partial<PostgresError>;
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        ...(candidate.constraint ? { constraint: candidate.constraint } : {}),
        ...(candidate.table ? { table: candidate.table } : {}),
        ...(candidate.column ? { column: candidate.column } : {}),
      };
    }
  }
  return undefined;
}

/**
 * SQLSTATEs that mean "the database cannot serve this now; try again later": the statement or lock
 * wait ran out of time, the session was ended (idle in a transaction too long, server shutting down),
 * the connection broke, or the server is out of connections.
 */
const unavailableStates = new Set([
  '57014', // query_canceled: statement_timeout
  '55P03', // lock_not_available: lock_timeout
  '25P03', // idle_in_transaction_session_timeout
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '53300', // too_many_connections
]);

/** node-postgres' and pg-pool's own failures, which carry no SQLSTATE. */
const unavailableMessages = [
  'timeout exceeded when trying to connect', // waited the pool's acquisition timeout
  'Connection terminated', // the server or the network ended the connection
  'Cannot use a pool after calling end on the pool',
  'Client has encountered a connection error and is not queryable',
];

const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * Whether a failed query (possibly wrapped by Drizzle) failed because the database could not serve it
 * in time, rather than because of the query: a timeout, a broken or refused connection, an exhausted
 * pool. Callers answer such failures "try again later" (HTTP 503), never as a bug.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let current = error, depth = 0;
    current instanceof Error && depth < 8;
    current = current.cause, depth++
  ) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string') {
      if (unavailableStates.has(code) || code.startsWith('08') || networkCodes.has(code)) return true;
    }
    if (
      unavailableMessages.some((message) => current instanceof Error && current.message.startsWith(message))
    ) {
      return true;
    }
  }
  return false;
}
