import path from 'node:path';
import pg from 'pg';
import { createDb } from '../client.ts';
import { quoteIdentifier, withDatabase } from '../connection-string.ts';
import { startEmbeddedPostgres } from '../embedded-postgres.ts';
import { migrate } from '../migrate.ts';
import { seed } from '../seed/index.ts';

export interface BenchDatabase {
  /** The bench database, migrated and holding reference data only. */
  url: string;
  /** Where it lives, for the report. */
  description: string;
  /** Drops the database (server of `DATABASE_URL`) or stops the embedded server. */
  close: () => Promise<void>;
}

async function withClient<T>(connectionString: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString, application_name: 'opora-bench' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A database of its own for a benchmark, never the development one: a new database on the server of
 * `databaseUrl` (dropped by `close`), else an embedded PostgreSQL in `tempDir` (fsync off: the data is
 * thrown away). Migrated and seeded with reference data (regions, counties, taxonomy), no demo data.
 */
export async function openBenchDatabase(options: {
  databaseUrl?: string | undefined;
  tempDir: string;
}): Promise<BenchDatabase> {
  let database: BenchDatabase;
  if (options.databaseUrl) {
    const adminUrl = options.databaseUrl;
    const name = `opora_bench_${Date.now().toString(36)}`;
    await withClient(adminUrl, (client) => client.query(`create database ${quoteIdentifier(name)}`));
    const url = withDatabase(adminUrl, name);
    const { hostname, port } = new URL(url);
    database = {
      url,
      description: `database ${name} on ${hostname}:${port || 5432} (DATABASE_URL's server)`,
      close: () =>
        withClient(adminUrl, async (client) => {
          await client.query(`drop database if exists ${quoteIdentifier(name)} with (force)`);
        }),
    };
  } else {
    const server = await startEmbeddedPostgres({
      dataDir: path.join(options.tempDir, 'postgres'),
      fsync: false,
    });
    await withClient(server.url, (client) => client.query('create database opora_bench'));
    database = {
      url: withDatabase(server.url, 'opora_bench'),
      description: `embedded PostgreSQL 18 on 127.0.0.1:${server.port} (temporary directory)`,
      close: server.stop,
    };
  }
  try {
    await migrate(database.url);
    const handle = createDb(database.url, { max: 1, applicationName: 'opora-bench-seed' });
    try {
      // Reference data only; this throwaway database is the bench's own, whatever NODE_ENV says.
      await seed(handle.db, { demo: false, expectedUrl: database.url, env: {} });
    } finally {
      await handle.close();
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/** `EXPLAIN (ANALYZE, BUFFERS)` of one statement with its parameters, as text. */
export async function explainAnalyze(
  connectionString: string,
  text: string,
  values: readonly unknown[] = [],
): Promise<string> {
  return withClient(connectionString, async (client) => {
    const result = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`, [
      ...values,
    ]);
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

/** Runs read-only SQL against the bench database (samples of ids and codes). */
export async function queryRows<T extends pg.QueryResultRow>(
  connectionString: string,
  text: string,
  values: readonly unknown[] = [],
): Promise<T[]> {
  return withClient(connectionString, async (client) => (await client.query<T>(text, [...values])).rows);
}
