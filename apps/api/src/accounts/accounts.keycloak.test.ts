import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type CurrentUser, permissionLinksForRoles } from '@opora/contracts';
import { demoPassword, providerUsers, signUpAttempts, users } from '@opora/db';
import { createProvider } from '@opora/db/testing';
import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../platform/config.ts';
import {
  createIdentityAdmin,
  type IdentityAdmin,
  IdentityConflictError,
  IdentityPasswordPolicyError,
  IdentityProfileError,
  IdentityUnavailableError,
  IdentityUserNotFoundError,
} from '../platform/identity-admin.ts';
import {
  type KeycloakTarget,
  keycloakAdminRequest,
  keycloakAdminToken,
  keycloakTarget,
} from '../testing/keycloak.ts';
import {
  type AccountTestServer,
  bearer,
  buildAppWithRefusedIdentityAdmin,
  expectInvalidGrant,
  type IdentityResponse,
  someClientAddress,
  startAccountTestServer,
  type TokenPair,
} from './testing/account-test-server.ts';

// The account flows of the app against a real Keycloak with keycloak/realm-export.json imported: the
// API built with IDENTITY_URL, its identity adapter authenticated as the realm's `opora-api` client,
// tokens from Keycloak's own token endpoint (client `web`), and Keycloak's Admin REST API (as the
// master administrator) to see what the API did. Then the realm itself: what Keycloak made of both
// realm files, compared with what they say.

let target: KeycloakTarget;
let server: AccountTestServer;
/** The API's own adapter (the one its routes use), for the error mapping against the real server. */
let identity: IdentityAdmin;

beforeAll(async () => {
  target = keycloakTarget();
  server = await startAccountTestServer({
    identity: { url: target.url, realm: target.realm, apiClientSecret: target.apiClientSecret },
  });
  identity = createIdentityAdmin(server.config);
});

afterAll(async () => {
  await server?.close();
});

// ---------------------------------------------------------------------------------------------------
// Helpers

interface KeycloakUser {
  id: string;
  username: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  enabled: boolean;
  emailVerified: boolean;
}

