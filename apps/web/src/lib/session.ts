/**
 * The seam the identity issue fills: until sign-in exists nobody holds an access token, so every
 * visitor is a guest and the navigation guard sends non-public routes to sign-in.
 */

/** A permission link of the current user (SPEC §3): granted by route name or API operation id. */
export type PermissionLink = { routeName?: string; operationId?: string };

export type SessionUser = {
  id: string;
  fullName: string;
  permissions: PermissionLink[];
};

/** Whether the browser holds an access token. TODO(identity): read the `access_token` cookie. */
export function hasAccessToken(): boolean {
  return false;
}

/**
 * Loads the signed-in user (refreshing tokens first when needed), or null when nobody is signed in.
 * TODO(identity): call `GET /api/v1/web/users/me?_envelope=1` and cache it in TanStack Query.
 */
export async function loadSessionUser(): Promise<SessionUser | null> {
  return null;
}

/** SPEC §6: a permission is held when any link names the route or the operation. */
export function hasPermission(user: SessionUser, permission: string): boolean {
  return user.permissions.some((link) => link.routeName === permission || link.operationId === permission);
}

/** The signed-in user for rendering (header slots). TODO(identity): read it from the session query. */
export function useSessionUser(): SessionUser | null {
  return null;
}
