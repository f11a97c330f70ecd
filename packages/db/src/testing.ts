import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createDb, type Db } from './client.ts';
import { quoteIdentifier, withDatabase } from './connection-string.ts';
import { dropDatabase, withAdminClient } from './testing/admin.ts';
import './testing/provided-context.ts';

export * from './testing/factories.ts';

export interface TestDatabase {
  /** Connection string of this test file's own database. */
  url: string;
  name: string;
  db: Db;
  /** Closes the pool and drops the database. */
  close: () => Promise<void>;
}

const sourceInUse = '55006';

/**
 * A fresh database for one test file (call in `beforeAll`, `close()` in `afterAll`), cloned from the
 * template the global setup migrated and seeded with reference data. Test files run in parallel, each
 * in its own database.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('oporaDbAdminUrl');
  const template = inject('oporaDbTemplate');
  const prefix = inject('oporaDbPrefix');
  if (!adminUrl || !template || !prefix) {
    throw new Error(
      'createTestDatabase() needs packages/db/src/testing/global-setup.ts in this Vitest project’s globalSetup.',
    );
  }
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await withAdminClient(adminUrl, async (client) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`create database ${quoteIdentifier(name)} template ${quoteIdentifier(template)}`);
        return;
      } catch (error) {
        // Cloning waits for nobody: a session still leaving the template makes it fail briefly.
        if ((error as { code?: string }).code !== sourceInUse || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  });
  const url = withDatabase(adminUrl, name);
  const handle = createDb(url, { max: 4, applicationName: 'opora-test' });
  let closing: Promise<void> | undefined;
  return {
    url,
    name,
    db: handle.db,
    close: () => {
      closing ??= handle
        .close()
        .then(() => withAdminClient(adminUrl, (client) => dropDatabase(client, name)));
      return closing;
    },
  };
}
