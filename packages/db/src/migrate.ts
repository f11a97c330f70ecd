import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as runMigrations } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { getConstructionPlans } from 'pg-boss';

export const migrationsFolder = path.join(import.meta.dirname, '..', 'drizzle');

/** PostgreSQL schema of the job queue (pg-boss), beside the application's tables. */
export const jobQueueSchema = 'pgboss';

// Any constant works; it only has to be the same for every process migrating this database.
const migrationLockKey = 7_241_905_113;

/**
 * Applies pending migrations from `drizzle/`, then installs the job queue's schema (pg-boss) into a
 * database that has none. Replicas starting together take turns on an advisory lock, so each
 * migration runs once. Installing here, not when the API starts, puts the queue into every database
 * that is migrated: `pnpm start`'s, a deployment's, and the tests' template that each test file's
 * database is cloned from. A later pg-boss release upgrades its own schema when the API starts it.
 */
export async function migrate(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString, application_name: 'opora-migrate' });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
    try {
      await runMigrations(drizzle({ client }), { migrationsFolder });
      await installJobQueue(client);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [migrationLockKey]);
    }
  } finally {
    await client.end();
  }
}

/** pg-boss's construction script (one transaction) when its schema is missing. */
async function installJobQueue(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ installed: boolean }>(
    `select to_regclass('${jobQueueSchema}.version') is not null as installed`,
  );
  if (!rows[0]?.installed) await client.query(getConstructionPlans(jobQueueSchema));
}
