import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedPostgresServer, resolveDatabase, startEmbeddedPostgres } from './embedded-postgres.ts';

let root: string;
let dataDir: string;

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'opora-embedded-test-'));
  // mkdtemp makes a 0700 folder: run as root, starting the server must open a way through it.
  // Where resolveDatabase({ dataDir: root }) looks for it, so the last test reuses this cluster.
  dataDir = path.join(root, 'postgres');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

// One cluster walks through its life: the tests (run in order) share it to keep initdb to a single run.
describe('embedded PostgreSQL', () => {
  it('starts, answers queries, stops, and restarts on the same data directory with its data', async () => {
    const first = await startEmbeddedPostgres({ dataDir, fsync: false });
    if (process.getuid?.() === 0) expect((await stat(root)).mode & 0o001).toBe(0o001);
    try {
      expect(await query(first.url, 'select 1 as one')).toEqual([{ one: 1 }]);
      await query(first.url, "create table kept (note text); insert into kept values ('survives restarts')");
    } finally {
      await first.stop();
    }
    await expect(query(first.url, 'select 1')).rejects.toThrow();

    const second = await startEmbeddedPostgres({ dataDir, fsync: false });
    try {
      expect(await query(second.url, 'select note from kept')).toEqual([{ note: 'survives restarts' }]);
    } finally {
      await second.stop();
    }
  });

  it('refuses to start a second server on a data directory in use, naming the running one', async () => {
    const running = await startEmbeddedPostgres({ dataDir, fsync: false });
    try {
      await expect(startEmbeddedPostgres({ dataDir, fsync: false })).rejects.toThrow(
        /already running on .*postgres.*kill \d+/,
      );
      expect(await query(running.url, 'select 1 as one')).toEqual([{ one: 1 }]);
    } finally {
      await running.stop();
    }
  });

  it('removes a postmaster.pid left behind by a crashed server and starts', async () => {
    // A pid far above any default pid_max cannot belong to a live process.
    await writeFile(path.join(dataDir, 'postmaster.pid'), `99999999\n${dataDir}\n1700000000\n5432\n`);
    let server: EmbeddedPostgresServer | undefined;
    try {
      server = await startEmbeddedPostgres({ dataDir, fsync: false });
      expect(await query(server.url, 'select 1 as one')).toEqual([{ one: 1 }]);
    } finally {
      await server?.stop();
    }
  });

  it('resolves to the embedded server with an `opora` database when no DATABASE_URL is given', async () => {
    const resolved = await resolveDatabase({ dataDir: root });
    try {
      expect(resolved.embedded).toBe(true);
      expect(await query(resolved.url, 'select current_database() as name')).toEqual([{ name: 'opora' }]);
    } finally {
      await resolved.stop();
    }
    const external = await resolveDatabase({
      databaseUrl: 'postgres://app@db.internal:5432/opora',
      dataDir: root,
    });
    expect(external).toMatchObject({ url: 'postgres://app@db.internal:5432/opora', embedded: false });
  });
});
