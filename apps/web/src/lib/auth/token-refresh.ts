import { ApiError } from '../api-error.ts';
import { queryClient } from '../query-client.ts';
import { currentUserQueryKey } from './current-user-key.ts';
import { refreshGrant } from './identity-client.ts';
import { clearTokens, readAccessToken, readRefreshToken, storeTokens } from './token-cookies.ts';

const refreshLockName = 'opora-token-refresh';

/**
 * Runs `work` while holding a lock shared by every tab of the site. With refresh-token rotation a
 * refresh token works once: two tabs refreshing with the same token would end the session.
 * Without the Web Locks API (old browsers, plain-http hosts) tabs are not serialised, but the
 * calls of one tab still share one refresh.
 */
function acrossTabs<T>(work: () => Promise<T>): Promise<T> {
  if ('locks' in navigator && typeof navigator.locks?.request === 'function') {
    return navigator.locks.request(refreshLockName, work);
  }
  return work();
}

/** Forgets the session in this browser: both tokens and the cached user. */
export function forgetSession(): void {
  clearTokens();
  queryClient.removeQueries({ queryKey: currentUserQueryKey });
}

let pending: Promise<boolean> | null = null;

/**
 * Exchanges the refresh token for new tokens. Resolves true once fresh tokens are stored, false when
 * the identity server refused (both tokens are then cleared, SPEC §4). Rejects with an
 * {@link ApiError} when the server could not be reached, keeping the tokens for a later try.
 *
 * `staleAccessToken` is the token a failed call was sent with: when the cookie already holds another
 * one, a concurrent call or another tab has refreshed meanwhile and nothing more is needed.
 */
export function renewTokens(staleAccessToken: string | null = readAccessToken()): Promise<boolean> {
  pending ??= acrossTabs(async () => {
    // Re-read after acquiring the lock: the tab that held it may have refreshed already.
    const current = readAccessToken();
    if (current !== null && current !== staleAccessToken) return true;
    const refreshToken = readRefreshToken();
    if (refreshToken === null) {
      forgetSession();
      return false;
    }
    const result = await refreshGrant(refreshToken);
    if (result.ok) {
      storeTokens(result.tokens);
      return true;
    }
    if (result.failure === 'unavailable' || result.failure === 'rateLimited') {
      const code = result.failure === 'rateLimited' ? 'RateLimited' : 'ServiceUnavailable';
      throw new ApiError({ status: result.failure === 'rateLimited' ? 429 : 503, code, title: code });
    }
    forgetSession();
    return false;
  }).finally(() => {
    pending = null;
  });
  return pending;
}
