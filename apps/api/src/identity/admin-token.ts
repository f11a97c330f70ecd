import type { FastifyRequest } from 'fastify';
import { bearerToken, verifyAccessToken } from './access-tokens.ts';

export interface AdminPrincipal {
  /** `azp` of the token: the calling client (`opora-api`). */
  clientId: string;
  /** `sub`: the client's service-account user. */
  subject: string;
  /** Roles of the `realm-management` client (e.g. `manage-users`, `view-users`). */
  roles: string[];
}

/**
 * The caller of the embedded admin API, from its bearer access token (signature, issuer, expiry,
 * `typ: Bearer`); null when the header is missing or the token invalid (answer 401). Role checks
 * (403) are the admin routes' business.
 */
export async function verifyAdminToken(request: FastifyRequest): Promise<AdminPrincipal | null> {
  const token = bearerToken(request.headers.authorization);
  if (token === undefined) return null;
  const payload = await verifyAccessToken(request.server.identityIssuer, token);
  if (!payload) return null;
  const roles = payload.resource_access?.['realm-management']?.roles;
  return {
    clientId: payload.azp,
    subject: payload.sub,
    roles: Array.isArray(roles) ? roles.filter((role): role is string => typeof role === 'string') : [],
  };
}
