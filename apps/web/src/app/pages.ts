import { paths } from '@opora/contracts';
import type { RouteAccess, RouteHandle } from './route-handle.ts';

/**
 * The pages of the app as data, grouped by area: path, route handle, the page component's module and
 * the translation namespaces it reads. `router.tsx` nests each area's pages under one route (a wizard's
 * layout route loads the case once and shows the steps) and makes every page a lazy route; the web
 * build (`vite.config.ts`) writes each path's chunks to `dist/.vite/route-preloads.json`, so the
 * server can name a page's code in the HTML it answers with (modulepreload) instead of the browser
 * finding it only after the shell has run. Plain TypeScript without aliases, so the build can import it.
 */
export type PageDefinition = {
  /** The full React Router pattern (contracts' `paths`); it starts with its area's path. */
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

/**
 * An area of the app (SPEC §2, DESIGN "Web conventions"): one route whose children are its pages.
 * `layout` names a layout route module under `src/` (`components/wizard/wizard-layout.tsx`) that
 * wraps the pages: it exports `loader`, run after the navigation guard (`access`) before any of the
 * pages is shown, and the component named after the file (`WizardLayout`), which renders the page in
 * its `<Outlet />` and reads the translation `namespaces`.
 */
export type AreaDefinition = {
  /** React Router id of the area's route. */
  id: string;
  /** The common start of the area's page paths. */
  path: string;
  pages: PageDefinition[];
} & (
  | { layout?: undefined }
  | {
      layout: `components/${string}-layout.tsx`;
      access: RouteAccess;
      namespaces: readonly TranslationNamespace[];
    }
);

/**
 * A page with the layout route it renders in, as the build and `pnpm size` read it: `namespaces`
 * holds the layout's as well.
 */
export type FlatPageDefinition = PageDefinition & { layout?: `components/${string}-layout.tsx` };

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

/** The carer's screens: clients, their cases and services. */
const clientNamespaces = ['clients', 'enums'] as const;
/** Screens with the client form: its messages and the server's. */
const clientFormNamespaces = ['clients', 'enums', 'validation', 'errors'] as const;
/** Screens with the services pool: service types, badges and prices of the catalogue. */
const poolNamespaces = ['clients', 'enums', 'catalogue', 'validation', 'errors'] as const;
const surveyNamespaces = ['surveys', 'validation', 'errors'] as const;
/** The wizards' layout route: it loads the case once and shows the steps. */
const wizardLayout = {
  layout: 'components/wizard/wizard-layout.tsx',
  access: 'login',
  namespaces: ['clients'],
} as const;

export const areas: AreaDefinition[] = [
  {
    id: 'public',
    path: '/',
    pages: [
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
        // The request flow's client form, payment and request come with the care-request issue.
        path: paths.anonNewClientNewClient.path,
        handle: { name: 'anonNewClientNewClient', access: 'login', layout: 'client' },
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
    ],
  },
  {
    id: 'dashboard',
    path: paths.dashboard.path,
    pages: [
      {
        path: paths.dashboard.path,
        handle: { name: 'dashboard', access: 'login', layout: 'client' },
        page: 'clients/components/dashboard-page.tsx',
        namespaces: clientNamespaces,
      },
      {
        path: paths.dashboardClient.path,
        handle: { name: 'dashboardClient', access: 'login', layout: 'client' },
        page: 'clients/components/client-page.tsx',
        namespaces: poolNamespaces,
      },
      {
        // A service of a client's pool: the catalogue's detail (tabs info, location, provider), whose
        // way back is the pool it was opened from.
        path: paths.dashboardService.path,
        handle: { name: 'dashboardService', access: 'login', layout: 'client' },
        page: 'catalogue/components/service-detail-page.tsx',
        namespaces: ['catalogue'],
      },
    ],
  },
  {
    // SPEC §4: client details → extended survey → case survey → service offer (config/wizard-steps.ts).
    id: 'newClientWizard',
    // Contracts name no route for the wizard's own root: it has no page of its own.
    path: '/new-client-wizard',
    ...wizardLayout,
    pages: [
      {
        path: paths.newClientWizardNewClient.path,
        handle: { name: 'newClientWizardNewClient', access: 'login', layout: 'client' },
        page: 'clients/components/new-client-page.tsx',
        namespaces: clientFormNamespaces,
      },
      {
        path: paths.newClientWizardExtCaseSurvey.path,
        handle: { name: 'newClientWizardExtCaseSurvey', access: 'login', layout: 'client' },
        page: 'surveys/components/ext-case-survey-page.tsx',
        namespaces: surveyNamespaces,
      },
      {
        path: paths.newClientWizardCaseSurvey.path,
        handle: { name: 'newClientWizardCaseSurvey', access: 'login', layout: 'client' },
        page: 'surveys/components/case-survey-page.tsx',
        namespaces: surveyNamespaces,
      },
      {
        path: paths.newClientWizardServiceOffer.path,
        handle: { name: 'newClientWizardServiceOffer', access: 'login', layout: 'client' },
        page: 'clients/components/wizard-service-offer-page.tsx',
        namespaces: poolNamespaces,
      },
    ],
  },
  {
    // A new need of a known client: extended survey → case survey → service offer.
    id: 'newCaseWizard',
    path: paths.newCaseWizard.path,
    ...wizardLayout,
    pages: [
      {
        path: paths.newCaseWizardExtCaseSurvey.path,
        handle: { name: 'newCaseWizardExtCaseSurvey', access: 'login', layout: 'client' },
        page: 'surveys/components/ext-case-survey-page.tsx',
        namespaces: surveyNamespaces,
      },
      {
        path: paths.newCaseWizardCaseSurvey.path,
        handle: { name: 'newCaseWizardCaseSurvey', access: 'login', layout: 'client' },
        page: 'surveys/components/case-survey-page.tsx',
        namespaces: surveyNamespaces,
      },
      {
        path: paths.newCaseWizardServiceOffer.path,
        handle: { name: 'newCaseWizardServiceOffer', access: 'login', layout: 'client' },
        page: 'clients/components/wizard-service-offer-page.tsx',
        namespaces: poolNamespaces,
      },
    ],
  },
  {
    id: 'user',
    path: paths.userProfile.path,
    pages: [
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
    ],
  },
  {
    id: 'provider',
    path: paths.providerHome.path,
    pages: [
      {
        path: paths.providerHome.path,
        handle: { name: 'providerHome', access: { permission: providerAreaPermission }, layout: 'client' },
        page: 'coming-soon/components/coming-soon-page.tsx',
        namespaces: ['pages'],
      },
    ],
  },
  {
    id: 'admin',
    path: paths.adminHome.path,
    pages: [
      {
        path: paths.adminHome.path,
        handle: { name: 'adminHome', access: { permission: adminAreaPermission }, layout: 'client' },
        page: 'coming-soon/components/coming-soon-page.tsx',
        namespaces: ['pages'],
      },
    ],
  },
];

/** Every page with the layout route around it, in the order of `areas`. */
export const pages: FlatPageDefinition[] = areas.flatMap((area) =>
  area.pages.map((page) =>
    area.layout
      ? {
          ...page,
          layout: area.layout,
          namespaces: [...new Set([...area.namespaces, ...page.namespaces])],
        }
      : page,
  ),
);
