import { createDb } from '../client.ts';
import { assertSeedAllowed, seed } from '../seed/index.ts';
import { databaseFromEnv, describeError } from './environment.ts';
import { runMigrations } from './run-migrations.ts';

async function main(): Promise<void> {
  const seedDemo = process.env.SEED_DEMO;
  if (seedDemo !== undefined && seedDemo !== 'true' && seedDemo !== 'false') {
    throw new Error(`SEED_DEMO must be true or false, not "${seedDemo}"`);
  }
  const demo = seedDemo !== 'false';
  assertSeedAllowed(demo, process.env);
  const database = await databaseFromEnv();
  try {
    // A fresh database is migrated first, so `pnpm db:seed` works on its own.
    await runMigrations(database.url);
    const { db, close } = createDb(database.url, { max: 2, applicationName: 'opora-seed' });
    try {
      const summary = await seed(db, { demo, expectedUrl: database.url });
      console.log(`Seeded ${demo ? 'reference and demo data' : 'reference data'}:`);
      for (const [table, count] of Object.entries(summary)) console.log(`  ${table}: ${count}`);
    } finally {
      await close();
    }
  } finally {
    await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`Seeding failed: ${describeError(error)}`);
  process.exitCode = 1;
});
