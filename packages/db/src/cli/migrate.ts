import { databaseFromEnv, describeError } from './environment.ts';
import { runMigrations } from './run-migrations.ts';

async function main(): Promise<void> {
  const database = await databaseFromEnv();
  try {
    await runMigrations(database.url);
  } finally {
    await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`Migration failed: ${describeError(error)}`);
  process.exitCode = 1;
});
