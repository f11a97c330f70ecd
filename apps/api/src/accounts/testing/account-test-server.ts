import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { type DevMailMessage, identityClientId, identityScope, type SignUp } from '@opora/contracts';
import { type CreateDbOptions, createDb, type Db, emailOutbox, jobQueueSchema } from '@opora/db';
import { createIdentityUser, createTestDatabase, createUser, type TestDatabase } from '@opora/db/testing';
import { count, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { expect } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Config } from '../../platform/config.ts';
import type { JobsOptions } from '../../platform/jobs.ts';
import { testConfig } from '../../testing/test-app.ts';
import { waitFor } from '../../testing/wait-for.ts';
import { passwordResetQueue } from '../request-password-reset.ts';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A client address of its own for each call, so per-address rate limits do not couple tests. */
export function someClientAddress(): string {
  const [a = 1, b = 1, c = 1] = randomBytes(3);
  return `10.${a}.${b}.${Math.max(c, 1)}`;
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export interface TestAccount {
  userId: string;
  subject: string;
  email: string;
  password: string;
}

/** What `createAccount` and `signedIn` may choose; the rest is unique (e-mail) or fixed (Petr Svoboda). */
export interface AccountOptions {
  realmRoles?: string[];
  email?: string;
  firstName?: string;
  lastName?: string;
}

/** An account with the bearer headers of a fresh password grant. */
export interface SignedInAccount extends TestAccount {
  headers: { authorization: string };
}

/**
 * A real identity server instead of the embedded one: the app is built with IDENTITY_URL (and the
 * service-account secret), so its identity adapter and token checks talk to that server over HTTP.
 */
export interface ExternalIdentity {
  /** Base URL, no trailing slash (IDENTITY_URL). */
  url: string;
  realm: string;
  /** The `opora-api` client secret (IDENTITY_ADMIN_CLIENT_SECRET). */
  apiClientSecret: string;
}

/** An answer of the identity server's token or logout endpoint (a light-my-request response fits). */
export interface IdentityResponse {
  statusCode: number;
  body: string;
  json<T = unknown>(): T;
}

export interface AccountTestServer {
  app: App;
  database: TestDatabase;
  /** The app's database handle: the test database's, or a pool of its own (option `pool`). */
  db: Db;
  config: Config;
  /** The environment the app was built from (beside the test defaults), for twins of the app. */
  env: Record<string, string>;
  /** A password grant at the identity server's real token endpoint (client `web`, the web app's scope). */
  signIn(email: string, password: string): Promise<TokenPair>;
  /** The token endpoint's raw answer to a password grant. */
  passwordGrant(email: string, password: string, scope?: string): Promise<IdentityResponse>;
  refreshGrant(refreshToken: string): Promise<IdentityResponse>;
  /** The web app's sign-out: the identity server's logout endpoint with the refresh token. */
  logout(refreshToken: string): Promise<IdentityResponse>;
  /**
   * An account made without the sign-up route (identity user + application user), for tests whose
   * subject is not registration itself: the embedded issuer's user straight in the database, a real
   * identity server's through the identity adapter.
   */
  createAccount(options?: AccountOptions): Promise<TestAccount>;
  /** `createAccount`, then `signIn`: the account and its bearer headers. */
  signedIn(options?: AccountOptions): Promise<SignedInAccount>;
  /** Registers through `POST /users/sign-up`; answers the account's subject. */
  signUp(overrides?: Partial<SignUp>): Promise<{ id: string; email: string; password: string }>;
  /**
   * Resolves once no reset request waits for its job and no queued e-mail for the delivery worker
   * (fails after 10 s).
   */
  mailDelivered(): Promise<void>;
  /** The development mailbox, newest first, once every queued e-mail is delivered. */
  mailbox(): Promise<DevMailMessage[]>;
  /** The token of the newest e-mailed link to `path` (`/confirm-email`, `/reset-password`) for `to`. */
  linkToken(to: string, path: string): Promise<string | undefined>;
  close(): Promise<void>;
}

let sequence = 0;

async function fetched(response: Response): Promise<IdentityResponse> {
  const body = await response.text();
  return { statusCode: response.status, body, json: <T>() => JSON.parse(body) as T };
}

/**
 * The whole app on a real port of its own database, as `pnpm start` runs it: the embedded issuer
 * answers at PUBLIC_URL, so the identity adapter reaches it over HTTP exactly as it reaches Keycloak.
 * With `identity`, the app uses that server instead (a real Keycloak), and the token endpoint helpers
 * call it. Account calls go through `inject` with a client address of their own.
 */
export async function startAccountTestServer(
  options: {
    env?: Record<string, string>;
    logger?: Logger;
    identity?: ExternalIdentity;
    /** A pool of its own for the app (size, timeouts) instead of the test database's. */
    pool?: CreateDbOptions;
    jobs?: JobsOptions;
    /** The app's clock for domain rules (`app.clock`). */
    clock?: Clock;
    /** The database to serve (closed with the server); a fresh test database when not given. */
    database?: TestDatabase;
  } = {},
): Promise<AccountTestServer> {
  const database = options.database ?? (await createTestDatabase());
  const ownPool =
    options.pool && createDb(database.url, { applicationName: 'opora-test-app', ...options.pool });
  const db = ownPool?.db ?? database.db;
  const port = await freePort();
  const env: Record<string, string> = {
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...(options.identity && {
      IDENTITY_URL: options.identity.url,
      IDENTITY_REALM: options.identity.realm,
      IDENTITY_ADMIN_CLIENT_SECRET: options.identity.apiClientSecret,
    }),
    ...options.env,
  };
  const config = testConfig(env);
  const app = await buildApp({
    config,
    db,
    ...(options.logger && { logger: options.logger }),
    ...(options.jobs && { jobs: options.jobs }),
    ...(options.clock && { clock: options.clock }),
  });
  await app.listen({ port, host: '127.0.0.1' });
  const oidcPath = `/realms/${config.identity.realm}/protocol/openid-connect`;

  /** A form post to the realm's OIDC endpoints: in-process for the embedded issuer, else over HTTP. */
  const post = async (
    endpoint: 'token' | 'logout',
    form: Record<string, string>,
  ): Promise<IdentityResponse> => {
    const payload = new URLSearchParams(form).toString();
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    if (config.identity.embedded) {
      return app.inject({
        method: 'POST',
        url: `${oidcPath}/${endpoint}`,
        remoteAddress: someClientAddress(),
        payload,
        headers,
      });
    }
    return fetched(
      await fetch(`${config.identity.internalUrl}${oidcPath}/${endpoint}`, {
        method: 'POST',
        headers,
        body: payload,
      }),
    );
  };

  const passwordGrant = (email: string, password: string, scope = identityScope) =>
    post('token', { grant_type: 'password', client_id: identityClientId, username: email, password, scope });

  const server: AccountTestServer = {
    app,
    database,
    db,
    config,
    env,
    passwordGrant,
    async signIn(email, password) {
      const response = await passwordGrant(email, password);
      if (response.statusCode !== 200)
        throw new Error(`Sign-in failed: ${response.statusCode} ${response.body}`);
      const body = response.json<{ access_token: string; refresh_token: string }>();
      return { accessToken: body.access_token, refreshToken: body.refresh_token };
    },
    refreshGrant: (refreshToken) =>
      post('token', {
        grant_type: 'refresh_token',
        client_id: identityClientId,
        refresh_token: refreshToken,
      }),
    logout: (refreshToken) => post('logout', { client_id: identityClientId, refresh_token: refreshToken }),
    async createAccount(options = {}) {
      sequence += 1;
      const email = options.email ?? `account-${sequence}-${randomBytes(3).toString('hex')}@example.cz`;
      const password = `heslo-${randomBytes(4).toString('hex')}`;
      const { firstName = 'Petr', lastName = 'Svoboda' } = options;
      const identity = config.identity.embedded
        ? await createIdentityUser(database.db, {
            email,
            password,
            firstName,
            lastName,
            ...(options.realmRoles && { realmRoles: options.realmRoles }),
          })
        : {
            email,
            ...(await app.identityAdmin.createUser({
              email,
              password,
              firstName,
              lastName,
              emailVerified: false,
              ...(options.realmRoles && { realmRoles: options.realmRoles }),
            })),
          };
      const user = await createUser(database.db, {
        identitySubject: identity.id,
        email: identity.email,
        firstName,
        lastName,
      });
      return { userId: user.id, subject: identity.id, email: identity.email, password };
    },
    async signedIn(options = {}) {
      const account = await server.createAccount(options);
      const { accessToken } = await server.signIn(account.email, account.password);
      return { ...account, headers: bearer(accessToken) };
    },
    async signUp(overrides = {}) {
      sequence += 1;
      const suffix = `${sequence}-${randomBytes(3).toString('hex')}`;
      const body = {
        firstName: 'Jana',
        lastName: 'Nováková',
        email: `jana-${suffix}@example.cz`,
        phone: '+420 601 123 456',
        password: `heslo-${suffix}`,
        privacyPolicy: true,
        ...overrides,
      };
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/web/users/sign-up',
        remoteAddress: someClientAddress(),
        payload: body,
      });
      if (response.statusCode !== 201)
        throw new Error(`Sign-up failed: ${response.statusCode} ${response.body}`);
      return {
        id: response.json<{ id: string }>().id,
        email: body.email.toLowerCase(),
        password: body.password,
      };
    },
    async mailDelivered() {
      await waitFor('every reset request to be handled', async () => {
        // pg-boss's own table, outside our schema: raw SQL.
        const { rows } = await database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from ${sql.identifier(jobQueueSchema)}.job
              where name = ${passwordResetQueue.name} and state in ('created', 'retry', 'active')`,
        );
        return rows[0]?.n === 0 ? true : undefined;
      });
      await waitFor('every queued e-mail to be delivered', async () => {
        const [pending] = await database.db
          .select({ n: count() })
          .from(emailOutbox)
          .where(eq(emailOutbox.status, 'pending'));
        return pending?.n === 0 ? true : undefined;
      });
    },
    async mailbox() {
      await server.mailDelivered();
      const response = await app.inject({ method: 'GET', url: '/api/v1/dev/mail' });
      return response.json<DevMailMessage[]>();
    },
    async linkToken(to, path) {
      const messages = await server.mailbox();
      for (const message of messages) {
        if (message.to !== to) continue;
        for (const link of message.links) {
          const url = new URL(link);
          if (url.pathname === path) return url.searchParams.get('token') ?? undefined;
        }
      }
      return undefined;
    },
    async close() {
      await app.close();
      await ownPool?.close();
      await database.close();
    },
  };
  return server;
}

/**
 * A second app on the same database and issuer whose identity adapter is refused (wrong service-account
 * secret): every identity change fails as it does when Keycloak is down or misconfigured, so tests can
 * check that such a failure leaves nothing half-written. Tokens still verify (same realm keys).
 */
export async function buildAppWithRefusedIdentityAdmin(server: AccountTestServer): Promise<App> {
  const config = testConfig({
    ...server.env,
    IDENTITY_ADMIN_CLIENT_SECRET: 'not-the-service-account-secret',
    // Its jobs are the first app's to run, with an adapter that works.
    JOBS_WORKER: 'false',
  });
  return buildApp({ config, db: server.db });
}

/**
 * The token endpoint's refusal of a grant (wrong or stale credentials): `invalid_grant`, with 400 as
 * Keycloak answers since 26.6 or 401 as it did before; the web app treats both alike.
 */
export function expectInvalidGrant(response: IdentityResponse): void {
  expect(response.json(), `status ${response.statusCode}`).toMatchObject({ error: 'invalid_grant' });
  expect([400, 401]).toContain(response.statusCode);
}

export function bearer(accessToken: string): { authorization: string } {
  return { authorization: `Bearer ${accessToken}` };
}
