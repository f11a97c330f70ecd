import { identityScope, type TokenResponse, type WebConfig, webConfigElementId } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { operationQueryOptions } from '../operations.ts';
import { queryClient } from '../query-client.ts';

/**
 * The web config the server wrote into this page's HTML (apps/api/src/platform/web-app.ts), or
 * undefined where it did not (Vite's development server): then it is fetched.
 */
export function embeddedWebConfig(): WebConfig | undefined {
  const text = document.getElementById(webConfigElementId)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as WebConfig;
  } catch {
    return undefined;
  }
}

/** `getWebConfig`: where the identity server is; read from the page's HTML or fetched once per page load. */
export function webConfigQueryOptions() {
  return queryOptions({
    ...operationQueryOptions(operations.getWebConfig, {}),
    initialData: embeddedWebConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

type IdentityEndpoints = { token: string; logout: string; clientId: string };

async function identityEndpoints(): Promise<IdentityEndpoints> {
  const { identity } = await queryClient.fetchQuery(webConfigQueryOptions());
  // No URL: the embedded issuer, on the origin this page came from (a relative URL reaches it).
  const base = `${identity.url ?? ''}/realms/${encodeURIComponent(identity.realm)}/protocol/openid-connect`;
  return { token: `${base}/token`, logout: `${base}/logout`, clientId: identity.clientId };
}

/** Why the identity server did not hand out tokens. */
export type GrantFailure = 'invalidCredentials' | 'rateLimited' | 'unavailable' | 'refused';

export type GrantResult = { ok: true; tokens: TokenResponse } | { ok: false; failure: GrantFailure };

// A slow identity server must not leave the person staring at a spinning button.
const identityTimeoutMs = 15_000;

async function postForm(url: string, fields: Record<string, string>): Promise<Response | null> {
  try {
    return await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(fields),
      credentials: 'omit',
      signal: AbortSignal.timeout(identityTimeoutMs),
    });
  } catch {
    return null;
  }
}

function isTokenResponse(value: unknown): value is TokenResponse {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return (
    typeof body.access_token === 'string' &&
    typeof body.refresh_token === 'string' &&
    typeof body.refresh_expires_in === 'number'
  );
}

async function grant(fields: Record<string, string>): Promise<GrantResult> {
  const endpoints = await identityEndpoints();
  const response = await postForm(endpoints.token, { client_id: endpoints.clientId, ...fields });
  if (!response) return { ok: false, failure: 'unavailable' };
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) {
    return isTokenResponse(body) ? { ok: true, tokens: body } : { ok: false, failure: 'unavailable' };
  }
  // Keycloak answers wrong credentials with 401 up to 26.5 and 400 since 26.6: the body decides.
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  if (error === 'invalid_grant') return { ok: false, failure: 'invalidCredentials' };
  if (response.status === 429) return { ok: false, failure: 'rateLimited' };
  if (response.status >= 500) return { ok: false, failure: 'unavailable' };
  return { ok: false, failure: 'refused' };
}

/** Sign-in with e-mail and password (SPEC §7, the direct grant of client `web`). */
export function passwordGrant(username: string, password: string): Promise<GrantResult> {
  return grant({ grant_type: 'password', username, password, scope: identityScope });
}

export function refreshGrant(refreshToken: string): Promise<GrantResult> {
  return grant({ grant_type: 'refresh_token', refresh_token: refreshToken });
}

/** Ends the session on the identity server; failures are the caller's to ignore. */
export async function logoutAtIdentityServer(refreshToken: string): Promise<void> {
  const endpoints = await identityEndpoints();
  await postForm(endpoints.logout, { client_id: endpoints.clientId, refresh_token: refreshToken });
}
