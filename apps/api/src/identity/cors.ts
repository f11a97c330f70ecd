import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityIssuer } from './issuer.ts';
import { type ErrorCors, sendBareError } from './oauth-error.ts';
import type { IdentityClient } from './realm.ts';

// Keycloak's CORS (services/cors/DefaultCors): preflights reflect any origin; actual responses carry
// the origin only when the client (or the token) allows it; and since 26.6.3 a token or logout request
// whose Origin the client does not allow is refused with 403 before the endpoint does anything.

const allowHeaders =
  'Accept, Access-Control-Request-Headers, Access-Control-Request-Method, Content-Type, DPoP, Origin, ' +
  'X-Requested-With, Authorization';

function originOf(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  return typeof origin === 'string' && origin !== '' ? origin : undefined;
}

/**
 * Whether a request of `client` may come from its Origin (Keycloak ≥ 26.6.3): no Origin (a server),
 * the server's own origin, or one of the client's web origins. Own origin is the issuer's, or the
 * address this request was sent to (its Host): a page this server served at another address of its
 * own (127.0.0.1, the LAN address) is the same origin; a page of another host names that host.
 */
export function isOriginAllowed(
  issuer: IdentityIssuer,
  request: FastifyRequest,
  client: IdentityClient,
): boolean {
  const origin = originOf(request);
  return (
    origin === undefined ||
    origin === new URL(issuer.issuer).origin ||
    origin === requestOrigin(request) ||
    client.webOrigins.includes(origin)
  );
}

/** The origin the request was addressed to (scheme and Host, as the client sent them). */
function requestOrigin(request: FastifyRequest): string | undefined {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return undefined;
  }
}

/** Keycloak's answer to a disallowed Origin: 403 `{"error":"Invalid origin"}`, no CORS headers. */
export function sendInvalidOrigin(reply: FastifyReply): FastifyReply {
  return sendBareError(reply, 403, 'Invalid origin');
}

/** The CORS headers of an error answer of the token or logout endpoint (see `ErrorCors`). */
export function addErrorCorsHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  cors: ErrorCors,
  client: IdentityClient | undefined,
): void {
  if (cors === 'any-origin') addCorsHeaders(request, reply, '*', { exposeAllowMethods: true });
  else if (cors && client) addCorsHeaders(request, reply, client.webOrigins, { exposeAllowMethods: true });
}

/** Answers an `OPTIONS` preflight (200, empty body). */
export function sendPreflight(request: FastifyRequest, reply: FastifyReply, methods: string): FastifyReply {
  const origin = originOf(request);
  if (origin !== undefined) {
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-methods', methods);
    reply.header('access-control-allow-credentials', 'true');
    reply.header('access-control-allow-headers', allowHeaders);
    reply.header('access-control-max-age', '3600');
  }
  return reply.code(200).send();
}

/**
 * Adds CORS headers to an actual response when the request's origin is allowed (`'*'` allows every
 * origin, as Keycloak's discovery and certs do). Nothing is added for other origins.
 */
export function addCorsHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  allowedOrigins: readonly string[] | '*' | undefined,
  options: { exposeAllowMethods?: boolean } = {},
): void {
  const origin = originOf(request);
  if (origin === undefined || allowedOrigins === undefined) return;
  if (allowedOrigins !== '*' && !allowedOrigins.includes(origin)) return;
  reply.header('access-control-allow-origin', origin);
  if (options.exposeAllowMethods)
    reply.header('access-control-expose-headers', 'Access-Control-Allow-Methods');
  reply.header('access-control-allow-credentials', 'true');
}
