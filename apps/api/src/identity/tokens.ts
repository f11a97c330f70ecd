import { createHash, createHmac, type KeyObject, randomUUID, sign, timingSafeEqual } from 'node:crypto';
import { base64url } from 'jose';
import type { IdentityIssuer } from './issuer.ts';
import { invalidRefreshToken, OAuthError } from './oauth-error.ts';
import {
  defaultAccountRoles,
  defaultRealmRoles,
  epochSeconds,
  type IdentityClient,
  optionalClientScopes,
} from './realm.ts';

/** What the token claims are built from: an identity user (or a service account). */
export interface TokenSubject {
  id: string;
  username: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  realmRoles: string[];
}

export type JsonObject = Record<string, unknown>;

/**
 * Realm roles in the token: the default composite plus the user's own. A client limited to its scope
 * (`fullScopeAllowed: false`) gets only what its client scopes map, which in Keycloak's default realm
 * setup is the `offline_access` role, through the `offline_access` client scope when it is requested.
 */
export function effectiveRealmRoles(
  subject: Pick<TokenSubject, 'realmRoles'>,
  client: IdentityClient,
  realm: string,
  scopes: readonly string[],
) {
  const roles = [...new Set([...defaultRealmRoles(realm), ...subject.realmRoles])];
  if (client.fullScopeAllowed) return roles;
  return scopes.includes('offline_access') && roles.includes('offline_access') ? ['offline_access'] : [];
}

/** `scope` of the response and tokens: only scopes Keycloak includes in the token scope (no `roles`, `acr`, …). */
export function grantedScope(requested: readonly string[]): string {
  const optional = optionalClientScopes.filter((scope) => requested.includes(scope));
  return [...(requested.includes('openid') ? ['openid'] : []), ...optional, 'profile', 'email'].join(' ');
}

/**
 * Profile and e-mail claims as Keycloak's mappers write them; a claim without a value is left out
 * (never `"undefined"`), and `name` is "first last" of the parts present.
 */
export function profileClaims(subject: TokenSubject, scopes: readonly string[]): JsonObject {
  const claims: JsonObject = {};
  if (scopes.includes('email')) claims.email_verified = subject.emailVerified;
  if (scopes.includes('profile')) {
    const name = [subject.firstName, subject.lastName]
      .filter((part) => part !== null && part !== '')
      .join(' ');
    if (name !== '') claims.name = name;
    claims.preferred_username = subject.username;
    if (subject.firstName) claims.given_name = subject.firstName;
    if (subject.lastName) claims.family_name = subject.lastName;
  }
  if (scopes.includes('email') && subject.email) claims.email = subject.email;
  return claims;
}

/** `exp` of access and ID tokens: the realm's lifespan, cut at the end of the session's maximum lifespan. */
function tokenExpiry(
  issuer: IdentityIssuer,
  input: Pick<AccessTokenInput, 'issuedAt' | 'sessionEndsAt'>,
): number {
  const exp = epochSeconds(input.issuedAt) + issuer.realm.accessTokenLifespan;
  return input.sessionEndsAt ? Math.min(exp, epochSeconds(input.sessionEndsAt)) : exp;
}

function audienceClaim(audience: string[]): string | string[] | undefined {
  if (audience.length === 0) return undefined;
  return audience.length === 1 ? audience[0] : audience;
}

export interface AccessTokenInput {
  subject: TokenSubject;
  client: IdentityClient;
  /** Granted scope string (as in the response). */
  scope: string;
  sessionId: string | undefined;
  issuedAt: Date;
  /**
   * When the session's maximum lifespan ends (online sessions): Keycloak never lets an access or ID
   * token outlive it, so `exp` is the earlier of that and `iat + accessTokenLifespan`.
   */
  sessionEndsAt?: Date;
  /** Extra claims. */
  extraClaims?: JsonObject;
  /** `resource_access` of other clients (service accounts: `realm-management`). */
  resourceAccess?: Record<string, { roles: string[] }>;
}

/** Access token payload in Keycloak 26's claim order (default client scopes + audience mapper). */
export function accessTokenClaims(issuer: IdentityIssuer, input: AccessTokenInput): JsonObject {
  const iat = epochSeconds(input.issuedAt);
  const scopes = input.scope.split(' ');
  const roles = effectiveRealmRoles(input.subject, input.client, issuer.config.identity.realm, scopes);
  const resourceAccess: Record<string, { roles: string[] }> = { ...input.resourceAccess };
  if (input.client.fullScopeAllowed) resourceAccess.account = { roles: [...defaultAccountRoles] };
  const audience = [...input.client.audience, ...Object.keys(resourceAccess)];
  const claims: JsonObject = {
    exp: tokenExpiry(issuer, input),
    iat,
    jti: randomUUID(),
    iss: issuer.issuer,
    aud: audienceClaim([...new Set(audience)]),
    sub: input.subject.id,
    typ: 'Bearer',
    azp: input.client.clientId,
    sid: input.sessionId,
    acr: '1',
    'allowed-origins': input.client.webOrigins.length > 0 ? input.client.webOrigins : undefined,
    realm_access: roles.length > 0 ? { roles } : undefined,
    resource_access: Object.keys(resourceAccess).length > 0 ? resourceAccess : undefined,
    scope: input.scope,
    ...input.extraClaims,
    ...profileClaims(input.subject, scopes),
  };
  return withoutUndefined(claims);
}

