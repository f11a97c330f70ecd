import { createServer } from 'node:net';
import { hash } from '@node-rs/argon2';
import {
  createIdentityUser,
  createTestDatabase,
  type IdentityUserOverrides,
  type TestDatabase,
} from '@opora/db/testing';
import { buildApp } from '../../app.ts';
import type { Config } from '../../platform/config.ts';
import { testConfig } from '../../testing/test-app.ts';
import type { IdentityClient, RealmSettings } from '../realm.ts';
import { issuerUrl } from '../realm.ts';

// The conformance suite's fixture (CONFORMANCE.md): a real listening server on a free port, realm
// `opora`, test-only clients, fixture users made in the test database, and a clock the test moves.

export const origin = 'http://localhost:5173';
export const evilOrigin = 'http://evil.test';
export const fixturePassword = 'Passw0rd!';

export interface TestClock {
  now: () => Date;
  advance: (seconds: number) => void;
}

export function testClock(start = new Date()): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (seconds) => {
      current += seconds * 1000;
    },
  };
}

const publicClient = (clientId: string, overrides: Partial<IdentityClient> = {}): IdentityClient => ({
  clientId,
  publicClient: true,
  directAccessGrantsEnabled: true,
  serviceAccountsEnabled: false,
  webOrigins: [origin],
  fullScopeAllowed: true,
  audience: ['opora-api'],
  ...overrides,
});

/**
 * CONFORMANCE's `nodirect` and `other`, and `nooffline`: a client limited to its scope (no realm roles
 * in its tokens), which as in Keycloak still gets `offline_access` through the `offline_access` scope.
 */
export const testClients: IdentityClient[] = [
  publicClient('nodirect', { directAccessGrantsEnabled: false }),
  publicClient('other'),
  publicClient('nooffline', { fullScopeAllowed: false }),
];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface HttpResult {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: Record<string, unknown> | undefined;
}

async function result(response: Response): Promise<HttpResult> {
  const text = await response.text();
  let json: Record<string, unknown> | undefined;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

export interface IdentityServer {
  config: Config;
  database: TestDatabase;
  clock: TestClock;
  /** `{B}`: where the server listens (= PUBLIC_URL). */
  base: string;
  /** `ISS`. */
  iss: string;
  tokenUrl: string;
  logoutUrl: string;
  certsUrl: string;
  userinfoUrl: string;
  post: (
    url: string,
    form: Record<string, string> | string,
    headers?: Record<string, string>,
  ) => Promise<HttpResult>;
  get: (url: string, headers?: Record<string, string>) => Promise<HttpResult>;
  request: (url: string, init: RequestInit) => Promise<HttpResult>;
  /** A password grant of client `web`; returns the parsed body (throws unless 200). */
  login: (
    username: string,
    options?: { scope?: string; clientId?: string; password?: string },
  ) => Promise<TokenBody>;
  refresh: (refreshToken: string, clientId?: string) => Promise<HttpResult>;
  reloadKeys: () => Promise<void>;
  close: () => Promise<void>;
}

export interface TokenBody {
  access_token: string;
  expires_in: number;
  refresh_expires_in: number;
  refresh_token: string;
  token_type: string;
  id_token?: string;
  'not-before-policy': number;
  session_state: string;
  scope: string;
}

export async function startIdentityServer(
  options: { realm?: Partial<RealmSettings>; env?: Record<string, string> } = {},
): Promise<IdentityServer> {
  const database = await createTestDatabase();
  const clock = testClock();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const config = testConfig({
    PUBLIC_URL: base,
    WEB_ORIGINS: origin,
    RATE_LIMIT_MAX: '1000000',
    ...options.env,
  });
  const app = await buildApp({
    config,
    db: database.db,
    identity: { now: clock.now, extraClients: testClients, realm: options.realm },
  });
  await app.listen({ port, host: '127.0.0.1' });
  const iss = issuerUrl(config);
  const oidc = `${iss}/protocol/openid-connect`;

  const request = async (url: string, init: RequestInit) => result(await fetch(url, init));
  const post = (url: string, form: Record<string, string> | string, headers: Record<string, string> = {}) =>
    request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: typeof form === 'string' ? form : new URLSearchParams(form).toString(),
    });
  const get = (url: string, headers: Record<string, string> = {}) => request(url, { headers });

  return {
    config,
    database,
    clock,
    base,
    iss,
    tokenUrl: `${oidc}/token`,
    logoutUrl: `${oidc}/logout`,
    certsUrl: `${oidc}/certs`,
    userinfoUrl: `${oidc}/userinfo`,
    post,
    get,
    request,
    login: async (username, { scope, clientId = 'web', password = fixturePassword } = {}) => {
      const response = await post(`${oidc}/token`, {
        client_id: clientId,
        grant_type: 'password',
        username,
        password,
        ...(scope === undefined ? {} : { scope }),
      });
      if (response.status !== 200)
        throw new Error(`login of ${username} failed: ${response.status} ${response.text}`);
      return response.json as unknown as TokenBody;
    },
    refresh: (refreshToken, clientId = 'web') =>
      post(`${oidc}/token`, {
        client_id: clientId,
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
      }),
    reloadKeys: () => app.identityIssuer.keys.reload(),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** One argon2id hash of the fixture password per test file (hashing costs ~30 ms). */
let fixtureHash: Promise<string> | undefined;

/** A fixture user (CONFORMANCE's alice, bob, …) with the fixture password. */
export async function createFixtureUser(
  server: IdentityServer,
  overrides: IdentityUserOverrides & { username: string },
): Promise<{ id: string; email: string }> {
  fixtureHash ??= hash(fixturePassword);
  const email = overrides.email ?? `${overrides.username}@example.test`;
  return createIdentityUser(server.database.db, {
    firstName: overrides.username[0]?.toUpperCase() + overrides.username.slice(1),
    lastName: 'Example',
    emailVerified: true,
    ...overrides,
    email,
    passwordHash: await fixtureHash,
  });
}
