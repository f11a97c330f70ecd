import { randomUUID } from 'node:crypto';
import { identityUsers } from '@opora/db';
import { createTestDatabase, type TestDatabase } from '@opora/db/testing';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { testConfig } from '../../testing/test-app.ts';

// The embedded server's Admin REST API on the wire: Keycloak 26's statuses and bodies for the
// operations the identity adapter uses, and its refusals.

let database: TestDatabase;
let app: App;
let adminToken: string;

const admin = '/admin/realms/opora';
const tokenUrl = '/realms/opora/protocol/openid-connect/token';
const password = 'Správné-heslo-1';

async function tokenRequest(form: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: tokenUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

async function serviceAccountToken(): Promise<string> {
  const response = await tokenRequest({
    grant_type: 'client_credentials',
    client_id: app.config.identityAdmin.clientId,
    client_secret: app.config.identityAdmin.clientSecret,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ access_token: string }>().access_token;
}

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = adminToken) {
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const uniqueEmail = () => `person-${randomUUID().slice(0, 8)}@example.test`;

function newUser(email = uniqueEmail()) {
  return {
    username: email,
    email,
    firstName: 'Věra',
    lastName: 'Malá',
    enabled: true,
    emailVerified: true,
    credentials: [{ type: 'password', value: password, temporary: false }],
  };
}

async function createUser(body: object = newUser()): Promise<string> {
  const response = await call('POST', `${admin}/users`, body);
  expect(response.statusCode).toBe(201);
  const id = response.headers.location?.toString().split('/').pop();
  if (!id) throw new Error('no Location');
  return id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig({ RATE_LIMIT_MAX: '100000' }), db: database.db });
  await app.ready();
  adminToken = await serviceAccountToken();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('admin API authentication', () => {
  it('answers 401 without a bearer token or with a token it did not issue', async () => {
    const missing = await app.inject({ method: 'GET', url: `${admin}/users` });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ error: 'HTTP 401 Unauthorized' });
    const forged = await call('GET', `${admin}/users`, undefined, 'eyJhbGciOiJub25lIn0.e30.');
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ error: 'HTTP 401 Unauthorized' });
  });

  it('answers 403 to a signed-in person, whose token carries no realm-management roles', async () => {
    const email = uniqueEmail();
    await createUser(newUser(email));
    const grant = await tokenRequest({ grant_type: 'password', client_id: 'web', username: email, password });
    expect(grant.statusCode).toBe(200);
    const userToken = grant.json<{ access_token: string }>().access_token;
    const response = await call('GET', `${admin}/users?email=${email}`, undefined, userToken);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'HTTP 403 Forbidden' });
  });

  it('grants the service account exactly the realm-management roles the API needs', () => {
    const claims = decodeJwt(adminToken) as {
      azp?: string;
      resource_access?: Record<string, { roles: string[] }>;
    };
    expect(claims.azp).toBe('opora-api');
    // As Keycloak lists them: `view-users` is a composite that brings `query-groups`.
    expect(claims.resource_access?.['realm-management']?.roles.toSorted()).toEqual([
      'manage-users',
      'query-groups',
      'query-users',
      'view-realm',
      'view-users',
    ]);
  });

  it('answers 404 for another realm, after authentication', async () => {
    const response = await call('GET', '/admin/realms/master/users');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Realm not found.' });
  });
});

