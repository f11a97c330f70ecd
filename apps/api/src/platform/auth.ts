import {
  identityClientId,
  isOperationId,
  isPublicOperation,
  type OperationId,
  type ProviderRole,
  type RealmRole,
  type Role,
  realmRoles,
  rolesCan,
} from '@opora/contracts';
import type { Db } from '@opora/db';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { type JWTVerifyGetKey, errors as joseErrors, jwtVerify } from 'jose';
import { z } from 'zod';
import { type Clock, systemClock } from './clock.ts';
import type { Config } from './config.ts';
import { ForbiddenError, UnauthorizedError } from './errors.ts';
import { preparedRows } from './prepared.ts';

/** Who is calling: the signed-in person behind a verified access token. */
export interface Principal {
  /** `sub` of the access token: the identity-server account. */
  subject: string;
  /** `users.id` of the application account. */
  userId: string;
  email: string;
  /** Always `client`, plus the staff roles of the token and the provider roles of `provider_users`. */
  roles: Role[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, or null for a guest. Set before the handler of every route with an `operationId`. */
    principal: Principal | null;
  }
}

type AuthConfig = Pick<Config, 'identity' | 'identityAdmin'>;

/** `iss` of every token the realm issues (Keycloak: `{url}/realms/{realm}`). */
export function tokenIssuer(config: Pick<Config, 'identity'>): string {
  return `${config.identity.url}/realms/${config.identity.realm}`;
}

/** The access token's claims we rely on, after its signature, issuer, audience and expiry were checked. */
const AccessTokenClaimsSchema = z.object({
  sub: z.string().min(1),
  exp: z.number(),
  // Refresh tokens say `Refresh`/`Offline` and ID tokens `ID`; both verify against the same issuer.
  typ: z.literal('Bearer'),
  azp: z.literal(identityClientId),
  realm_access: z.object({ roles: z.array(z.string()) }).optional(),
});

/** A bearer token that is missing, malformed, expired, or not an access token of our realm. */
export class InvalidAccessTokenError extends Error {
  readonly reason: string;

  constructor(reason: string, options?: { cause?: unknown }) {
    super(`Access token rejected: ${reason}`, options);
    this.name = 'InvalidAccessTokenError';
    this.reason = reason;
  }
}

export interface VerifiedAccessToken {
  subject: string;
  realmRoles: RealmRole[];
}

export type AccessTokenVerifier = (token: string) => Promise<VerifiedAccessToken>;

/** Keycloak 26.6 itself tolerates 10 s of clock skew on `iat`. */
const clockToleranceSeconds = 10;

/**
 * How many verified tokens each API process remembers. A signed-in page view sends a handful of calls
 * with one token, and RS256 verification was an eighth of a signed-in request's CPU
 * (docs/performance.md); 10,000 entries of ~1 KB bound the memory.
 */
const verifiedTokenCacheSize = 10_000;

interface VerifiedEntry extends VerifiedAccessToken {
  /** `exp` in milliseconds. */
  expiresAtMs: number;
}

/**
 * Verifies an access token as KEYCLOAK-NOTES §7 recommends: RS256 signature by a realm key, exact
 * issuer, audience `opora-api` (the audience mapper), expiry, `typ: Bearer` and the `web` client.
 *
 * A token that verified is remembered (by its exact text, in a bounded insertion-ordered map) until
 * its expiry: a signature and its claims cannot change, so the next call with the same token checks
 * only the expiry (with the same clock tolerance). Whether the account behind it still exists is not
 * remembered — `resolvePrincipal` looks it up on every request.
 *
 * Expiry is judged at one instant of `clock`, read when the call starts, for the remembered token and
 * for `jose` alike; tests give a verifier its own clock instead of faking the process-wide `Date`.
 */
export function createAccessTokenVerifier(
  config: AuthConfig,
  keys: JWTVerifyGetKey,
  clock: Clock = systemClock,
): AccessTokenVerifier {
  const issuer = tokenIssuer(config);
  const audience = config.identityAdmin.clientId;
  const verified = new Map<string, VerifiedEntry>();
  return async (token) => {
    const now = clock();
    const known = verified.get(token);
    if (known) {
      if (known.expiresAtMs + clockToleranceSeconds * 1000 > now.getTime()) {
        return { subject: known.subject, realmRoles: known.realmRoles };
      }
      verified.delete(token);
    }
    let payload: unknown;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer,
        audience,
        algorithms: ['RS256'],
        clockTolerance: clockToleranceSeconds,
        currentDate: now,
        requiredClaims: ['exp', 'iat', 'sub'],
      }));
    } catch (error) {
      if (error instanceof joseErrors.JOSEError)
        throw new InvalidAccessTokenError(error.code, { cause: error });
      throw error;
    }
    const claims = AccessTokenClaimsSchema.safeParse(payload);
    if (!claims.success) {
      throw new InvalidAccessTokenError(`claim ${String(claims.error.issues[0]?.path[0] ?? '?')}`);
    }
    const tokenRoles = claims.data.realm_access?.roles ?? [];
    const result: VerifiedAccessToken = {
      subject: claims.data.sub,
      realmRoles: realmRoles.filter((role) => tokenRoles.includes(role)),
    };
    if (verified.size >= verifiedTokenCacheSize) {
      const oldest = verified.keys().next();
      if (!oldest.done) verified.delete(oldest.value);
    }
    verified.set(token, { ...result, expiresAtMs: claims.data.exp * 1000 });
    return result;
  };
}

