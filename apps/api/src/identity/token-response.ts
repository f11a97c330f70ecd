import { randomUUID } from 'node:crypto';
import type { IdentityIssuer } from './issuer.ts';
import { epochSeconds, type IdentityClient } from './realm.ts';
import { type IdentitySession, onlineSessionExpiry } from './sessions.ts';
import {
  type AccessTokenInput,
  accessTokenClaims,
  idTokenClaims,
  refreshTokenClaims,
  signToken,
  type TokenSubject,
} from './tokens.ts';

/** Keycloak's `AccessTokenResponse`, keys in its order; absent values are left out (NON_NULL). */
export interface TokenResponse {
  access_token: string;
  expires_in: number;
  refresh_expires_in: number;
  refresh_token?: string;
  token_type: 'Bearer';
  id_token?: string;
  'not-before-policy': number;
  session_state?: string;
  scope: string;
}

export function newRefreshTokenId(): string {
  return randomUUID();
}

/** `not-before-policy`: the user's not-before (set by "log out all sessions") in seconds, else 0. */
export function notBeforePolicy(user: { notBefore: Date | null }): number {
  return user.notBefore ? epochSeconds(user.notBefore) : 0;
}

/**
 * Signs the tokens of a user session: access token, refresh token (`Offline` without expiry, or
 * `Refresh` expiring with the session's idle/max lifetime) and, with `openid`, an ID token.
 */
export async function userSessionTokens(
  issuer: IdentityIssuer,
  input: {
    user: TokenSubject & { notBefore: Date | null };
    client: IdentityClient;
    session: Pick<IdentitySession, 'id' | 'offline' | 'startedAt' | 'lastRefreshAt'>;
    scope: string;
    refreshJti: string;
    now: Date;
  },
): Promise<TokenResponse> {
  const { user, client, session, scope, now } = input;
  const tokenInput: AccessTokenInput = {
    subject: user,
    client,
    scope,
    sessionId: session.id,
    issuedAt: now,
    ...(session.offline
      ? {}
      : { sessionEndsAt: new Date(session.startedAt.getTime() + issuer.realm.ssoSessionMaxLifespan * 1000) }),
  };
  const accessClaims = accessTokenClaims(issuer, tokenInput);
  const accessToken = await signToken(issuer, accessClaims, 'RS256');
  const refreshExpiry = session.offline ? undefined : onlineSessionExpiry(session, issuer.realm);
  const refreshToken = await signToken(
    issuer,
    refreshTokenClaims(
      issuer,
      {
        jti: input.refreshJti,
        subjectId: user.id,
        clientId: client.clientId,
        sessionId: session.id,
        scope,
        offline: session.offline,
      },
      now,
      refreshExpiry,
    ),
    'HS512',
  );
  const idToken = scope.split(' ').includes('openid')
    ? await signToken(issuer, idTokenClaims(issuer, tokenInput, accessToken), 'RS256')
    : undefined;
  return {
    access_token: accessToken,
    expires_in: (accessClaims.exp as number) - epochSeconds(now),
    refresh_expires_in: refreshExpiry ? Math.max(0, epochSeconds(refreshExpiry) - epochSeconds(now)) : 0,
    refresh_token: refreshToken,
    token_type: 'Bearer',
    ...(idToken ? { id_token: idToken } : {}),
    'not-before-policy': notBeforePolicy(user),
    session_state: session.id,
    scope,
  };
}
