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
 * `care_requests_case_id_facility_service_id_unique` → `FacilityServiceAlreadyRequested`.
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
