import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { quoteIdentifier, withDatabase } from './connection-string.ts';
import { migrate, migrationsFolder } from './migrate.ts';
import { dropDatabase, withAdminClient } from './testing/admin.ts';

const adminUrl = inject('oporaDbAdminUrl');
const emptyDatabase = `${inject('oporaDbPrefix')}_empty_${randomBytes(3).toString('hex')}`;
const url = withDatabase(adminUrl, emptyDatabase);

async function query<T extends pg.QueryResultRow>(text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await withAdminClient(adminUrl, (client) =>
    client.query(`create database ${quoteIdentifier(emptyDatabase)}`),
  );
});

afterAll(async () => {
  await withAdminClient(adminUrl, (client) => dropDatabase(client, emptyDatabase));
});

describe('migrate', () => {
  it('applies every committed migration to an empty database, and a second run does nothing', async () => {
    const migrationFiles = (await readdir(migrationsFolder)).filter((file) => file.endsWith('.sql'));
    await migrate(url);
    const [journal] = await query<{ count: string }>(
      'select count(*) as count from drizzle.__drizzle_migrations',
    );
    expect(Number(journal?.count)).toBe(migrationFiles.length);

    const tables = await query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public'",
    );
    expect(tables.map((table) => table.table_name)).toEqual(
      expect.arrayContaining(['regions', 'counties', 'care_requests', 'facility_services', 'email_outbox']),
    );

    await migrate(url);
    const [again] = await query<{ count: string }>(
      'select count(*) as count from drizzle.__drizzle_migrations',
    );
    expect(Number(again?.count)).toBe(migrationFiles.length);
  });

  it('has committed migrations that match the schema (drizzle-kit generate finds nothing to do)', async () => {
    const packageDir = path.join(import.meta.dirname, '..');
    const scratch = await mkdtemp(path.join(tmpdir(), 'opora-drizzle-check-'));
    try {
      await cp(migrationsFolder, scratch, { recursive: true });
      const { stdout, stderr } = await promisify(execFile)(
        path.join(packageDir, 'node_modules', '.bin', 'drizzle-kit'),
        [
          'generate',
          '--dialect=postgresql',
          '--schema=./src/schema/index.ts', // drizzle-kit prefixes `./` to the folder, so it must be relative.
          `--out=${path.relative(packageDir, scratch)}`,
        ],
        { cwd: packageDir },
      );
      expect(`${stdout}${stderr}`).toContain('No schema changes');
      expect((await readdir(scratch)).filter((file) => file.endsWith('.sql'))).toHaveLength(
        (await readdir(migrationsFolder)).filter((file) => file.endsWith('.sql')).length,
      );
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });
});
