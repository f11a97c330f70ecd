import { OAuthError } from './oauth-error.ts';

/** The identity endpoints' body: `application/x-www-form-urlencoded`, kept with repeated keys. */
export function formParams(body: unknown): URLSearchParams {
  return body instanceof URLSearchParams ? body : new URLSearchParams();
}

/** Keycloak refuses a token request that repeats any parameter. */
export function assertNoDuplicatedParameters(params: URLSearchParams): void {
  for (const key of new Set(params.keys())) {
    if (params.getAll(key).length > 1) throw new OAuthError(400, 'invalid_request', 'duplicated parameter');
  }
}
