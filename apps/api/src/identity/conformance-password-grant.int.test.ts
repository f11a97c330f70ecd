import { sql } from 'drizzle-orm';
import { compactVerify, createLocalJWKSet, decodeJwt, decodeProtectedHeader, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFixtureUser,
  evilOrigin,
  fixturePassword,
  type IdentityServer,
  origin,
  startIdentityServer,
  type TokenBody,
} from './testing/conformance-harness.ts';

// CONFORMANCE.md sections B (password grant), C (token contents) and D (password grant errors),
// plus CORS and rate limiting of the token endpoint. CRED_STATUS is 400: the embedded issuer follows the
// pinned production Keycloak (26.7.3; 401 up to 26.5), checked by src/identity/testing/differential.

const credStatus = 400;
const invalidCredentials = { error: 'invalid_grant', error_description: 'Invalid user credentials' };

let server: IdentityServer;
let alice: { id: string; email: string };

beforeAll(async () => {
  server = await startIdentityServer();
  alice = await createFixtureUser(server, { username: 'alice', realmRoles: ['client', 'assistant'] });
  await createFixtureUser(server, { username: 'bob', enabled: false });
  await createFixtureUser(server, { username: 'carol', requiredActions: ['UPDATE_PASSWORD'] });
  await createFixtureUser(server, { username: 'dave' });
  await createFixtureUser(server, { username: 'erin' });
  await createFixtureUser(server, { username: 'frank', firstName: null });
  // Target of the wrong-password checks, so their failures lock nobody else.
  await createFixtureUser(server, { username: 'victor' });
});

afterAll(async () => {
  await server.close();
});

const fullScope = 'profile email offline_access';

function passwordForm(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const form: Record<string, string | undefined> = {
    client_id: 'web',
    grant_type: 'password',
    username: 'alice',
    password: fixturePassword,
    scope: fullScope,
    ...overrides,
  };
  return Object.fromEntries(
    Object.entries(form).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

const token = (overrides: Record<string, string | undefined> = {}, headers: Record<string, string> = {}) =>
  server.post(server.tokenUrl, passwordForm(overrides), headers);

const scopeSet = (scope: unknown) => new Set(String(scope).split(' '));

describe('B. password grant — success', () => {
  let offline: TokenBody;

  beforeAll(async () => {
    offline = await server.login('alice', { scope: fullScope });
  });

  it('6. answers exactly Keycloak’s token response keys with no-store headers', async () => {
    const response = await token();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('pragma')).toBe('no-cache');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = response.json ?? {};
    expect(Object.keys(body).sort()).toEqual(
      [
        'access_token',
        'expires_in',
        'refresh_expires_in',
        'refresh_token',
        'token_type',
        'not-before-policy',
        'session_state',
        'scope',
      ].sort(),
    );
    expect(body.access_token).toEqual(expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/));
    expect(body.refresh_token).toEqual(expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/));
    expect(Number.isInteger(body.expires_in)).toBe(true);
    expect(body.expires_in).toBeGreaterThanOrEqual(299);
    expect(body.expires_in).toBeLessThanOrEqual(300);
    expect(body.refresh_expires_in).toBe(0);
    expect(body.token_type).toBe('Bearer');
    expect(body['not-before-policy']).toBe(0);
    expect(body.session_state).toEqual(expect.any(String));
    expect(body.scope).toEqual(expect.any(String));
  });

  it('7. grants exactly the token scopes requested (never roles, web-origins, acr, basic)', () => {
    expect(scopeSet(offline.scope)).toEqual(new Set(['offline_access', 'profile', 'email']));
  });

  it('8. without offline_access issues an online refresh token for the idle timeout', async () => {
    const body = await server.login('alice', { scope: 'profile email' });
    expect(body.refresh_expires_in).toBeGreaterThanOrEqual(1799);
    expect(body.refresh_expires_in).toBeLessThanOrEqual(1800);
    expect(scopeSet(body.scope)).toEqual(new Set(['profile', 'email']));
    expect(decodeJwt(body.refresh_token).typ).toBe('Refresh');
  });

  it('9. without a scope parameter grants profile and email', async () => {
    const body = await server.login('alice');
    expect(scopeSet(body.scope)).toEqual(new Set(['profile', 'email']));
  });

  it('10. accepts the username in any letter case and the e-mail address as login name', async () => {
    const upper = await server.login('ALICE');
    const byEmail = await server.login('alice@example.test');
    const byUpperEmail = await server.login('Alice@Example.TEST');
    for (const body of [upper, byEmail, byUpperEmail]) {
      expect(decodeJwt(body.access_token).preferred_username).toBe('alice');
      expect(decodeJwt(body.access_token).sub).toBe(alice.id);
    }
  });

  it('11. adds an ID token only when openid is requested', async () => {
    const body = await server.login('alice', { scope: `openid ${fullScope}` });
    expect(body.id_token).toEqual(expect.any(String));
    const idToken = decodeJwt(body.id_token ?? '');
    expect(idToken).toMatchObject({
      typ: 'ID',
      aud: 'web',
      azp: 'web',
      sid: body.session_state,
      sub: alice.id,
    });
    expect(decodeProtectedHeader(body.id_token ?? '')).toMatchObject({ alg: 'RS256', typ: 'JWT' });
    expect(offline).not.toHaveProperty('id_token');
  });
});

