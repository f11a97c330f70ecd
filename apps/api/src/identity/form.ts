import { OAuthError } from './oauth-error.ts';

/** The identity endpoints' body: `application/x-www-form-urlencoded`, kept with repeated keys. */
export function formParams(body: unknown): URLSearchParams {
  return body instanceof URLSearchParams ? body : new URLSearchParams();
}

/**
 * The largest form body the identity endpoints read. A real client sends a few parameters and one
 * refresh token (~1 KB); anything much larger is refused before it is parsed.
 */
export const identityFormBodyLimit = 16 * 1024;

/** Keycloak refuses a token request that repeats any parameter. One pass: linear in the parameters. */
export function assertNoDuplicatedParameters(params: URLSearchParams): void {
  const seen = new Set<string>();
  for (const key of params.keys()) {
    if (seen.has(key)) throw new OAuthError(400, 'invalid_request', 'duplicated parameter');
    seen.add(key);
  }
}

/**
 * Whether a login name can name a stored user at all: PostgreSQL text cannot hold NUL, so such a
 * name is an unknown user (answered as one) instead of a failed query.
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000');
}
