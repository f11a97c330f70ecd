import { identitySessions, identityUsers } from '@opora/db';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logoutAllSessions } from './identity-users.ts';
import { defaultRealmSettings } from './realm.ts';
import { purgeSessions } from './sessions.ts';
import {
  createFixtureUser,
  type IdentityServer,
  startIdentityServer,
} from './testing/conformance-harness.ts';

// CONFORMANCE.md section E (refresh grant) with this realm's refresh-token rotation
// (`revokeRefreshToken: true`, `refreshTokenMaxReuse: 0`), session lifetimes and offline sessions.

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
const scopeSet = (scope: unknown) => new Set(String(scope).split(' '));

describe('E. refresh grant', () => {
  it('31. refreshes an offline token: new tokens, same session and scope, still offline', async () => {
    const login = await server.login('alice', { scope: offline });
    const response = await server.refresh(login.refresh_token);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = response.json ?? {};
    expect(Object.keys(body).sort()).toEqual(Object.keys(login).sort());
    expect(body.refresh_expires_in).toBe(0);
    expect(decodeJwt(String(body.access_token)).jti).not.toBe(decodeJwt(login.access_token).jti);
    expect(body.refresh_token).not.toBe(login.refresh_token);
    expect(decodeJwt(String(body.refresh_token)).typ).toBe('Offline');
    expect(body.session_state).toBe(login.session_state);
    expect(scopeSet(body.scope)).toEqual(scopeSet(login.scope));
    expect(decodeJwt(String(body.access_token)).sid).toBe(login.session_state);
  });

  it('32. refreshes an online token within the idle timeout', async () => {
    const login = await server.login('alice', { scope: online });
    server.clock.advance(60);
    const response = await server.refresh(login.refresh_token);
    expect(response.status).toBe(200);
    expect(response.json?.refresh_expires_in).toBeGreaterThanOrEqual(1);
    expect(response.json?.refresh_expires_in).toBeLessThanOrEqual(1800);
    expect(decodeJwt(String(response.json?.refresh_token)).typ).toBe('Refresh');
  });

  it('33. (rotation on) refuses the previous refresh token and revokes the session it belonged to', async () => {
    const login = await server.login('alice', { scope: online });
    const first = await server.refresh(login.refresh_token);
    expect(first.status).toBe(200);
    const reused = await server.refresh(login.refresh_token);
    expect(reused.status).toBe(400);
    expect(reused.json).toEqual(invalidGrant('Maximum allowed refresh token reuse exceeded'));
    // The thief's replay also ends the victim's chain: the newest token no longer works either (Keycloak
    // detached the client from the session).
    const newest = await server.refresh(String(first.json?.refresh_token));
    expect(newest.status).toBe(400);
    expect(newest.json).toEqual(invalidGrant("Session doesn't have required client"));
  });

  it('33. (rotation on) lets only one of two concurrent refreshes with the same token succeed', async () => {
    const login = await server.login('alice', { scope: offline });
    const results = await Promise.all([
      server.refresh(login.refresh_token),
      server.refresh(login.refresh_token),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 400]);
  });

  it('34. needs a refresh_token parameter', async () => {
    const response = await server.post(server.tokenUrl, { client_id: 'web', grant_type: 'refresh_token' });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ error: 'invalid_request', error_description: 'No refresh token' });
  });

  it('35. refuses garbage, access tokens, ID tokens and tokens signed by another key', async () => {
    const login = await server.login('alice', { scope: `openid ${online}` });
    const forged = await (async () => {
      const { SignJWT } = await import('jose');
      return new SignJWT(decodeJwt(login.refresh_token))
        .setProtectedHeader({ alg: 'HS512', typ: 'JWT', kid: 'x' })
        .sign(new Uint8Array(64).fill(7));
    })();
    for (const token of ['garbage', login.access_token, login.id_token ?? '', forged]) {
      const response = await server.refresh(token);
      expect(response.status).toBe(400);
      expect(response.json).toEqual(invalidGrant('Invalid refresh token'));
    }
  });

  it('36. refuses an online refresh token after its expiry with "Token is not active"', async () => {
    const login = await server.login('alice', { scope: online });
    server.clock.advance(1801);
    const response = await server.refresh(login.refresh_token);
    expect(response.status).toBe(400);
    expect(response.json).toEqual(invalidGrant('Token is not active'));
  });

  it('37. refuses a refresh token of another client', async () => {
    const login = await server.login('alice', { scope: online, clientId: 'other' });
    const response = await server.refresh(login.refresh_token, 'web');
    expect(response.status).toBe(400);
    expect(response.json).toEqual(
      invalidGrant("Invalid refresh token. Token client and authorized client don't match"),
    );
  });

  it('40. refuses the refresh token of a user disabled after issuance', async () => {
    const user = await createFixtureUser(server, { username: 'dora' });
    const login = await server.login('dora', { scope: online });
    await server.database.db
      .update(identityUsers)
      .set({ enabled: false })
      .where(eq(identityUsers.id, user.id));
    const response = await server.refresh(login.refresh_token);
    expect(response.status).toBe(400);
    expect(response.json).toEqual(invalidGrant('User disabled'));
  });

  it('41. refuses the refresh tokens of a user deleted after issuance', async () => {
    const user = await createFixtureUser(server, { username: 'gina' });
    const onlineLogin = await server.login('gina', { scope: online });
    const offlineLogin = await server.login('gina', { scope: offline });
    await server.database.db.delete(identityUsers).where(eq(identityUsers.id, user.id));
    expect((await server.refresh(onlineLogin.refresh_token)).json).toEqual(
      invalidGrant('Session not active'),
    );
    expect((await server.refresh(offlineLogin.refresh_token)).json).toEqual(
      invalidGrant('Offline user session not found'),
    );
  });

  it('42. after "log out all sessions": online "Session not active", offline "Stale token", new login reports not-before', async () => {
    const user = await createFixtureUser(server, { username: 'hana' });
    const onlineLogin = await server.login('hana', { scope: online });
    const offlineLogin = await server.login('hana', { scope: offline });
    server.clock.advance(5);
    await logoutAllSessions(server.database.db, user.id, server.clock.now);
    const logoutSeconds = Math.floor(server.clock.now().getTime() / 1000);

    const onlineRefresh = await server.refresh(onlineLogin.refresh_token);
    expect(onlineRefresh.status).toBe(400);
    expect(onlineRefresh.json).toEqual(invalidGrant('Session not active'));
    const offlineRefresh = await server.refresh(offlineLogin.refresh_token);
    expect(offlineRefresh.status).toBe(400);
    expect(offlineRefresh.json).toEqual(invalidGrant('Stale token'));

    const fresh = await server.login('hana', { scope: offline });
    expect(fresh['not-before-policy']).toBe(logoutSeconds);
    expect((await server.refresh(fresh.refresh_token)).status).toBe(200);
  });

  it('42. also stales an offline session started in the same second as "log out all sessions"', async () => {
    const user = await createFixtureUser(server, { username: 'ines' });
    const offlineLogin = await server.login('ines', { scope: offline });
    server.clock.advance(0.001);
    await logoutAllSessions(server.database.db, user.id, server.clock.now);
    expect((await server.refresh(offlineLogin.refresh_token)).json).toEqual(invalidGrant('Stale token'));
    server.clock.advance(0.001);
    const fresh = await server.login('ines', { scope: offline });
    expect((await server.refresh(fresh.refresh_token)).status).toBe(200);
  });
});

