import type { CurrentUser } from '@opora/contracts';
import { paths } from '@/config/paths.ts';
import { ApiError } from '../api-error.ts';
import { queryClient } from '../query-client.ts';
import { currentUserQueryKey, currentUserQueryOptions } from './current-user.ts';
import { type GrantFailure, logoutAtIdentityServer, passwordGrant } from './identity-client.ts';
import { intendSessionEnd } from './session-end.ts';
import { clearTokens, readAccessToken, readRefreshToken, storeTokens } from './token-cookies.ts';
import { forgetSession, renewTokens } from './token-refresh.ts';

// The session's moving parts, loaded the first time someone holds a token or signs in.

let loading: Promise<CurrentUser | null> | null = null;

/**
 * The signed-in user, or null for a guest. SPEC §4: an access token without a loaded user (a new
 * page load, another tab) is refreshed first, then the user is loaded. Rejects when the user cannot
 * be loaded (the guard then sends the person to sign-in).
 */
export function ensureSessionUser(): Promise<CurrentUser | null> {
  if (readAccessToken() === null) {
    queryClient.removeQueries({ queryKey: currentUserQueryKey });
    return Promise.resolve(null);
  }
  const cached = queryClient.getQueryData(currentUserQueryKey);
  if (cached) return Promise.resolve(cached);
  loading ??= (async () => {
    if (!(await renewTokens())) return null;
    return queryClient.fetchQuery(currentUserQueryOptions());
  })().finally(() => {
    loading = null;
  });
  return loading;
}

export class SignInError extends Error {
  readonly failure: GrantFailure | 'userNotLoaded';

  constructor(failure: GrantFailure | 'userNotLoaded') {
    super(`Sign-in failed: ${failure}`);
    this.name = 'SignInError';
    this.failure = failure;
  }
}

/** Signs in with e-mail and password, stores the tokens, then loads the user (SPEC §4). */
export async function signIn(email: string, password: string): Promise<CurrentUser> {
  const result = await passwordGrant(email, password);
  if (!result.ok) throw new SignInError(result.failure);
  // Whatever an earlier user of this tab left in the cache must not show to this one.
  queryClient.getQueryCache().clear();
  storeTokens(result.tokens);
  try {
    return await queryClient.fetchQuery(currentUserQueryOptions());
  } catch (error) {
    clearTokens();
    if (error instanceof ApiError) throw error;
    throw new SignInError('userNotLoaded');
  }
}

// The user waits for this before leaving; a hanging identity server must not keep them.
const logoutTimeoutMs = 5000;

/**
 * SPEC §2, §4: ends the session on the identity server, forgets it here even when that fails,
 * replaces the route with sign-in and reloads the page (nothing of the session survives in memory).
 */
export async function signOut(): Promise<void> {
  const refreshToken = readRefreshToken();
  if (refreshToken !== null) {
    const timeout = new Promise<void>((resolve) => window.setTimeout(resolve, logoutTimeoutMs));
    await Promise.race([logoutAtIdentityServer(refreshToken).catch(() => undefined), timeout]);
  }
  // Only the cookies: the reload clears memory, and clearing the cached user first would re-render
  // this page as signed out (and send it to sign-in) while the reload is still on its way.
  clearTokens();
  window.location.replace(paths.signIn.getHref());
}

/** After the profile is deleted: the identity server has ended every session already. */
export function forgetDeletedSession(): void {
  intendSessionEnd();
  forgetSession();
  queryClient.getQueryCache().clear();
}

/** SPEC §4: a call that still gets 401 with fresh tokens signs the user out. */
export async function endSessionAfterRepeatedUnauthorized(): Promise<void> {
  await signOut();
}

/** What the API client loads on its first 401 (`configureSessionRenewal` in main.tsx). */
export { renewTokens };
