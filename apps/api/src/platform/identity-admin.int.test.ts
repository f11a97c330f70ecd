import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import net from 'node:net';
import { identitySessions } from '@opora/db';
import { createTestDatabase, type TestDatabase } from '@opora/db/testing';
import { and, eq, isNull } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { testConfig } from '../testing/test-app.ts';
import type { Config } from './config.ts';
import {
  createIdentityAdmin,
  type IdentityAdmin,
  IdentityConflictError,
  IdentityPasswordPolicyError,
  IdentityProfileError,
  IdentityUnavailableError,
  IdentityUserNotFoundError,
} from './identity-admin.ts';

// The identity adapter (`@keycloak/keycloak-admin-client`) against the embedded identity server
// listening on a real port, exactly as it talks to Keycloak: only the base URL differs.

let database: TestDatabase;
let app: App;
let config: Config;
let identity: IdentityAdmin;
/** Requests the server received, by path (to see what the adapter sends over the wire). */
const received: string[] = [];

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

const uniqueEmail = () => `person-${randomUUID().slice(0, 8)}@example.test`;
const password = 'Heslo-pro-test-1';

function newUser(email = uniqueEmail()) {
  return { email, firstName: 'Jitka', lastName: 'Dlouhá', password, emailVerified: false };
}

async function passwordGrant(email: string, secret: string, scope = 'profile email') {
  const response = await fetch(`${config.identity.url}/realms/opora/protocol/openid-connect/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'web',
      username: email,
      password: secret,
      scope,
    }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

async function refreshGrant(refreshToken: string) {
  const response = await fetch(`${config.identity.url}/realms/opora/protocol/openid-connect/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'refresh_token', client_id: 'web', refresh_token: refreshToken }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

beforeAll(async () => {
  database = await createTestDatabase();
  const port = await freePort();
  config = testConfig({ PUBLIC_URL: `http://127.0.0.1:${port}`, RATE_LIMIT_MAX: '100000' });
  app = await buildApp({ config, db: database.db });
  app.addHook('onRequest', async (request) => {
    received.push(request.url.split('?')[0] ?? '');
  });
  await app.listen({ port, host: '127.0.0.1' });
  identity = createIdentityAdmin(config);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('identity adapter against the embedded server', () => {
  it('creates an account that signs in, and finds it by e-mail in any letter case and by id', async () => {
    const email = uniqueEmail();
    const { id } = await identity.createUser(newUser(email.toUpperCase()));
    const expected = {
      id,
      email,
      firstName: 'Jitka',
      lastName: 'Dlouhá',
      emailVerified: false,
      enabled: true,
      createdAt: expect.any(Date),
    };
    expect(await identity.findUserByEmail(email.toUpperCase())).toEqual(expected);
    expect(await identity.getUser(id)).toEqual(expected);
    expect(await identity.verifyPassword(email, password)).toBe(true);
    expect(await identity.verifyPassword(email, 'not-the-password')).toBe(false);
  });

  it('lists the accounts with a realm role, disabled ones marked, and none for an unknown role', async () => {
    const { id: helper } = await identity.createUser({ ...newUser(), realmRoles: ['assistant'] });
    const { id: away } = await identity.createUser({ ...newUser(), realmRoles: ['assistant'] });
    await identity.updateUser(away, { enabled: false });
    const { id: carer } = await identity.createUser(newUser());
    const assistants = await identity.listUsersWithRealmRole('assistant');
    expect(assistants.find((user) => user.id === helper)).toMatchObject({
      enabled: true,
      firstName: 'Jitka',
    });
    expect(assistants.find((user) => user.id === away)).toMatchObject({ enabled: false });
    expect(assistants.map((user) => user.id)).not.toContain(carer);
    expect(await identity.listUsersWithRealmRole('superuser')).toEqual([]);
  });

  it('answers nothing for an address or id nobody has', async () => {
    expect(await identity.findUserByEmail(uniqueEmail())).toBeUndefined();
    expect(await identity.getUser(randomUUID())).toBeUndefined();
  });

  it('throws IdentityConflictError for an e-mail that is taken', async () => {
    const email = uniqueEmail();
    await identity.createUser(newUser(email));
    await expect(identity.createUser(newUser(email))).rejects.toBeInstanceOf(IdentityConflictError);
  });

  it('throws IdentityPasswordPolicyError for a password the realm refuses, and creates nothing', async () => {
    const email = uniqueEmail();
    const error = await identity
      .createUser({ ...newUser(email), password: 'krátké' })
      .catch((caught) => caught);
    expect(error).toBeInstanceOf(IdentityPasswordPolicyError);
    expect(error).toMatchObject({ policy: 'invalidPasswordMinLengthMessage' });
    expect(await identity.findUserByEmail(email)).toBeUndefined();
  });

  it('throws IdentityProfileError naming the field the user profile refuses', async () => {
    const error = await identity
      .createUser({ ...newUser(), lastName: 'Malá <script>' })
      .catch((caught) => caught);
    expect(error).toBeInstanceOf(IdentityProfileError);
    expect(error.fields).toEqual([
      { field: 'lastName', errorMessage: 'error-person-name-invalid-character' },
    ]);
  });

  it('gives a new account the realm roles asked for, in its access tokens', async () => {
    const email = uniqueEmail();
    await identity.createUser({ ...newUser(email), realmRoles: ['assistant'] });
    const grant = await passwordGrant(email, password);
    const claims = decodeJwt(grant.body.access_token ?? '') as { realm_access?: { roles: string[] } };
    expect(claims.realm_access?.roles).toEqual(expect.arrayContaining(['client', 'assistant']));
  });

  it('removes the account again when a role cannot be given, leaving no half-made account', async () => {
    const email = uniqueEmail();
    await expect(identity.createUser({ ...newUser(email), realmRoles: ['superuser'] })).rejects.toThrow();
    expect(await identity.findUserByEmail(email)).toBeUndefined();
  });

  it('updates names, e-mail and its verification; the new address signs in, the old one not', async () => {
    const email = uniqueEmail();
    const { id } = await identity.createUser(newUser(email));
    const newEmail = uniqueEmail();
    await identity.updateUser(id, { firstName: 'Marie', email: newEmail, emailVerified: true });
    expect(await identity.getUser(id)).toMatchObject({
      email: newEmail,
      firstName: 'Marie',
      lastName: 'Dlouhá',
      emailVerified: true,
    });
    expect(await identity.verifyPassword(newEmail, password)).toBe(true);
    expect(await identity.verifyPassword(email, password)).toBe(false);
  });

  it('refuses to move an account onto a taken address', async () => {
    const taken = uniqueEmail();
    await identity.createUser(newUser(taken));
    const { id } = await identity.createUser(newUser());
    await expect(identity.updateUser(id, { email: taken })).rejects.toBeInstanceOf(IdentityConflictError);
  });

  it('sets a new password, refusing one the policy does not allow', async () => {
    const email = uniqueEmail();
    const { id } = await identity.createUser(newUser(email));
    await expect(identity.setPassword(id, '1234567')).rejects.toBeInstanceOf(IdentityPasswordPolicyError);
    await identity.setPassword(id, 'Úplně-nové-heslo');
    expect(await identity.verifyPassword(email, password)).toBe(false);
    expect(await identity.verifyPassword(email, 'Úplně-nové-heslo')).toBe(true);
  });

  it('lifts a brute-force lockout when it sets the password', async () => {
    const email = uniqueEmail();
    const { id } = await identity.createUser(newUser(email));
    // Two quick failures lock the account for a minute; then even the right password is refused.
    expect(await identity.verifyPassword(email, 'wrong-1')).toBe(false);
    expect(await identity.verifyPassword(email, 'wrong-2')).toBe(false);
    expect(await identity.verifyPassword(email, password)).toBe(false);
    await identity.setPassword(id, 'Po-odemčení-1');
    expect(await identity.verifyPassword(email, 'Po-odemčení-1')).toBe(true);
  });

  it('checks a password without leaving a session behind', async () => {
    const email = uniqueEmail();
    const { id } = await identity.createUser(newUser(email));
    expect(await identity.verifyPassword(email, password)).toBe(true);
    const sessions = await database.db
      .select()
      .from(identitySessions)
      .where(and(eq(identitySessions.userId, id), isNull(identitySessions.endedAt)));
    expect(sessions).toEqual([]);
  });

  it('logs out every session: online refresh tokens stop working at once, offline ones go stale', async () => {
    const email = uniqueEmail();
    const { id } = await identity.createUser(newUser(email));
    const online = await passwordGrant(email, password);
    const offline = await passwordGrant(email, password, 'profile email offline_access');
    expect((await refreshGrant(online.body.refresh_token ?? '')).status).toBe(200);
    // Keycloak keeps not-before in whole seconds: tokens issued in the logout's own second stay valid.
    await new Promise((resolve) => setTimeout(resolve, 1100 - (Date.now() % 1000)));

    await identity.logoutAllSessions(id);
    const refreshedOnline = await refreshGrant(online.body.refresh_token ?? '');
    expect(refreshedOnline).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Session not active' },
    });
    const refreshedOffline = await refreshGrant(offline.body.refresh_token ?? '');
    expect(refreshedOffline).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Stale token' },
    });
    expect((await passwordGrant(email, password)).status).toBe(200);
  });

  it('deletes an account so it can no longer sign in; deleting it again is not an error', async () => {
    const email = uniqueEmail();
    const { id } = await identity.createUser(newUser(email));
    await identity.deleteUser(id);
    expect(await identity.getUser(id)).toBeUndefined();
    expect(await identity.findUserByEmail(email)).toBeUndefined();
    expect(await identity.verifyPassword(email, password)).toBe(false);
    await identity.deleteUser(id);
  });

  it('throws IdentityUserNotFoundError when changing an account that does not exist', async () => {
    const id = randomUUID();
    await expect(identity.updateUser(id, { firstName: 'Nikdo' })).rejects.toBeInstanceOf(
      IdentityUserNotFoundError,
    );
    await expect(identity.setPassword(id, 'Dost-dlouhé-heslo')).rejects.toBeInstanceOf(
      IdentityUserNotFoundError,
    );
    await expect(identity.logoutAllSessions(id)).rejects.toBeInstanceOf(IdentityUserNotFoundError);
  });

  it('asks for one service-account token and reuses it across concurrent calls', async () => {
    const fresh = createIdentityAdmin(config);
    const before = received.filter((path) => path.endsWith('/protocol/openid-connect/token')).length;
    await Promise.all(Array.from({ length: 20 }, () => fresh.findUserByEmail(uniqueEmail())));
    await fresh.getUser(randomUUID());
    const after = received.filter((path) => path.endsWith('/protocol/openid-connect/token')).length;
    expect(after - before).toBe(1);
  });
});

