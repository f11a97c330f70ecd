import { randomBytes } from 'node:crypto';
import { inject, type ProvidedContext } from 'vitest';
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
 * in its own database. Outside a test file (in a global setup) pass the setup's provided context.
 */
export async function createTestDatabase(
  provided: Partial<ProvidedContext> = {
    oporaDbAdminUrl: inject('oporaDbAdminUrl'),
    oporaDbTemplate: inject('oporaDbTemplate'),
    oporaDbPrefix: inject('oporaDbPrefix'),
  },
): Promise<TestDatabase> {
  const { oporaDbAdminUrl: adminUrl, oporaDbTemplate: template, oporaDbPrefix: prefix } = provided;
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
