import path from 'node:path';
import { type ResolvedDatabase, resolveDatabase } from '../embedded-postgres.ts';

const repositoryRoot = path.resolve(import.meta.dirname, '..', '..', '..', '..');

/** `DATA_DIR` (relative paths from the current directory), default `.data/` at the repository root. */
export function dataDirFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return env.DATA_DIR ? path.resolve(env.DATA_DIR) : path.join(repositoryRoot, '.data');
}

/** `DATABASE_URL`, or the embedded server in `DATA_DIR`. */
export async function databaseFromEnv(env: NodeJS.ProcessEnv = process.env): Promise<ResolvedDatabase> {
  const dataDir = dataDirFromEnv(env);
  const database = await resolveDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
  if (database.embedded) console.log(`Embedded PostgreSQL running from ${path.join(dataDir, 'postgres')}`);
  return database;
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
