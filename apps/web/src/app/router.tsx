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
import { guardLoader, navigationGuard } from './navigation-guard.ts';
import { RootErrorBoundary, RootHydrateFallback, RootRoute } from './root-route.tsx';
import type { RouteHandle } from './route-handle.ts';

type PageDefinition = {
  path: string;
  handle: RouteHandle;
  /** Loads the page component in its own chunk, so only the shell and the current page are downloaded. */
  page: () => Promise<ComponentType>;
  /** Translation namespaces the page reads, fetched together with its code. */
  namespaces: readonly TranslationNamespace[];
};

type TranslationNamespace =
  | 'home'
  | 'pages'
  | 'legal'
  | 'errors'
  | 'validation'
  | 'auth'
  | 'catalogue'
  | 'contact';

/** Forms show messages of the schema (`validation`) and of the server (`errors`). */
const formNamespaces = ['auth', 'validation', 'errors'] as const;

/**
 * The provider area's entry needs the permission link naming its route, which `/users/me` grants to
 * the provider roles only (contracts' `routeGrants`); its screens come with the provider-portal issue.
 */
const providerAreaPermission = paths.providerHome.name;

function pageRoute({ path, handle, page, namespaces }: PageDefinition): RouteObject {
  return {
    path,
    handle,
    loader: guardLoader(handle.access),
    lazy: {
      Component: async () => {
        const [Component] = await Promise.all([page(), loadNamespaces(namespaces)]);
        return Component;
      },
    },
  };
}

const signInPage = () => import('@/features/auth/components/sign-in-page.tsx').then((m) => m.SignInPage);
const signUpPage = () => import('@/features/auth/components/sign-up-page.tsx').then((m) => m.SignUpPage);
const forgotPasswordPage = () =>
  import('@/features/auth/components/forgot-password-page.tsx').then((m) => m.ForgotPasswordPage);
const resetPasswordPage = () =>
  import('@/features/auth/components/reset-password-page.tsx').then((m) => m.ResetPasswordPage);
const confirmEmailPage = () =>
  import('@/features/auth/components/confirm-email-page.tsx').then((m) => m.ConfirmEmailPage);
const profilePage = () => import('@/features/user/components/profile-page.tsx').then((m) => m.ProfilePage);
const changePasswordPage = () =>
  import('@/features/user/components/change-password-page.tsx').then((m) => m.ChangePasswordPage);
const comingSoonPage = () =>
  import('@/features/coming-soon/components/coming-soon-page.tsx').then((m) => m.ComingSoonPage);
const termsPage = () => import('@/features/terms/components/terms-page.tsx').then((m) => m.TermsPage);
const servicesListPage = () =>
  import('@/features/catalogue/components/services-list-page.tsx').then((m) => m.ServicesListPage);
const serviceDetailPage = () =>
  import('@/features/catalogue/components/service-detail-page.tsx').then((m) => m.ServiceDetailPage);
const contactPage = () => import('@/features/contact/components/contact-page.tsx').then((m) => m.ContactPage);
const supportPage = () => import('@/features/contact/components/support-page.tsx').then((m) => m.SupportPage);
const notFoundPage = () =>
  import('@/features/errors/components/not-found-page.tsx').then((m) => m.NotFoundPage);

