import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDb } from '../client.ts';
import { quoteIdentifier, withDatabase } from '../connection-string.ts';
import { type EmbeddedPostgresServer, startEmbeddedPostgres } from '../embedded-postgres.ts';
import { migrate } from '../migrate.ts';
import { seed } from '../seed/index.ts';
import { dropDatabasesWithPrefix, withAdminClient } from './admin.ts';
import './provided-context.ts';

/**
 * Vitest global setup for suites that need PostgreSQL: the server of `DATABASE_URL`, else an embedded
 * server in a temporary directory (fsync off, free port). Creates a template database with all migrations
 * and the reference data (no demo data); `createTestDatabase()` clones it for each test file. Several
 * projects may run this in the same `vitest run`: every run uses its own names (and its own embedded
 * server), and teardown drops every database it created.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const prefix = `opora_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  let server: EmbeddedPostgresServer | undefined;
  let temporaryDir: string | undefined;
  let adminUrl = process.env.DATABASE_URL;

  const teardown = async () => {
    try {
      if (adminUrl) await dropDatabasesWithPrefix(adminUrl, prefix);
    } finally {
      await server?.stop();
      if (temporaryDir) await rm(temporaryDir, { recursive: true, force: true });
    }
  };

  try {
    if (!adminUrl) {
      temporaryDir = await mkdtemp(path.join(tmpdir(), 'opora-test-pg-'));
      server = await startEmbeddedPostgres({ dataDir: path.join(temporaryDir, 'data'), fsync: false });
      adminUrl = server.url;
    }
    const template = `${prefix}_template`;
    await withAdminClient(adminUrl, (client) => client.query(`create database ${quoteIdentifier(template)}`));
    const templateUrl = withDatabase(adminUrl, template);
    await migrate(templateUrl);
    const handle = createDb(templateUrl, { max: 1 });
    try {
      // The template is this run's own throwaway database, whatever NODE_ENV says.
      await seed(handle.db, { demo: false, expectedUrl: templateUrl, env: {} });
    } finally {
      await handle.close();
    }
    // No session may stay connected to a template while it is cloned.
    await withAdminClient(adminUrl, (client) =>
      client.query(
        `alter database ${quoteIdentifier(template)} with is_template true allow_connections false`,
      ),
    );
    project.provide('oporaDbAdminUrl', adminUrl);
    project.provide('oporaDbTemplate', template);
    project.provide('oporaDbPrefix', prefix);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
