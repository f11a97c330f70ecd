import pg from 'pg';
import { redactConnectionString } from '../connection-string.ts';
import { migrate } from '../migrate.ts';

async function appliedMigrationCount(connectionString: string): Promise<number> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const result = await client.query<{ count: string }>(
      'select count(*) as count from drizzle.__drizzle_migrations',
    );
    return Number(result.rows[0]?.count ?? 0);
  } catch (error) {
    // A database never migrated has no journal yet (undefined schema or table).
    const code = (error as { code?: string }).code;
    if (code === '3F000' || code === '42P01') return 0;
    throw error;
  } finally {
    await client.end();
  }
}

export async function runMigrations(connectionString: string): Promise<void> {
  const before = await appliedMigrationCount(connectionString);
  await migrate(connectionString);
  const after = await appliedMigrationCount(connectionString);
  console.log(
    `Migrations: ${after - before} applied, ${after} in total, database ${redactConnectionString(connectionString)}`,
  );
}