/** ID token (only with `scope=openid`): audience is the client, `at_hash` binds it to the access token. */
export function idTokenClaims(
  issuer: IdentityIssuer,
  input: AccessTokenInput,
  accessToken: string,
): JsonObject {
  const iat = epochSeconds(input.issuedAt);
  const digest = createHash('sha256').update(accessToken).digest();
  return withoutUndefined({
    exp: tokenExpiry(issuer, input),
    iat,
    jti: randomUUID(),
    iss: issuer.issuer,
    aud: input.client.clientId,
    sub: input.subject.id,
    typ: 'ID',
    azp: input.client.clientId,
    sid: input.sessionId,
    at_hash: base64url.encode(digest.subarray(0, digest.length / 2)),
    acr: '1',
    ...profileClaims(input.subject, input.scope.split(' ')),
  });
}

export interface RefreshTokenClaims {
  exp?: number;
  iat: number;
  jti: string;
  iss: string;
  aud: string;
  sub: string;
  typ: 'Refresh' | 'Offline';
  azp: string;
  sid: string;
  scope: string;
}

export function refreshTokenClaims(
  issuer: IdentityIssuer,
  input: {
    jti: string;
    subjectId: string;
    clientId: string;
    sessionId: string;
    scope: string;
    offline: boolean;
  },
  issuedAt: Date,
  expiresAt: Date | undefined,
): RefreshTokenClaims {
  return {
    ...(expiresAt ? { exp: epochSeconds(expiresAt) } : {}),
    iat: epochSeconds(issuedAt),
    jti: input.jti,
    iss: issuer.issuer,
    aud: issuer.issuer,
    sub: input.subjectId,
    typ: input.offline ? 'Offline' : 'Refresh',
    azp: input.clientId,
    sid: input.sessionId,
    scope: input.scope,
  };
}

function withoutUndefined(claims: JsonObject): JsonObject {
  return Object.fromEntries(Object.entries(claims).filter(([, value]) => value !== undefined));
}

/**
 * Signs with the realm's active key: RS256 for access and ID tokens, HS512 for refresh tokens (a JWS
 * in compact form, header `{"alg","typ":"JWT","kid"}` as Keycloak writes it). The RSA signature runs
 * on libuv's thread pool, so the event loop keeps serving while a second core signs; HMAC is a few
 * microseconds and runs inline.
 */
export async function signToken(
  issuer: IdentityIssuer,
  claims: JsonObject | RefreshTokenClaims,
  algorithm: 'RS256' | 'HS512',
): Promise<string> {
  const key = await issuer.keys.signingKey(algorithm);
  const signingInput = `${key.encodedHeader}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  if (algorithm === 'HS512') return `${signingInput}.${hmacSignature(key.key, signingInput)}`;
  const signature = await new Promise<Buffer>((resolve, reject) => {
    sign('sha256', Buffer.from(signingInput), key.key, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
  return `${signingInput}.${signature.toString('base64url')}`;
}

function hmacSignature(key: KeyObject, signingInput: string): string {
  return createHmac('sha512', key).update(signingInput).digest('base64url');
}

const base64urlSegment = /^[A-Za-z0-9_-]+$/;

/** The JSON object a base64url JWS segment encodes, or undefined. */
function decodeSegment(segment: string | undefined): Record<string, unknown> | undefined {
  if (segment === undefined || !base64urlSegment.test(segment)) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The payload of a compact JWS signed with one of the realm's HS512 keys (found by `kid`), or
 * undefined when it is malformed, signed otherwise or by an unknown key.
 */
async function verifiedHs512Payload(issuer: IdentityIssuer, token: string): Promise<unknown> {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [encodedHeader, encodedPayload, signature] = parts as [string, string, string];
  const header = decodeSegment(encodedHeader);
  if (header?.alg !== 'HS512' || typeof header.kid !== 'string' || header.crit !== undefined) {
    return undefined;
  }
  const key = await issuer.keys.verificationKey(header.kid, 'HS512');
  if (!key) return undefined;
  const expected = Buffer.from(hmacSignature(key.key, `${encodedHeader}.${encodedPayload}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return decodeSegment(encodedPayload);
}

function isRefreshTokenClaims(value: unknown): value is RefreshTokenClaims {
  if (typeof value !== 'object' || value === null) return false;
  const claims = value as Record<string, unknown>;
  return (
    (claims.typ === 'Refresh' || claims.typ === 'Offline') &&
    typeof claims.jti === 'string' &&
    typeof claims.sid === 'string' &&
    typeof claims.sub === 'string' &&
    typeof claims.azp === 'string' &&
    typeof claims.iat === 'number' &&
    typeof claims.scope === 'string' &&
    typeof claims.iss === 'string' &&
    (claims.exp === undefined || typeof claims.exp === 'number')
  );
}

/**
 * Keycloak's `verifyRefreshToken`: signature with a realm HMAC key (so access and ID tokens, which are
 * RS256, never pass), type `Refresh`/`Offline`, then expiry (skipped on logout), then the client.
 */
export async function verifyRefreshToken(
  issuer: IdentityIssuer,
  token: string,
  client: IdentityClient,
  options: { checkExpiration: boolean },
): Promise<RefreshTokenClaims> {
  const claims = await verifiedHs512Payload(issuer, token);
  if (!isRefreshTokenClaims(claims)) throw invalidRefreshToken();
  if (claims.iss !== issuer.issuer) {
    throw new OAuthError(400, 'invalid_grant', `Invalid token issuer. Expected '${issuer.issuer}'`);
  }
  if (options.checkExpiration && claims.exp !== undefined && epochSeconds(issuer.now()) > claims.exp) {
    throw new OAuthError(400, 'invalid_grant', 'Token is not active');
  }
  if (claims.azp !== client.clientId) {
    throw invalidRefreshToken("Invalid refresh token. Token client and authorized client don't match");
  }
  return claims;
}
