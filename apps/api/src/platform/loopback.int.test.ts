import { createTestDatabase, type TestDatabase } from '@opora/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { testConfig } from '../testing/test-app.ts';
import { developmentAdminClientSecret } from './config.ts';
import { isLoopbackAddress } from './loopback.ts';

// What a development server gives only to this machine: the mailbox of reset links and a service-account
// token for the client secret published in the source. The other machine is a trusted proxy here, so a
// forged X-Forwarded-For would be believed by anything that reads `request.ip`.

let database: TestDatabase;
let app: App;

const remote = '192.0.2.10';
const forgedLoopback = { 'x-forwarded-for': '127.0.0.1' };
const html = { accept: 'text/html' };
const tokenUrl = '/realms/opora/protocol/openid-connect/token';

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig({ TRUST_PROXY: '192.0.2.0/24' }), db: database.db });
});

afterAll(async () => {
  await app.close();
  await database.close();
});

function requestToken(remoteAddress: string, secret = developmentAdminClientSecret, target = app) {
  return target.inject({
    method: 'POST',
    url: tokenUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...forgedLoopback },
    payload: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: 'opora-api',
      client_secret: secret,
    }).toString(),
    remoteAddress,
  });
}

describe('loopback addresses', () => {
  it('are 127.0.0.0/8 and ::1, also IPv4-mapped, and nothing else', () => {
    for (const address of ['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1']) {
      expect(isLoopbackAddress(address), address).toBe(true);
    }
    for (const address of [remote, '10.0.0.1', '::ffff:192.0.2.10', '128.0.0.1', '::2', '', undefined]) {
      expect(isLoopbackAddress(address), String(address)).toBe(false);
    }
  });
});

describe('development mailbox', () => {
  it('answers another machine like a route that does not exist, whatever X-Forwarded-For says', async () => {
    const missing = await app.inject({ method: 'GET', url: '/api/v1/dev/nothing', remoteAddress: remote });
    for (const [url, headers] of [
      ['/api/v1/dev/mail', forgedLoopback],
      ['/dev/mail', { ...html, ...forgedLoopback }],
    ] as const) {
      const response = await app.inject({ method: 'GET', url, headers, remoteAddress: remote });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toBe(missing.headers['content-type']);
      expect(response.json()).toEqual({ ...missing.json(), detail: `No route GET ${url}.`, instance: url });
    }
  });

  it('answers this machine over IPv4 and IPv6', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const json = await app.inject({ method: 'GET', url: '/api/v1/dev/mail', remoteAddress });
      expect(json.statusCode, remoteAddress).toBe(200);
      const page = await app.inject({ method: 'GET', url: '/dev/mail', headers: html, remoteAddress });
      expect(page.statusCode, remoteAddress).toBe(200);
    }
  });
});

describe('client_credentials with the development client secret', () => {
  it('is refused to another machine as invalid client credentials, whatever X-Forwarded-For says', async () => {
    const response = await requestToken(remote);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: 'invalid_client',
      error_description: 'Invalid client or Invalid client credentials',
    });
    expect(response.body).not.toContain('access_token');
  });

  it('issues the service-account token to this machine', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1']) {
      const response = await requestToken(remoteAddress);
      expect(response.statusCode, remoteAddress).toBe(200);
      expect(response.json()).toHaveProperty('access_token');
    }
  });

  it('leaves a secret set in IDENTITY_ADMIN_CLIENT_SECRET usable from anywhere', async () => {
    const secret = 'a-secret-only-this-deployment-knows';
    const configured = await buildApp({
      config: testConfig({ IDENTITY_ADMIN_CLIENT_SECRET: secret }),
      db: database.db,
    });
    try {
      expect((await requestToken(remote, secret, configured)).statusCode).toBe(200);
      expect((await requestToken('127.0.0.1', developmentAdminClientSecret, configured)).statusCode).toBe(
        401,
      );
    } finally {
      await configured.close();
    }
  });
});
