import { type Locale, locales } from '@opora/contracts';
import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  type LoaderFunctionArgs,
  type RouteObject,
  redirect,
  replace,
} from 'react-router';
import { paths } from '@/config/paths.ts';
import { changeLocale, loadNamespaces } from '@/lib/i18n/i18n.ts';
import { loadSessionUser } from '@/lib/session.ts';
import { navigationGuard } from './navigation-guard.ts';
import { type PageDefinition, pages } from './pages.ts';
import { RootErrorBoundary, RootHydrateFallback, RootRoute } from './root-route.tsx';

/** Every page component, each in its own chunk, so only the shell and the current page are downloaded. */
export const pageModules = import.meta.glob<Record<string, ComponentType>>('./*/components/*-page.tsx', {
  base: '../features',
});

/** A page module may also export `prefetch`: it starts the page's requests before its first render. */
type PageModule = Record<string, ComponentType> & { prefetch?: (args: LoaderFunctionArgs) => void };

/**
 * A page as a lazy route. Its module exports the component named after the file
 * (`services-list-page.tsx` → `ServicesListPage`); the build fails on a page without a module
 * (`routePreloads` in vite.config.ts).
 */
export function pageComponentName(page: PageDefinition['page']): string {
  return page
    .slice(page.lastIndexOf('/') + 1, -4)
    .replace(/(^|-)(\w)/g, (_match, _dash, letter: string) => letter.toUpperCase());
}

function pageRoute({ path, handle, page, namespaces }: PageDefinition): RouteObject {
  const component = pageComponentName(page);
  return {
    path,
    handle,
    loader: async (args) => {
      await navigationGuard(handle.access, args.request.url);
      // Not awaited: the page's code (downloading for `lazy` anyway) starts its requests once it is
      // there, while its translations load and it renders. A failed download is `lazy`'s to report.
      void pageModules[`./${page}`]?.().then(
        (module) => (module as PageModule).prefetch?.(args),
        () => {},
      );
      return null;
    },
    lazy: {
      Component: async () => {
        const [module] = await Promise.all([pageModules[`./${page}`]?.(), loadNamespaces(namespaces)]);
        return module?.[component] as ComponentType;
      },
    },
  };
}

/**
 * Routes that only decide where to go (SPEC §2); they never render. A guest is sent on by the loader
 * as well, so no page flashes.
 */
const redirectRoutes: RouteObject[] = [
  {
    path: paths.redirectAfterLogin.path,
    element: null,
    loader: async () => {
      const user = await loadSessionUser().catch(() => null);
      if (!user) throw redirect(paths.home.getHref());
      // TODO(clients issue): load the clients list; exactly one client goes to that client's page.
      throw redirect(paths.dashboard.getHref());
    },
  },
  {
    path: paths.redirectAfterRegistration.path,
    element: null,
    loader: async ({ request }) => {
      await navigationGuard('login', request.url);
      // TODO(wizard issue): create the case (today, fcServiceLevel 1, placeholder name) and go to the
      // new-client wizard step with its id; case creation belongs to the wizard issue.
      throw redirect(paths.dashboard.getHref());
    },
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
        ...pages.map(pageRoute),
        ...redirectRoutes,
        ...locales.map((locale) =>
          localePrefixRoute(locale, () => router.state.navigation.location?.hash ?? window.location.hash),
        ),
      ],
    },
  ]);
  return router;
}
