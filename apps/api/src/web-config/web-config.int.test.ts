import { ValidationProblemSchema, WebConfigSchema } from '@opora/contracts';
import { createTestDatabase, type TestDatabase } from '@opora/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { testConfig } from '../testing/test-app.ts';

let database: TestDatabase;
let app: App;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config: testConfig({ APP_VERSION: '1.2.3', PUBLIC_URL: 'https://opora.example', IDENTITY_REALM: 'care' }),
    db: database.db,
  });
});

afterAll(async () => {
  await app.close();
  await database.close();
});

describe('GET /api/v1/web/config', () => {
  it('tells the web app its version, identity server and languages', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/web/config' });
    expect(response.statusCode).toBe(200);
    const body = WebConfigSchema.parse(response.json());
    expect(body).toEqual({
      appVersion: '1.2.3',
      identity: { url: 'https://opora.example', realm: 'care', clientId: 'web' },
      locales: ['cs', 'en', 'sk'],
      defaultLocale: 'cs',
    });
  });

  it('wraps the body as { data } with ?_envelope=1', async () => {
    const plain = await app.inject({ method: 'GET', url: '/api/v1/web/config' });
    const wrapped = await app.inject({ method: 'GET', url: '/api/v1/web/config?_envelope=1' });
    expect(wrapped.statusCode).toBe(200);
    expect(wrapped.headers['content-type']).toMatch(/^application\/json/);
    expect(wrapped.json()).toEqual({ data: plain.json() });
  });

  it('refuses any other _envelope value with a validation problem naming it, on every /api/v1 route', async () => {
    for (const url of [
      '/api/v1/web/config?_envelope=0',
      '/api/v1/web/config?_envelope=true',
      '/api/v1/web/config?_envelope',
      '/api/v1/web/config?_envelope=1&_envelope=2',
      '/api/v1/web/regions?locale=en&_envelope=yes',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
      expect(ValidationProblemSchema.parse(response.json())).toMatchObject({
        code: 'ValidationFailed',
        errors: [
          {
            property: '_envelope',
            code: 'invalidOption',
            instructions: 'validation:invalidOption',
            parameters: { values: '1' },
          },
        ],
      });
    }
    const twice = await app.inject({ method: 'GET', url: '/api/v1/web/config?_envelope=1&_envelope=1' });
    expect(twice.json()).toHaveProperty('data.appVersion', '1.2.3');
  });
});
