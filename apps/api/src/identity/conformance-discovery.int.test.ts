import { compactVerify, createLocalJWKSet, decodeJwt, decodeProtectedHeader, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rotateSigningKeys } from './signing-keys.ts';
import {
  createFixtureUser,
  evilOrigin,
  type IdentityServer,
  origin,
  startIdentityServer,
} from './testing/conformance-harness.ts';

// CONFORMANCE.md section A (discovery and keys) and key rotation.

let server: IdentityServer;

beforeAll(async () => {
  server = await startIdentityServer();
  await createFixtureUser(server, { username: 'alice', realmRoles: ['client', 'assistant'] });
});

afterAll(async () => {
  await server.close();
});

const stringArray = expect.arrayContaining([expect.any(String)]);

async function certs(): Promise<JSONWebKeySet> {
  const response = await server.get(server.certsUrl);
  expect(response.status).toBe(200);
  return response.json as unknown as JSONWebKeySet;
}

describe('A. discovery and keys', () => {
  it('1. publishes the discovery document with the realm issuer and Keycloak endpoint URLs', async () => {
    const response = await server.get(`${server.iss}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const document = response.json ?? {};
    expect(document.issuer).toBe(`${server.base}/realms/opora`);
    expect(document.issuer).toBe(server.iss);
    expect(document.token_endpoint).toBe(server.tokenUrl);
    expect(document.end_session_endpoint).toBe(server.logoutUrl);
    expect(document.jwks_uri).toBe(server.certsUrl);
    expect(document.userinfo_endpoint).toBe(server.userinfoUrl);
    expect(document.authorization_endpoint).toBe(`${server.iss}/protocol/openid-connect/auth`);
    expect(document.introspection_endpoint).toBe(`${server.tokenUrl}/introspect`);
    expect(document.revocation_endpoint).toBe(`${server.iss}/protocol/openid-connect/revoke`);
    expect(document.grant_types_supported).toEqual(expect.arrayContaining(['password', 'refresh_token']));
    expect(document.id_token_signing_alg_values_supported).toContain('RS256');
    expect(document.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'profile', 'email', 'offline_access']),
    );
    expect(document.response_types_supported).toEqual(stringArray);
    expect(document.subject_types_supported).toEqual(stringArray);
    expect(document.token_endpoint_auth_methods_supported).toEqual(stringArray);
  });

  it('2. publishes RSA signature keys only, without private or symmetric members', async () => {
    const { keys } = await certs();
    expect(keys.length).toBeGreaterThanOrEqual(1);
    for (const key of keys) {
      expect(key.kty).not.toBe('oct');
      for (const member of ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k']) expect(key).not.toHaveProperty(member);
    }
    const signing = keys.filter((key) => key.use === 'sig');
    expect(signing.length).toBeGreaterThanOrEqual(1);
    for (const key of signing) {
      expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
      expect(key.kid).toEqual(expect.stringMatching(/.+/));
      expect(key.n).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(key.e).toMatch(/^[A-Za-z0-9_-]+$/);
    }
  });

  it('3. signs access tokens with a published key (RS256, typ JWT)', async () => {
    const tokens = await server.login('alice');
    const header = decodeProtectedHeader(tokens.access_token);
    expect(header).toMatchObject({ alg: 'RS256', typ: 'JWT' });
    const jwks = await certs();
    expect(jwks.keys.map((key) => key.kid)).toContain(header.kid);
    const { payload } = await compactVerify(tokens.access_token, createLocalJWKSet(jwks));
    expect(JSON.parse(new TextDecoder().decode(payload)).sub).toBe(decodeJwt(tokens.access_token).sub);
  });

  it('4. answers 404 with a JSON error for an unknown realm', async () => {
    const response = await server.get(`${server.base}/realms/doesnotexist/.well-known/openid-configuration`);
    expect(response.status).toBe(404);
    expect(response.json).toHaveProperty('error');
    const certsOfUnknown = await server.get(
      `${server.base}/realms/doesnotexist/protocol/openid-connect/certs`,
    );
    expect(certsOfUnknown.status).toBe(404);
  });

  it('5. serves discovery and certs without authentication and without cookies', async () => {
    for (const url of [`${server.iss}/.well-known/openid-configuration`, server.certsUrl]) {
      const response = await server.get(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('set-cookie')).toBeNull();
    }
  });

  it('lets any origin read discovery and certs (Keycloak allows all origins there), preflight included', async () => {
    for (const url of [`${server.iss}/.well-known/openid-configuration`, server.certsUrl]) {
      const response = await server.get(url, { origin: evilOrigin });
      expect(response.headers.get('access-control-allow-origin')).toBe(evilOrigin);
      const preflight = await server.request(url, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET' },
      });
      expect(preflight.status).toBe(200);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
      expect(preflight.headers.get('access-control-allow-methods')).toBe('GET');
      expect(preflight.headers.get('access-control-max-age')).toBe('3600');
    }
  });
});

describe('key rotation', () => {
  it('signs with the new key after rotation and keeps the old one published for tokens already issued', async () => {
    const before = await server.login('alice', { scope: 'profile email' });
    const oldKid = decodeProtectedHeader(before.access_token).kid;

    const newKid = await rotateSigningKeys(server.database.db);
    await server.reloadKeys();
    const after = await server.login('alice', { scope: 'profile email' });
    expect(decodeProtectedHeader(after.access_token).kid).toBe(newKid);

    const jwks = createLocalJWKSet(await certs());
    await expect(compactVerify(before.access_token, jwks)).resolves.toBeDefined();
    await expect(compactVerify(after.access_token, jwks)).resolves.toBeDefined();
    expect(oldKid).not.toBe(newKid);

    // A refresh token signed before a rotation of the refresh-token key still works.
    await rotateSigningKeys(server.database.db, 'HS512');
    await server.reloadKeys();
    const refreshed = await server.refresh(after.refresh_token);
    expect(refreshed.status).toBe(200);
  });

  it('stops publishing a disabled key', async () => {
    const { keys } = await certs();
    const [oldest] = keys;
    const { identitySigningKeys } = await import('@opora/db');
    const { eq } = await import('drizzle-orm');
    await server.database.db
      .update(identitySigningKeys)
      .set({ status: 'disabled' })
      .where(eq(identitySigningKeys.kid, oldest?.kid ?? ''));
    await server.reloadKeys();
    expect((await certs()).keys.map((key) => key.kid)).not.toContain(oldest?.kid);
  });
});
