import type { FastifyReply, FastifyRequest } from 'fastify';
import { authenticateClient } from './client-authentication.ts';
import { addCorsHeaders, addErrorCorsHeaders, isOriginAllowed, sendInvalidOrigin } from './cors.ts';
import { formParams } from './form.ts';
import type { IdentityIssuer } from './issuer.ts';
import { OAuthError, sendOAuthError } from './oauth-error.ts';
import type { IdentityClient } from './realm.ts';
import { endSession, findSessionWithUser } from './sessions.ts';
import { verifyRefreshToken } from './tokens.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `POST …/protocol/openid-connect/logout` with `client_id` and `refresh_token` (Keycloak's
 * `logoutToken`): ends the token's online or offline session and answers 204 (`no-cache`). The token's
 * expiry is not checked, and a session already gone is not an error. Access tokens stay valid until
 * they expire. A request from an Origin the client does not allow is refused with 403 (Keycloak ≥
 * 26.6.3).
 */
export async function logoutEndpoint(issuer: IdentityIssuer, request: FastifyRequest, reply: FastifyReply) {
  let client: IdentityClient | undefined;
  try {
    const params = formParams(request.body);
    client = authenticateClient(issuer, request, params);
    const token = params.get('refresh_token');
    // Keycloak shows its browser logout page here; this server has none.
    if (token === null) throw new OAuthError(400, 'invalid_request', 'No refresh token');
    if (!isOriginAllowed(issuer, request, client)) return sendInvalidOrigin(reply);
    const claims = await verifyRefreshToken(issuer, token, client, { checkExpiration: false });
    const found = uuidPattern.test(claims.sid) ? await findSessionWithUser(issuer.db, claims.sid) : undefined;
    if (found && found.session.clientId === client.clientId) {
      await endSession(issuer.db, found.session.id, issuer.now());
    }
    addCorsHeaders(request, reply, client.webOrigins, { exposeAllowMethods: true });
    return reply.code(204).header('cache-control', 'no-cache').send();
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error;
    addErrorCorsHeaders(request, reply, error.cors, client);
    return sendOAuthError(reply, error);
  }
}
