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
      // The embedded issuer: the browser calls the origin it is on.
      identity: { url: null, realm: 'care', clientId: 'web' },
      images: { proxyBase: '/api/v1/images', sourceBase: null },
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

  it('sends the browser to the origin it is on when the issuer is embedded, whatever the address', async () => {
    const { identity, csp } = await webConfigOf({ PUBLIC_URL: 'http://localhost:3000' }, '127.0.0.1:3000');
    expect(identity).toMatchObject({ url: null, realm: 'opora', clientId: 'web' });
    // 'self' is the page's own origin: 127.0.0.1 here, so sign-in is not blocked.
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toContain('localhost');
  });

  it('names an outside identity server, and lets the page connect to it', async () => {
    const { identity, csp } = await webConfigOf({
      PUBLIC_URL: 'http://localhost:3000',
      IDENTITY_URL: 'https://id.opora.example/auth',
    });
    expect(identity.url).toBe('https://id.opora.example/auth');
    expect(csp).toContain("connect-src 'self' https://id.opora.example;");
  });
});

/** The identity part of the web config and the page's CSP, from an app of its own with `env`. */
async function webConfigOf(env: Record<string, string>, host?: string) {
  const own = await buildApp({ config: testConfig(env), db: database.db });
  try {
    const response = await own.inject({
      method: 'GET',
      url: '/api/v1/web/config',
      ...(host === undefined ? {} : { headers: { host } }),
    });
    expect(response.statusCode).toBe(200);
    const csp = String(response.headers['content-security-policy']);
    return { identity: WebConfigSchema.parse(response.json()).identity, csp };
  } finally {
    await own.close();
  }
}
