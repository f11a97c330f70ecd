import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useMatches, useNavigation } from 'react-router';
import { layoutComponents } from '@/components/layouts/layouts.tsx';
import { mainContentId, SiteFrame } from '@/components/layouts/site-frame.tsx';
import { FullScreenLoader, useFullScreenLoader } from '@/components/overlays/full-screen-loader.tsx';
import { buttonClasses } from '@/components/ui/button-classes.ts';
import { Container } from '@/components/ui/container.tsx';
import { useRouteHandle } from '@/lib/route-handle.ts';
import { useDocumentMeta } from './use-document-meta.ts';
import { useNavigationEvents } from './use-navigation-events.ts';
import { useSessionEndRedirect } from './use-session-end-redirect.ts';

/**
 * Whether the first page has been entered: its loader (router.tsx, always `null`) has answered. Until
 * then the root draws its layout around the area's skeleton (`HydrateFallback`), and the guard may
 * still send the person elsewhere, so nothing is announced or focused for the address asked for.
 */
function usePageEntered(): boolean {
  return useMatches().at(-1)?.loaderData !== undefined;
}

/** Moves focus to the new page after client-side navigation, so screen readers start reading there. */
function useFocusMainOnNavigation(entered: boolean): void {
  const location = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (!entered) return;
    if (first.current) {
      first.current = false;
      return;
    }
    if (location.hash) return;
    document.getElementById(mainContentId)?.focus({ preventScroll: true });
    // A new page only: filters, tabs and paging kept in the search keep focus where the person is.
  }, [location.pathname, entered]);
}

/** Holds the full-screen loader while a page chunk or its guard is loading. */
function useNavigationLoader(): void {
  const navigation = useNavigation();
  const { show } = useFullScreenLoader();
  const loading = navigation.state !== 'idle';
  useEffect(() => (loading ? show() : undefined), [loading, show]);
}

export function RootRoute() {
  const handle = useRouteHandle();
  const entered = usePageEntered();
  useDocumentMeta(handle);
  useNavigationEvents(handle, entered);
  useSessionEndRedirect(handle);
  useNavigationLoader();
  useFocusMainOnNavigation(entered);
  const Layout = layoutComponents[handle?.layout ?? 'default'];

  return (
    <>
      <ScrollRestoration />
      <Layout>
        <Outlet />
      </Layout>
    </>
  );
}

/**
 * Shown at start-up only where no area's skeleton applies (the routes that only redirect); the loader
 * itself waits 300 ms before appearing.
 */
export function RootHydrateFallback() {
  return <FullScreenLoader visible />;
}

/** Last resort when a page fails to render or its code cannot be downloaded (e.g. after a deploy). */
export function RootErrorBoundary() {
  const { t } = useTranslation();
  return (
    <SiteFrame>
      <Container size="sm">
        <h1>{t('appError.title')}</h1>
        <p>{t('appError.text')}</p>
        <button type="button" className={buttonClasses()} onClick={() => window.location.reload()}>
          {t('appError.reload')}
        </button>
      </Container>
    </SiteFrame>
  );
}