describe('POST users', () => {
  it('creates the account: 201, empty body, Location of the new user', async () => {
    const body = newUser();
    const response = await call('POST', `${admin}/users`, body);
    expect(response.statusCode).toBe(201);
    expect(response.body).toBe('');
    const location = response.headers.location?.toString() ?? '';
    expect(location).toMatch(
      new RegExp(`^${app.config.identity.url}/admin/realms/opora/users/[0-9a-f-]{36}$`),
    );
    const read = await call('GET', `${admin}/users/${location.split('/').pop()}`);
    expect(read.json()).toMatchObject({
      username: body.email,
      email: body.email,
      firstName: 'Věra',
      lastName: 'Malá',
      emailVerified: true,
      enabled: true,
      requiredActions: [],
      notBefore: 0,
      access: { view: true, manage: true },
    });
  });

  it('refuses a second account with the same e-mail in any letter case with 409', async () => {
    const email = uniqueEmail();
    await createUser(newUser(email));
    const response = await call('POST', `${admin}/users`, newUser(email.toUpperCase()));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ errorMessage: 'User exists with same email' });
  });

  it('refuses a password shorter than the realm policy with Keycloak’s body, creating nothing', async () => {
    const body = { ...newUser(), credentials: [{ type: 'password', value: 'short', temporary: false }] };
    const response = await call('POST', `${admin}/users`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'invalidPasswordMinLengthMessage',
      error_description: 'Invalid password: minimum length 8.',
    });
    const found = await call('GET', `${admin}/users?email=${encodeURIComponent(body.email)}&exact=true`);
    expect(found.json()).toEqual([]);
  });

  it('requires first name, last name and e-mail (the password grant needs them)', async () => {
    const { firstName: _, ...withoutFirstName } = newUser();
    const one = await call('POST', `${admin}/users`, withoutFirstName);
    expect(one.statusCode).toBe(400);
    expect(one.json()).toEqual({
      field: 'firstName',
      errorMessage: 'error-user-attribute-required',
      params: ['firstName'],
    });
    const several = await call('POST', `${admin}/users`, {
      ...newUser(),
      email: 'not-an-address',
      lastName: ' ',
    });
    expect(several.statusCode).toBe(400);
    expect(several.json()).toEqual({
      errors: [
        { field: 'email', errorMessage: 'error-invalid-email', params: ['email'] },
        { field: 'lastName', errorMessage: 'error-user-attribute-required', params: ['lastName'] },
      ],
    });
  });

  it("refuses the characters of Keycloak's person-name validator, control characters included", async () => {
    for (const [field, value] of [
      ['firstName', 'Jana (Honza)'],
      ['lastName', 'Novák\u0007'],
    ] as const) {
      const refused = await call('POST', `${admin}/users`, { ...newUser(), [field]: value });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        field,
        errorMessage: 'error-person-name-invalid-character',
        params: [field],
      });
    }
    expect(await createUser({ ...newUser(), lastName: "O'Brien-Nováková" })).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('creates a disabled account when `enabled` is left out, as Keycloak does', async () => {
    const { enabled: _, ...body } = newUser();
    const id = await createUser(body);
    expect((await call('GET', `${admin}/users/${id}`)).json()).toMatchObject({ enabled: false });
  });

  it('answers a body that is not JSON with 400 and creates nothing', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `${admin}/users`,
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_request', error_description: 'Cannot parse the JSON' });
  });
});

