import type { Db } from '@opora/db';
import { sql } from 'drizzle-orm';

/** A readiness probe must answer quickly even when the database host stops answering. */
const probeTimeoutMs = 2000;

/** Resolves when the database answers a trivial query; rejects otherwise. */
export async function checkDatabase(db: Db): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`database did not answer within ${probeTimeoutMs} ms`)),
      probeTimeoutMs,
    );
  });
  try {
    // Names no table: raw SQL with nothing of the schema to check.
    await Promise.race([db.execute(sql`select 1`), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
