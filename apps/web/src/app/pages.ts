import { paths } from '@opora/contracts';
import type { RouteHandle } from './route-handle.ts';

/**
 * The pages of the app as data: path, route handle, the page component's module and the
 * translation namespaces it reads. `router.tsx` turns them into lazy routes; the web build
 * (`vite.config.ts`) writes each path's chunks to `dist/.vite/route-preloads.json`, so the server can
 * name a page's code in the HTML it answers with (modulepreload) instead of the browser finding it
 * only after the shell has run. Plain TypeScript without aliases, so the build can import it.
 */
export type PageDefinition = {
  path: string;
  handle: RouteHandle;
  /**
   * The page component's module under `src/features/`, which exports the component named after the
   * file (`services-list-page.tsx` → `ServicesListPage`).
   */
  page: `${string}/components/${string}-page.tsx`;
  /** Translation namespaces the page reads, fetched together with its code. */
  namespaces: readonly TranslationNamespace[];
};

export type TranslationNamespace =
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

export const pages: PageDefinition[] = [
  {
    path: paths.home.path,
    handle: {
      name: 'home',
      title: 'routes.home.title',
      description: 'routes.home.description',
      access: 'public',
      layout: 'default',
    },
    page: 'home/components/home-page.tsx',
    namespaces: ['home'],
  },
  {
    path: paths.signIn.path,
    handle: { name: 'signIn', title: 'routes.signIn.title', access: 'guest', layout: 'centered' },
    page: 'auth/components/sign-in-page.tsx',
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
    page: 'auth/components/sign-up-page.tsx',
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
    page: 'auth/components/forgot-password-page.tsx',
    namespaces: formNamespaces,
  },
  {
    path: paths.signInReset.path,
    handle: { name: 'signInReset', title: 'routes.signInReset.title', access: 'guest', layout: 'centered' },
    page: 'auth/components/reset-password-page.tsx',
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
    page: 'auth/components/confirm-email-page.tsx',
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
    page: 'errors/components/unauthorized-page.tsx',
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
    page: 'contact/components/contact-page.tsx',
    namespaces: ['contact', 'validation', 'errors'],
  },
  {
    path: paths.notFound.path,
    handle: { name: 'notFound', title: 'routes.notFound.title', access: 'public', layout: 'centered' },
    page: 'errors/components/not-found-page.tsx',
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
    page: 'contact/components/support-page.tsx',
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
    page: 'terms/components/terms-page.tsx',
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
    page: 'terms/components/terms-page.tsx',
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
    page: 'terms/components/terms-page.tsx',
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
    page: 'catalogue/components/services-list-page.tsx',
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
    page: 'catalogue/components/service-detail-page.tsx',
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
    page: 'coming-soon/components/coming-soon-page.tsx',
    namespaces: ['pages'],
  },
  {
    path: paths.dashboard.path,
    handle: { name: 'dashboard', title: 'routes.dashboard.title', access: 'login', layout: 'client' },
    page: 'coming-soon/components/coming-soon-page.tsx',
    namespaces: ['pages'],
  },
  {
    path: paths.userProfile.path,
    handle: { name: 'userProfile', title: 'routes.userProfile.title', access: 'login', layout: 'client' },
    page: 'user/components/profile-page.tsx',
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
    page: 'user/components/change-password-page.tsx',
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
    page: 'coming-soon/components/coming-soon-page.tsx',
    namespaces: ['pages'],
  },
  {
    // Any other path shows the 404 page at the requested URL (SPEC §2).
    path: '*',
    handle: { title: 'routes.notFound.title', access: 'public', layout: 'centered' },
    page: 'errors/components/not-found-page.tsx',
    namespaces: ['pages'],
  },
];
