import { createDb } from '@opora/db';
import { createTestDatabase, type TestDatabase } from '@opora/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../testing/test-app.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

describe('GET /api/health', () => {
  it('reports the process alive with its version', async () => {
    const app = await buildApp({ config: testConfig({ APP_VERSION: '9.8.7' }), db: database.db });
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', version: '9.8.7', uptimeSeconds: expect.any(Number) });
    await app.close();
  });
});

describe('GET /api/ready', () => {
  it('is ready when the database answers', async () => {
    const app = await buildApp({ config: testConfig(), db: database.db });
    const response = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
    await app.close();
  });

  it('answers 503 ServiceUnavailable when the database is unreachable', async () => {
    const closed = createDb(database.url);
    await closed.close();
    const app = await buildApp({ config: testConfig(), db: closed.db });
    const response = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(response.json()).toMatchObject({
      status: 503,
      code: 'ServiceUnavailable',
      instance: '/api/ready',
    });
    await app.close();
  });
});
