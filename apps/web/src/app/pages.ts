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
  | 'contact'
  | 'clients'
  | 'enums'
  | 'surveys';

/** Forms show messages of the schema (`validation`) and of the server (`errors`). */
const formNamespaces = ['auth', 'validation', 'errors'] as const;

/**
 * The provider area's entry needs the permission link naming its route, which `/users/me` grants to
 * the provider roles only (contracts' `routeGrants`); its screens come with the provider-portal issue.
 */
const providerAreaPermission = paths.providerHome.name;
/** The administration's entry: the permission link `/users/me` grants to platform staff only. */
const adminAreaPermission = paths.adminHome.name;

export const pages: PageDefinition[] = [
  {
    path: paths.home.path,
    handle: { name: 'home', access: 'public', layout: 'default' },
    page: 'home/components/home-page.tsx',
    namespaces: ['home'],
  },
  {
    path: paths.signIn.path,
    handle: { name: 'signIn', access: 'guest', layout: 'centered' },
    page: 'auth/components/sign-in-page.tsx',
    namespaces: formNamespaces,
  },
  {
    path: paths.signUp.path,
    handle: { name: 'signUp', access: 'guest', layout: 'centered' },
    page: 'auth/components/sign-up-page.tsx',
    namespaces: formNamespaces,
  },
  {
    path: paths.signInRestore.path,
    handle: { name: 'signInRestore', access: 'guest', layout: 'centered' },
    page: 'auth/components/forgot-password-page.tsx',
    namespaces: formNamespaces,
  },
  {
    path: paths.signInReset.path,
    handle: { name: 'signInReset', access: 'guest', layout: 'centered' },
    page: 'auth/components/reset-password-page.tsx',
    namespaces: formNamespaces,
  },
  {
    path: paths.confirmEmail.path,
    handle: { name: 'confirmEmail', access: 'public', layout: 'centered' },
    page: 'auth/components/confirm-email-page.tsx',
    namespaces: formNamespaces,
  },
  {
    path: paths.unauthorized.path,
    handle: { name: 'unauthorized', access: 'public', layout: 'centered' },
    page: 'errors/components/unauthorized-page.tsx',
    namespaces: ['pages'],
  },
  {
    path: paths.contact.path,
    handle: { name: 'contact', access: 'public', layout: 'default' },
    page: 'contact/components/contact-page.tsx',
    namespaces: ['contact', 'validation', 'errors'],
  },
  {
    path: paths.notFound.path,
    handle: { name: 'notFound', access: 'public', layout: 'centered' },
    page: 'errors/components/not-found-page.tsx',
    namespaces: ['pages'],
  },
  {
    path: paths.support.path,
    handle: { name: 'support', access: 'public', layout: 'default' },
    page: 'contact/components/support-page.tsx',
    namespaces: ['contact'],
  },
  {
    path: paths.termsAndConditions.path,
    handle: { name: 'termsAndConditions', access: 'public', layout: 'default' },
    page: 'terms/components/terms-page.tsx',
    namespaces: ['pages', 'legal'],
  },
  {
    path: paths.gdpr.path,
    handle: { name: 'gdpr', access: 'public', layout: 'default' },
    page: 'terms/components/terms-page.tsx',
    namespaces: ['pages', 'legal'],
  },
  {
    path: paths.cookie.path,
    handle: { name: 'cookie', access: 'public', layout: 'default' },
    page: 'terms/components/terms-page.tsx',
    namespaces: ['pages', 'legal'],
  },
  {
    path: paths.anonNewClientServicesList.path,
    handle: { name: 'anonNewClientServicesList', access: 'public', layout: 'default' },
    page: 'catalogue/components/services-list-page.tsx',
    namespaces: ['catalogue'],
  },
  {
    path: paths.anonNewClientServiceDetail.path,
    handle: { name: 'anonNewClientServiceDetail', access: 'public', layout: 'default' },
    page: 'catalogue/components/service-detail-page.tsx',
    namespaces: ['catalogue'],
  },
  {
    // The client form of the request flow comes with the client-journey issue.
    path: paths.anonNewClientNewClient.path,
    handle: { name: 'anonNewClientNewClient', access: 'login', layout: 'client' },
    page: 'coming-soon/components/coming-soon-page.tsx',
    namespaces: ['pages'],
  },
  {
    path: paths.dashboard.path,
    handle: { name: 'dashboard', access: 'login', layout: 'client' },
    page: 'coming-soon/components/coming-soon-page.tsx',
    namespaces: ['pages'],
  },
  {
    path: paths.newClientWizardExtCaseSurvey.path,
    handle: { name: 'newClientWizardExtCaseSurvey', access: 'login', layout: 'client' },
    page: 'surveys/components/ext-case-survey-page.tsx',
    namespaces: ['surveys', 'validation', 'errors'],
  },
  {
    path: paths.newClientWizardCaseSurvey.path,
    handle: { name: 'newClientWizardCaseSurvey', access: 'login', layout: 'client' },
    page: 'surveys/components/case-survey-page.tsx',
    namespaces: ['surveys', 'validation', 'errors'],
  },
  {
    path: paths.newCaseWizardExtCaseSurvey.path,
    handle: { name: 'newCaseWizardExtCaseSurvey', access: 'login', layout: 'client' },
    page: 'surveys/components/ext-case-survey-page.tsx',
    namespaces: ['surveys', 'validation', 'errors'],
  },
  {
    path: paths.newCaseWizardCaseSurvey.path,
    handle: { name: 'newCaseWizardCaseSurvey', access: 'login', layout: 'client' },
    page: 'surveys/components/case-survey-page.tsx',
    namespaces: ['surveys', 'validation', 'errors'],
  },
  {
    path: paths.userProfile.path,
    handle: { name: 'userProfile', access: 'login', layout: 'client' },
    page: 'user/components/profile-page.tsx',
    namespaces: formNamespaces,
  },
  {
    path: paths.userChangePassword.path,
    handle: { name: 'userChangePassword', access: 'login', layout: 'client' },
    page: 'user/components/change-password-page.tsx',
    namespaces: formNamespaces,
  },
  {
    path: paths.providerHome.path,
    handle: { name: 'providerHome', access: { permission: providerAreaPermission }, layout: 'client' },
    page: 'coming-soon/components/coming-soon-page.tsx',
    namespaces: ['pages'],
  },
  {
    path: paths.adminHome.path,
    handle: { name: 'adminHome', access: { permission: adminAreaPermission }, layout: 'client' },
    page: 'coming-soon/components/coming-soon-page.tsx',
    namespaces: ['pages'],
  },
  {
    // Any other path shows the 404 page at the requested URL (SPEC §2).
    path: '*',
    handle: { access: 'public', layout: 'centered' },
    page: 'errors/components/not-found-page.tsx',
    namespaces: ['pages'],
  },
];