async function adminJson<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await keycloakAdminRequest(method, url, body);
  const text = await response.text();
  if (!response.ok) throw new Error(`Keycloak admin ${method} ${url}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The Keycloak user, or undefined when Keycloak answers 404. */
async function keycloakUser(id: string): Promise<KeycloakUser | undefined> {
  const response = await keycloakAdminRequest('GET', `/users/${id}`);
  if (response.status === 404) {
    await response.body?.cancel();
    return undefined;
  }
  if (!response.ok) throw new Error(`GET user: ${response.status}`);
  return (await response.json()) as KeycloakUser;
}

async function keycloakUsersByEmail(email: string): Promise<KeycloakUser[]> {
  return adminJson<KeycloakUser[]>('GET', `/users?email=${encodeURIComponent(email)}&exact=true`);
}

/** Realm roles of the user, direct and through composites (the default role). */
async function effectiveRealmRoles(id: string): Promise<string[]> {
  const roles = await adminJson<{ name: string }[]>('GET', `/users/${id}/role-mappings/realm/composite`);
  return roles.map((role) => role.name).toSorted();
}

async function directRealmRoles(id: string): Promise<string[]> {
  const roles = await adminJson<{ name: string }[]>('GET', `/users/${id}/role-mappings/realm`);
  return roles.map((role) => role.name).toSorted();
}

async function clientUuid(clientId: string, realm = target.realm): Promise<string> {
  const [client] = await adminJsonIn<{ id: string }[]>(realm, 'GET', `/clients?clientId=${clientId}`);
  if (!client) throw new Error(`no client ${clientId} in ${realm}`);
  return client.id;
}

/** The user's online and offline sessions Keycloak still keeps. */
async function sessionCount(userId: string): Promise<{ online: number; offline: number }> {
  const online = await adminJson<unknown[]>('GET', `/users/${userId}/sessions`);
  const offline = await adminJson<unknown[]>(
    'GET',
    `/users/${userId}/offline-sessions/${await clientUuid('web')}`,
  );
  return { online: online.length, offline: offline.length };
}

/** An Admin REST call in any realm (keycloakAdminRequest addresses the target's realm). */
async function adminJsonIn<T>(realm: string, method: string, url: string, body?: unknown): Promise<T> {
  const token = await keycloakAdminToken(target);
  const response = await fetch(`${target.url}/admin/realms/${realm}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`Keycloak admin ${method} ${realm}${url}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

function claimsOf(token: string) {
  return decodeJwt(token) as {
    iss: string;
    aud: string | string[];
    azp: string;
    typ: string;
    sub: string;
    exp: number;
    iat: number;
    scope: string;
    email: string;
    email_verified: boolean;
    given_name: string;
    family_name: string;
    preferred_username: string;
    realm_access?: { roles: string[] };
  };
}

function tokensOf(response: IdentityResponse): TokenPair & Record<string, unknown> {
  expect({ status: response.statusCode, body: response.body }).toMatchObject({ status: 200 });
  const body = response.json<{ access_token: string; refresh_token: string }>();
  return { ...body, accessToken: body.access_token, refreshToken: body.refresh_token };
}

const me = (accessToken: string) =>
  server.app.inject({ method: 'GET', url: '/api/v1/web/users/me', headers: bearer(accessToken) });

/**
 * Keycloak keeps a user's not-before (set by "log out all sessions") in whole seconds: a token issued
 * in the same second as the logout stays valid. Waiting into the next second makes the test exact.
 */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1100 - (Date.now() % 1000)));

/**
 * A lifetime in a token response: Keycloak answers the token's `exp` minus its clock as it answers,
 * so a second that turns in between (a loaded machine) gives one less.
 */
const lifetime = (seconds: number) => expect.toBeOneOf([seconds - 1, seconds]);

const uniqueEmail = (label = 'kc') => `${label}-${randomBytes(4).toString('hex')}@example.cz`;

// ---------------------------------------------------------------------------------------------------
// The account flows

describe('sign-up and sign-in against Keycloak', () => {
  it('creates the Keycloak user: names, e-mail as username, enabled, unverified, role client by default', async () => {
    const account = await server.signUp({ email: uniqueEmail('Sign.Up') });
    const user = await keycloakUser(account.id);
    expect(user).toMatchObject({
      id: account.id,
      username: account.email,
      email: account.email,
      firstName: 'Jana',
      lastName: 'Nováková',
      enabled: true,
      emailVerified: false,
    });
    // Only the default role is mapped; `client` comes through it (default-roles-opora).
    expect(await directRealmRoles(account.id)).toEqual(['default-roles-opora']);
    expect(await effectiveRealmRoles(account.id)).toEqual(
      expect.arrayContaining(['client', 'default-roles-opora', 'offline_access']),
    );
    const [row] = await server.database.db.select().from(users).where(eq(users.identitySubject, account.id));
    expect(row).toMatchObject({ email: account.email, emailVerifiedAt: null });
  });

  it('signs in with the password grant of client web and the web app’s scope; /users/me accepts the token', async () => {
    const account = await server.signUp();
    const response = await server.passwordGrant(account.email, account.password);
    const body = tokensOf(response);
    expect(body).toMatchObject({
      token_type: 'Bearer',
      expires_in: lifetime(300),
      // An offline token: it outlives the SSO session, so no time limit of its own.
      refresh_expires_in: 0,
    });
    expect(String(body.scope).split(' ').toSorted()).toEqual(['email', 'offline_access', 'profile']);
    const claims = claimsOf(body.accessToken);
    expect(claims).toMatchObject({
      iss: `${target.url}/realms/${target.realm}`,
      sub: account.id,
      typ: 'Bearer',
      azp: 'web',
      email: account.email,
      email_verified: false,
      preferred_username: account.email,
      given_name: 'Jana',
      family_name: 'Nováková',
    });
    expect(claims.exp - claims.iat).toBe(300);
    expect([claims.aud].flat()).toContain('opora-api');
    expect(claims.realm_access?.roles).toEqual(expect.arrayContaining(['client', 'offline_access']));
    expect(claimsOf(body.refreshToken)).toMatchObject({ typ: 'Offline', azp: 'web' });

    const current = await me(body.accessToken);
    expect(current.statusCode).toBe(200);
    const user = current.json<CurrentUser>();
    expect(user).toMatchObject({
      id: account.id,
      email: account.email,
      userName: account.email,
      firstName: 'Jana',
      lastName: 'Nováková',
      roles: ['client'],
      emailConfirmationPending: true,
    });
    expect(user.permissions).toEqual(permissionLinksForRoles(['client']));
    expect(user.permissions.map((link) => link.operationId)).toEqual(
      expect.arrayContaining(['getCurrentUser', 'changePassword', 'deleteCurrentUser']),
    );
  });

  it('gives an online session (no offline_access) the SSO idle time as refresh lifetime', async () => {
    const account = await server.signUp();
    const body = tokensOf(await server.passwordGrant(account.email, account.password, 'profile email'));
    expect(body).toMatchObject({ expires_in: lifetime(300), refresh_expires_in: lifetime(1800) });
    expect(claimsOf(body.refreshToken).typ).toBe('Refresh');
  });

  it('carries staff realm roles into the token and the permissions of /users/me', async () => {
    const staff = await server.createAccount({ realmRoles: ['admin'] });
    expect(await directRealmRoles(staff.subject)).toEqual(['admin', 'default-roles-opora']);
    const { accessToken } = await server.signIn(staff.email, staff.password);
    expect(claimsOf(accessToken).realm_access?.roles).toEqual(expect.arrayContaining(['client', 'admin']));
    const user = (await me(accessToken)).json<CurrentUser>();
    expect(user.roles.toSorted()).toEqual(['admin', 'client']);
    expect(user.permissions).toEqual(permissionLinksForRoles(user.roles));
  });

  it('refreshes: the new access token works, and so does the next refresh token', async () => {
    const account = await server.signUp();
    const first = await server.signIn(account.email, account.password);
    const refreshed = tokensOf(await server.refreshGrant(first.refreshToken));
    expect(refreshed.accessToken).not.toBe(first.accessToken);
    expect(refreshed.refreshToken).not.toBe(first.refreshToken);
    expect((await me(refreshed.accessToken)).statusCode).toBe(200);
    const again = tokensOf(await server.refreshGrant(refreshed.refreshToken));
    expect((await me(again.accessToken)).statusCode).toBe(200);
  });

  it('treats a spent refresh token as stolen: refused, and the session ends with it', async () => {
    const account = await server.signUp();
    const first = await server.signIn(account.email, account.password);
    const refreshed = tokensOf(await server.refreshGrant(first.refreshToken));
    // revokeRefreshToken with refreshTokenMaxReuse 0 (why the web app refreshes under a cross-tab lock).
    const reused = await server.refreshGrant(first.refreshToken);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Maximum allowed refresh token reuse exceeded',
    });
    const afterReuse = await server.refreshGrant(refreshed.refreshToken);
    expect(afterReuse.statusCode).toBe(400);
    expect(afterReuse.json()).toEqual({
      error: 'invalid_grant',
      error_description: "Session doesn't have required client",
    });
  });

  it('refuses wrong credentials with invalid_grant (400 since Keycloak 26.6), unknown addresses alike', async () => {
    const account = await server.signUp();
    const wrong = await server.passwordGrant(account.email, 'not the password');
    expectInvalidGrant(wrong);
    // Keycloak 26.7 answers 400; the web app maps 400 and 401 with invalid_grant to one message.
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid user credentials' });
    expect((await server.passwordGrant(uniqueEmail('nobody'), 'whatever 123')).json()).toEqual(wrong.json());
  });

  it('locks an account after quick failures (brute-force protection); a password reset lifts it', async () => {
    const account = await server.signUp();
    // Failures less than a second apart lock the account at once (minimumQuickLoginWaitSeconds).
    expectInvalidGrant(await server.passwordGrant(account.email, 'wrong one'));
    expectInvalidGrant(await server.passwordGrant(account.email, 'wrong two'));
    const status = await adminJson<{ disabled: boolean; numFailures: number }>(
      'GET',
      `/attack-detection/brute-force/users/${account.id}`,
    );
    expect(status).toMatchObject({ disabled: true, numFailures: 2 });
    // Locked: even the right password is refused, with the same answer.
    expectInvalidGrant(await server.passwordGrant(account.email, account.password));

    expect((await requestReset(account.email)).statusCode).toBe(204);
    const token = await server.linkToken(account.email, '/reset-password');
    expect((await setPassword(token, 'odemčené heslo 1')).statusCode).toBe(204);
    await server.signIn(account.email, 'odemčené heslo 1');
  });

  it('logs out: the refresh token is refused afterwards', async () => {
    const account = await server.signUp();
    const session = await server.signIn(account.email, account.password);
    const logout = await server.logout(session.refreshToken);
    expect(logout.statusCode).toBe(204);
    expectInvalidGrant(await server.refreshGrant(session.refreshToken));
    expect(await sessionCount(account.id)).toEqual({ online: 0, offline: 0 });
  });
});

const requestReset = (email: string) =>
  server.app.inject({
    method: 'PUT',
    url: '/api/v1/web/users/reset-password/request',
    payload: { email },
    remoteAddress: someClientAddress(),
  });

const setPassword = (resetToken: string | undefined, newPassword: string) =>
  server.app.inject({
    method: 'PUT',
    url: '/api/v1/web/users/reset-password/set-password',
    payload: { resetToken, newPassword },
    remoteAddress: someClientAddress(),
  });

describe('passwords against Keycloak', () => {
  it('resets the password from the e-mailed link: old refused, new accepted, every session ended', async () => {
    const account = await server.signUp();
    const session = await server.signIn(account.email, account.password);
    await nextSecond();
    expect((await requestReset(account.email)).statusCode).toBe(204);
    const token = await server.linkToken(account.email, '/reset-password');
    expect(token).toBeDefined();

    expect((await setPassword(token, 'úplně nové heslo')).statusCode).toBe(204);
    expectInvalidGrant(await server.passwordGrant(account.email, account.password));
    expect(claimsOf((await server.signIn(account.email, 'úplně nové heslo')).accessToken).sub).toBe(
      account.id,
    );
    // The session from before the reset is over: its (offline) refresh token no longer works.
    const refreshed = await server.refreshGrant(session.refreshToken);
    expectInvalidGrant(refreshed);
    expect((await setPassword(token, 'ještě jiné heslo')).json()).toMatchObject({
      code: 'InvalidOrExpiredToken',
    });
  });

  it('changes the password: the current one is checked by Keycloak, the old one stops working', async () => {
    const account = await server.signUp();
    const session = await server.signIn(account.email, account.password);
    const before = await sessionCount(account.id);
    const change = (currentPassword: string, newPassword: string) =>
      server.app.inject({
        method: 'PUT',
        url: '/api/v1/web/users/me/password',
        headers: bearer(session.accessToken),
        payload: { currentPassword, newPassword },
        remoteAddress: someClientAddress(),
      });

    const wrong = await change('wrong guess', 'nové heslo 2026');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'IncorrectCurrentPassword',
      errors: [{ property: 'currentPassword' }],
    });
    // One failure is no lockout; wait out the quick-login window before the next password check.
    await new Promise((resolve) => setTimeout(resolve, 1100));

    expect((await change(account.password, 'nové heslo 2026')).statusCode).toBe(204);
    expectInvalidGrant(await server.passwordGrant(account.email, account.password));
    await server.signIn(account.email, 'nové heslo 2026');
    // A sign-in with offline_access keeps only an offline session; checking the current password (a
    // password grant without it) left no online session behind. The own session lives on: a change
    // is not a reset.
    expect(before).toEqual({ online: 0, offline: 1 });
    expect(await sessionCount(account.id)).toEqual({ online: 0, offline: 2 });
    tokensOf(await server.refreshGrant(session.refreshToken));
  });
});

describe('profile, e-mail confirmation and deletion against Keycloak', () => {
  it('changes names in the app and in Keycloak; new tokens carry them', async () => {
    const account = await server.signUp();
    const { accessToken } = await server.signIn(account.email, account.password);
    const response = await server.app.inject({
      method: 'PATCH',
      url: '/api/v1/web/users/me',
      headers: bearer(accessToken),
      payload: { firstName: 'Květoslava', lastName: 'Řehořová-Šťastná', phone: '+420 777 123 456' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ firstName: 'Květoslava', lastName: 'Řehořová-Šťastná' });
    expect(await keycloakUser(account.id)).toMatchObject({
      firstName: 'Květoslava',
      lastName: 'Řehořová-Šťastná',
      email: account.email,
    });
    const claims = claimsOf((await server.signIn(account.email, account.password)).accessToken);
    expect(claims).toMatchObject({ given_name: 'Květoslava', family_name: 'Řehořová-Šťastná' });
  });

  it('changes nothing when Keycloak refuses the adapter (wrong service-account secret): 503', async () => {
    const account = await server.signUp();
    const { accessToken } = await server.signIn(account.email, account.password);
    const broken = await buildAppWithRefusedIdentityAdmin(server);
    try {
      const response = await broken.inject({
        method: 'PATCH',
        url: '/api/v1/web/users/me',
        headers: bearer(accessToken),
        payload: { firstName: 'Nikdo', phone: '+420 777 999 888' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'ServiceUnavailable' });
    } finally {
      await broken.close();
    }
    expect(await keycloakUser(account.id)).toMatchObject({ firstName: 'Jana' });
    const [row] = await server.database.db.select().from(users).where(eq(users.identitySubject, account.id));
    expect(row).toMatchObject({ firstName: 'Jana', phone: '+420601123456' });
  });

  it('confirms the e-mail address from the e-mailed link, in the app and in Keycloak', async () => {
    const account = await server.signUp();
    const token = await server.linkToken(account.email, '/confirm-email');
    expect(token).toBeDefined();
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/web/users/email-confirmation',
      payload: { token },
      remoteAddress: someClientAddress(),
    });
    expect(response.statusCode).toBe(204);
    // Only the flag changed: a partial update keeps names and address.
    expect(await keycloakUser(account.id)).toMatchObject({
      emailVerified: true,
      username: account.email,
      email: account.email,
      firstName: 'Jana',
      lastName: 'Nováková',
    });
    const { accessToken } = await server.signIn(account.email, account.password);
    expect(claimsOf(accessToken).email_verified).toBe(true);
    expect((await me(accessToken)).json()).toMatchObject({ emailConfirmationPending: false });
  });

  it('registers an invitee from the invitation link confirmed, in the app and in Keycloak, without a confirmation e-mail', async () => {
    const db = server.database.db;
    const provider = await createProvider(db);
    const administrator = await server.signedIn();
    await db
      .insert(providerUsers)
      .values({ providerId: provider.id, userId: administrator.userId, roles: ['providerAdmin'] });
    const email = uniqueEmail('invited');
    const invited = await server.app.inject({
      method: 'POST',
      url: `/api/v1/provider/providers/${provider.id}/users`,
      headers: administrator.headers,
      payload: { email, roles: ['providerCoordinator'], facilityIds: [], locale: 'cs' },
      remoteAddress: someClientAddress(),
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const token = await server.linkToken(email, '/provider/invitation');
    const joined = await server.app.inject({
      method: 'POST',
      url: '/api/v1/web/provider-invitations/sign-up',
      payload: {
        token,
        firstName: 'Tomáš',
        lastName: 'Krátký',
        email,
        phone: '+420 603 222 333',
        password: 'dlouhé heslo 7',
        privacyPolicy: true,
      },
      remoteAddress: someClientAddress(),
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const [user] = await keycloakUsersByEmail(email);
    expect(user).toMatchObject({ emailVerified: true, enabled: true, username: email });
    expect((await server.mailbox()).filter((message) => message.to === email)).toHaveLength(1);
    const { accessToken } = await server.signIn(email, 'dlouhé heslo 7');
    expect(claimsOf(accessToken).email_verified).toBe(true);
    expect((await me(accessToken)).json()).toMatchObject({ emailConfirmationPending: false });
  });

  it('deletes the profile: the Keycloak user is gone, its sessions end, it can no longer sign in', async () => {
    const account = await server.signUp();
    const session = await server.signIn(account.email, account.password);
    const response = await server.app.inject({
      method: 'DELETE',
      url: '/api/v1/web/users/me',
      headers: bearer(session.accessToken),
    });
    expect(response.statusCode).toBe(204);
    expect(await keycloakUser(account.id)).toBeUndefined();
    expect(await keycloakUsersByEmail(account.email)).toEqual([]);
    expectInvalidGrant(await server.refreshGrant(session.refreshToken));
    expectInvalidGrant(await server.passwordGrant(account.email, account.password));
    // The access token still within its 5 minutes no longer opens anything.
    expect((await me(session.accessToken)).statusCode).toBe(401);
    // The address is free again.
    const again = await server.signUp({ email: account.email });
    expect(again.id).not.toBe(account.id);
  });

  it('deletes nothing when Keycloak refuses the adapter: 503, the person can still sign in', async () => {
    const account = await server.signUp();
    const session = await server.signIn(account.email, account.password);
    const broken = await buildAppWithRefusedIdentityAdmin(server);
    try {
      const response = await broken.inject({
        method: 'DELETE',
        url: '/api/v1/web/users/me',
        headers: bearer(session.accessToken),
      });
      expect(response.statusCode).toBe(503);
    } finally {
      await broken.close();
    }
    expect(await keycloakUser(account.id)).toMatchObject({ enabled: true });
    const [row] = await server.database.db.select().from(users).where(eq(users.identitySubject, account.id));
    expect(row).toMatchObject({ email: account.email, anonymisedAt: null });
    tokensOf(await server.refreshGrant(session.refreshToken));
  });
});

// ---------------------------------------------------------------------------------------------------
// The adapter's error mapping against the real server

describe('identity adapter errors against Keycloak', () => {
  const newUser = (email = uniqueEmail('adapter')) => ({
    email,
    firstName: 'Jitka',
    lastName: 'Dlouhá',
    password: 'Heslo-pro-test-1',
    emailVerified: false,
  });

  it('answers sign-up of an address Keycloak knows (but the app does not) with 409 NotUniqueValidator', async () => {
    const email = uniqueEmail('taken');
    const { id } = await identity.createUser(newUser(email));
    await expect(identity.createUser(newUser(email.toUpperCase()))).rejects.toBeInstanceOf(
      IdentityConflictError,
    );
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/web/users/sign-up',
      remoteAddress: someClientAddress(),
      payload: {
        firstName: 'Jiná',
        lastName: 'Osoba',
        email,
        phone: '+420 601 123 456',
        password: 'dlouhé heslo 1',
        privacyPolicy: true,
      },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'NotUniqueValidator', errors: [{ property: 'email' }] });
    expect((await keycloakUsersByEmail(email)).map((user) => user.id)).toEqual([id]);
    expect(await keycloakUser(id)).toMatchObject({ firstName: 'Jitka' });
    const rows = await server.database.db.select().from(users).where(sql`lower(${users.email}) = ${email}`);
    expect(rows).toEqual([]);
  });

  it('finishes a sign-up retried after a crash between the Keycloak user and the app account', async () => {
    const email = uniqueEmail('crash');
    // What the crashed attempt left: its Keycloak user and its attempt, whose lease ran out.
    const startedAt = new Date(Date.now() - 10 * 60_000);
    await server.database.db
      .insert(signUpAttempts)
      .values({ email, attemptId: randomUUID(), startedAt, firstStartedAt: startedAt });
    const { id: leftover } = await identity.createUser(newUser(email));

    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/web/users/sign-up',
      remoteAddress: someClientAddress(),
      payload: {
        firstName: 'Jana',
        lastName: 'Nováková',
        email,
        phone: '+420 601 123 456',
        password: 'Heslo-po-padu-2',
        privacyPolicy: true,
      },
    });
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    // Removed and made anew, never taken over: the leftover's password does not open the account.
    expect(await keycloakUser(leftover)).toBeUndefined();
    expect((await keycloakUsersByEmail(email)).map((user) => user.id)).toEqual([id]);
    expectInvalidGrant(await server.passwordGrant(email, 'Heslo-pro-test-1'));
    await server.signIn(email, 'Heslo-po-padu-2');
  });

  it('maps the password policy (length 8) to IdentityPasswordPolicyError and creates nothing', async () => {
    const email = uniqueEmail('policy');
    const error = await identity
      .createUser({ ...newUser(email), password: 'krátké' })
      .catch((caught) => caught);
    expect(error).toBeInstanceOf(IdentityPasswordPolicyError);
    expect(error).toMatchObject({ policy: 'invalidPasswordMinLengthMessage' });
    expect(await keycloakUsersByEmail(email)).toEqual([]);

    const { id } = await identity.createUser(newUser());
    const refused = await identity.setPassword(id, '1234567').catch((caught) => caught);
    expect(refused).toBeInstanceOf(IdentityPasswordPolicyError);
    expect(refused).toMatchObject({ policy: 'invalidPasswordMinLengthMessage' });
    // Eight characters pass.
    await identity.setPassword(id, '12345678');
  });

  it('maps a person name Keycloak refuses to IdentityProfileError naming the field', async () => {
    const error = await identity
      .createUser({ ...newUser(), lastName: 'Malá <script>' })
      .catch((caught) => caught);
    expect(error).toBeInstanceOf(IdentityProfileError);
    expect(error.fields).toEqual([
      { field: 'lastName', errorMessage: 'error-person-name-invalid-character' },
    ]);

    const { id } = await identity.createUser(newUser());
    const update = await identity.updateUser(id, { firstName: 'Jitka{}' }).catch((caught) => caught);
    expect(update).toBeInstanceOf(IdentityProfileError);
    expect(update.fields).toEqual([
      { field: 'firstName', errorMessage: 'error-person-name-invalid-character' },
    ]);
    expect(await keycloakUser(id)).toMatchObject({ firstName: 'Jitka' });
  });

  it('answers sign-up with an address Keycloak refuses beside the e-mail field, creating nothing', async () => {
    // The API's e-mail rule lets a 65-character local part through; Keycloak allows at most 64.
    const email = `${'a'.repeat(65)}@example.cz`;
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/web/users/sign-up',
      remoteAddress: someClientAddress(),
      payload: {
        firstName: 'Jana',
        lastName: 'Dlouhá',
        email,
        phone: '+420 601 123 456',
        password: 'dlouhé heslo 1',
        privacyPolicy: true,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'ValidationFailed',
      errors: [{ property: 'email', instructions: 'validation:email' }],
    });
    expect(await keycloakUsersByEmail(email)).toEqual([]);
    const rows = await server.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toEqual([]);
  });

  it('answers an unknown user id with not found (undefined, IdentityUserNotFoundError; deleting is idempotent)', async () => {
    const id = randomUUID();
    expect(await identity.getUser(id)).toBeUndefined();
    expect(await identity.findUserByEmail(uniqueEmail('nobody'))).toBeUndefined();
    await expect(identity.updateUser(id, { firstName: 'Nikdo' })).rejects.toBeInstanceOf(
      IdentityUserNotFoundError,
    );
    await expect(identity.setPassword(id, 'Dost-dlouhé-heslo')).rejects.toBeInstanceOf(
      IdentityUserNotFoundError,
    );
    await expect(identity.logoutAllSessions(id)).rejects.toBeInstanceOf(IdentityUserNotFoundError);
    await identity.deleteUser(id);
  });

  it('finds, reads and checks passwords of Keycloak users as the embedded server does', async () => {
    const email = uniqueEmail('Adapter.Find');
    const { id } = await identity.createUser({ ...newUser(email), realmRoles: ['assistant'] });
    const expected = {
      id,
      email: email.toLowerCase(),
      firstName: 'Jitka',
      lastName: 'Dlouhá',
      emailVerified: false,
      enabled: true,
      // Keycloak's `createdTimestamp`, in the brief representation of a search too: sign-up needs it
      // to tell an account an unfinished attempt left behind from an older one.
      createdAt: expect.any(Date),
    };
    expect(await identity.findUserByEmail(email.toUpperCase())).toEqual(expected);
    expect(await identity.getUser(id)).toEqual(expected);
    expect(await directRealmRoles(id)).toEqual(['assistant', 'default-roles-opora']);
    expect(await identity.verifyPassword(email.toLowerCase(), 'Heslo-pro-test-1')).toBe(true);
    expect(await sessionCount(id)).toEqual({ online: 0, offline: 0 });
    expect(await identity.verifyPassword(email.toLowerCase(), 'not the password')).toBe(false);
    // A role the realm does not have: the half-made user is removed again.
    const other = uniqueEmail('norole');
    await expect(identity.createUser({ ...newUser(other), realmRoles: ['superuser'] })).rejects.toThrow(
      /superuser/,
    );
    expect(await keycloakUsersByEmail(other)).toEqual([]);
  });

  it('moves an account to a new address: the username follows, the old address is free again', async () => {
    const email = uniqueEmail('move-from');
    const { id } = await identity.createUser(newUser(email));
    const moved = uniqueEmail('move-to');
    await identity.updateUser(id, { email: moved, emailVerified: true });
    expect(await keycloakUser(id)).toMatchObject({ username: moved, email: moved, emailVerified: true });
    expect(await identity.verifyPassword(moved, 'Heslo-pro-test-1')).toBe(true);
    // The search's brief representation carries the verification too.
    expect(await identity.findUserByEmail(moved)).toMatchObject({ id, email: moved, emailVerified: true });
    expect(await identity.findUserByEmail(email)).toBeUndefined();
    const again = await identity.createUser(newUser(email));
    expect(again.id).not.toBe(id);
    await expect(identity.updateUser(again.id, { email: moved })).rejects.toBeInstanceOf(
      IdentityConflictError,
    );
  });

  it('answers a wrong service-account secret with 503 (IdentityUnavailableError), writing nothing', async () => {
    const wrongSecret = createIdentityAdmin({
      ...server.config,
      identityAdmin: {
        clientId: server.config.identityAdmin.clientId,
        clientSecret: 'not-the-secret-at-all',
      },
    });
    const error = await wrongSecret.findUserByEmail(uniqueEmail()).catch((caught) => caught);
    expect(error).toBeInstanceOf(IdentityUnavailableError);
    expect(error.status).toBe(503);

    const email = uniqueEmail('refused');
    const broken = await buildAppWithRefusedIdentityAdmin(server);
    try {
      const response = await broken.inject({
        method: 'POST',
        url: '/api/v1/web/users/sign-up',
        remoteAddress: someClientAddress(),
        payload: {
          firstName: 'Jana',
          lastName: 'Nováková',
          email,
          phone: '+420 601 123 456',
          password: 'dlouhé heslo 1',
          privacyPolicy: true,
        },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'ServiceUnavailable' });
    } finally {
      await broken.close();
    }
    expect(await keycloakUsersByEmail(email)).toEqual([]);
    expect(await server.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------
// The realm files as Keycloak imported them

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/**
 * Keycloak's import placeholders: `${NAME}` or `${NAME:default}` from the environment. A name without
 * value or default stays as written (lower-case keys such as `${role_default-roles}` are message keys).
 */
function resolvePlaceholders(text: string, env: Record<string, string>): string {
  return text.replace(/\$\{([A-Z][A-Z0-9_]*)(?::([^}]*))?\}/g, (whole, name: string, fallback?: string) => {
    return env[name] ?? fallback ?? whole;
  });
}

function realmFile(name: 'realm-export.json' | 'realm-export.production.json'): JsonObject {
  const text = readFileSync(path.join(repoRoot, 'keycloak', name), 'utf8');
  return JSON.parse(
    resolvePlaceholders(text, {
      OPORA_WEB_ORIGIN: target.webOrigin,
      OPORA_API_CLIENT_SECRET: target.apiClientSecret,
    }),
  ) as JsonObject;
}

const asObject = (value: Json | undefined): JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
const asObjects = (value: Json | undefined): JsonObject[] =>
  Array.isArray(value) ? value.map((item) => asObject(item)) : [];
const sorted = (value: Json | undefined) => (Array.isArray(value) ? value.map(String).toSorted() : value);

/**
 * What Keycloak holds of a realm, as the file describes it: the file's keys read back through the Admin
 * REST API. Every difference is something the import dropped or changed.
 */
async function importedDifferences(file: JsonObject, realm: string): Promise<string[]> {
  const differences: string[] = [];
  const differ = (what: string, intended: unknown, actual: unknown) => {
    if (JSON.stringify(intended) !== JSON.stringify(actual))
      differences.push(`${what}: file ${JSON.stringify(intended)}, Keycloak ${JSON.stringify(actual)}`);
  };
  const live = await adminJsonIn<JsonObject>(realm, 'GET', '');
  for (const [key, value] of Object.entries(file)) {
    if (['realm', 'roles', 'clients', 'users', 'defaultRole', 'smtpServer'].includes(key)) continue;
    differ(
      key,
      Array.isArray(value) ? sorted(value) : value,
      Array.isArray(live[key]) ? sorted(live[key]) : live[key],
    );
  }
  const smtp = asObject(live.smtpServer);
  for (const [key, value] of Object.entries(asObject(file.smtpServer))) {
    // The admin API masks any password, even an empty one.
    if (key !== 'password') differ(`smtpServer.${key}`, value, smtp[key]);
  }
  differ('defaultRole', asObject(file.defaultRole).name, asObject(live.defaultRole).name);

  const liveRoles = await adminJsonIn<JsonObject[]>(realm, 'GET', '/roles?briefRepresentation=false');
  for (const role of asObjects(asObject(file.roles).realm)) {
    const found = liveRoles.find((candidate) => candidate.name === role.name);
    if (!found) {
      differences.push(`realm role ${String(role.name)} is missing`);
      continue;
    }
    differ(`realm role ${String(role.name)} description`, role.description, found.description);
    differ(`realm role ${String(role.name)} composite`, role.composite, found.composite);
    const composites = asObject(role.composites);
    if (role.composite === true) {
      const live = await adminJsonIn<JsonObject[]>(realm, 'GET', `/roles/${String(role.name)}/composites`);
      const clientIds = new Map<string, string>();
      for (const client of await adminJsonIn<JsonObject[]>(realm, 'GET', '/clients'))
        clientIds.set(String(client.id), String(client.clientId));
      const intended = [
        ...(Array.isArray(composites.realm) ? composites.realm.map(String) : []),
        ...Object.entries(asObject(composites.client)).flatMap(([clientId, names]) =>
          Array.isArray(names) ? names.map((name) => `${clientId}/${String(name)}`) : [],
        ),
      ].toSorted();
      const actual = live
        .map((entry) =>
          entry.clientRole === true
            ? `${clientIds.get(String(entry.containerId))}/${String(entry.name)}`
            : String(entry.name),
        )
        .toSorted();
      differ(`composites of ${String(role.name)}`, intended, actual);
    }
  }

  for (const client of asObjects(file.clients)) {
    const clientId = String(client.clientId);
    const [found] = await adminJsonIn<JsonObject[]>(realm, 'GET', `/clients?clientId=${clientId}`);
    if (!found) {
      differences.push(`client ${clientId} is missing`);
      continue;
    }
    for (const [key, value] of Object.entries(client)) {
      if (key === 'attributes') {
        for (const [attribute, setting] of Object.entries(asObject(value)))
          differ(`client ${clientId} attribute ${attribute}`, setting, asObject(found.attributes)[attribute]);
      } else if (key === 'protocolMappers') {
        for (const mapper of asObjects(value)) {
          const liveMapper = asObjects(found.protocolMappers).find(
            (candidate) => candidate.name === mapper.name,
          );
          differ(
            `client ${clientId} mapper ${String(mapper.name)}`,
            mapper.protocolMapper,
            liveMapper?.protocolMapper,
          );
          for (const [setting, setValue] of Object.entries(asObject(mapper.config)))
            differ(
              `client ${clientId} mapper ${String(mapper.name)} ${setting}`,
              setValue,
              asObject(liveMapper?.config)[setting],
            );
        }
      } else if (Array.isArray(value)) differ(`client ${clientId} ${key}`, sorted(value), sorted(found[key]));
      else differ(`client ${clientId} ${key}`, value, found[key]);
    }
  }

  for (const user of asObjects(file.users)) {
    let id: string;
    if (typeof user.serviceAccountClientId === 'string') {
      const uuid = await clientUuid(user.serviceAccountClientId, realm);
      id = String((await adminJsonIn<JsonObject>(realm, 'GET', `/clients/${uuid}/service-account-user`)).id);
    } else {
      const [found] = await adminJsonIn<JsonObject[]>(
        realm,
        'GET',
        `/users?username=${encodeURIComponent(String(user.username))}&exact=true`,
      );
      if (!found) {
        differences.push(`user ${String(user.username)} is missing`);
        continue;
      }
      id = String(found.id);
      for (const key of ['id', 'email', 'firstName', 'lastName', 'enabled', 'emailVerified'])
        if (key in user) differ(`user ${String(user.username)} ${key}`, user[key], found[key]);
    }
    const mappings = await adminJsonIn<JsonObject>(realm, 'GET', `/users/${id}/role-mappings`);
    differ(
      `user ${String(user.username)} realm roles`,
      sorted(user.realmRoles ?? []),
      asObjects(mappings.realmMappings)
        .map((role) => String(role.name))
        .toSorted(),
    );
    const clientMappings = asObject(mappings.clientMappings);
    for (const [clientId, names] of Object.entries(asObject(user.clientRoles))) {
      differ(
        `user ${String(user.username)} ${clientId} roles`,
        sorted(names),
        asObjects(asObject(clientMappings[clientId]).mappings)
          .map((role) => String(role.name))
          .toSorted(),
      );
    }
  }
  return differences;
}

describe('the realm Keycloak imported', () => {
  it('is keycloak/realm-export.json as written, placeholders resolved from the environment', async () => {
    expect(await importedDifferences(realmFile('realm-export.json'), target.realm)).toEqual([]);
  });

  it('signs in the demo accounts with their seeded ids and roles', async () => {
    const file = realmFile('realm-export.json');
    for (const user of asObjects(file.users).filter(
      (candidate) => candidate.serviceAccountClientId === undefined,
    )) {
      const tokens = tokensOf(await server.passwordGrant(String(user.username), demoPassword));
      const claims = claimsOf(tokens.accessToken);
      expect(claims.sub).toBe(user.id);
      const expected = [
        'client',
        ...(Array.isArray(user.realmRoles) ? user.realmRoles.map(String) : []),
      ].filter((role) => !role.startsWith('default-roles-'));
      expect(claims.realm_access?.roles).toEqual(expect.arrayContaining(expected));
      await server.logout(tokens.refreshToken);
    }
  });

  it('gives the service account the token and admin roles the adapter needs, nothing of a person', async () => {
    const response = await fetch(`${target.url}/realms/${target.realm}/protocol/openid-connect/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: 'opora-api',
        client_secret: target.apiClientSecret,
      }),
    });
    const body = (await response.json()) as { access_token: string; refresh_token?: string };
    expect(response.status).toBe(200);
    // client_credentials.use_refresh_token=false
    expect(body.refresh_token).toBeUndefined();
    const claims = decodeJwt(body.access_token) as {
      azp: string;
      resource_access?: Record<string, { roles: string[] }>;
    };
    expect(claims.azp).toBe('opora-api');
    // view-users is a composite of query-users and query-groups.
    expect(claims.resource_access?.['realm-management']?.roles.toSorted()).toEqual([
      'manage-users',
      'query-groups',
      'query-users',
      'view-realm',
      'view-users',
    ]);
  });

  it('accepts keycloak/realm-export.production.json too (a renamed copy), with the same result', async () => {
    const file = realmFile('realm-export.production.json');
    const name = `opora-production-check-${randomBytes(3).toString('hex')}`;
    const token = await keycloakAdminToken(target);
    const created = await fetch(`${target.url}/admin/realms`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...file, realm: name }),
    });
    expect({ status: created.status, body: await created.text() }).toEqual({ status: 201, body: '' });
    try {
      expect(await importedDifferences(file, name)).toEqual([]);
      // No people: the user search leaves the service account out, which importedDifferences checked.
      expect(await adminJsonIn<JsonObject[]>(name, 'GET', '/users?briefRepresentation=true')).toEqual([]);
    } finally {
      await fetch(`${target.url}/admin/realms/${name}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${await keycloakAdminToken(target)}` },
      });
    }
  });
});
