import { identitySigningKeys } from '@opora/db';
import { and, eq } from 'drizzle-orm';
import { base64url, decodeJwt, generateKeyPair, importJWK, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessTokenVerifier } from '../platform/auth.ts';
import { localJwks, rotateSigningKeys } from './signing-keys.ts';
import {
  createFixtureUser,
  evilOrigin,
  type IdentityServer,
  origin,
  startIdentityServer,
} from './testing/conformance-harness.ts';

// CONFORMANCE.md sections F (tokens as the API verifier sees them) and G (logout with a refresh
// token), and the userinfo endpoint.

let server: IdentityServer;

beforeAll(async () => {
  server = await startIdentityServer();
  await createFixtureUser(server, { username: 'alice', realmRoles: ['client', 'assistant'] });
});

afterAll(async () => {
  await server.close();
});

const online = 'profile email';
const offline = 'profile email offline_access';
const invalidGrant = (description: string) => ({ error: 'invalid_grant', error_description: description });
const logout = (refreshToken: string, clientId = 'web', headers: Record<string, string> = {}) =>
  server.post(server.logoutUrl, { client_id: clientId, refresh_token: refreshToken }, headers);

/** Signs arbitrary claims with the realm's active RS256 key, read from the database. */
async function signWithRealmKey(claims: Record<string, unknown>): Promise<string> {
  const [active] = await server.database.db
    .select()
    .from(identitySigningKeys)
    .where(and(eq(identitySigningKeys.algorithm, 'RS256'), eq(identitySigningKeys.status, 'active')));
  if (!active) throw new Error('no active RS256 key');
  const key = await importJWK(active.privateJwk as JWK, 'RS256');
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: active.kid }).sign(key);
}

describe('F. tokens as seen by the API verifier', () => {
  it('44. accepts an access token and rejects refresh, ID, foreign, expired, unsigned, HS256 and unknown-key tokens', async () => {
    const verify = createAccessTokenVerifier(server.config, localJwks(server.database.db));
    const login = await server.login('alice', { scope: `openid ${offline}` });
    await expect(verify(login.access_token)).resolves.toMatchObject({
      subject: decodeJwt(login.access_token).sub,
    });

    const claims = decodeJwt(login.access_token);
    const nowSeconds = Math.floor(Date.now() / 1000);
    const publicJwk = (await server.get(server.certsUrl)).json?.keys as JWK[];
    const rejected: Record<string, string> = {
      refresh: login.refresh_token,
      id: login.id_token ?? '',
      foreignIssuer: await signWithRealmKey({ ...claims, iss: 'http://evil.test/realms/opora' }),
      expired: await signWithRealmKey({ ...claims, iat: nowSeconds - 400, exp: nowSeconds - 11 }),
      none: `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64url.encode(JSON.stringify(claims))}.`,
      hs256WithPublicKey: await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: publicJwk[0]?.kid })
        .sign(new TextEncoder().encode(JSON.stringify(publicJwk[0]))),
      unknownKid: await (async () => {
        const { privateKey } = await generateKeyPair('RS256');
        return new SignJWT(claims)
          .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: 'not-in-certs' })
          .sign(privateKey);
      })(),
    };
    for (const [kind, token] of Object.entries(rejected)) {
      await expect(verify(token), kind).rejects.toThrow();
    }
  });

  it('44. picks up a key rotated after the verifier was created (unknown kid reloads the keys)', async () => {
    const verify = createAccessTokenVerifier(server.config, localJwks(server.database.db));
    await verify((await server.login('alice')).access_token);
    await rotateSigningKeys(server.database.db);
    await server.reloadKeys();
    await expect(verify((await server.login('alice')).access_token)).resolves.toBeDefined();
  });
});

