import { createHash } from 'node:crypto';
import { developmentAdminClientSecret } from '../platform/config.ts';
import { isLoopbackAddress } from '../platform/loopback.ts';
import type { IdentityIssuer } from './issuer.ts';
import { invalidClientCredentials, OAuthError } from './oauth-error.ts';
import { adminServiceAccountTokenRoles, type IdentityClient } from './realm.ts';
import { requestedScopes } from './scope.ts';
import type { TokenResponse } from './token-response.ts';
import { accessTokenClaims, grantedScope, signToken, type TokenSubject } from './tokens.ts';

/** A stable UUID for a client's service-account user (Keycloak stores one; we derive it). */
function serviceAccountId(issuer: string, clientId: string): string {
  const hex = createHash('sha256').update(`${issuer}#service-account#${clientId}`).digest('hex');
  const variant = ((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/**
 * `client_credentials` for confidential clients with a service account (the API's admin client): an
 * access token for the service-account user with its `realm-management` roles; no refresh token, no
 * session (Keycloak 26 defaults).
 */
export async function clientCredentialsGrant(
  issuer: IdentityIssuer,
  client: IdentityClient,
  params: URLSearchParams,
  callerAddress: string | undefined,
): Promise<TokenResponse> {
  // The development secret is in the source: it proves nothing from another machine, so there it
  // counts as invalid client credentials (judged by the socket address, never a forwarded header).
  if (client.secret === developmentAdminClientSecret && !isLoopbackAddress(callerAddress)) {
    throw invalidClientCredentials();
  }
  if (client.publicClient) {
    throw new OAuthError(401, 'unauthorized_client', 'Public client not allowed to retrieve service account');
  }
  if (!client.serviceAccountsEnabled) {
    throw new OAuthError(400, 'unauthorized_client', 'Client not enabled to retrieve service account');
  }
  const scope = grantedScope(
    requestedScopes(params.get('scope')).filter((name) => name !== 'offline_access'),
  );
  const now = issuer.now();
  const subject: TokenSubject = {
    id: serviceAccountId(issuer.issuer, client.clientId),
    username: `service-account-${client.clientId}`,
    email: null,
    emailVerified: false,
    firstName: null,
    lastName: null,
    realmRoles: [],
  };
  const isAdminClient = client.clientId === issuer.config.identityAdmin.clientId;
  const claims = accessTokenClaims(issuer, {
    subject,
    client,
    scope,
    sessionId: undefined,
    issuedAt: now,
    resourceAccess: isAdminClient
      ? { 'realm-management': { roles: [...adminServiceAccountTokenRoles] } }
      : {},
  });
  return {
    access_token: await signToken(issuer, claims, 'RS256'),
    expires_in: issuer.realm.accessTokenLifespan,
    refresh_expires_in: 0,
    token_type: 'Bearer',
    'not-before-policy': 0,
    scope,
  };
}
