import pg from 'pg';
import { quoteIdentifier } from '../connection-string.ts';

export async function withAdminClient<T>(
  adminUrl: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, application_name: 'opora-test-admin' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  // FORCE ends sessions a failed test may have left open.
  await client.query(`drop database if exists ${quoteIdentifier(name)} with (force)`);
}

/** Drops every database whose name starts with `prefix` (test databases of one run, then its template). */
export async function dropDatabasesWithPrefix(adminUrl: string, prefix: string): Promise<void> {
  await withAdminClient(adminUrl, async (client) => {
    const result = await client.query<{ datname: string; datistemplate: boolean }>(
      'select datname, datistemplate from pg_database where starts_with(datname, $1) order by datistemplate',
      [prefix],
    );
    for (const { datname, datistemplate } of result.rows) {
      if (datistemplate) await client.query(`alter database ${quoteIdentifier(datname)} is_template false`);
      await dropDatabase(client, datname);
    }
  });
}
