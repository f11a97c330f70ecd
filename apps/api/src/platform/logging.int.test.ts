import { createTestDatabase, type TestDatabase } from '@opora/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { captureLogs, testConfig } from '../testing/test-app.ts';
import { serializeError } from './logging.ts';

let database: TestDatabase;
let app: App;
const logs = captureLogs();

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), db: database.db, logger: logs.logger });
});

afterAll(async () => {
  await app.close();
  await database.close();
});

describe('request ids', () => {
  it('echoes a safe incoming x-request-id', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-4f2a:91.b_c-d' },
    });
    expect(response.headers['x-request-id']).toBe('lb-4f2a:91.b_c-d');
  });

  it('replaces an unsafe incoming id with a fresh one', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'evil\u001b[31m id with spaces' },
    });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('gives each request its own id when none is sent', async () => {
    const [a, b] = await Promise.all([
      app.inject({ method: 'GET', url: '/api/health' }),
      app.inject({ method: 'GET', url: '/api/health' }),
    ]);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});

describe('request logs', () => {
  it('record method, path, status and duration but never the query string, credentials or body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/web/config?email=jana.novakova%40example.cz&_envelope=1',
      headers: {
        'x-request-id': 'req-log-1',
        authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.secret-token',
        cookie: 'access_token=cookie-secret',
        'content-type': 'application/json',
      },
      payload: { birthNumber: '7801011234' },
    });
    // The path answers GET only.
    expect(response.statusCode).toBe(405);
    const lines = logs.lines.filter((line) => line.includes('"req-log-1"'));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    const text = lines.join('\n');
    for (const secret of [
      'jana',
      'example.cz',
      'eyJhbGci',
      'secret-token',
      'cookie-secret',
      '7801011234',
      '_envelope',
    ]) {
      expect(text).not.toContain(secret);
    }
    const records = logs.records().filter((record) => record.reqId === 'req-log-1');
    expect(records).toContainEqual(
      expect.objectContaining({
        msg: 'incoming request',
        req: { method: 'POST', path: '/api/v1/web/config' },
      }),
    );
    expect(records).toContainEqual(
      expect.objectContaining({
        msg: 'request completed',
        res: { statusCode: 405 },
        responseTime: expect.any(Number),
      }),
    );
  });
});

describe('error logs', () => {
  it('keep the SQLSTATE and the query but not the values of a failed query', async () => {
    const email = 'jana.novakova@example.cz';
    const failure = await database.db.execute(sql`select ${email}::int`).catch((error: unknown) => error);
    const logged = JSON.stringify(serializeError(failure));
    expect(logged).not.toContain(email);
    expect(logged).toContain('22P02');
    expect(logged).toContain('select $1::int');
  });
});

describe('secrets passed to a log call', () => {
  it('are censored wherever a careless call puts them', () => {
    const capture = captureLogs();
    capture.logger.info(
      {
        account: {
          password: 'Heslo-1234',
          newPassword: 'Nove-5678',
          token: 'reset-abc',
          refresh_token: 'rt-xyz',
        },
      },
      'account changed',
    );
    const text = capture.lines.join('\n');
    for (const secret of ['Heslo-1234', 'Nove-5678', 'reset-abc', 'rt-xyz'])
      expect(text).not.toContain(secret);
    expect(text).toContain('[redacted]');
  });
});
