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

function directives(header: string | string[] | number | undefined): Map<string, string> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = '', ...values] = part.split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
  );
}

describe('security headers', () => {
  it('sends a strict Content-Security-Policy and the other security headers', async () => {
    const app = await buildApp({ config: testConfig(), db: database.db });
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    const csp = directives(response.headers['content-security-policy']);
    expect(Object.fromEntries(csp)).toEqual({
      'default-src': "'self'",
      'script-src': "'self'",
      'script-src-attr': "'none'",
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data: https:",
      'font-src': "'self' data:",
      'connect-src': "'self'",
      'frame-ancestors': "'none'",
      'object-src': "'none'",
      'base-uri': "'self'",
      'form-action': "'self'",
    });
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['permissions-policy']).toContain('camera=()');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    await app.close();
  });

  it('adds HSTS, upgrades and the identity origin when served over https with an external issuer', async () => {
    const config = testConfig({
      PUBLIC_URL: 'https://opora.example',
      IDENTITY_URL: 'https://id.opora.example/auth',
    });
    const app = await buildApp({ config, db: database.db });
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('connect-src')).toBe("'self' https://id.opora.example");
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
    await app.close();
  });
});

describe('rate limiting', () => {
  it('answers 429 RateLimited with Retry-After once a client spends its budget', async () => {
    const app = await buildApp({ config: testConfig({ RATE_LIMIT_MAX: '3' }), db: database.db });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await app.inject({ method: 'GET', url: '/api/v1/web/config' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200]);
    const limited = await app.inject({ method: 'GET', url: '/api/v1/web/config' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({
      status: 429,
      code: 'RateLimited',
      instance: '/api/v1/web/config',
    });
    expect(limited.headers['content-security-policy']).toBeDefined();
    await app.close();
  });

  it('spends budget on API calls only, never on the web app pages and files', async () => {
    const app = await buildApp({ config: testConfig({ RATE_LIMIT_MAX: '1' }), db: database.db });
    const page = { method: 'GET', url: '/contact', headers: { accept: 'text/html' } } as const;
    const pageStatuses: number[] = [];
    for (let i = 0; i < 3; i++) pageStatuses.push((await app.inject(page)).statusCode);
    expect(pageStatuses).not.toContain(429);
    expect((await app.inject({ method: 'GET', url: '/api/v1/web/config' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/v1/web/config' })).statusCode).toBe(429);
    await app.close();
  });

  it('counts forwarded clients separately only behind a trusted proxy', async () => {
    const budgetOf = async (trustProxy: string) => {
      const app = await buildApp({
        config: testConfig({ RATE_LIMIT_MAX: '1', TRUST_PROXY: trustProxy }),
        db: database.db,
      });
      const statuses: number[] = [];
      for (const client of ['203.0.113.10', '203.0.113.11']) {
        const response = await app.inject({
          method: 'GET',
          url: '/api/v1/web/config',
          remoteAddress: '10.0.0.2',
          headers: { 'x-forwarded-for': client },
        });
        statuses.push(response.statusCode);
      }
      await app.close();
      return statuses;
    };
    // Untrusted: both requests come from the balancer's address and share one budget.
    expect(await budgetOf('false')).toEqual([200, 429]);
    expect(await budgetOf('10.0.0.0/8')).toEqual([200, 200]);
  });

  it('does not let a client that is not a trusted proxy escape its budget by rotating X-Forwarded-For', async () => {
    const app = await buildApp({
      config: testConfig({ RATE_LIMIT_MAX: '2', TRUST_PROXY: '10.0.0.0/8' }),
      db: database.db,
    });
    const statuses: number[] = [];
    for (let index = 1; index <= 5; index++) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/web/config',
        remoteAddress: '198.51.100.7',
        headers: { 'x-forwarded-for': `203.0.113.${index}` },
      });
      statuses.push(response.statusCode);
    }
    await app.close();
    expect(statuses).toEqual([200, 200, 429, 429, 429]);
  });

  it('keeps the token endpoint’s strict budget for a client claiming to be this machine', async () => {
    // Loopback callers (the API's own calls) get the whole budget; everyone else a tenth of it.
    const app = await buildApp({
      config: testConfig({ RATE_LIMIT_MAX: '30', TRUST_PROXY: '10.0.0.0/8' }),
      db: database.db,
    });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      const response = await app.inject({
        method: 'POST',
        url: '/realms/opora/protocol/openid-connect/token',
        remoteAddress: '198.51.100.8',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '127.0.0.1' },
        payload: 'grant_type=password&client_id=web&username=nobody%40example.cz&password=x',
      });
      statuses.push(response.statusCode);
    }
    await app.close();
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
  });

  it('keeps counting in Redis when REDIS_URL is set', async ({ skip }) => {
    const redisUrl = process.env.REDIS_URL;
    if (!redisUrl) skip('REDIS_URL is not set; the Redis rate-limit store is tested only where Redis runs');
    // A per-run client IP keeps this test's counter apart from earlier runs in the same Redis.
    const remoteAddress = `127.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}.7`;
    const first = await buildApp({
      config: testConfig({ RATE_LIMIT_MAX: '2', REDIS_URL: redisUrl ?? '' }),
      db: database.db,
    });
    const second = await buildApp({
      config: testConfig({ RATE_LIMIT_MAX: '2', REDIS_URL: redisUrl ?? '' }),
      db: database.db,
    });
    const request = { method: 'GET', url: '/api/v1/web/config', remoteAddress } as const;
    expect((await first.inject(request)).statusCode).toBe(200);
    expect((await second.inject(request)).statusCode).toBe(200);
    // Two app instances share one budget: the third request is refused by either.
    expect((await first.inject(request)).statusCode).toBe(429);
    await first.close();
    await second.close();
  });
});
