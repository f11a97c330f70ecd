import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as runMigrations } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

export const migrationsFolder = path.join(import.meta.dirname, '..', 'drizzle');

// Any constant works; it only has to be the same for every process migrating this database.
const migrationLockKey = 7_241_905_113;

/**
 * Applies pending migrations from `drizzle/`. Replicas starting together take turns on an advisory lock,
 * so each migration runs once.
 */
export async function migrate(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString, application_name: 'opora-migrate' });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
    try {
      await runMigrations(drizzle({ client }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [migrationLockKey]);
    }
  } finally {
    await client.end();
  }
}
