import type { FastifyReply } from 'fastify';

/**
 * Which CORS headers an error carries: the client's web origins (`true`), none (`false`: the errors
 * Keycloak raises before it knows the client, or as plain `ErrorResponseException`, so a browser sees
 * a network error), or the request's origin whatever it is (`'any-origin'`: failed client
 * authentication, which Keycloak answers to every origin).
 */
export type ErrorCors = boolean | 'any-origin';

/** An OAuth error answered as Keycloak does: `{"error", "error_description"}` with the given status. */
export class OAuthError extends Error {
  readonly status: number;
  readonly error: string;
  readonly description: string;
  readonly cors: ErrorCors;

  constructor(status: number, error: string, description: string, options: { cors?: ErrorCors } = {}) {
    super(`${error}: ${description}`);
    this.name = 'OAuthError';
    this.status = status;
    this.error = error;
    this.description = description;
    this.cors = options.cors ?? true;
  }
}

/**
 * Wrong password, unknown user, lockout: 400 as Keycloak answers since 26.6 (the pinned production
 * release is 26.7.3; up to 26.5 it was 401, and the web app accepts both).
 */
export const invalidUserCredentials = () => new OAuthError(400, 'invalid_grant', 'Invalid user credentials');
export const invalidRefreshToken = (description = 'Invalid refresh token') =>
  new OAuthError(400, 'invalid_grant', description);
export const invalidClientCredentials = () =>
  new OAuthError(401, 'invalid_client', 'Invalid client or Invalid client credentials', {
    cors: 'any-origin',
  });

export function sendOAuthError(reply: FastifyReply, error: OAuthError): FastifyReply {
  return reply
    .code(error.status)
    .type('application/json')
    .send(JSON.stringify({ error: error.error, error_description: error.description }));
}

/** An error body with `error` alone, as Keycloak sends outside the OAuth flows (405, invalid origin). */
export function sendBareError(reply: FastifyReply, status: number, error: string): FastifyReply {
  return reply.code(status).type('application/json').send(JSON.stringify({ error }));
}
