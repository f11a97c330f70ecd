import { inject } from 'vitest';

/**
 * The real Keycloak a `*.keycloak.test.ts` suite runs against, started once per run by
 * scripts/keycloak-global-setup.ts (or given by KEYCLOAK_URL): realm `opora` imported from
 * keycloak/realm-export.json, the `opora-api` secret and `web` origin it was started with, and the
 * master-realm administrator for fixtures the realm export does not hold (test clients, users).
 */
export interface KeycloakTarget {
  /** Base URL, no trailing slash, e.g. http://localhost:41234. */
  url: string;
  realm: string;
  version: string;
  /** The browser origin the `web` client allows (OPORA_WEB_ORIGIN). */
  webOrigin: string;
  /** The `opora-api` client secret (OPORA_API_CLIENT_SECRET): the API's IDENTITY_ADMIN_CLIENT_SECRET. */
  apiClientSecret: string;
  /** Master-realm administrator (client `admin-cli`, password grant). */
  admin: { username: string; password: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    keycloak: KeycloakTarget;
  }
}

export function keycloakTarget(): KeycloakTarget {
  return inject('keycloak');
}

/** An access token of the master-realm administrator, for Keycloak's Admin REST API. */
export async function keycloakAdminToken(target: KeycloakTarget = keycloakTarget()): Promise<string> {
  const response = await fetch(`${target.url}/realms/master/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: 'admin-cli',
      grant_type: 'password',
      username: target.admin.username,
      password: target.admin.password,
    }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!response.ok || !body.access_token)
    throw new Error(`Keycloak admin sign-in failed: ${response.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

/**
 * One call of Keycloak's Admin REST API as the master administrator, under `/admin/realms/{realm}`
 * (`path` starts with `/`); answers the raw response.
 */
export async function keycloakAdminRequest(
  method: string,
  path: string,
  body?: unknown,
  target: KeycloakTarget = keycloakTarget(),
): Promise<Response> {
  const token = await keycloakAdminToken(target);
  return fetch(`${target.url}/admin/realms/${target.realm}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}