/**
 * The application account behind a token subject, with its provider roles. A subject without an
 * account (deleted, or made in the identity server by hand) is not a caller. Every signed-in request
 * runs it, so it is a prepared statement: drizzle's query was planned on each request, 0.65–0.75 ms
 * of planning against 0.11 ms of execution (docs/performance.md).
 */
const accountStatement = {
  name: 'auth-find-account',
  text: `select u.id, u.email,
    coalesce((select array_agg(distinct role::text order by role::text)
              from provider_users pu, unnest(pu.roles) as role
              where pu.user_id = u.id), '{}') as "providerRoles"
  from users u
  where u.identity_subject = $1 and u.anonymised_at is null
  limit 1`,
};

interface AccountRow extends Record<string, unknown> {
  id: string;
  email: string | null;
  providerRoles: ProviderRole[];
}

async function findAccount(db: Db, subject: string): Promise<AccountRow | undefined> {
  const [account] = await preparedRows<AccountRow>(db, accountStatement.name, accountStatement.text, [
    subject,
  ]);
  return account;
}

export async function resolvePrincipal(
  db: Db,
  verify: AccessTokenVerifier,
  token: string,
): Promise<Principal> {
  const verified = await verify(token);
  const account = await findAccount(db, verified.subject);
  if (!account || account.email === null) throw new InvalidAccessTokenError('no account for the subject');
  const roles = new Set<Role>(['client', ...verified.realmRoles, ...account.providerRoles]);
  return { subject: verified.subject, userId: account.id, email: account.email, roles: [...roles] };
}

/** The token of an `Authorization: Bearer …` header; undefined when there is none or it is malformed. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header);
  return match?.[1];
}

function challenge(reply: FastifyReply, error?: 'invalid_token'): void {
  // RFC 6750 §3: tell the client which scheme to use, and whether the token it sent was refused.
  reply.header('www-authenticate', error ? `Bearer error="${error}"` : 'Bearer');
}

const checkedRequests = new WeakSet<FastifyRequest>();

/**
 * The one permission check (DESIGN "Permissions"): before the handler of every route that declares an
 * `operationId`, the caller's roles must grant it. Guest-granted operations are public (a bearer token
 * is used when valid and ignored otherwise); others need a valid access token (401) and a role that
 * grants the operation (403).
 */
function permissionCheck(
  db: Db,
  verify: AccessTokenVerifier,
  isGranted: GrantCheck,
  operationId: OperationId,
): onRequestHookHandler {
  const isPublic = isPublicOperation(operationId);
  return async (request, reply) => {
    // HEAD routes share their GET route's hooks; check once.
    if (checkedRequests.has(request)) return;
    checkedRequests.add(request);
    const token = bearerToken(request);
    if (isPublic) {
      if (token === undefined) return;
      try {
        request.principal = await resolvePrincipal(db, verify, token);
      } catch (error) {
        if (!(error instanceof InvalidAccessTokenError)) throw error;
      }
      return;
    }
    if (token === undefined) {
      challenge(reply);
      throw new UnauthorizedError();
    }
    let principal: Principal;
    try {
      principal = await resolvePrincipal(db, verify, token);
    } catch (error) {
      if (!(error instanceof InvalidAccessTokenError)) throw error;
      request.log.info({ reason: error.reason }, 'access token rejected');
      challenge(reply, 'invalid_token');
      throw new UnauthorizedError('The access token is not valid; sign in again.');
    }
    request.principal = principal;
    if (!isGranted(principal.roles, operationId)) throw new ForbiddenError();
  };
}

/** The signed-in caller of a route whose operation is not public (the permission check ran). */
export function requirePrincipal(request: FastifyRequest): Principal {
  if (request.principal === null) throw new UnauthorizedError();
  return request.principal;
}

/** Whether roles grant an operation: the contracts' table (`rolesCan`) unless a test narrows it. */
export type GrantCheck = (roles: readonly Role[], operationId: OperationId) => boolean;

export interface AuthPluginOptions {
  config: AuthConfig;
  /** The realm's public keys (the identity module's `issuerKeys`). */
  keys: JWTVerifyGetKey;
  isGranted?: GrantCheck;
}

/**
 * Access-token verification and the permission check of every operation. Register before the API
 * modules: it hooks each route as it is added. An `/api/v1/` route without a known `operationId`
 * stops the start, so no operation can bypass the check.
 */
export const authPlugin = fp<AuthPluginOptions>(
  async (app, { config, keys, isGranted = rolesCan }) => {
    const verify = createAccessTokenVerifier(config, keys);
    app.decorateRequest('principal', null);
    app.addHook('onRoute', (route) => {
      const operationId: unknown = route.schema?.operationId;
      if (operationId === undefined) {
        if (route.url.startsWith('/api/v1/')) {
          throw new Error(
            `Route ${String(route.method)} ${route.url} needs an operationId for the permission check`,
          );
        }
        return;
      }
      if (!isOperationId(operationId)) {
        throw new Error(
          `Route ${route.url} has operationId ${String(operationId)}, which contracts do not list`,
        );
      }
      const check = permissionCheck(app.db, verify, isGranted, operationId);
      // Appended, so the route's rate limit (an onRequest hook added the same way) counts first.
      const existing = route.onRequest;
      route.onRequest =
        existing === undefined ? [check] : [...(Array.isArray(existing) ? existing : [existing]), check];
    });
  },
  { name: 'auth', fastify: '5.x', dependencies: ['database'] },
);
