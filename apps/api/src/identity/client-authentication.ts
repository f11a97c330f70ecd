import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { IdentityIssuer } from './issuer.ts';
import { invalidClientCredentials, OAuthError } from './oauth-error.ts';
import type { IdentityClient } from './realm.ts';

function basicCredentials(request: FastifyRequest): { clientId: string; secret: string } | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !/^basic /i.test(header)) return undefined;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const separator = decoded.indexOf(':');
  if (separator === -1) return undefined;
  try {
    return {
      clientId: decodeURIComponent(decoded.slice(0, separator)),
      secret: decodeURIComponent(decoded.slice(separator + 1)),
    };
  } catch {
    return undefined;
  }
}

function secretsEqual(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Keycloak's client authentication: `client_id` from the form (or HTTP Basic); confidential clients
 * prove their secret by `client_secret` or Basic. A missing `client_id` is an unknown client (401, as
 * Keycloak 26.7 answers). Failures happen before the client's web origins are known; Keycloak answers
 * them with CORS headers for whatever origin asked.
 */
export function authenticateClient(
  issuer: IdentityIssuer,
  request: FastifyRequest,
  params: URLSearchParams,
): IdentityClient {
  const basic = basicCredentials(request);
  const clientId = params.get('client_id') ?? basic?.clientId;
  const client = clientId === undefined || clientId === '' ? undefined : issuer.clients.get(clientId);
  if (!client) throw invalidClientCredentials();
  if (!client.publicClient) {
    const secret =
      params.get('client_secret') ??
      (basic !== undefined && basic.clientId === clientId ? basic.secret : undefined);
    if (secret === undefined || client.secret === undefined || !secretsEqual(client.secret, secret)) {
      throw new OAuthError(401, 'unauthorized_client', 'Invalid client or Invalid client credentials', {
        cors: 'any-origin',
      });
    }
  }
  return client;
}
