import type { FastifyReply, FastifyRequest } from 'fastify';

// Keycloak's CORS (services/cors/DefaultCors, before 26.6.3's early rejection): preflights reflect any
// origin; actual responses carry the origin only when the client (or the token) allows it.

const allowHeaders =
  'Accept, Access-Control-Request-Headers, Access-Control-Request-Method, Content-Type, DPoP, Origin, ' +
  'X-Requested-With, Authorization';

function originOf(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  return typeof origin === 'string' && origin !== '' ? origin : undefined;
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