describe('C. token contents', () => {
  let offline: TokenBody;
  let online: TokenBody;

  beforeAll(async () => {
    offline = await server.login('alice', { scope: fullScope });
    online = await server.login('alice', { scope: 'profile email' });
  });

  it('12. puts Keycloak 26’s claims into the access token', async () => {
    const claims = decodeJwt(offline.access_token);
    const now = Math.floor(server.clock.now().getTime() / 1000);
    expect(claims.iss).toBe(server.iss);
    expect(claims.sub).toBe(alice.id);
    expect(claims.sub).toMatch(/^[0-9a-f-]{36}$/);
    expect(decodeJwt((await server.login('alice')).access_token).sub).toBe(alice.id);
    expect(claims.typ).toBe('Bearer');
    expect(claims.azp).toBe('web');
    expect(claims.sid).toBe(offline.session_state);
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(300);
    expect(Math.abs((claims.iat ?? 0) - now)).toBeLessThanOrEqual(1);
    expect(claims.jti).toEqual(expect.stringMatching(/.+/));
    expect(claims.aud).toEqual(['opora-api', 'account']);
    expect(scopeSet(claims.scope)).toEqual(scopeSet(offline.scope));
    expect((claims.realm_access as { roles: string[] }).roles).toEqual(
      expect.arrayContaining([
        'assistant',
        'client',
        'offline_access',
        'uma_authorization',
        'default-roles-opora',
      ]),
    );
    expect(claims).toMatchObject({
      email: 'alice@example.test',
      email_verified: true,
      preferred_username: 'alice',
      given_name: 'Alice',
      family_name: 'Example',
      name: 'Alice Example',
      acr: '1',
    });
    expect(claims['allowed-origins']).toContain(origin);
    expect(claims).not.toHaveProperty('session_state');
  });

  it('13. gives a user only their own roles', async () => {
    const claims = decodeJwt((await server.login('dave')).access_token);
    expect((claims.realm_access as { roles: string[] }).roles).not.toContain('assistant');
    expect((claims.realm_access as { roles: string[] }).roles).toContain('client');
  });

  it('13. refuses a user whose profile lacks a name, as Keycloak’s VERIFY_PROFILE does', async () => {
    const response = await token({ username: 'frank' });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      error: 'invalid_grant',
      error_description: 'Account is not fully set up',
    });
  });

  it('14. issues refresh tokens Keycloak’s way, signed with a key that certs does not publish', async () => {
    const offlineRefresh = decodeJwt(offline.refresh_token);
    expect(offlineRefresh).toMatchObject({
      typ: 'Offline',
      azp: 'web',
      sid: offline.session_state,
      aud: server.iss,
      iss: server.iss,
      sub: alice.id,
    });
    expect(scopeSet(offlineRefresh.scope)).toEqual(scopeSet(offline.scope));
    expect(offlineRefresh).not.toHaveProperty('exp');

    const onlineRefresh = decodeJwt(online.refresh_token);
    expect(onlineRefresh.typ).toBe('Refresh');
    expect((onlineRefresh.exp ?? 0) - (onlineRefresh.iat ?? 0)).toBe(1800);

    const jwks = (await server.get(server.certsUrl)).json as unknown as JSONWebKeySet;
    expect(decodeProtectedHeader(offline.refresh_token).alg).toBe('HS512');
    await expect(compactVerify(offline.refresh_token, createLocalJWKSet(jwks))).rejects.toThrow();
  });
});

