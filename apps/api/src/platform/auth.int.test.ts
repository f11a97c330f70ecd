import { identityClientId } from '@opora/contracts';
import { identitySigningKeys, providerUsers, users } from '@opora/db';
import { createProvider } from '@opora/db/testing';
import { and, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { generateKeyPair, importJWK, type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type AccountTestServer,
  bearer,
  startAccountTestServer,
  type TestAccount,
} from '../accounts/testing/account-test-server.ts';
import { type App, buildApp } from '../app.ts';
import { issuerKeys } from '../identity/index.ts';
import { testConfig } from '../testing/test-app.ts';
import { authPlugin, tokenIssuer } from './auth.ts';
import { configPlugin } from './config.ts';
import { databasePlugin } from './database.ts';
import { errorsPlugin } from './errors.ts';

let server: AccountTestServer;
let account: TestAccount;
let accessToken: string;
let refreshToken: string;

beforeAll(async () => {
  server = await startAccountTestServer();
  account = await server.createAccount();
  ({ accessToken, refreshToken } = await server.signIn(account.email, account.password));
});

afterAll(async () => {
  await server.close();
});

const me = (headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url: '/api/v1/web/users/me', headers });

/** A token signed with the realm's own active key, so only the claims under test are wrong. */
async function realmSigned(claims: JWTPayload, header: { typ?: string } = {}): Promise<string> {
  const [key] = await server.database.db
    .select()
    .from(identitySigningKeys)
    .where(and(eq(identitySigningKeys.algorithm, 'RS256'), eq(identitySigningKeys.status, 'active')));
  if (!key) throw new Error('no realm key');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    iss: tokenIssuer(server.config),
    aud: ['opora-api', 'account'],
    sub: account.subject,
    typ: 'Bearer',
    azp: identityClientId,
    iat: now,
    exp: now + 300,
    realm_access: { roles: ['client'] },
    ...claims,
  })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: header.typ ?? 'JWT' })
    .sign(await importJWK(key.privateJwk, 'RS256'));
}

describe('bearer verification', () => {
  it('accepts an access token of the embedded issuer and identifies the caller', async () => {
    const response = await me(bearer(accessToken));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: account.subject, email: account.email, roles: ['client'] });
  });

  it('answers 401 with a Bearer challenge when no token is sent', async () => {
    const response = await me();
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect(response.json()).toMatchObject({
      status: 401,
      code: 'Unauthorized',
      instance: '/api/v1/web/users/me',
    });
  });

  it('checks HEAD requests of a GET operation too', async () => {
    expect((await server.app.inject({ method: 'HEAD', url: '/api/v1/web/users/me' })).statusCode).toBe(401);
    const head = await server.app.inject({
      method: 'HEAD',
      url: '/api/v1/web/users/me',
      headers: bearer(accessToken),
    });
    expect(head.statusCode).toBe(200);
  });

  it.each([
    ['a malformed header', { authorization: 'Bearer' }],
    ['another scheme', { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }],
    ['garbage', { authorization: 'Bearer not.a.token' }],
  ])('answers 401 for %s', async (_name, headers) => {
    const response = await me(headers);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'Unauthorized' });
  });

  it('refuses a refresh token used as a bearer token', async () => {
    const response = await me(bearer(refreshToken));
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
  });

  it('refuses an ID token, though it is signed by the same key', async () => {
    const idToken = await realmSigned({ typ: 'ID', aud: identityClientId });
    expect((await me(bearer(idToken))).statusCode).toBe(401);
    // Even one that claims our audience is refused by its type.
    const typed = await realmSigned({ typ: 'ID' });
    expect((await me(bearer(typed))).statusCode).toBe(401);
  });

  it('refuses tokens of another issuer, another audience, another client, or expired', async () => {
    expect(await me(bearer(await realmSigned({})))).toMatchObject({ statusCode: 200 });
    for (const claims of [
      { iss: 'http://evil.example/realms/opora' },
      { aud: 'account' },
      { azp: 'other-client' },
      { exp: Math.floor(Date.now() / 1000) - 60, iat: Math.floor(Date.now() / 1000) - 400 },
      { sub: undefined },
    ]) {
      const response = await me(bearer(await realmSigned(claims)));
      expect(response.statusCode, JSON.stringify(claims)).toBe(401);
    }
  });

  it('refuses a token signed by a key the realm never published', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const [key] = await server.database.db.select().from(identitySigningKeys).limit(1);
    const forged = await new SignJWT({
      iss: tokenIssuer(server.config),
      aud: 'opora-api',
      sub: account.subject,
      typ: 'Bearer',
      azp: identityClientId,
    })
      .setProtectedHeader({ alg: 'RS256', kid: key?.kid ?? 'x' })
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    expect((await me(bearer(forged))).statusCode).toBe(401);
  });

  it('refuses a valid token whose account was anonymised', async () => {
    const other = await server.createAccount();
    const tokens = await server.signIn(other.email, other.password);
    expect((await me(bearer(tokens.accessToken))).statusCode).toBe(200);
    await server.database.db
      .update(users)
      .set({ identitySubject: null, email: null, anonymisedAt: new Date() })
      .where(eq(users.id, other.userId));
    expect((await me(bearer(tokens.accessToken))).statusCode).toBe(401);
  });

  it('remembers a verified token only until it expires', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await realmSigned({ iat: now, exp: now + 60 });
    expect((await me(bearer(token))).statusCode).toBe(200);
    expect((await me(bearer(token))).statusCode).toBe(200);
    // Past its expiry and the clock tolerance, the remembered token is verified again, and refused.
    vi.useFakeTimers({ toFake: ['Date'], now: (now + 60 + 11) * 1000 });
    try {
      expect((await me(bearer(token))).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('serves public operations to guests and ignores a bad token there', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/web/regions' })).statusCode).toBe(200);
    const withBadToken = await server.app.inject({
      method: 'GET',
      url: '/api/v1/web/regions',
      headers: bearer('not.a.token'),
    });
    expect(withBadToken.statusCode).toBe(200);
  });
});

