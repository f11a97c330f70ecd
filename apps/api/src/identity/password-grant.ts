import { clearLoginFailures, recordLoginFailure, recordUncountedLoginFailure } from './brute-force.ts';
import { isStorableText } from './form.ts';
import { findLoginCandidate, type LoginCandidate } from './identity-users.ts';
import type { IdentityIssuer } from './issuer.ts';
import { invalidUserCredentials, OAuthError } from './oauth-error.ts';
import { verifyDummyPassword, verifyPassword } from './passwords.ts';
import type { IdentityClient } from './realm.ts';
import { requestedScopes } from './scope.ts';
import { newSession, storeSession } from './sessions.ts';
import { newRefreshTokenId, type TokenResponse, userSessionTokens } from './token-response.ts';
import { effectiveRealmRoles, grantedScope } from './tokens.ts';

/**
 * Resource-owner password grant, in Keycloak 26.7's order (ResourceOwnerPasswordCredentialsGrantType
 * and the direct-grant flow): client allowed → scope → username present → user → lockout → password →
 * enabled → required actions → offline permission. Wrong password, unknown user and lockout answer
 * alike (400 "Invalid user credentials"); a disabled account is revealed only to its right password.
 * The username is taken as sent (no trimming): only a missing one is "Missing parameter: username".
 * A user's second password grant while the first is under way is refused like a lockout (Keycloak's
 * brute-force protection does not allow concurrent logins by default). Every refusal costs one
 * password verification and one failure transaction, so its time does not tell which it was.
 */
export async function passwordGrant(
  issuer: IdentityIssuer,
  client: IdentityClient,
  params: URLSearchParams,
): Promise<TokenResponse> {
  if (!client.directAccessGrantsEnabled) {
    throw new OAuthError(400, 'unauthorized_client', 'Client not allowed for direct access grants');
  }
  const scopes = requestedScopes(params.get('scope'));
  const username = params.get('username');
  if (username === null) throw new OAuthError(401, 'invalid_request', 'Missing parameter: username');
  const password = params.get('password') ?? '';

  const now = issuer.now();
  const candidate =
    username === '' || !isStorableText(username) ? undefined : await findLoginCandidate(issuer.db, username);
  if (!candidate) {
    await verifyDummyPassword(password);
    await recordUncountedLoginFailure(issuer.db, now);
    throw invalidUserCredentials();
  }
  const { user } = candidate;
  const inProgress = issuer.passwordGrantsInProgress;
  if ((candidate.lockedUntil && candidate.lockedUntil.getTime() > now.getTime()) || inProgress.has(user.id)) {
    await verifyDummyPassword(password);
    await recordUncountedLoginFailure(issuer.db, now);
    throw invalidUserCredentials();
  }
  inProgress.add(user.id);
  try {
    return await authenticatedGrant(issuer, client, { candidate, scopes, password, now });
  } finally {
    inProgress.delete(user.id);
  }
}

/** The password grant from the password check on, for a found user who is not locked out. */
async function authenticatedGrant(
  issuer: IdentityIssuer,
  client: IdentityClient,
  input: { candidate: LoginCandidate; scopes: string[]; password: string; now: Date },
): Promise<TokenResponse> {
  const { candidate, scopes, password, now } = input;
  const { user } = candidate;
  let passwordValid = false;
  if (candidate.passwordHash !== null && password !== '') {
    passwordValid = await verifyPassword(candidate.passwordHash, password);
  } else {
    // Nothing to verify, but the time of a verification is spent all the same.
    await verifyDummyPassword(password);
  }
  if (!passwordValid) {
    await recordLoginFailure(issuer.db, user.id, now, issuer.realm.bruteForce);
    throw invalidUserCredentials();
  }
  if (!user.enabled) throw new OAuthError(400, 'invalid_grant', 'Account disabled');
  if (candidate.hasLoginFailures) await clearLoginFailures(issuer.db, user.id);
  // Keycloak 24+ adds VERIFY_PROFILE when the user profile lacks e-mail, first or last name.
  if (user.requiredActions.length > 0 || !user.email || !user.firstName || !user.lastName) {
    throw new OAuthError(400, 'invalid_grant', 'Account is not fully set up');
  }
  const offline = scopes.includes('offline_access');
  if (
    offline &&
    !effectiveRealmRoles(user, client, issuer.config.identity.realm, scopes).includes('offline_access')
  ) {
    throw new OAuthError(400, 'not_allowed', 'Offline tokens not allowed for the user or client', {
      cors: false,
    });
  }

  const scope = grantedScope(scopes);
  const refreshJti = newRefreshTokenId();
  // With offline_access Keycloak keeps only the offline session (the online one is dropped).
  const session = newSession({ userId: user.id, clientId: client.clientId, offline, scope, refreshJti, now });
  // The tokens need nothing the insert returns, so the RS256 signature (libuv's pool) and the insert
  // (PostgreSQL) run at the same time; the tokens leave only once the session is stored.
  const [tokens] = await Promise.all([
    userSessionTokens(issuer, { user, client, session, scope, refreshJti, now }),
    storeSession(issuer.db, session),
  ]);
  return tokens;
}
