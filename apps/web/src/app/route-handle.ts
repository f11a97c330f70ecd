import type { RouteName } from '@opora/contracts';
import type { ParseKeys } from 'i18next';
import { useMatches } from 'react-router';
import type { LayoutName } from '@/components/layouts/layouts.tsx';

/**
 * Who may open a route (SPEC §2 navigation guard): anyone; only a guest (sign-in and the like, a
 * signed-in user goes to `redirectAfterLogin`); anyone signed in; someone holding a permission
 * (a route name or an operation id of `/users/me`'s permission links).
 */
export type RouteAccess = 'public' | 'guest' | 'login' | { permission: string };

type CommonKey = ParseKeys<'common'>;

export type RouteHandle = {
  /** Route name of SPEC §2; absent on the catch-all, whose navigation events then carry the path. */
  name?: RouteName;
  /** Translation key (namespace `common`) of the page title, shown as `{title} - Opora`. */
  title: Extract<CommonKey, `routes.${string}.title`>;
  /** Translation key (namespace `common`) of the meta description; the product description when absent. */
  description?: Extract<CommonKey, `routes.${string}.description`>;
  access: RouteAccess;
  layout: LayoutName;
};

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'title' in value && 'layout' in value;
}

/** The handle of the deepest matched route that declares one. */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
}
