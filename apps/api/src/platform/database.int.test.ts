import { type CreateDbOptions, createDb, type DbHandle } from '@opora/db';
import { createTestDatabase, type TestDatabase } from '@opora/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { someClientAddress } from '../accounts/testing/account-test-server.ts';
import { type App, buildApp } from '../app.ts';
import { testConfig } from '../testing/test-app.ts';
import { waitFor } from '../testing/wait-for.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

/** The app on a pool of its own with the given limits. */
async function withApp(pool: CreateDbOptions, run: (app: App, handle: DbHandle) => Promise<void>) {
  const handle = createDb(database.url, { applicationName: 'opora-test-app', ...pool });
  const app = await buildApp({ config: testConfig(), db: handle.db });
  try {
    await run(app, handle);
  } finally {
    await app.close();
    await handle.close();
  }
}

/** A request that needs the database: the reset request reads and locks the account's row. */
function resetRequest(app: App) {
  return app.inject({
    method: 'PUT',
    url: '/api/v1/web/users/reset-password/request',
    payload: { email: 'kdokoli@example.cz' },
    remoteAddress: someClientAddress(),
  });
}

function expectServiceUnavailable(response: Awaited<ReturnType<typeof resetRequest>>) {
  expect(response.statusCode).toBe(503);
  expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  expect(response.json()).toMatchObject({ status: 503, code: 'ServiceUnavailable' });
}

describe('database calls that cannot be served in time', () => {
  it('answer a statement that exceeds the statement timeout with a 503 problem, quickly', async () => {
    await withApp({ statementTimeoutMs: 300 }, async (app) => {
      // Another session holds the table: the request's statement waits for it.
      const holder = await database.db.$client.connect();
      try {
        await holder.query('begin');
        await holder.query('lock table users in access exclusive mode');
        const started = performance.now();
        const response = await resetRequest(app);
        expect(performance.now() - started).toBeLessThan(3000);
        expectServiceUnavailable(response);
      } finally {
        await holder.query('rollback');
        holder.release();
      }
      expect((await resetRequest(app)).statusCode).toBe(204);
    });
  });

  it('answer 503 when no pooled connection frees up within the acquisition timeout', async () => {
    await withApp({ max: 2, acquireTimeoutMs: 300 }, async (app, handle) => {
      const taken = [await handle.pool.connect(), await handle.pool.connect()];
      try {
        const started = performance.now();
        const response = await resetRequest(app);
        expect(performance.now() - started).toBeLessThan(3000);
        expectServiceUnavailable(response);
      } finally {
        for (const client of taken) client.release();
      }
      expect((await resetRequest(app)).statusCode).toBe(204);
    });
  });
});

describe('GET /api/health (liveness)', () => {
  it('fails while every pooled connection is taken and none comes back, and recovers when they do', async () => {
    // Timeouts of 200 ms make the pool count as wedged after 800 ms without movement.
    await withApp(
      { max: 2, statementTimeoutMs: 200, idleInTransactionTimeoutMs: 200, acquireTimeoutMs: 200 },
      async (app, handle) => {
        expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
        // A leak: both connections checked out and never returned.
        const leaked = [await handle.pool.connect(), await handle.pool.connect()];
        try {
          const wedged = await waitFor('liveness to fail', async () => {
            const response = await app.inject({ method: 'GET', url: '/api/health' });
            return response.statusCode === 503 ? response : undefined;
          });
          expect(wedged.headers['content-type']).toBe('application/problem+json; charset=utf-8');
          expect(wedged.json()).toMatchObject({ code: 'ServiceUnavailable', instance: '/api/health' });
          expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(503);
        } finally {
          for (const client of leaked) client.release();
        }
        expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
        expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      },
    );
  });

  it('stays alive while the database is down: that is readiness, and a restart would not help', async () => {
    const closed = createDb(database.url);
    await closed.close();
    const app = await buildApp({ config: testConfig({ JOBS_WORKER: 'false' }), db: closed.db });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(503);
    } finally {
      await app.close();
    }
  });
});
