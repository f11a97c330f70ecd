import type { RouteName } from '@opora/contracts';
import type { ParseKeys } from 'i18next';
import { useMatches } from 'react-router';

/**
 * Who may open a route (SPEC §2 navigation guard): anyone; only a guest (sign-in and the like, a
 * signed-in user goes to `redirectAfterLogin`); anyone signed in; someone holding a permission
 * (a route name or an operation id of `/users/me`'s permission links).
 */
export type RouteAccess = 'public' | 'guest' | 'login' | { permission: string };

/** The page frame a route is shown in (`layoutComponents` of components/layouts). */
export type LayoutName = 'default' | 'centered' | 'client' | 'auth' | 'print';

type CommonKey = ParseKeys<'common'>;
type TitledName<Key> = Key extends `routes.${infer Name}.title` ? Name : never;

/** A route with a page title in the translations (`common:routes.<name>.title`). */
export type PageRouteName = Extract<RouteName, TitledName<CommonKey>>;

export type RouteHandle = {
  /**
   * Route name of SPEC §2; absent on the catch-all, whose navigation events then carry the path. It
   * names the page's title and meta description (`pageTitleKey`, `useDocumentMeta`) unless `titleOf`
   * names another route's.
   */
  name?: RouteName;
  /**
   * The route whose title and description this one shows: the same page in another flow (the
   * anonymous wizards' steps are the signed-in wizards' pages), so its texts are not repeated in the
   * translations every page loads.
   */
  titleOf?: PageRouteName;
  access: RouteAccess;
  layout: LayoutName;
};

/** The route whose title and description a route shows (see `RouteHandle.titleOf`). */
export function titledRoute(handle: RouteHandle): PageRouteName {
  // `page()` in app/pages.ts takes a name without a title of its own only together with `titleOf`.
  return handle.titleOf ?? (handle.name as PageRouteName | undefined) ?? 'notFound';
}

/**
 * Translation key (namespace `common`) of the page title, shown as `{title} - Opora`: the route's
 * own (or its `titleOf`'s), the 404 page's for the catch-all.
 */
export function pageTitleKey(handle: RouteHandle): `routes.${PageRouteName}.title` {
  return `routes.${titledRoute(handle)}.title`;
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