describe('session lifetimes', () => {
  it('keeps an online session alive by refreshing, up to the 10-hour maximum', async () => {
    const login = await server.login('alice', { scope: online });
    const started = server.clock.now().getTime();
    let refreshToken = login.refresh_token;
    let refreshes = 0;
    for (;;) {
      server.clock.advance(1700);
      const response = await server.refresh(refreshToken);
      const elapsed = (server.clock.now().getTime() - started) / 1000;
      if (elapsed >= 36_000) {
        expect(response.status).toBe(400);
        expect(response.json).toEqual(invalidGrant('Token is not active'));
        break;
      }
      expect(response.status).toBe(200);
      // The refresh token never outlives the session's maximum lifespan.
      expect(response.json?.refresh_expires_in).toBeLessThanOrEqual(Math.min(1800, 36_000 - elapsed));
      refreshToken = String(response.json?.refresh_token);
      refreshes += 1;
    }
    expect(refreshes).toBe(21);
  });

  it('keeps an online session refreshed within 30 idle minutes, and ends it after', async () => {
    const login = await server.login('alice', { scope: online });
    server.clock.advance(1799);
    const kept = await server.refresh(login.refresh_token);
    expect(kept.status).toBe(200);
    server.clock.advance(1801);
    expect((await server.refresh(String(kept.json?.refresh_token))).json).toEqual(
      invalidGrant('Token is not active'),
    );
  });

  it('keeps an offline session for 30 idle days, then answers "Offline session not active"', async () => {
    const login = await server.login('alice', { scope: offline });
    server.clock.advance(30 * 86_400 - 10);
    const kept = await server.refresh(login.refresh_token);
    expect(kept.status).toBe(200);
    expect(kept.json?.refresh_expires_in).toBe(0);
    server.clock.advance(30 * 86_400 + 1);
    const expired = await server.refresh(String(kept.json?.refresh_token));
    expect(expired.status).toBe(400);
    expect(expired.json).toEqual(invalidGrant('Offline session not active'));
  });

  it('keeps an offline session past the online maximum lifespan while it is used', async () => {
    const login = await server.login('alice', { scope: offline });
    let refreshToken = login.refresh_token;
    for (let day = 0; day < 3; day++) {
      server.clock.advance(86_400);
      const response = await server.refresh(refreshToken);
      expect(response.status).toBe(200);
      refreshToken = String(response.json?.refresh_token);
    }
  });
});

