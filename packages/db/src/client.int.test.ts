import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb } from './client.ts';
import { quoteIdentifier, withDatabase } from './connection-string.ts';
import { dropDatabase, withAdminClient } from './testing/admin.ts';

const adminUrl = inject('oporaDbAdminUrl');
const database = `${inject('oporaDbPrefix')}_client_${randomBytes(3).toString('hex')}`;
const url = withDatabase(adminUrl, database);

beforeAll(async () => {
  await withAdminClient(adminUrl, (client) => client.query(`create database ${quoteIdentifier(database)}`));
});

afterAll(async () => {
  await withAdminClient(adminUrl, (client) => dropDatabase(client, database));
});

describe('createDb', () => {
  it('survives a connection that dies while lent out, and serves the next call', async () => {
    const handle = createDb(url, { max: 2, applicationName: 'opora-client-test' });
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const lent = await handle.pool.connect();
      const { rows } = await lent.query<{ pid: number }>('select pg_backend_pid() as pid');
      // What a database restart does to every connection: the server ends it.
      await withAdminClient(adminUrl, (admin) =>
        admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]),
      );
      await expect(lent.query('select 1')).rejects.toThrow();
      lent.release(true);
      // Give the socket's close and error events time to arrive.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(uncaught).toEqual([]);
      const again = await handle.pool.query<{ one: number }>('select 1 as one');
      expect(again.rows[0]?.one).toBe(1);
    } finally {
      process.off('uncaughtException', onUncaught);
      await handle.close();
    }
  });
});
