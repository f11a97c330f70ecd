import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

// The test server's own database, for what a browser test must arrange and no screen can (a paid
// subscription, a thousand requests) — never to check what the screens show.

const root = path.resolve(import.meta.dirname, '..');

export type PgClient = pg.Client;

/** The test server's embedded PostgreSQL (its port and password are in the data directory). */
export async function withDatabase<T>(work: (client: PgClient) => Promise<T>): Promise<T> {
  const cluster = path.resolve(root, process.env.E2E_DATA_DIR ?? '.test-data/e2e', 'postgres');
  const port = readFileSync(path.join(cluster, 'postmaster.pid'), 'utf8').split('\n')[3]?.trim();
  const password = readFileSync(path.join(cluster, 'opora-password'), 'utf8').trim();
  const client = new pg.Client({
    host: '127.0.0.1',
    port: Number(port),
    user: 'postgres',
    password,
    database: 'opora',
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A month of the self-managed plan for the account, for tests whose subject is not paying (that is
 * e2e/subscriptions.spec.ts's journey through the test gateway).
 */
export async function giveSubscription(email: string): Promise<void> {
  const { rowCount } = await withDatabase((client) =>
    client.query(
      `insert into subscriptions (user_id, subscription_type_id, currency, amount_minor, vat_rate_percent,
                                  gateway, current_period_end)
       select u.id, t.id, 'CZK', 14900, 21, 'test', now() + interval '1 month'
       from users u, subscription_types t
       where lower(u.email) = lower($1) and t.code = 'self-managed'`,
      [email],
    ),
  );
  if (rowCount !== 1) throw new Error(`no subscription written for ${email}`);
}
