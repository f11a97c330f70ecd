import type { Db } from '@opora/db';

/**
 * Runs a read as a named prepared statement on the pool (`$client`; never inside a transaction).
 * PostgreSQL parses it once per connection and, after its first five executions, keeps one generic
 * plan: for the hot reads (the signed-in account, the catalogue lists and detail) planning took
 * longer than running them (docs/performance.md). `name` must be unique per `text`.
 */
export async function preparedRows<T extends Record<string, unknown>>(
  db: Db,
  name: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  const result = await db.$client.query<T>({ name, text, values });
  return result.rows;
}