const pages: PageDefinition[] = [
  {
    path: paths.home.path,
    handle: {
      name: 'home',
      title: 'routes.home.title',
      description: 'routes.home.description',
      access: 'public',
      layout: 'default',
    },
    page: () => import('@/features/home/components/home-page.tsx').then((m) => m.HomePage),
    namespaces: ['home'],
  },
  {
    path: paths.signIn.path,
    handle: { name: 'signIn', title: 'routes.signIn.title', access: 'guest', layout: 'centered' },
    page: signInPage,
    namespaces: formNamespaces,
  },
  {
    path: paths.signUp.path,
    handle: {
      name: 'signUp',
      title: 'routes.signUp.title',
      description: 'routes.signUp.description',
      access: 'guest',
      layout: 'centered',
    },
    page: signUpPage,
    namespaces: formNamespaces,
  },
  {
    path: paths.signInRestore.path,
    handle: {
      name: 'signInRestore',
      title: 'routes.signInRestore.title',
      access: 'guest',
      layout: 'centered',
    },
    page: forgotPasswordPage,
    namespaces: formNamespaces,
  },
  {
    path: paths.signInReset.path,
    handle: { name: 'signInReset', title: 'routes.signInReset.title', access: 'guest', layout: 'centered' },
    page: resetPasswordPage,
    namespaces: formNamespaces,
  },
  {
    path: paths.confirmEmail.path,
    handle: {
      name: 'confirmEmail',
      title: 'routes.confirmEmail.title',
      access: 'public',
      layout: 'centered',
    },
    page: confirmEmailPage,
    namespaces: formNamespaces,
  },
  {
    path: paths.unauthorized.path,
    handle: {
      name: 'unauthorized',
      title: 'routes.unauthorized.title',
      access: 'public',
      layout: 'centered',
    },
    page: () => import('@/features/errors/components/unauthorized-page.tsx').then((m) => m.UnauthorizedPage),
    namespaces: ['pages'],
  },
  {
    path: paths.contact.path,
    handle: {
      name: 'contact',
      title: 'routes.contact.title',
      description: 'routes.contact.description',
      access: 'public',
      layout: 'default',
    },
    page: contactPage,
    namespaces: ['contact', 'validation', 'errors'],
  },
  {
    path: paths.notFound.path,
    handle: { name: 'notFound', title: 'routes.notFound.title', access: 'public', layout: 'centered' },
    page: notFoundPage,
    namespaces: ['pages'],
  },
  {
    path: paths.support.path,
    handle: {
      name: 'support',
      title: 'routes.support.title',
      description: 'routes.support.description',
      access: 'public',
      layout: 'default',
    },
    page: supportPage,
    namespaces: ['contact'],
  },
  {
    path: paths.termsAndConditions.path,
    handle: {
      name: 'termsAndConditions',
      title: 'routes.termsAndConditions.title',
      description: 'routes.termsAndConditions.description',
      access: 'public',
      layout: 'default',
    },
    page: termsPage,
    namespaces: ['pages', 'legal'],
  },
  {
    path: paths.gdpr.path,
    handle: {
      name: 'gdpr',
      title: 'routes.gdpr.title',
      description: 'routes.gdpr.description',
      access: 'public',
      layout: 'default',
    },
    page: termsPage,
    namespaces: ['pages', 'legal'],
  },
  {
    path: paths.cookie.path,
    handle: {
      name: 'cookie',
      title: 'routes.cookie.title',
      description: 'routes.cookie.description',
      access: 'public',
      layout: 'default',
    },
    page: termsPage,
    namespaces: ['pages', 'legal'],
  },
  {
    path: paths.anonNewClientServicesList.path,
    handle: {
      name: 'anonNewClientServicesList',
      title: 'routes.anonNewClientServicesList.title',
      description: 'routes.anonNewClientServicesList.description',
      access: 'public',
      layout: 'default',
    },
    page: servicesListPage,
    namespaces: ['catalogue'],
  },
  {
    path: paths.anonNewClientServiceDetail.path,
    handle: {
      name: 'anonNewClientServiceDetail',
      title: 'routes.anonNewClientServiceDetail.title',
      access: 'public',
      layout: 'default',
    },
    page: serviceDetailPage,
    namespaces: ['catalogue'],
  },
  {
    // The client form of the request flow comes with the client-journey issue.
    path: paths.anonNewClientNewClient.path,
    handle: {
      name: 'anonNewClientNewClient',
      title: 'routes.anonNewClientNewClient.title',
      access: 'login',
      layout: 'client',
    },
    page: comingSoonPage,
    namespaces: ['pages'],
  },
  {
    path: paths.dashboard.path,
    handle: { name: 'dashboard', title: 'routes.dashboard.title', access: 'login', layout: 'client' },
    page: comingSoonPage,
    namespaces: ['pages'],
  },
  {
    path: paths.userProfile.path,
    handle: { name: 'userProfile', title: 'routes.userProfile.title', access: 'login', layout: 'client' },
    page: profilePage,
    namespaces: formNamespaces,
  },
  {
    path: paths.userChangePassword.path,
    handle: {
      name: 'userChangePassword',
      title: 'routes.userChangePassword.title',
      access: 'login',
      layout: 'client',
    },
    page: changePasswordPage,
    namespaces: formNamespaces,
  },
  {
    path: paths.providerHome.path,
    handle: {
      name: 'providerHome',
      title: 'routes.providerHome.title',
      access: { permission: providerAreaPermission },
      layout: 'client',
    },
    page: comingSoonPage,
    namespaces: ['pages'],
  },
  {
    // Any other path shows the 404 page at the requested URL (SPEC §2).
    path: '*',
    handle: { title: 'routes.notFound.title', access: 'public', layout: 'centered' },
    page: notFoundPage,
    namespaces: ['pages'],
  },
];

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
    loader: async () => {
      await navigationGuard('login');
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