describe('G. logout with a refresh token', () => {
  it('46–47. ends an online session with 204 and an empty body; its refresh token then fails', async () => {
    const login = await server.login('alice', { scope: online });
    const response = await logout(login.refresh_token);
    expect(response.status).toBe(204);
    expect((await server.refresh(login.refresh_token)).json).toEqual(invalidGrant('Session not active'));
  });

  it('48. ends an offline session; its refresh token then fails with "Offline user session not found"', async () => {
    const login = await server.login('alice', { scope: offline });
    expect((await logout(login.refresh_token)).status).toBe(204);
    const response = await server.refresh(login.refresh_token);
    expect(response.status).toBe(400);
    expect(response.json).toEqual(invalidGrant('Offline user session not found'));
  });

  it('49. is idempotent', async () => {
    const login = await server.login('alice', { scope: online });
    expect((await logout(login.refresh_token)).status).toBe(204);
    expect((await logout(login.refresh_token)).status).toBe(204);
  });

  it('50. accepts an expired refresh token of a live session and ends the session', async () => {
    const login = await server.login('alice', { scope: offline });
    const second = await server.login('alice', { scope: online });
    server.clock.advance(1801);
    // The online token is expired now, but logout does not check expiry.
    expect((await logout(second.refresh_token)).status).toBe(204);
    expect((await logout(login.refresh_token)).status).toBe(204);
    expect((await server.refresh(login.refresh_token)).json).toEqual(
      invalidGrant('Offline user session not found'),
    );
  });

  it('51/54. refuses a garbage or empty refresh token', async () => {
    for (const token of ['garbage', '']) {
      const response = await logout(token);
      expect(response.status).toBe(400);
      expect(response.json).toEqual(invalidGrant('Invalid refresh token'));
    }
  });

  it('52. refuses the refresh token of another client', async () => {
    const login = await server.login('alice', { scope: online, clientId: 'other' });
    const response = await logout(login.refresh_token, 'web');
    expect(response.status).toBe(400);
    expect(response.json).toEqual(
      invalidGrant("Invalid refresh token. Token client and authorized client don't match"),
    );
    expect((await server.refresh(login.refresh_token, 'other')).status).toBe(200);
  });

  it('53. refuses an unknown client with 401 invalid_client', async () => {
    const login = await server.login('alice', { scope: online });
    const response = await logout(login.refresh_token, 'unknown');
    expect(response.status).toBe(401);
    expect(response.json).toEqual({
      error: 'invalid_client',
      error_description: 'Invalid client or Invalid client credentials',
    });
  });

  it('55. answers 400 JSON when refresh_token is absent', async () => {
    const response = await server.post(server.logoutUrl, { client_id: 'web' });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ error: 'invalid_request', error_description: 'No refresh token' });
  });

  it('56. leaves issued access tokens verifiable until they expire', async () => {
    const verify = createAccessTokenVerifier(server.config, localJwks(server.database.db));
    const login = await server.login('alice', { scope: online });
    await logout(login.refresh_token);
    await expect(verify(login.access_token)).resolves.toBeDefined();
  });

  it('57. ends only the session of the token (alice on two devices)', async () => {
    const phone = await server.login('alice', { scope: offline });
    const laptop = await server.login('alice', { scope: offline });
    await logout(phone.refresh_token);
    expect((await server.refresh(laptop.refresh_token)).status).toBe(200);
  });

  it('sends CORS headers to the web origin, refuses other origins with 403 (Keycloak ≥ 26.6.3), and answers preflights', async () => {
    const allowed = await logout((await server.login('alice', { scope: online })).refresh_token, 'web', {
      origin,
    });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('cache-control')).toBe('no-cache');
    expect(allowed.headers.get('access-control-allow-origin')).toBe(origin);
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
    expect(allowed.headers.get('access-control-expose-headers')).toBe('Access-Control-Allow-Methods');

    // Refused before anything happens: the session lives on.
    const session = await server.login('alice', { scope: online });
    const other = await logout(session.refresh_token, 'web', { origin: evilOrigin });
    expect(other.status).toBe(403);
    expect(other.json).toEqual({ error: 'Invalid origin' });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect((await server.refresh(session.refresh_token)).status).toBe(200);

    // Failed client authentication answers any origin, as Keycloak does.
    const unknownClient = await logout(session.refresh_token, 'unknown', { origin: evilOrigin });
    expect(unknownClient.status).toBe(401);
    expect(unknownClient.headers.get('access-control-allow-origin')).toBe(evilOrigin);

    // Keycloak's logout preflight lists its browser logout's methods (POST is CORS-safelisted).
    const preflight = await server.request(server.logoutUrl, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
  });
});

describe('userinfo', () => {
  it('returns the user’s claims for a live session, with CORS for the token’s allowed origins', async () => {
    const login = await server.login('alice', { scope: online });
    const response = await server.get(server.userinfoUrl, {
      authorization: `Bearer ${login.access_token}`,
      origin,
    });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      sub: decodeJwt(login.access_token).sub,
      email_verified: true,
      name: 'Alice Example',
      preferred_username: 'alice',
      given_name: 'Alice',
      family_name: 'Example',
      email: 'alice@example.test',
    });
    expect(response.headers.get('access-control-allow-origin')).toBe(origin);
  });

  it('refuses a missing token, a refresh token and the token of an ended session', async () => {
    const missing = await server.get(server.userinfoUrl);
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual({ error: 'invalid_request', error_description: 'Token not provided' });

    const login = await server.login('alice', { scope: online });
    const refresh = await server.get(server.userinfoUrl, { authorization: `Bearer ${login.refresh_token}` });
    expect(refresh.status).toBe(401);
    expect(refresh.json).toMatchObject({ error: 'invalid_token' });
    expect(refresh.headers.get('www-authenticate')).toMatch(/^Bearer realm="opora", error="invalid_token"/);

    await logout(login.refresh_token);
    const ended = await server.get(server.userinfoUrl, { authorization: `Bearer ${login.access_token}` });
    expect(ended.status).toBe(401);
  });
});
