import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../platform/errors.ts';
import { addCorsHeaders, sendPreflight } from './cors.ts';
import { discoveryDocument } from './discovery-endpoint.ts';
import { identityFormBodyLimit } from './form.ts';
import type { IdentityIssuer } from './issuer.ts';
import { logoutEndpoint } from './logout-endpoint.ts';
import { OAuthError, sendBareError, sendOAuthError } from './oauth-error.ts';
import { tokenEndpoint } from './token-endpoint.ts';
import { userinfoEndpoint } from './userinfo-endpoint.ts';

/**
 * An unexpected failure for the log without its message: a database error's message quotes the
 * query parameters, which here are user names, e-mail addresses and token ids. The stack repeats the
 * message (Drizzle's spans lines, its `params:` line included), so only its `at …` frames are kept.
 */
export function withoutMessage(error: unknown): { type: string; code?: unknown; frames?: string } {
  if (!(error instanceof Error)) return { type: typeof error };
  const cause = error.cause instanceof Error ? error.cause : undefined;
  return {
    type: error.name,
    code: (error as { code?: unknown }).code ?? (cause as { code?: unknown } | undefined)?.code,
    frames: error.stack
      ?.split('\n')
      .filter((line) => /^\s+at /.test(line))
      .slice(0, 7)
      .join('\n'),
  };
}

function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

const realmNotFound = (reply: FastifyReply) =>
  reply
    .code(404)
    .type('application/json')
    .send(JSON.stringify({ error: 'Realm does not exist' }));

const methodNotAllowed = (allow: string) => async (_request: FastifyRequest, reply: FastifyReply) => {
  reply.header('allow', allow);
  return sendBareError(reply, 405, 'HTTP 405 Method Not Allowed');
};

/**
 * The OpenID Connect endpoints of `/realms/{realm}`. Encapsulated: the form body parser and the
 * OAuth-shaped error answers apply to these routes only.
 */
export async function identityRoutes(app: FastifyInstance, { issuer }: { issuer: IdentityIssuer }) {
  // Only form bodies carry parameters. Any other body (JSON included) is read as no parameters, as
  // Keycloak does: the token endpoint then answers 400 "Missing form parameter: grant_type".
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: identityFormBodyLimit },
    (_request, body, done) => {
      done(null, new URLSearchParams(body as string));
    },
  );
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: identityFormBodyLimit },
    (_request, _body, done) => {
      done(null, new URLSearchParams());
    },
  );

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof AppError && error.code === 'RateLimited') {
      return sendOAuthError(
        reply,
        new OAuthError(429, 'temporarily_unavailable', error.detail ?? 'Too many requests'),
      );
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendOAuthError(reply, new OAuthError(413, 'invalid_request', 'Request body too large'));
    }
    const status = error.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return sendOAuthError(reply, new OAuthError(status, 'invalid_request', 'Invalid request'));
    }
    request.log.error({ failure: withoutMessage(error) }, 'identity request failed');
    return sendOAuthError(reply, new OAuthError(500, 'unknown_error', 'An internal error occurred'));
  });

  app.addHook('onRequest', (request, reply, done) => {
    const { realm } = request.params as { realm?: string };
    if (realm !== issuer.config.identity.realm) realmNotFound(reply);
    else done();
  });

  // The per-IP budget of the whole API is too generous for password guessing: a tenth of it here.
  // The API's own calls to its embedded issuer (service-account tokens, current-password checks) come
  // from a loopback address and keep the general budget, so they cannot exhaust it for everyone.
  const strictTokenLimit = Math.max(1, Math.floor(issuer.config.rateLimitMax / 10));
  const tokenRateLimit = {
    max: (request: FastifyRequest) =>
      isLoopback(request.ip) ? issuer.config.rateLimitMax : strictTokenLimit,
    timeWindow: '1 minute',
  };

  app.get('/realms/:realm/.well-known/openid-configuration', async (request, reply) => {
    addCorsHeaders(request, reply, '*');
    reply.header('cache-control', 'no-cache, must-revalidate, no-transform, no-store');
    return reply.type('application/json').send(JSON.stringify(discoveryDocument(issuer)));
  });
  app.options('/realms/:realm/.well-known/openid-configuration', async (request, reply) =>
    sendPreflight(request, reply, 'GET'),
  );

  app.get('/realms/:realm/protocol/openid-connect/certs', async (request, reply) => {
    addCorsHeaders(request, reply, '*');
    reply.header('cache-control', 'no-cache');
    return reply.type('application/json').send(JSON.stringify(await issuer.keys.publicJwks()));
  });
  app.options('/realms/:realm/protocol/openid-connect/certs', async (request, reply) =>
    sendPreflight(request, reply, 'GET'),
  );

  const tokenPath = '/realms/:realm/protocol/openid-connect/token';
  app.post(tokenPath, { config: { rateLimit: tokenRateLimit } }, (request, reply) =>
    tokenEndpoint(issuer, request, reply),
  );
  app.options(tokenPath, async (request, reply) => sendPreflight(request, reply, 'POST, OPTIONS'));
  app.route({
    method: ['GET', 'PUT', 'PATCH', 'DELETE'],
    url: tokenPath,
    handler: methodNotAllowed('POST, OPTIONS'),
  });

  const logoutPath = '/realms/:realm/protocol/openid-connect/logout';
  app.post(logoutPath, (request, reply) => logoutEndpoint(issuer, request, reply));
  // Keycloak's logout preflight lists the browser logout's methods; POST is CORS-safelisted anyway.
  app.options(logoutPath, async (request, reply) => sendPreflight(request, reply, 'GET, HEAD, OPTIONS'));

  const userinfoPath = '/realms/:realm/protocol/openid-connect/userinfo';
  app.route({
    method: ['GET', 'POST'],
    url: userinfoPath,
    handler: (request, reply) => userinfoEndpoint(issuer, request, reply),
  });
  app.options(userinfoPath, async (request, reply) => sendPreflight(request, reply, 'GET, POST, OPTIONS'));
}
