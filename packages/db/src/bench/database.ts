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

/** A parameter as SQL text, for `EXECUTE name(…)`, which takes no bind parameters. */
function literal(client: pg.Client, value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return String(value);
  if (value instanceof Date) return client.escapeLiteral(value.toISOString());
  if (Array.isArray(value)) {
    const elements = value.map((element) =>
      element === null ? 'NULL' : `"${String(element).replace(/["\\]/g, '\\$&')}"`,
    );
    return client.escapeLiteral(`{${elements.join(',')}}`);
  }
  return client.escapeLiteral(String(value));
}

/**
 * `EXPLAIN (ANALYZE, BUFFERS)` of one statement with its parameters, as text. With `preparedAs`, the
 * statement is prepared under that name as the API prepares it, run once, then explained as a generic
 * plan (`EXECUTE`): the plan a connection of the API keeps after PostgreSQL's first five executions.
 */
export async function explainAnalyze(
  connectionString: string,
  text: string,
  values: readonly unknown[] = [],
  options: { preparedAs?: string } = {},
): Promise<string> {
  return withClient(connectionString, async (client) => {
    let explained = text;
    let parameters = [...values];
    if (options.preparedAs) {
      await client.query('set plan_cache_mode = force_generic_plan');
      await client.query({ name: options.preparedAs, text, values: parameters });
      const list = parameters.map((value) => literal(client, value)).join(', ');
      explained = `execute ${client.escapeIdentifier(options.preparedAs)}${list ? `(${list})` : ''}`;
      parameters = [];
    }
    const result = await client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${explained}`,
      parameters,
    );
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
