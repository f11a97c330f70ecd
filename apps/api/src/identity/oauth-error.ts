import type { FastifyReply } from 'fastify';

/**
 * An OAuth error answered as Keycloak does: `{"error", "error_description"}` with the given status.
 * `cors: false` marks the errors Keycloak raises before it knows the client (or as plain
 * `ErrorResponseException`), which carry no CORS headers, so a browser sees a network error.
 */
export class OAuthError extends Error {
  readonly status: number;
  readonly error: string;
  readonly description: string;
  readonly cors: boolean;

  constructor(status: number, error: string, description: string, options: { cors?: boolean } = {}) {
    super(`${error}: ${description}`);
    this.name = 'OAuthError';
    this.status = status;
    this.error = error;
    this.description = description;
    this.cors = options.cors ?? true;
  }
}

export const invalidUserCredentials = () => new OAuthError(401, 'invalid_grant', 'Invalid user credentials');
export const invalidRefreshToken = (description = 'Invalid refresh token') =>
  new OAuthError(400, 'invalid_grant', description);
export const invalidClientCredentials = () =>
  new OAuthError(401, 'invalid_client', 'Invalid client or Invalid client credentials', { cors: false });

export function sendOAuthError(reply: FastifyReply, error: OAuthError): FastifyReply {
  return reply
    .code(error.status)
    .type('application/json')
    .send(JSON.stringify({ error: error.error, error_description: error.description }));
}