describe('identity adapter with short-lived service-account tokens', () => {
  it('asks for a new token before the cached one expires', async () => {
    const port = await freePort();
    const shortConfig = testConfig({ PUBLIC_URL: `http://127.0.0.1:${port}`, RATE_LIMIT_MAX: '100000' });
    const tokenRequests: string[] = [];
    const shortLived = await buildApp({
      config: shortConfig,
      db: database.db,
      identity: { realm: { accessTokenLifespan: 2 } },
    });
    shortLived.addHook('onRequest', async (request) => {
      if (request.url.endsWith('/protocol/openid-connect/token')) tokenRequests.push(request.url);
    });
    await shortLived.listen({ port, host: '127.0.0.1' });
    try {
      const adapter = createIdentityAdmin(shortConfig);
      await adapter.getUser(randomUUID());
      await adapter.getUser(randomUUID());
      expect(tokenRequests).toHaveLength(1);
      // A 2 s token is renewed once half of it has passed, before the server would refuse it.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(await adapter.findUserByEmail(uniqueEmail())).toBeUndefined();
      expect(tokenRequests).toHaveLength(2);
    } finally {
      await shortLived.close();
    }
  });
});

describe('identity adapter when the identity server cannot serve it', () => {
  it('throws IdentityUnavailableError when nothing answers', async () => {
    const closedPort = await freePort();
    const unreachable = createIdentityAdmin(testConfig({ PUBLIC_URL: `http://127.0.0.1:${closedPort}` }), {
      timeoutMs: 2000,
    });
    await expect(unreachable.findUserByEmail(uniqueEmail())).rejects.toBeInstanceOf(IdentityUnavailableError);
    await expect(unreachable.verifyPassword(uniqueEmail(), password)).rejects.toBeInstanceOf(
      IdentityUnavailableError,
    );
  });

  it('throws IdentityUnavailableError when the service-account secret is wrong', async () => {
    const wrongSecret = createIdentityAdmin({
      ...config,
      identityAdmin: { clientId: config.identityAdmin.clientId, clientSecret: 'not-the-configured-secret' },
    });
    const error = await wrongSecret.findUserByEmail(uniqueEmail()).catch((caught) => caught);
    expect(error).toBeInstanceOf(IdentityUnavailableError);
    expect(error.status).toBe(503);
  });
});