describe('D. password grant — errors', () => {
  it('15. answers a wrong password with CRED_STATUS invalid_grant "Invalid user credentials"', async () => {
    const response = await token({ username: 'victor', password: 'wrong' });
    expect(response.status).toBe(credStatus);
    expect(response.json).toEqual(invalidCredentials);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('16. answers an unknown user byte for byte like a wrong password', async () => {
    const wrong = await token({ username: 'victor', password: 'wrong-again' });
    const unknown = await token({ username: 'nobody', password: 'x' });
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.text).toBe(wrong.text);
  });

  it('commits a failure transaction for an unknown user as for a wrong password, so both take as long', async () => {
    // Transaction ids taken while the request ran: one is the probe's own, the rest the request's writes.
    const writesDuring = async (request: () => Promise<unknown>) => {
      const xid = async () => {
        const { rows } = await server.database.db.execute<{ xid: string }>(
          sql`select pg_current_xact_id()::text as xid`,
        );
        return Number(rows[0]?.xid);
      };
      const before = await xid();
      await request();
      return (await xid()) - before - 1;
    };
    // Transaction ids are the cluster's: another test file's write in the window adds to a count, never
    // takes from it, so the fewest over a few rounds is each refusal's own.
    let wrong = Number.POSITIVE_INFINITY;
    let unknown = Number.POSITIVE_INFINITY;
    for (let round = 0; round < 20 && (wrong > 1 || unknown > 1); round += 1) {
      wrong = Math.min(
        wrong,
        await writesDuring(() => token({ username: 'victor', password: 'wrong-again' })),
      );
      unknown = Math.min(
        unknown,
        await writesDuring(() => token({ username: 'nobody-at-all', password: 'x' })),
      );
    }
    expect(wrong).toBe(1);
    expect(unknown).toBe(wrong);
  });

  it('17. needs a username (401 invalid_request); a blank or padded one is an unknown user (no trimming)', async () => {
    const missing = await token({ username: undefined });
    expect(missing.status).toBe(401);
    expect(missing.json).toEqual({
      error: 'invalid_request',
      error_description: 'Missing parameter: username',
    });
    for (const username of ['', '   ', ' alice ']) {
      const response = await token({ username });
      expect(response.status).toBe(credStatus);
      expect(response.json).toEqual(invalidCredentials);
    }
  });

  it('18. treats a missing password as a wrong one', async () => {
    const response = await token({ username: 'victor', password: undefined });
    expect(response.status).toBe(credStatus);
    expect(response.json).toEqual(invalidCredentials);
  });

  it('19. refuses a disabled account with 400 "Account disabled", telling only the right password', async () => {
    const right = await token({ username: 'bob' });
    expect(right.status).toBe(400);
    expect(right.json).toEqual({ error: 'invalid_grant', error_description: 'Account disabled' });
    const wrong = await token({ username: 'bob', password: 'wrong' });
    expect(wrong.status).toBe(credStatus);
    expect(wrong.json).toEqual(invalidCredentials);
  });

  it('20. refuses an account with a pending required action', async () => {
    const response = await token({ username: 'carol' });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      error: 'invalid_grant',
      error_description: 'Account is not fully set up',
    });
  });

  it('21. refuses a client without direct access grants', async () => {
    const response = await token({ client_id: 'nodirect' });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      error: 'unauthorized_client',
      error_description: 'Client not allowed for direct access grants',
    });
  });

  it('22. refuses an unknown client with 401 invalid_client', async () => {
    const response = await token({ client_id: 'unknown' });
    expect(response.status).toBe(401);
    expect(response.json).toEqual({
      error: 'invalid_client',
      error_description: 'Invalid client or Invalid client credentials',
    });
  });

  it('23. refuses a request without client_id like an unknown client (401 invalid_client)', async () => {
    for (const clientId of [undefined, '']) {
      const response = await token({ client_id: clientId });
      expect(response.status).toBe(401);
      expect(response.json).toEqual({
        error: 'invalid_client',
        error_description: 'Invalid client or Invalid client credentials',
      });
    }
  });

  it('24. needs grant_type, checked before the client', async () => {
    const expected = { error: 'invalid_request', error_description: 'Missing form parameter: grant_type' };
    for (const clientId of ['web', 'unknown']) {
      const response = await token({ client_id: clientId, grant_type: undefined });
      expect(response.status).toBe(400);
      expect(response.json).toEqual(expected);
    }
  });

  it('25. refuses an unsupported grant type', async () => {
    const response = await token({ grant_type: 'foo' });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      error: 'unsupported_grant_type',
      error_description: 'Unsupported grant_type',
    });
  });

  it('26. refuses an unknown scope, echoing the raw parameter', async () => {
    const response = await token({ scope: 'profile foo' });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      error: 'invalid_scope',
      error_description: 'Invalid scopes: profile foo',
    });
  });

  // `not_allowed` ("Offline tokens not allowed for the user or client") needs a user without the
  // `offline_access` role, which the embedded issuer cannot have: every user has the default role.
  it('28. gives a client limited to its scope the offline_access role through the offline_access scope', async () => {
    const offline = await token({ client_id: 'nooffline', username: 'dave' }, { origin });
    expect(offline.status).toBe(200);
    expect(decodeJwt(String(offline.json?.access_token)).realm_access).toEqual({ roles: ['offline_access'] });
    expect(decodeJwt(String(offline.json?.refresh_token)).typ).toBe('Offline');
    const online = await token({ client_id: 'nooffline', username: 'dave', scope: 'profile email' });
    expect(online.status).toBe(200);
    expect(decodeJwt(String(online.json?.access_token))).not.toHaveProperty('realm_access');
  });

  it('refuses a repeated parameter', async () => {
    const form = `${new URLSearchParams(passwordForm()).toString()}&scope=profile`;
    const response = await server.post(server.tokenUrl, form);
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ error: 'invalid_request', error_description: 'duplicated parameter' });
  });

  it('30. refuses GET (405) and reads a JSON body as no parameters (400), without issuing a token', async () => {
    const get = await server.get(server.tokenUrl);
    expect(get.status).toBe(405);
    expect(get.json).toEqual({ error: 'HTTP 405 Method Not Allowed' });
    const json = await server.request(server.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(passwordForm()),
    });
    expect(json.status).toBe(400);
    expect(json.json).toEqual({
      error: 'invalid_request',
      error_description: 'Missing form parameter: grant_type',
    });
    expect(json.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a second sign-in of a user while the first is under way (Keycloak’s concurrent-login rule)', async () => {
    await createFixtureUser(server, { username: 'paula' });
    const results = await Promise.all([1, 2, 3].map(() => token({ username: 'paula' })));
    const statuses = results.map((result) => result.status);
    expect(statuses).toContain(200);
    expect(statuses).toContain(credStatus);
    for (const result of results.filter((entry) => entry.status !== 200)) {
      expect(result.json).toEqual(invalidCredentials);
    }
    expect((await token({ username: 'paula' })).status).toBe(200);
  });
});

