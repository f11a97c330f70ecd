import { paths, type RouteName } from '@opora/contracts';
import type { PageRouteName, RouteAccess, RouteHandle } from '@/lib/route-handle.ts';

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
 * `layout` names a layout route module under `src/` (`shared-features/wizard/wizard-layout.tsx`) that
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
      layout: `shared-features/${string}-layout.tsx`;
      access: RouteAccess;
      namespaces: readonly TranslationNamespace[];
    }
);

/**
 * A page with the layout route it renders in, as the build and `pnpm size` read it: `namespaces`
 * holds the layout's as well.
 */
export type FlatPageDefinition = PageDefinition & { layout?: `shared-features/${string}-layout.tsx` };

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
  | 'surveys'
  | 'subscriptions'
  | 'requests'
  | 'provider'
  | 'provider-request'
  | 'provider-dashboard';

/** Forms show messages of the schema (`validation`) and of the server (`errors`). */
const formNamespaces = ['auth', 'validation', 'errors'] as const;
const legalNamespaces = ['pages', 'legal'] as const;
/** The carer's screens: clients, their cases and services. */
const clientNamespaces = ['clients', 'enums'] as const;
/** Screens with the client form: its messages and the server's. */
const clientFormNamespaces = ['clients', 'enums', 'validation', 'errors'] as const;
/**
 * Screens with the services pool: service types, badges and prices of the catalogue; without a
 * subscription, the plans to choose from.
 */
const poolNamespaces = ['clients', 'enums', 'catalogue', 'subscriptions', 'validation', 'errors'] as const;
/** The wizards' payment and assistant steps. */
const subscriptionNamespaces = ['subscriptions', 'validation', 'errors'] as const;
const surveyNamespaces = ['surveys', 'validation', 'errors'] as const;
/** A request's review, confirmation and detail: its service, client and questionnaires. */
const requestNamespaces = ['requests', 'enums', 'catalogue', 'surveys', 'validation', 'errors'] as const;

/** Who may open a page and the frame it is shown in: the route handle less its name. */
type Audience = Omit<RouteHandle, 'name'>;
const everyone: Audience = { access: 'public', layout: 'default' };
const everyoneCentered: Audience = { access: 'public', layout: 'centered' };
const guests: Audience = { access: 'guest', layout: 'centered' };
const signedIn: Audience = { access: 'login', layout: 'client' };
/** The anonymous wizard's steps before sign-up: anyone, in the carer's frame. */
const guestWizard: Audience = { access: 'public', layout: 'client' };
/**
 * The provider area needs the permission link naming its entry, which `/users/me` grants to the
 * provider roles only (contracts' `routeGrants`); which provider's records a page shows is the API's
 * to decide (`resolveProviderScope`).
 */
const providers: Audience = { access: { permission: paths.providerHome.name }, layout: 'client' };
/** A request's print layout: the same permission, without header, footer or the area's bar. */
const providersPrint: Audience = { ...providers, layout: 'print' };
/** Every page of the provider area: its frame (`ProviderArea`), status names and the server's errors. */
const providerNamespaces = ['provider', 'enums', 'catalogue', 'errors'] as const;
/** A request in the inbox: what the requester sent (questionnaires, documents) and the dialogs' forms. */
const providerRequestNamespaces = [
  ...providerNamespaces,
  'provider-request',
  'requests',
  'surveys',
  'validation',
] as const;
/** The administration's entry: the permission link `/users/me` grants to platform staff only. */
const platformStaff: Audience = { access: { permission: paths.adminHome.name }, layout: 'client' };

// Page modules of several routes, or too long for a route's line.
const comingSoon = 'coming-soon/components/coming-soon-page.tsx';
const notFoundPage = 'errors/components/not-found-page.tsx';
const servicesListPage = 'catalogue/components/services-list-page.tsx';
const termsPage = 'terms/components/terms-page.tsx';
const serviceDetailPage = 'catalogue/components/service-detail-page.tsx';
const extCaseSurveyPage = 'surveys/components/ext-case-survey-page.tsx';
const caseSurveyPage = 'surveys/components/case-survey-page.tsx';
const newClientPage = 'clients/components/new-client-page.tsx';
const serviceOfferPage = 'clients/components/wizard-service-offer-page.tsx';
const paymentPage = 'subscriptions/components/wizard-payment-page.tsx';
const assistantInfoPage = 'subscriptions/components/wizard-assistant-info-page.tsx';
const servicesPage = 'clients/components/wizard-services-page.tsx';

/**
 * The page at the route `name` of contracts' `paths`, which also names its title — or, given
 * `titleOf`, the same page in another flow, showing that route's title.
 */