describe('with an external identity server (IDENTITY_URL)', () => {
  let external: App;

  beforeAll(async () => {
    // Another API process whose identity server is the first one, reached over HTTP as Keycloak is.
    external = await buildApp({
      config: testConfig({ IDENTITY_URL: server.config.publicUrl }),
      db: server.database.db,
    });
  });

  afterAll(async () => {
    await external.close();
  });

  it('verifies tokens against the server’s published keys', async () => {
    expect(external.config.identity.embedded).toBe(false);
    const response = await external.inject({
      method: 'GET',
      url: '/api/v1/web/users/me',
      headers: bearer(accessToken),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: account.subject });
    expect(
      (await external.inject({ method: 'GET', url: '/api/v1/web/users/me', headers: bearer(refreshToken) }))
        .statusCode,
    ).toBe(401);
  });
});

describe('roles', () => {
  it('adds the staff roles of the token and the provider roles of the account', async () => {
    const staff = await server.createAccount({ realmRoles: ['client', 'assistant'] });
    const provider = await createProvider(server.database.db);
    await server.database.db
      .insert(providerUsers)
      .values({ providerId: provider.id, userId: staff.userId, roles: ['providerAdmin'] });
    const tokens = await server.signIn(staff.email, staff.password);
    const response = await me(bearer(tokens.accessToken));
    const user = response.json<{ roles: string[]; permissions: unknown[] }>();
    expect(user.roles.toSorted()).toEqual(['assistant', 'client', 'providerAdmin']);
    // The provider area opens for them (SPEC §6 route permission).
    expect(user.permissions).toContainEqual({ routeName: 'providerHome' });
  });

  it('takes no role from the token that the realm does not define', async () => {
    const token = await realmSigned({ realm_access: { roles: ['client', 'superuser', 'admin'] } });
    expect((await me(bearer(token))).json<{ roles: string[] }>().roles.toSorted()).toEqual([
      'admin',
      'client',
    ]);
  });
});

describe('the permission check', () => {
  async function narrowApp(routes: (app: ReturnType<typeof Fastify>) => void) {
    const app = Fastify({ logger: false });
    await app.register(configPlugin, { config: server.config });
    await app.register(databasePlugin, { db: server.database.db });
    await app.register(errorsPlugin);
    // Only admins may read their own profile here, to see the check refuse a client.
    await app.register(authPlugin, {
      config: server.config,
      keys: issuerKeys(server.config, server.database.db),
      isGranted: (roles, operationId) => operationId !== 'getCurrentUser' || roles.includes('admin'),
    });
    routes(app);
    return app;
  }

  it('answers 403 when the caller is known but no role grants the operation', async () => {
    let handlerRan = false;
    const app = await narrowApp((app) => {
      app.get('/api/v1/web/users/me', { schema: { operationId: 'getCurrentUser' } }, async () => {
        handlerRan = true;
        return { ok: true };
      });
    });
    const forbidden = await app.inject({
      method: 'GET',
      url: '/api/v1/web/users/me',
      headers: bearer(accessToken),
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ status: 403, code: 'Forbidden' });
    expect(handlerRan).toBe(false);
    const anonymous = await app.inject({ method: 'GET', url: '/api/v1/web/users/me' });
    expect(anonymous.statusCode).toBe(401);
    const admin = await realmSigned({ realm_access: { roles: ['admin'] } });
    const allowed = await app.inject({ method: 'GET', url: '/api/v1/web/users/me', headers: bearer(admin) });
    expect(allowed.statusCode).toBe(200);
    expect(handlerRan).toBe(true);
    await app.close();
  });

  it('checks before the body is validated, so a guest learns nothing about the body', async () => {
    const app = await narrowApp((app) => {
      app.patch(
        '/api/v1/web/users/me',
        {
          schema: {
            operationId: 'updateCurrentUser',
            body: { type: 'object', required: ['x'], properties: { x: { type: 'string' } } },
          },
        },
        async () => ({ ok: true }),
      );
    });
    const response = await app.inject({ method: 'PATCH', url: '/api/v1/web/users/me', payload: {} });
    expect(response.statusCode).toBe(401);
    await app.close();
  });

  it('refuses to start with an API route that has no operationId or one contracts do not list', async () => {
    await expect(
      narrowApp((app) => {
        app.get('/api/v1/web/unchecked', async () => ({}));
      }),
    ).rejects.toThrow(/needs an operationId/);
    await expect(
      narrowApp((app) => {
        app.get('/api/v1/web/unknown', { schema: { operationId: 'deleteEverything' } }, async () => ({}));
      }),
    ).rejects.toThrow(/contracts do not list/);
  });
});