describe('GET users', () => {
  it('finds an account by e-mail exactly (any case) and by substring without exact', async () => {
    const email = uniqueEmail();
    const id = await createUser(newUser(email));
    await createUser(newUser(`x${email}`));
    const exact = await call(
      'GET',
      `${admin}/users?email=${encodeURIComponent(email.toUpperCase())}&exact=true`,
    );
    expect(exact.statusCode).toBe(200);
    expect(exact.headers['content-type']).toBe('application/json;charset=UTF-8');
    expect(exact.json()).toEqual([expect.objectContaining({ id, email, access: { manage: true } })]);
    const substring = await call('GET', `${admin}/users?email=${encodeURIComponent(email)}`);
    expect(substring.json()).toHaveLength(2);
  });

  it('treats % and _ in the search as plain characters', async () => {
    const response = await call('GET', `${admin}/users?email=${encodeURIComponent('%')}`);
    expect(response.json()).toEqual([]);
  });

  it('answers 404 "User not found" for an unknown or malformed id', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const response = await call('GET', `${admin}/users/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'User not found' });
    }
  });
});

describe('PUT users/{id} and reset-password', () => {
  it('changes only what the body carries; a new e-mail becomes the username', async () => {
    const id = await createUser();
    const email = uniqueEmail();
    const response = await call('PUT', `${admin}/users/${id}`, {
      email: email.toUpperCase(),
      firstName: 'Vlasta',
    });
    expect(response.statusCode).toBe(204);
    expect((await call('GET', `${admin}/users/${id}`)).json()).toMatchObject({
      username: email,
      email,
      firstName: 'Vlasta',
      lastName: 'Malá',
    });
  });

  it('refuses an e-mail another account has with 409', async () => {
    const taken = uniqueEmail();
    await createUser(newUser(taken));
    const id = await createUser();
    const response = await call('PUT', `${admin}/users/${id}`, { email: taken });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ errorMessage: 'User exists with same email' });
  });

  it('sets a new password, refusing a missing or too short one', async () => {
    const email = uniqueEmail();
    const id = await createUser(newUser(email));
    const missing = await call('PUT', `${admin}/users/${id}/reset-password`, { type: 'password' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: 'No password provided' });
    const short = await call('PUT', `${admin}/users/${id}/reset-password`, {
      type: 'password',
      value: '1234567',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ error: 'invalidPasswordMinLengthMessage' });

    const reset = await call('PUT', `${admin}/users/${id}/reset-password`, {
      type: 'password',
      value: 'Nové-heslo-2',
      temporary: false,
    });
    expect(reset.statusCode).toBe(204);
    const old = await tokenRequest({ grant_type: 'password', client_id: 'web', username: email, password });
    expect(old.json()).toMatchObject({ error: 'invalid_grant' });
    const fresh = await tokenRequest({
      grant_type: 'password',
      client_id: 'web',
      username: email,
      password: 'Nové-heslo-2',
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('marks a temporary password with the UPDATE_PASSWORD required action', async () => {
    const id = await createUser();
    await call('PUT', `${admin}/users/${id}/reset-password`, {
      type: 'password',
      value: 'Dočasné-1',
      temporary: true,
    });
    expect((await call('GET', `${admin}/users/${id}`)).json()).toMatchObject({
      requiredActions: ['UPDATE_PASSWORD'],
    });
  });
});

describe('DELETE users/{id}', () => {
  it('removes the account and its sign-in; a second delete is 404', async () => {
    const email = uniqueEmail();
    const id = await createUser(newUser(email));
    const response = await call('DELETE', `${admin}/users/${id}`);
    expect(response.statusCode).toBe(204);
    expect(response.headers['cache-control']).toBe('no-cache');
    const grant = await tokenRequest({ grant_type: 'password', client_id: 'web', username: email, password });
    expect(grant.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: 'Invalid user credentials',
    });
    expect((await call('DELETE', `${admin}/users/${id}`)).statusCode).toBe(404);
  });
});

describe('POST users/{id}/logout', () => {
  it('ends the sessions so refresh fails as in Keycloak, and moves the user’s not-before', async () => {
    const email = uniqueEmail();
    const id = await createUser(newUser(email));
    const grant = await tokenRequest({
      grant_type: 'password',
      client_id: 'web',
      username: email,
      password,
      scope: 'profile email',
    });
    const { refresh_token: refreshToken } = grant.json<{ refresh_token: string }>();

    const response = await call('POST', `${admin}/users/${id}/logout`);
    expect(response.statusCode).toBe(204);
    const refresh = await tokenRequest({
      grant_type: 'refresh_token',
      client_id: 'web',
      refresh_token: refreshToken,
    });
    expect(refresh.statusCode).toBe(400);
    expect(refresh.json()).toEqual({ error: 'invalid_grant', error_description: 'Session not active' });
    const [row] = await database.db.select().from(identityUsers).where(eq(identityUsers.id, id));
    expect(row?.notBefore).toBeInstanceOf(Date);
    expect(
      (await call('GET', `${admin}/users/${id}`)).json<{ notBefore: number }>().notBefore,
    ).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown user', async () => {
    const response = await call('POST', `${admin}/users/${randomUUID()}/logout`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'User not found' });
  });
});

describe('realm roles and role mappings', () => {
  it('reads a realm role by name and answers 404 for an unknown one', async () => {
    const role = await call('GET', `${admin}/roles/assistant`);
    expect(role.statusCode).toBe(200);
    expect(role.json()).toMatchObject({ name: 'assistant', composite: false, clientRole: false });
    const unknown = await call('GET', `${admin}/roles/superuser`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Could not find role' });
  });

  it('maps a realm role to a user, which then appears in their access tokens', async () => {
    const email = uniqueEmail();
    const id = await createUser(newUser(email));
    const role = (await call('GET', `${admin}/roles/assistant`)).json<{ id: string; name: string }>();
    const response = await call('POST', `${admin}/users/${id}/role-mappings/realm`, [
      { id: role.id, name: role.name },
    ]);
    expect(response.statusCode).toBe(204);
    const grant = await tokenRequest({ grant_type: 'password', client_id: 'web', username: email, password });
    const claims = decodeJwt(grant.json<{ access_token: string }>().access_token) as {
      realm_access?: { roles: string[] };
    };
    expect(claims.realm_access?.roles).toEqual(expect.arrayContaining(['client', 'assistant']));
  });

  it('applies nothing when one role of the batch does not exist', async () => {
    const id = await createUser();
    const role = (await call('GET', `${admin}/roles/admin`)).json<{ id: string; name: string }>();
    const response = await call('POST', `${admin}/users/${id}/role-mappings/realm`, [
      { id: role.id, name: role.name },
      { id: randomUUID(), name: 'ghost' },
    ]);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Role not found' });
    const [row] = await database.db.select().from(identityUsers).where(eq(identityUsers.id, id));
    expect(row?.realmRoles).toEqual(['client']);
  });
});

describe('GET roles/{name}/users', () => {
  it('lists the accounts a role is mapped to, by username and paged, and 404 for an unknown role', async () => {
    const role = (await call('GET', `${admin}/roles/assistant`)).json<{ id: string; name: string }>();
    const emails = [uniqueEmail(), uniqueEmail(), uniqueEmail()].toSorted();
    for (const email of emails) {
      const id = await createUser(newUser(email));
      await call('POST', `${admin}/users/${id}/role-mappings/realm`, [{ id: role.id, name: role.name }]);
    }
    const other = uniqueEmail();
    await createUser(newUser(other));

    const listed = await call('GET', `${admin}/roles/assistant/users?briefRepresentation=true&max=100`);
    expect(listed.statusCode).toBe(200);
    const users = listed.json<{ username: string; email: string; enabled: boolean }[]>();
    const usernames = users.map((user) => user.username);
    expect(usernames).toEqual(usernames.toSorted());
    expect(usernames).toEqual(expect.arrayContaining(emails));
    expect(usernames).not.toContain(other);
    expect(users.find((user) => user.email === emails[0])).toMatchObject({
      firstName: 'Věra',
      lastName: 'Malá',
      enabled: true,
    });
    const second = await call('GET', `${admin}/roles/assistant/users?first=1&max=1`);
    expect(second.json<{ username: string }[]>().map((user) => user.username)).toEqual([usernames[1]]);

    const unknown = await call('GET', `${admin}/roles/superuser/users`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Could not find role' });
  });

  it('answers 403 to a signed-in person', async () => {
    const email = uniqueEmail();
    await createUser(newUser(email));
    const grant = await tokenRequest({ grant_type: 'password', client_id: 'web', username: email, password });
    const userToken = grant.json<{ access_token: string }>().access_token;
    const response = await call('GET', `${admin}/roles/assistant/users`, undefined, userToken);
    expect(response.statusCode).toBe(403);
  });
});

describe('DELETE attack-detection/brute-force/users/{id}', () => {
  it('lifts a lockout so the right password works again, and answers 204 for any id', async () => {
    const email = uniqueEmail();
    const id = await createUser(newUser(email));
    // Two failures within a second lock the account for a minute (Keycloak's quick-login check).
    for (let attempt = 0; attempt < 2; attempt++) {
      await tokenRequest({
        grant_type: 'password',
        client_id: 'web',
        username: email,
        password: 'wrong-password',
      });
    }
    const locked = await tokenRequest({
      grant_type: 'password',
      client_id: 'web',
      username: email,
      password,
    });
    expect(locked.json()).toMatchObject({ error: 'invalid_grant' });

    expect((await call('DELETE', `${admin}/attack-detection/brute-force/users/${id}`)).statusCode).toBe(204);
    const unlocked = await tokenRequest({
      grant_type: 'password',
      client_id: 'web',
      username: email,
      password,
    });
    expect(unlocked.statusCode).toBe(200);
    expect(
      (await call('DELETE', `${admin}/attack-detection/brute-force/users/${randomUUID()}`)).statusCode,
    ).toBe(204);
  });
});