describe('29. brute-force protection', () => {
  it('locks after 5 failures without revealing it, ignores failures while locked, and unlocks after 60 s', async () => {
    const wrong = () => token({ username: 'erin', password: 'wrong' });
    for (let attempt = 1; attempt <= 5; attempt++) {
      server.clock.advance(2);
      const response = await wrong();
      expect(response.status).toBe(credStatus);
      expect(response.json).toEqual(invalidCredentials);
    }
    server.clock.advance(2);
    const locked = await token({ username: 'erin' });
    expect(locked.status).toBe(credStatus);
    expect(locked.text).toBe(JSON.stringify(invalidCredentials));
    expect(locked.text).not.toMatch(/lock|disabled|temporar/i);

    // Failures during the lockout neither count nor extend it: 60 s after the fifth failure it is over
    // (58 s after: still locked; 61 s after: open).
    server.clock.advance(20);
    expect((await wrong()).status).toBe(credStatus);
    server.clock.advance(36);
    expect((await token({ username: 'erin' })).json).toEqual(invalidCredentials);
    server.clock.advance(3);
    expect((await token({ username: 'erin' })).status).toBe(200);

    // The success reset the count: four new failures do not lock.
    for (let attempt = 1; attempt <= 4; attempt++) {
      server.clock.advance(2);
      await wrong();
    }
    server.clock.advance(2);
    expect((await token({ username: 'erin' })).status).toBe(200);
  });

  it('locks for a minute after two failures less than a second apart (Keycloak’s quick-login check)', async () => {
    await createFixtureUser(server, { username: 'quinn' });
    server.clock.advance(5);
    await token({ username: 'quinn', password: 'wrong' });
    server.clock.advance(0.5);
    await token({ username: 'quinn', password: 'wrong' });
    server.clock.advance(30);
    expect((await token({ username: 'quinn' })).json).toEqual(invalidCredentials);
    server.clock.advance(31);
    expect((await token({ username: 'quinn' })).status).toBe(200);
  });
});

