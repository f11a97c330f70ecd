import { redirect } from 'react-router';
import { paths, returnPathParam } from '@/config/paths.ts';
import type { RouteAccess } from '@/lib/route-handle.ts';
import { hasAccessToken, hasPermission, loadSessionUser } from '@/lib/session.ts';

/**
 * The global navigation guard of SPEC §2, run before a route is entered (`url`: the address asked for):
 * - public routes admit anyone; with an access token the user is loaded and a failure ignored;
 * - sign-in, sign-up and password recovery send a signed-in user to `redirectAfterLogin`;
 * - any other route without an access token goes to sign-in, which returns to it afterwards
 *   (`?redirectTo=`);
 * - with a token the user is loaded; a user that cannot be loaded goes to sign-in (and back);
 * - a route requiring a permission the user lacks goes to unauthorized.
 * Throws the redirect Response; resolves when the route may be shown.
 */
export async function navigationGuard(access: RouteAccess, url?: string): Promise<void> {
  if (access === 'public') {
    if (hasAccessToken()) await loadSessionUser().catch(() => null);
    return;
  }
  if (access === 'guest') {
    const user = hasAccessToken() ? await loadSessionUser().catch(() => null) : null;
    if (user) throw redirect(paths.redirectAfterLogin.getHref());
    return;
  }
  const requested = url && new URL(url);
  const signIn = paths.signIn.getHref(
    undefined,
    requested ? { [returnPathParam]: requested.pathname + requested.search } : undefined,
  );
  if (!hasAccessToken()) throw redirect(signIn);

  const user = await loadSessionUser().catch(() => null);
  if (!user) throw redirect(signIn);
  if (typeof access === 'object' && !hasPermission(user, access.permission)) {
    throw redirect(paths.unauthorized.getHref());
  }
}
