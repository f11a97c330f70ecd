import type { IdentityIssuer } from './issuer.ts';
import { OAuthError } from './oauth-error.ts';
import { epochSeconds, type IdentityClient } from './realm.ts';
import { endSession, isSessionValid, refreshSession, revokeReusedSession } from './sessions.ts';
import { newRefreshTokenId, type TokenResponse, userSessionTokens } from './token-response.ts';
import { type RefreshTokenClaims, verifyRefreshToken } from './tokens.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const invalidGrant = (description: string) => new OAuthError(400, 'invalid_grant', description);

/**
 * The session a refresh token belongs to, checked as Keycloak's `TokenManager.validateToken` does, on
 * the snapshot `refreshSession` returned. The refresh statement moves the session only when all these
 * checks pass, so a session that fails one here was left as it was.
 */
async function validSessionOf(
  issuer: IdentityIssuer,
  claims: RefreshTokenClaims,
  found: Awaited<ReturnType<typeof refreshSession>>,
  now: Date,
) {
  // A session revoked for refresh-token reuse: Keycloak detached the client from it, so every other
  // token of the chain (the newest included) fails this way.
  if (
    found &&
    found.session.endedAt !== null &&
    found.session.refreshReuseCount > 0 &&
    found.session.offline === (claims.typ === 'Offline')
  ) {
    throw invalidGrant("Session doesn't have required client");
  }
  if (claims.typ === 'Offline') {
    if (!found?.session.offline || found.session.endedAt !== null) {
      throw invalidGrant('Offline user session not found');
    }
    if (!isSessionValid(found.session, issuer.realm, now)) {
      await endSession(issuer.db, found.session.id, now);
      throw invalidGrant('Offline session not active');
    }
  } else if (!found || found.session.offline || !isSessionValid(found.session, issuer.realm, now)) {
    throw invalidGrant('Session not active');
  }
  const { session, user } = found;
  if (!user.enabled) throw invalidGrant('User disabled');
  if (session.clientId !== claims.azp) throw invalidGrant("Session doesn't have required client");
  // Keycloak compares the token's `iat` (seconds) only, so a session started in the same second as a
  // "log out all sessions" would survive it; the session's start instant closes that gap.
  if (
    user.notBefore &&
    (claims.iat < epochSeconds(user.notBefore) || session.startedAt.getTime() < user.notBefore.getTime())
  ) {
    throw invalidGrant('Stale token');
  }
  return found;
}

/**
 * Refresh grant with rotation (realm `revokeRefreshToken: true`, `refreshTokenMaxReuse: 0`): the
 * presented token must be the session's current one; presenting an already used token revokes the
 * session, so neither the thief nor the victim can continue with that chain. Lookup and rotation are
 * one statement (`refreshSession`).
 */
export async function refreshTokenGrant(
  issuer: IdentityIssuer,
  client: IdentityClient,
  params: URLSearchParams,
): Promise<TokenResponse> {
  const token = params.get('refresh_token');
  if (token === null) throw new OAuthError(400, 'invalid_request', 'No refresh token');
  const claims = await verifyRefreshToken(issuer, token, client, { checkExpiration: true });
  const now = issuer.now();
  const refreshJti = newRefreshTokenId();
  const rotation = issuer.realm.revokeRefreshToken;
  const found = uuidPattern.test(claims.sid)
    ? await refreshSession(issuer.db, {
        sessionId: claims.sid,
        // Without rotation (Keycloak's default) any token of the session refreshes it.
        presentedJti: rotation ? claims.jti : undefined,
        nextJti: refreshJti,
        offline: claims.typ === 'Offline',
        clientId: claims.azp,
        iat: claims.iat,
        realm: issuer.realm,
        now,
      })
    : undefined;
  const { session, user, moved } = await validSessionOf(issuer, claims, found, now);
  if (!moved) {
    if (!rotation) throw invalidGrant('Session not active'); // changed by a concurrent request
    await revokeReusedSession(issuer.db, session.id, now);
    throw invalidGrant('Maximum allowed refresh token reuse exceeded');
  }

  // A `scope` parameter may narrow the grant; scopes beyond the original one are dropped silently.
  const requested = params
    .get('scope')
    ?.split(' ')
    .filter((scope) => scope !== '');
  const original = claims.scope.split(' ');
  const scope =
    requested && requested.length > 0
      ? original
          .filter((scope) => requested.includes(scope) || scope === 'profile' || scope === 'email')
          .join(' ')
      : claims.scope;
  return userSessionTokens(issuer, {
    user,
    client,
    session: { ...session, lastRefreshAt: now },
    scope,
    refreshJti,
    now,
  });
}
