import { paths, returnPathParam } from '@/config/paths.ts';

/** Paths this origin serves outside the app (apps/api/src/platform/web-app.ts). */
const serverPrefixes = ['/api', '/realms', '/dev'];

/**
 * `value` as a path of this app (`/user?tab=details`), or null when it is missing or points anywhere
 * else: another site (`https://…`, `//host`, `/\host`), another scheme, or the server's own paths.
 * A return path comes from the address bar, so anything else would be an open redirect.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(value, window.location.origin);
  } catch {
    return null;
  }
  if (url.origin !== window.location.origin) return null;
  if (serverPrefixes.some((prefix) => url.pathname === prefix || url.pathname.startsWith(`${prefix}/`))) {
    return null;
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The return path a page's address carries (`?redirectTo=`), or null. */
export function returnPathIn(search: string | URLSearchParams): string | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return safeReturnPath(params.get(returnPathParam));
}

/** Sign-in that goes back to `returnTo` afterwards (plain sign-in without one). */
export function signInHref(returnTo?: string | null): string {
  return paths.signIn.getHref(undefined, { [returnPathParam]: safeReturnPath(returnTo) });
}

/** Sign-up that hands `returnTo` on to sign-in (plain sign-up without one). */
export function signUpHref(returnTo?: string | null): string {
  return paths.signUp.getHref(undefined, { [returnPathParam]: safeReturnPath(returnTo) });
}
