import type { IdentityIssuer } from './issuer.ts';
import { OAuthError } from './oauth-error.ts';
import { epochSeconds, type IdentityClient } from './realm.ts';
import {
  endSession,
  findSessionWithUser,
  isSessionValid,
  revokeReusedSession,
  rotateRefreshToken,
  touchSession,
} from './sessions.ts';
import { newRefreshTokenId, type TokenResponse, userSessionTokens } from './token-response.ts';
import { type RefreshTokenClaims, verifyRefreshToken } from './tokens.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const invalidGrant = (description: string) => new OAuthError(400, 'invalid_grant', description);

/** The session a refresh token belongs to, checked as Keycloak's `TokenManager.validateToken` does. */
async function validSessionOf(issuer: IdentityIssuer, claims: RefreshTokenClaims, now: Date) {
  const offline = claims.typ === 'Offline';
  const found = uuidPattern.test(claims.sid) ? await findSessionWithUser(issuer.db, claims.sid) : undefined;
  if (offline) {
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
 * session, so neither the thief nor the victim can continue with that chain.
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
  const { session, user } = await validSessionOf(issuer, claims, now);

  const refreshJti = newRefreshTokenId();
  if (issuer.realm.revokeRefreshToken) {
    const rotated = await rotateRefreshToken(issuer.db, session.id, claims.jti, refreshJti, now);
    if (!rotated) {
      await revokeReusedSession(issuer.db, session.id, now);
      throw invalidGrant('Maximum allowed refresh token reuse exceeded');
    }
  } else {
    await touchSession(issuer.db, session.id, refreshJti, now);
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
