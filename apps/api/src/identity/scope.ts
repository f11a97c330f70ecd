import { OAuthError } from './oauth-error.ts';
import { defaultClientScopes, optionalClientScopes, silentDefaultClientScopes } from './realm.ts';

const knownScopes = new Set<string>([
  'openid',
  ...defaultClientScopes,
  ...silentDefaultClientScopes,
  ...optionalClientScopes,
]);

/**
 * The `scope` parameter as a list; every entry must be `openid` or a default or optional scope of
 * the client, else `invalid_scope` echoing the raw parameter (Keycloak's `getRequestedScopes`).
 */
export function requestedScopes(raw: string | null): string[] {
  if (raw === null) return [];
  const scopes = raw.split(' ').filter((scope) => scope !== '');
  if (scopes.some((scope) => !knownScopes.has(scope))) {
    throw new OAuthError(400, 'invalid_scope', `Invalid scopes: ${raw}`);
  }
  return scopes;
}
