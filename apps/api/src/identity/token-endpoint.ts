import type { FastifyReply, FastifyRequest } from 'fastify';
import { authenticateClient } from './client-authentication.ts';
import { clientCredentialsGrant } from './client-credentials-grant.ts';
import { addCorsHeaders, addErrorCorsHeaders, isOriginAllowed, sendInvalidOrigin } from './cors.ts';
import { assertNoDuplicatedParameters, formParams } from './form.ts';
import type { IdentityIssuer } from './issuer.ts';
import { OAuthError, sendOAuthError } from './oauth-error.ts';
import { passwordGrant } from './password-grant.ts';
import type { IdentityClient } from './realm.ts';
import { refreshTokenGrant } from './refresh-token-grant.ts';
import type { TokenResponse } from './token-response.ts';

type Grant = (
  issuer: IdentityIssuer,
  client: IdentityClient,
  params: URLSearchParams,
  /** The socket peer's address (never a forwarded header). */
  callerAddress: string | undefined,
) => Promise<TokenResponse>;

const grants: Record<string, Grant> = {
  password: passwordGrant,
  refresh_token: refreshTokenGrant,
  client_credentials: clientCredentialsGrant,
};

/**
 * `POST …/protocol/openid-connect/token`, in Keycloak's order: no-store headers, grant type (before
 * the client is known, so without CORS), client authentication, the request's Origin (403 unless the
 * client allows it, Keycloak ≥ 26.6.3), duplicated parameters, the grant.
 */
export async function tokenEndpoint(issuer: IdentityIssuer, request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
  let client: IdentityClient | undefined;
  try {
    const params = formParams(request.body);
    const grantType = params.get('grant_type');
    if (grantType === null) {
      throw new OAuthError(400, 'invalid_request', 'Missing form parameter: grant_type', { cors: false });
    }
    const grant = Object.hasOwn(grants, grantType) ? grants[grantType] : undefined;
    if (!grant)
      throw new OAuthError(400, 'unsupported_grant_type', 'Unsupported grant_type', { cors: false });
    client = authenticateClient(issuer, request, params);
    if (!isOriginAllowed(issuer, request, client)) return sendInvalidOrigin(reply);
    assertNoDuplicatedParameters(params);
    const response = await grant(issuer, client, params, request.socket.remoteAddress);
    addCorsHeaders(request, reply, client.webOrigins, { exposeAllowMethods: true });
    return reply.code(200).type('application/json').send(JSON.stringify(response));
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error;
    addErrorCorsHeaders(request, reply, error.cors, client);
    return sendOAuthError(reply, error);
  }
}
