import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken, verifyAccessToken } from './access-tokens.ts';
import { addCorsHeaders } from './cors.ts';
import { formParams } from './form.ts';
import type { IdentityIssuer } from './issuer.ts';
import { OAuthError, sendOAuthError } from './oauth-error.ts';
import { findSessionWithUser, isSessionValid } from './sessions.ts';
import { profileClaims } from './tokens.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function challenge(issuer: IdentityIssuer, error: OAuthError): string {
  return `Bearer realm="${issuer.config.identity.realm}", error="${error.error}", error_description="${error.description}"`;
}

/**
 * `GET|POST …/protocol/openid-connect/userinfo` with a bearer access token (or, on POST, an
 * `access_token` form field): the user's claims for the token's scope while its session lives.
 */
export async function userinfoEndpoint(issuer: IdentityIssuer, request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'no-cache');
  try {
    const token =
      bearerToken(request.headers.authorization) ??
      (request.method === 'POST' ? (formParams(request.body).get('access_token') ?? undefined) : undefined);
    if (token === undefined) throw new OAuthError(400, 'invalid_request', 'Token not provided');
    const payload = await verifyAccessToken(issuer, token);
    if (!payload) throw new OAuthError(401, 'invalid_token', 'Token verification failed');
    const found =
      payload.sid && uuidPattern.test(payload.sid)
        ? await findSessionWithUser(issuer.db, payload.sid)
        : undefined;
    if (!found || !isSessionValid(found.session, issuer.realm, issuer.now()) || !found.user.enabled) {
      throw new OAuthError(
        401,
        'invalid_token',
        "User session not found or doesn't have client attached on it",
      );
    }
    addCorsHeaders(request, reply, payload['allowed-origins'] ?? []);
    const claims = { sub: found.user.id, ...profileClaims(found.user, (payload.scope ?? '').split(' ')) };
    return reply.code(200).type('application/json').send(JSON.stringify(claims));
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error;
    addCorsHeaders(request, reply, '*');
    reply.header('www-authenticate', challenge(issuer, error));
    return sendOAuthError(reply, error);
  }
}
