import { type SQL, sql } from 'drizzle-orm';

/**
 * A `timestamptz` column as ISO 8601 in UTC with milliseconds (`2026-11-24T09:30:00.000Z`, what
 * `Date#toISOString` writes): raw statements get timestamps as PostgreSQL's text from Drizzle.
 */
export function isoInstant(column: SQL): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
