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
type TitledName<Key> = Key extends `routes.${infer Name}.title` ? Name : never;

/** A route with a page title in the translations (`common:routes.<name>.title`). */
export type PageRouteName = Extract<RouteName, TitledName<CommonKey>>;

export type RouteHandle = {
  /**
   * Route name of SPEC §2; absent on the catch-all, whose navigation events then carry the path. It
   * names the page's title and meta description (`pageTitleKey`, `useDocumentMeta`).
   */
  name?: PageRouteName;
  access: RouteAccess;
  layout: LayoutName;
};

/**
 * Translation key (namespace `common`) of the page title, shown as `{title} - Opora`: the route's
 * own, the 404 page's for the catch-all.
 */
export function pageTitleKey(handle: RouteHandle): `routes.${PageRouteName}.title` {
  return `routes.${handle.name ?? 'notFound'}.title`;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'access' in value && 'layout' in value;
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