describe('session purge', () => {
  it('deletes only sessions that can no longer be used, a day after they ended or expired', async () => {
    const live = await server.login('alice', { scope: online });
    const liveOffline = await server.login('alice', { scope: offline });
    const ended = await server.login('alice', { scope: online });
    await server.post(server.logoutUrl, { client_id: 'web', refresh_token: ended.refresh_token });
    const idle = await server.login('alice', { scope: online });

    server.clock.advance(1700);
    const kept = await server.refresh(live.refresh_token);
    expect(kept.status).toBe(200);
    // Now 89,000 s after the logins: the ended and the never refreshed sessions are over for more than
    // a day; the one refreshed at 1,700 s expired at 3,500 s, less than a day ago.
    server.clock.advance(87_300);
    const expiredRecently = await server.refresh(String(kept.json?.refresh_token));
    expect(expiredRecently.status).toBe(400);

    const purged = await purgeSessions(server.database.db, defaultRealmSettings, server.clock.now());
    expect(purged).toBeGreaterThanOrEqual(2);
    const remaining = new Set(
      (await server.database.db.select({ id: identitySessions.id }).from(identitySessions)).map(
        (row) => row.id,
      ),
    );
    expect(remaining.has(liveOffline.session_state)).toBe(true);
    expect(remaining.has(live.session_state)).toBe(true);
    expect(remaining.has(ended.session_state)).toBe(false);
    expect(remaining.has(idle.session_state)).toBe(false);
    expect((await server.refresh(liveOffline.refresh_token)).status).toBe(200);
  });
});

describe('33. with rotation off (Keycloak’s default realm)', () => {
  it('accepts the previous refresh token again', async () => {
    const plain = await startIdentityServer({ realm: { revokeRefreshToken: false } });
    try {
      await createFixtureUser(plain, { username: 'alice' });
      const login = await plain.login('alice', { scope: online });
      expect((await plain.refresh(login.refresh_token)).status).toBe(200);
      expect((await plain.refresh(login.refresh_token)).status).toBe(200);
    } finally {
      await plain.close();
    }
  });
});
