import { type Locale, locales } from '@opora/contracts';
import {
  createBrowserRouter,
  type LoaderFunctionArgs,
  type RouteObject,
  replace,
  type ShouldRevalidateFunction,
} from 'react-router';
import { PageSkeleton } from '@/components/layouts/page-skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { changeLocale, loadNamespaces } from '@/lib/i18n/i18n.ts';
import { hasFreshAccessToken } from '@/lib/session.ts';
import { navigationGuard } from './navigation-guard.ts';
import { type AreaDefinition, areas, type PageDefinition } from './pages.ts';
import { RootErrorBoundary, RootHydrateFallback, RootRoute } from './root-route.tsx';

/** A change of the search only (a tab, a filter, a page of results) is the page's own: no loader reruns. */
const onPathChange: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate && currentUrl.pathname !== nextUrl.pathname;

/** A page as a lazy route, its path relative to its area's (`''` → the area's index). */
function pageRoute({ path, handle, page, namespaces }: PageDefinition, areaPath: string): RouteObject {
  const relative =
    areaPath === '/' || path === '*' ? path.replace(/^\//, '') : path.slice(areaPath.length + 1);
  return {
    ...(relative ? { path: relative } : { index: true }),
    handle,
    shouldRevalidate: onPathChange,
    loader: async (args) => {
      // Not awaited: the page's code (downloading for `lazy` anyway) starts its requests once it is
      // there, while its translations load and it renders. A failed download is `lazy`'s to report.
      const prefetch = () =>
        void page.load().then(
          (module) => module.prefetch?.(args),
          () => {},
        );
      // Someone holding an unexpired token: the page's reads start beside the session's (tokens
      // refreshed, the user loaded, SPEC §4) instead of a round trip or two after them. Without one the
      // guard answers at once, sends to sign-in, or refreshes first (reads sent with an expired token
      // would only meet 401s); a page that needs a permission waits for the user, who may lack it (its
      // reads would be refused, 403, before the guard sends them to unauthorized).
      const early = hasFreshAccessToken() && typeof handle.access !== 'object';
      if (early) prefetch();
      await navigationGuard(handle.access, args.request.url);
      if (!early) prefetch();
      return null;
    },
    lazy: {
      Component: async () => {
        const [module] = await Promise.all([page.load(), loadNamespaces(namespaces)]);
        return module.Component;
      },
    },
  };
}

/**
 * The logged-in wizards' own paths, which have no page: each sends on to a first step (SPEC §2,
 * docs/decisions.md) instead of showing the wizard's frame around nothing.
 */
const wizardStarts: Partial<Record<string, (url: string) => Promise<never>>> = {
  newClientWizard: async (url) => (await import('./redirects.ts')).newClientWizardStart(url),
  newCaseWizard: async (url) => (await import('./redirects.ts')).newCaseWizardStart(url),
};

/** An area (SPEC §2): its pages nested under one route, wrapped in its layout route when it has one. */
function areaRoute(area: AreaDefinition): RouteObject {
  const start = wizardStarts[area.id];
  const route: RouteObject = {
    id: area.id,
    path: area.path,
    // While the first page is entered, the root's layout (header, footer) is drawn around this
    // skeleton: the first paint is the frame, before the page's code and the session are there.
    HydrateFallback: PageSkeleton,
    children: [
      ...area.pages.map((page) => pageRoute(page, area.path)),
      // Never rendered: the loader always redirects.
      ...(start
        ? [{ index: true, element: null, loader: ({ request }: LoaderFunctionArgs) => start(request.url) }]
        : []),
    ],
  };
  const { layout } = area;
  if (!layout) return route;
  return {
    ...route,
    shouldRevalidate: onPathChange,
    loader: async (args) => {
      await navigationGuard(area.access, args.request.url);
      return (await layout.load()).loader(args);
    },
    lazy: {
      Component: async () => {
        const [module] = await Promise.all([layout.load(), loadNamespaces(area.namespaces)]);
        return module.Component;
      },
    },
  };
}

/**
 * Routes that only decide where to go (SPEC §2); they never render. Their work (loading the clients,
 * creating a case) is downloaded when one is entered.
 */
const redirectRoutes: RouteObject[] = [
  {
    path: paths.redirectAfterLogin.path,
    element: null,
    loader: async () => (await import('./redirects.ts')).redirectAfterLogin(),
  },
  {
    path: paths.redirectAfterRegistration.path,
    element: null,
    loader: async ({ request }) => (await import('./redirects.ts')).redirectAfterRegistration(request.url),
  },
  {
    path: paths.providerImages.path,
    element: null,
    loader: async ({ request }) => (await import('./redirects.ts')).providerImagesMoved(request.url),
  },
];

/**
 * `/en/contact` → `/contact` in English: the locale is stored and the URL loses its prefix, keeping
 * search and hash. A Request URL never carries the hash, so it is read from the pending navigation.
 */
function localePrefixRoute(locale: Locale, pendingHash: () => string): RouteObject {
  return {
    path: `${locale}/*`,
    // Never rendered: the loader always redirects.
    element: null,
    loader: async ({ params, request }: LoaderFunctionArgs) => {
      await changeLocale(locale);
      const { search } = new URL(request.url);
      throw replace(`/${params['*'] ?? ''}${search}${pendingHash()}`);
    },
  };
}

export function createAppRouter() {
  const router = createBrowserRouter([
    {
      id: 'root',
      Component: RootRoute,
      HydrateFallback: RootHydrateFallback,
      ErrorBoundary: RootErrorBoundary,
      children: [
        ...areas.map(areaRoute),
        ...redirectRoutes,
        ...locales.map((locale) =>
          localePrefixRoute(locale, () => router.state.navigation.location?.hash ?? window.location.hash),
        ),
      ],
    },
  ]);
  return router;
}