describe('CORS on the token endpoint', () => {
  it('allows the configured web origin on success and on errors after client authentication', async () => {
    for (const response of [
      await token({}, { origin }),
      await token({ username: 'victor', password: 'wrong' }, { origin }),
    ]) {
      expect(response.headers.get('access-control-allow-origin')).toBe(origin);
      expect(response.headers.get('access-control-allow-credentials')).toBe('true');
      expect(response.headers.get('access-control-expose-headers')).toBe('Access-Control-Allow-Methods');
    }
  });

  it('refuses other origins with 403 before the grant (Keycloak ≥ 26.6.3), counting no failure', async () => {
    for (const response of [
      await token({}, { origin: evilOrigin }),
      await token({ username: 'victor', password: 'wrong' }, { origin: evilOrigin }),
    ]) {
      expect(response.status).toBe(403);
      expect(response.json).toEqual({ error: 'Invalid origin' });
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
    // The server's own origin is same-origin, never refused.
    expect((await token({}, { origin: new URL(server.base).origin })).status).toBe(200);
  });

  it('takes a page this server served at another of its addresses as same-origin, with tokens of the one issuer', async () => {
    // PUBLIC_URL says 127.0.0.1; the app was opened at localhost (or the LAN address): Origin = Host.
    const other = `http://localhost:${new URL(server.base).port}`;
    const tokenUrl = server.tokenUrl.replace(server.base, other);
    const response = await server.post(tokenUrl, passwordForm(), { origin: other });
    expect(response.status).toBe(200);
    expect(decodeJwt(String(response.json?.access_token)).iss).toBe(server.iss);
    // That address is no origin of its own for a request sent to another one.
    expect((await token({}, { origin: other })).status).toBe(403);
  });

  it('adds nothing before the grant type is checked; answers a failed client authentication to any origin', async () => {
    const noGrantType = await token({ grant_type: undefined }, { origin });
    expect(noGrantType.headers.get('access-control-allow-origin')).toBeNull();
    const unknownClient = await token({ client_id: 'unknown' }, { origin: evilOrigin });
    expect(unknownClient.status).toBe(401);
    expect(unknownClient.headers.get('access-control-allow-origin')).toBe(evilOrigin);
    expect(unknownClient.headers.get('access-control-expose-headers')).toBe('Access-Control-Allow-Methods');
  });

  it('answers preflights for any origin as Keycloak does', async () => {
    const preflight = await server.request(server.tokenUrl, {
      method: 'OPTIONS',
      headers: { origin: evilOrigin, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(evilOrigin);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Content-Type');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Authorization');
    expect(preflight.headers.get('access-control-max-age')).toBe('3600');
    expect(preflight.text).toBe('');
  });
});

describe('client_credentials for the API’s service account', () => {
  it('issues a service-account token with the realm-management roles to the confidential client', async () => {
    const response = await server.post(server.tokenUrl, {
      client_id: 'opora-api',
      client_secret: server.config.identityAdmin.clientSecret,
      grant_type: 'client_credentials',
    });
    expect(response.status).toBe(200);
    expect(Object.keys(response.json ?? {}).sort()).toEqual(
      ['access_token', 'expires_in', 'refresh_expires_in', 'token_type', 'not-before-policy', 'scope'].sort(),
    );
    const claims = decodeJwt(String(response.json?.access_token));
    expect(claims).toMatchObject({
      typ: 'Bearer',
      azp: 'opora-api',
      preferred_username: 'service-account-opora-api',
      resource_access: {
        'realm-management': { roles: expect.arrayContaining(['manage-users', 'view-users']) },
      },
    });
  });

  it('accepts HTTP Basic client authentication', async () => {
    const basic = Buffer.from(`opora-api:${server.config.identityAdmin.clientSecret}`).toString('base64');
    const response = await server.post(
      server.tokenUrl,
      { grant_type: 'client_credentials' },
      { authorization: `Basic ${basic}` },
    );
    expect(response.status).toBe(200);
  });

  it('refuses a wrong secret and public clients', async () => {
    const wrong = await server.post(server.tokenUrl, {
      client_id: 'opora-api',
      client_secret: 'not-the-secret',
      grant_type: 'client_credentials',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({
      error: 'unauthorized_client',
      error_description: 'Invalid client or Invalid client credentials',
    });
    const publicClient = await server.post(server.tokenUrl, {
      client_id: 'web',
      grant_type: 'client_credentials',
    });
    expect(publicClient.status).toBe(401);
    expect(publicClient.json).toMatchObject({ error: 'unauthorized_client' });
  });

  it('does not let the service-account client use the password grant', async () => {
    const response = await token({
      client_id: 'opora-api',
      client_secret: server.config.identityAdmin.clientSecret,
    });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ error: 'unauthorized_client' });
  });
});

describe('rate limit of the token endpoint', () => {
  it('allows a client a tenth of the API budget per minute and answers the excess with 429 in OAuth shape', async () => {
    const limited = await startIdentityServer({ env: { RATE_LIMIT_MAX: '30', TRUST_PROXY: 'loopback' } });
    try {
      const from = (address: string) => ({ 'x-forwarded-for': address });
      const attempt = (address: string) =>
        limited.post(
          limited.tokenUrl,
          { client_id: 'web', grant_type: 'password', username: 'x', password: 'y' },
          from(address),
        );
      for (let index = 0; index < 3; index++) expect((await attempt('203.0.113.7')).status).toBe(credStatus);
      const refused = await attempt('203.0.113.7');
      expect(refused.status).toBe(429);
      expect(refused.json).toMatchObject({ error: 'temporarily_unavailable' });
      // Another client has its own budget; other identity endpoints keep the general one.
      expect((await attempt('203.0.113.8')).status).toBe(credStatus);
      expect((await limited.get(limited.certsUrl, from('203.0.113.7'))).status).toBe(200);
      // The API's own calls from loopback keep the general budget.
      for (let index = 0; index < 5; index++) {
        expect(
          (await limited.post(limited.tokenUrl, { client_id: 'web', grant_type: 'password', username: 'x' }))
            .status,
        ).toBe(credStatus);
      }
    } finally {
      await limited.close();
    }
  });
});