function page(
  name: PageRouteName,
  audience: Audience,
  module: PageDefinition['page'],
  namespaces: readonly TranslationNamespace[],
): PageDefinition;
function page(
  name: RouteName,
  audience: Audience,
  module: PageDefinition['page'],
  namespaces: readonly TranslationNamespace[],
  titleOf: PageRouteName,
): PageDefinition;
function page(
  name: RouteName,
  audience: Audience,
  module: PageDefinition['page'],
  namespaces: readonly TranslationNamespace[],
  titleOf?: PageRouteName,
): PageDefinition {
  const handle = { name, ...(titleOf && { titleOf }), ...audience };
  return { path: paths[name].path, handle, page: module, namespaces };
}

/** The wizards' layout route: it loads the case once and shows the steps. */
const wizardLayout = {
  layout: 'shared-features/wizard/wizard-layout.tsx',
  access: 'login',
  namespaces: ['clients'],
} as const;

export const areas: AreaDefinition[] = [
  {
    id: 'public',
    path: '/',
    pages: [
      page('home', everyone, 'home/components/home-page.tsx', ['home']),
      page('signIn', guests, 'auth/components/sign-in-page.tsx', formNamespaces),
      page('signUp', guests, 'auth/components/sign-up-page.tsx', formNamespaces),
      page('signInRestore', guests, 'auth/components/forgot-password-page.tsx', formNamespaces),
      page('signInReset', guests, 'auth/components/reset-password-page.tsx', formNamespaces),
      page('confirmEmail', everyoneCentered, 'auth/components/confirm-email-page.tsx', formNamespaces),
      page('unauthorized', everyoneCentered, 'errors/components/unauthorized-page.tsx', ['pages']),
      page('contact', everyone, 'contact/components/contact-page.tsx', ['contact', 'validation', 'errors']),
      page('notFound', everyoneCentered, notFoundPage, ['pages']),
      page('support', everyone, 'contact/components/support-page.tsx', ['contact']),
      page('termsAndConditions', everyone, termsPage, legalNamespaces),
      page('gdpr', everyone, termsPage, legalNamespaces),
      page('cookie', everyone, termsPage, legalNamespaces),
      page('anonNewClientServicesList', everyone, servicesListPage, ['catalogue']),
      page('anonNewClientServiceDetail', everyone, serviceDetailPage, ['catalogue']),
      {
        // Any other path shows the 404 page at the requested URL (SPEC §2).
        path: '*',
        handle: everyoneCentered,
        page: notFoundPage,
        namespaces: ['pages'],
      },
    ],
  },
  {
    id: 'dashboard',
    path: paths.dashboard.path,
    pages: [
      page('dashboard', signedIn, 'clients/components/dashboard-page.tsx', clientNamespaces),
      page('dashboardClient', signedIn, 'clients/components/client-page.tsx', poolNamespaces),
      // A service of a client's pool: the catalogue's detail (tabs info, location, provider), whose
      // way back is the pool it was opened from.
      page('dashboardService', signedIn, serviceDetailPage, ['catalogue']),
      page(
        'dashboardRequestReview',
        signedIn,
        'requests/components/request-review-page.tsx',
        requestNamespaces,
      ),
      page(
        'dashboardRequestConfirmation',
        signedIn,
        'requests/components/request-confirmation-page.tsx',
        requestNamespaces,
      ),
      page('dashboardRequest', signedIn, 'requests/components/request-page.tsx', requestNamespaces),
    ],
  },
  {
    // SPEC §4: client details → extended survey → case survey → service offer → payment → services, or
    // the assistant contact with an assistant (config/wizard-steps.ts).
    id: 'newClientWizard',
    // Contracts name no route for the wizard's own root: it has no page of its own.
    path: '/new-client-wizard',
    ...wizardLayout,
    pages: [
      page('newClientWizardNewClient', signedIn, newClientPage, clientFormNamespaces),
      page('newClientWizardExtCaseSurvey', signedIn, extCaseSurveyPage, surveyNamespaces),
      page('newClientWizardCaseSurvey', signedIn, caseSurveyPage, surveyNamespaces),
      page('newClientWizardServiceOffer', signedIn, serviceOfferPage, poolNamespaces),
      page('newClientWizardPayment', signedIn, paymentPage, subscriptionNamespaces),
      page('newClientWizardAssistantInfo', signedIn, assistantInfoPage, subscriptionNamespaces),
      page('newClientWizardServices', signedIn, servicesPage, poolNamespaces),
    ],
  },
  {
    // A new need of a known client: extended survey → case survey → service offer → payment → services
    // or the assistant contact.
    id: 'newCaseWizard',
    path: paths.newCaseWizard.path,
    ...wizardLayout,
    pages: [
      page('newCaseWizardExtCaseSurvey', signedIn, extCaseSurveyPage, surveyNamespaces),
      page('newCaseWizardCaseSurvey', signedIn, caseSurveyPage, surveyNamespaces),
      page('newCaseWizardServiceOffer', signedIn, serviceOfferPage, poolNamespaces),
      page('newCaseWizardPayment', signedIn, paymentPage, subscriptionNamespaces),
      page('newCaseWizardAssistantInfo', signedIn, assistantInfoPage, subscriptionNamespaces),
      page('newCaseWizardServices', signedIn, servicesPage, poolNamespaces),
    ],
  },
  {
    // SPEC §2, §4, anonymous: extended survey (a guest's case) → register (the case claimed) → client
    // details → case survey → service offer → payment → services or the assistant contact.
    id: 'anonNewCaseWizard',
    path: paths.anonNewCaseWizard.path,
    layout: 'shared-features/wizard/anon-wizard-layout.tsx',
    access: 'public',
    namespaces: ['clients'],
    pages: [
      page(
        'anonNewCaseWizard',
        guestWizard,
        'surveys/components/anon-wizard-start-page.tsx',
        [],
        'newClientWizardExtCaseSurvey',
      ),
      page(
        'anonNewCaseExtCaseSurvey',
        guestWizard,
        extCaseSurveyPage,
        surveyNamespaces,
        'newClientWizardExtCaseSurvey',
      ),
      page('anonNewCaseRegister', guestWizard, 'auth/components/anon-register-page.tsx', [
        ...formNamespaces,
        'surveys',
      ]),
      page('anonNewCaseNewClient', signedIn, newClientPage, clientFormNamespaces, 'newClientWizardNewClient'),
      page('anonNewCaseCaseSurvey', signedIn, caseSurveyPage, surveyNamespaces, 'newClientWizardCaseSurvey'),
      page(
        'anonNewCaseServiceOffer',
        signedIn,
        serviceOfferPage,
        poolNamespaces,
        'newClientWizardServiceOffer',
      ),
      page('anonNewCasePayment', signedIn, paymentPage, subscriptionNamespaces, 'newClientWizardPayment'),
      page(
        'anonNewCaseAssistantInfo',
        signedIn,
        assistantInfoPage,
        subscriptionNamespaces,
        'newClientWizardAssistantInfo',
      ),
      page('anonNewCaseServices', signedIn, servicesPage, poolNamespaces, 'newClientWizardServices'),
    ],
  },
  {
    // A guest's "Request service" on a service's detail, after sign-up: client details → service offer
    // → payment → the request of that service (or the assistant contact); the service is in every path.
    id: 'anonNewClient',
    path: '/anon-new-client/services',
    ...wizardLayout,
    pages: [
      page(
        'anonNewClientNewClient',
        signedIn,
        newClientPage,
        clientFormNamespaces,
        'newClientWizardNewClient',
      ),
      page(
        'anonNewClientServiceOffer',
        signedIn,
        serviceOfferPage,
        poolNamespaces,
        'newClientWizardServiceOffer',
      ),
      page('anonNewClientPayment', signedIn, paymentPage, subscriptionNamespaces, 'newClientWizardPayment'),
      page(
        'anonNewClientAssistantInfo',
        signedIn,
        assistantInfoPage,
        subscriptionNamespaces,
        'newClientWizardAssistantInfo',
      ),
    ],
  },
  {
    id: 'user',
    path: paths.userProfile.path,
    pages: [
      page('userProfile', signedIn, 'user/components/profile-page.tsx', [...formNamespaces, 'subscriptions']),
      page('userChangePassword', signedIn, 'user/components/change-password-page.tsx', formNamespaces),
    ],
  },
  {
    id: 'provider',
    path: paths.providerHome.path,
    pages: [
      // `/provider` opens the inbox (the page only redirects, keeping `?provider=`).
      page('providerHome', providers, 'provider-inbox/components/provider-home-page.tsx', ['provider']),
      page('providerRequests', providers, 'provider-inbox/components/requests-page.tsx', providerNamespaces),
      page(
        'providerRequest',
        providers,
        'provider-inbox/components/request-page.tsx',
        providerRequestNamespaces,
      ),
      page(
        'providerRequestPrint',
        providersPrint,
        'provider-inbox/components/request-print-page.tsx',
        providerRequestNamespaces,
      ),
      page('providerDashboard', providers, 'provider-inbox/components/dashboard-page.tsx', [
        ...providerNamespaces,
        'provider-dashboard',
      ]),
    ],
  },
  {
    id: 'admin',
    path: paths.adminHome.path,
    pages: [page('adminHome', platformStaff, comingSoon, ['pages'])],
  },
];

/**
 * Every page with the layout route around it, in the order of `areas`. Pure: the shell's router reads
 * `areas`, so the build leaves this list out of the shell.
 */
export const pages: FlatPageDefinition[] = /* @__PURE__ */ areas.flatMap((area) =>
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
