import { paths, type RouteName } from '@opora/contracts';
import type { ComponentType } from 'react';
import type { LoaderFunction, LoaderFunctionArgs } from 'react-router';
import type { PageRouteName, RouteAccess, RouteHandle } from '@/lib/route-handle.ts';

/**
 * The pages of the app as data, grouped by area: path, route handle, the page's module (a typed lazy
 * import) and the translation namespaces it reads. `router.tsx` nests each area's pages under one
 * route (a wizard's layout route loads the case once and shows the steps) and makes every page a lazy
 * route; the web build (`vite.config.ts`) writes each path's chunks to
 * `dist/.vite/route-preloads.json`, so the server can name a page's code in the HTML it answers with
 * (modulepreload) instead of the browser finding it only after the shell has run. Only type imports
 * besides the contracts: the build loads this file with Node (its lazy imports are never run there).
 */

/**
 * What a page module may export besides its component: `prefetch`, run as its route is entered (a
 * module's other exports are its own).
 */
export type PageModule = { prefetch?: (args: LoaderFunctionArgs) => void };

/** A layout route's module: besides its component, the loader run before any of its pages is shown. */
export type LayoutModule = { loader: LoaderFunction };

/**
 * A module loaded when its route is entered: `importer` is its own `import()` (its chunk, which the
 * build names per route), `load` gives the component the route renders and what goes with it.
 */
export type Lazy<Loaded> = { importer: () => Promise<unknown>; load: () => Promise<Loaded> };
export type LazyPage = Lazy<{ Component: ComponentType } & PageModule>;
export type LazyLayout = Lazy<{ Component: ComponentType } & LayoutModule>;

/** A module loaded when its route is entered, and what the route takes from it. */
function lazy<M, Loaded>(importer: () => Promise<M>, pick: (module: M) => Loaded): Lazy<Loaded> {
  return { importer, load: async () => pick(await importer()) };
}

/**
 * A page module, its component picked by name from the module's type: a renamed or missing export
 * fails the typecheck.
 */
export function lazyPage<M extends PageModule & Record<string, unknown>>(
  importer: () => Promise<M>,
  component: (module: M) => ComponentType,
): LazyPage {
  return lazy(importer, (module) => ({
    Component: component(module),
    ...(module.prefetch && { prefetch: module.prefetch }),
  }));
}

/** A layout route's module, its component picked as `lazyPage`'s. */
export function lazyLayout<M extends LayoutModule>(
  importer: () => Promise<M>,
  component: (module: M) => ComponentType,
): LazyLayout {
  return lazy(importer, (module) => ({ Component: component(module), loader: module.loader }));
}

export type PageDefinition = {
  /** The full React Router pattern (contracts' `paths`); it starts with its area's path. */
  path: string;
  handle: RouteHandle;
  page: LazyPage;
  /** Translation namespaces the page reads, fetched together with its code. */
  namespaces: readonly TranslationNamespace[];
};

/**
 * An area of the app (SPEC §2, DESIGN "Web conventions"): one route whose children are its pages.
 * `layout` is a layout route that wraps the pages: its loader runs after the navigation guard
 * (`access`) before any of the pages is shown, and its component renders the page in its
 * `<Outlet />` and reads the translation `namespaces`.
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
      layout: LazyLayout;
      access: RouteAccess;
      namespaces: readonly TranslationNamespace[];
    }
);

/**
 * A page with the layout route it renders in, as the build and `pnpm size` read it: `namespaces`
 * holds the layout's as well.
 */
export type FlatPageDefinition = PageDefinition & { layout?: LazyLayout };

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
  | 'provider-dashboard'
  | 'provider-join'
  | 'provider-plan'
  | 'provider-capacity'
  | 'provider-freshness'
  | 'provider-services'
  | 'provider-images'
  | 'provider-documents'
  | 'provider-profile'
  | 'provider-team'
  | 'provider-clients'
  | 'admin'
  | 'admin-surveys'
  | 'admin-service-types'
  | 'admin-support'
  | 'admin-subscriptions'
  | 'admin-assistants';

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
const providerNamespaces = [
  'provider',
  'provider-join',
  'provider-plan',
  'enums',
  'catalogue',
  'errors',
  'provider-capacity',
  'provider-freshness',
] as const;
/** A request in the inbox: what the requester sent (questionnaires, documents) and the dialogs' forms. */
/** The profile and facility pages: their forms, the address autocomplete (`clients`) and the schema's messages. */
const providerProfileNamespaces = [
  ...providerNamespaces,
  'provider-profile',
  'provider-images',
  'provider-documents',
  'clients',
  'validation',
] as const;
const providerRequestNamespaces = [
  ...providerNamespaces,
  'provider-request',
  'requests',
  'surveys',
  'validation',
] as const;
/**
 * A provider's own client and the record of care: the client form's texts (`clients`), the request
 * detail's client card (`provider-request`) and the schema's messages.
 */
const providerClientNamespaces = [
  ...providerNamespaces,
  'provider-clients',
  'provider-request',
  'clients',
  'validation',
] as const;
/** The provider's services: their form and messages, the catalogue's names and the preview's detail. */
const providerServiceNamespaces = [...providerNamespaces, 'provider-services', 'validation'] as const;
/**
 * A page of the staff console: each opens for whom its own route is granted (`routeGrants`: a
 * platform administrator all of them, an assistant the home and the work queue).
 */
const platformStaff = (route: { name: RouteName }): Audience => ({
  access: { permission: route.name },
  layout: 'client',
});
/**
 * A provider's check: the catalogue's service types and forms, the decision form's messages (the
 * schema's and the server's).
 */
const adminVerificationNamespaces = [
  'admin',
  'catalogue',
  'provider-documents',
  'validation',
  'errors',
] as const;
/**
 * The assistants' work queue (issue 25 §2): its own texts beside the console's; a task's services name
 * their types (catalogue), its requests their states (enums), its forms the schema's and the server's
 * messages.
 */
const adminAssistantNamespaces = [
  'admin',
  'admin-assistants',
  'catalogue',
  'enums',
  'validation',
  'errors',
] as const;

// The page modules, each loaded when one of its routes is entered.
const adminHomePage = lazyPage(
  () => import('../features/admin/components/admin-home-page.tsx'),
  (m) => m.AdminHomePage,
);
const adminVerificationsPage = lazyPage(
  () => import('../features/admin/components/verifications-page.tsx'),
  (m) => m.VerificationsPage,
);
const adminVerificationPage = lazyPage(
  () => import('../features/admin/components/verification-page.tsx'),
  (m) => m.VerificationPage,
);
const adminAuditPage = lazyPage(
  () => import('../features/admin/components/audit-page.tsx'),
  (m) => m.AuditPage,
);
/**
 * The questionnaires (issue 25 §3): their own texts beside the console's, the carers' questionnaire
 * in the preview (`surveys`), the forms' messages (the schema's and the server's).
 */
const adminSurveyNamespaces = ['admin', 'admin-surveys', 'surveys', 'validation', 'errors'] as const;
/** Service types and categories (issue 25 §4, decision 0131): the catalogue's names, the forms' messages. */
const adminServiceTypeNamespaces = [
  'admin',
  'admin-service-types',
  'catalogue',
  'validation',
  'errors',
] as const;
const adminServiceTypesPage = lazyPage(
  () => import('./admin-service-types-page.tsx'),
  (m) => m.AdminServiceTypesPage,
);
const adminSurveysPage = lazyPage(
  () => import('./admin-surveys-page.tsx'),
  (m) => m.AdminSurveysPage,
);
const adminSurveyPage = lazyPage(
  () => import('./admin-survey-page.tsx'),
  (m) => m.AdminSurveyPage,
);
const adminAssistantTasksPage = lazyPage(
  () => import('./admin-assistant-tasks-page.tsx'),
  (m) => m.AdminAssistantTasksPage,
);
const adminAssistantTaskPage = lazyPage(
  () => import('./admin-assistant-task-page.tsx'),
  (m) => m.AdminAssistantTaskPage,
);
/** A support message (issue 25 §4): its own texts beside the console's; the reply form's messages. */
const adminSupportMessageNamespaces = ['admin', 'admin-support', 'validation', 'errors'] as const;
const adminSupportPage = lazyPage(
  () => import('./admin-support-page.tsx'),
  (m) => m.AdminSupportPage,
);
const adminSupportMessagePage = lazyPage(
  () => import('./admin-support-message-page.tsx'),
  (m) => m.AdminSupportMessagePage,
);
/**
 * A carer's subscriptions (issue 25 §4, decision 0129): their own texts beside the console's, the plans'
 * names and statuses (`subscriptions`), the free plan's forms (the schema's and the server's messages).
 */
const adminSubscriptionNamespaces = [
  'admin',
  'admin-subscriptions',
  'subscriptions',
  'validation',
  'errors',
] as const;
const adminSubscriptionsPage = lazyPage(
  () => import('./admin-subscriptions-page.tsx'),
  (m) => m.AdminSubscriptionsPage,
);
const adminSubscriptionPage = lazyPage(
  () => import('./admin-subscription-page.tsx'),
  (m) => m.AdminSubscriptionPage,
);
const anonRegisterPage = lazyPage(
  () => import('../features/auth/components/anon-register-page.tsx'),
  (m) => m.AnonRegisterPage,
);
const confirmEmailPage = lazyPage(
  () => import('../features/auth/components/confirm-email-page.tsx'),
  (m) => m.ConfirmEmailPage,
);
const forgotPasswordPage = lazyPage(
  () => import('../features/auth/components/forgot-password-page.tsx'),
  (m) => m.ForgotPasswordPage,
);
const resetPasswordPage = lazyPage(
  () => import('../features/auth/components/reset-password-page.tsx'),
  (m) => m.ResetPasswordPage,
);
const signInPage = lazyPage(
  () => import('../features/auth/components/sign-in-page.tsx'),
  (m) => m.SignInPage,
);
const providerJoinPage = lazyPage(
  () => import('../features/auth/components/provider-join-page.tsx'),
  (m) => m.ProviderJoinPage,
);
const signUpPage = lazyPage(
  () => import('../features/auth/components/sign-up-page.tsx'),
  (m) => m.SignUpPage,
);
const serviceDetailPage = lazyPage(
  () => import('../features/catalogue/components/service-detail-page.tsx'),
  (m) => m.ServiceDetailPage,
);
const servicesListPage = lazyPage(
  () => import('../features/catalogue/components/services-list-page.tsx'),
  (m) => m.ServicesListPage,
);
const clientPage = lazyPage(
  () => import('../features/clients/components/client-page.tsx'),
  (m) => m.ClientPage,
);
const dashboardPage = lazyPage(
  () => import('../features/clients/components/dashboard-page.tsx'),
  (m) => m.DashboardPage,
);
const newClientPage = lazyPage(
  () => import('../features/clients/components/new-client-page.tsx'),
  (m) => m.NewClientPage,
);
const wizardServiceOfferPage = lazyPage(
  () => import('../features/clients/components/wizard-service-offer-page.tsx'),
  (m) => m.WizardServiceOfferPage,
);
const wizardServicesPage = lazyPage(
  () => import('../features/clients/components/wizard-services-page.tsx'),
  (m) => m.WizardServicesPage,
);
const contactPage = lazyPage(
  () => import('../features/contact/components/contact-page.tsx'),
  (m) => m.ContactPage,
);
const supportPage = lazyPage(
  () => import('../features/contact/components/support-page.tsx'),
  (m) => m.SupportPage,
);
const notFoundPage = lazyPage(
  () => import('../features/errors/components/not-found-page.tsx'),
  (m) => m.NotFoundPage,
);
const unauthorizedPage = lazyPage(
  () => import('../features/errors/components/unauthorized-page.tsx'),
  (m) => m.UnauthorizedPage,
);
const homePage = lazyPage(
  () => import('../features/home/components/home-page.tsx'),
  (m) => m.HomePage,
);
const providerProfilePage = lazyPage(
  () => import('../features/provider-profile/components/provider-profile-page.tsx'),
  (m) => m.ProviderProfilePage,
);
const providerFacilityPage = lazyPage(
  () => import('./provider-facility-page.tsx'),
  (m) => m.ProviderFacilityPage,
);
const providerDashboardPage = lazyPage(
  () => import('../features/provider-inbox/components/dashboard-page.tsx'),
  (m) => m.DashboardPage,
);
const providerPlanPage = lazyPage(
  () => import('../features/provider-inbox/components/plan-page.tsx'),
  (m) => m.PlanPage,
);
const providerServicesPage = lazyPage(
  () => import('../features/provider-services/components/services-page.tsx'),
  (m) => m.ServicesPage,
);
const providerServiceNewPage = lazyPage(
  () => import('../features/provider-services/components/new-service-page.tsx'),
  (m) => m.NewServicePage,
);
const providerServicePage = lazyPage(
  () => import('../features/provider-services/components/service-page.tsx'),
  (m) => m.ServicePage,
);
const providerServicePreviewPage = lazyPage(
  () => import('../features/catalogue/components/service-preview-page.tsx'),
  (m) => m.ServicePreviewPage,
);
const providerTeamPage = lazyPage(
  () => import('../features/provider-team/components/team-page.tsx'),
  (m) => m.TeamPage,
);
const providerInvitationPage = lazyPage(
  () => import('../features/auth/components/provider-invitation-page.tsx'),
  (m) => m.ProviderInvitationPage,
);
const providerHomePage = lazyPage(
  () => import('../features/provider-inbox/components/provider-home-page.tsx'),
  (m) => m.ProviderHomePage,
);
const providerCapacityPage = lazyPage(
  () => import('../features/provider-inbox/components/capacity-page.tsx'),
  (m) => m.CapacityPage,
);
const providerRequestPage = lazyPage(
  () => import('../features/provider-inbox/components/request-page.tsx'),
  (m) => m.RequestPage,
);
const requestPrintPage = lazyPage(
  () => import('../features/provider-inbox/components/request-print-page.tsx'),
  (m) => m.RequestPrintPage,
);
const providerClientNewPage = lazyPage(
  () => import('../features/provider-inbox/components/clients/new-client-page.tsx'),
  (m) => m.NewClientPage,
);
const providerClientPage = lazyPage(
  () => import('../features/provider-inbox/components/clients/client-record-page.tsx'),
  (m) => m.ClientRecordPage,
);
const requestsPage = lazyPage(
  () => import('../features/provider-inbox/components/requests-page.tsx'),
  (m) => m.RequestsPage,
);
const requestConfirmationPage = lazyPage(
  () => import('../features/requests/components/request-confirmation-page.tsx'),
  (m) => m.RequestConfirmationPage,
);
const requestPage = lazyPage(
  () => import('../features/requests/components/request-page.tsx'),
  (m) => m.RequestPage,
);
const requestReviewPage = lazyPage(
  () => import('../features/requests/components/request-review-page.tsx'),
  (m) => m.RequestReviewPage,
);
const wizardAssistantInfoPage = lazyPage(
  () => import('../features/subscriptions/components/wizard-assistant-info-page.tsx'),
  (m) => m.WizardAssistantInfoPage,
);
const wizardPaymentPage = lazyPage(
  () => import('../features/subscriptions/components/wizard-payment-page.tsx'),
  (m) => m.WizardPaymentPage,
);
const anonWizardStartPage = lazyPage(
  () => import('../features/surveys/components/anon-wizard-start-page.tsx'),
  (m) => m.AnonWizardStartPage,
);
const caseSurveyPage = lazyPage(
  () => import('../features/surveys/components/case-survey-page.tsx'),
  (m) => m.CaseSurveyPage,
);
const extCaseSurveyPage = lazyPage(
  () => import('../features/surveys/components/ext-case-survey-page.tsx'),
  (m) => m.ExtCaseSurveyPage,
);
const termsPage = lazyPage(
  () => import('../features/terms/components/terms-page.tsx'),
  (m) => m.TermsPage,
);
const changePasswordPage = lazyPage(
  () => import('../features/user/components/change-password-page.tsx'),
  (m) => m.ChangePasswordPage,
);
const profilePage = lazyPage(
  () => import('../features/user/components/profile-page.tsx'),
  (m) => m.ProfilePage,
);

/**
 * The page at the route `name` of contracts' `paths`, which also names its title — or, given
 * `titleOf`, the same page in another flow, showing that route's title.
 */
function page(
  name: PageRouteName,
  audience: Audience,
  module: LazyPage,
  namespaces: readonly TranslationNamespace[],
): PageDefinition;
function page(
  name: RouteName,
  audience: Audience,
  module: LazyPage,
  namespaces: readonly TranslationNamespace[],
  titleOf: PageRouteName,
): PageDefinition;
function page(
  name: RouteName,
  audience: Audience,
  module: LazyPage,
  namespaces: readonly TranslationNamespace[],
  titleOf?: PageRouteName,
): PageDefinition {
  const handle = { name, ...(titleOf && { titleOf }), ...audience };
  return { path: paths[name].path, handle, page: module, namespaces };
}

/** The wizards' layout route: it loads the case once and shows the steps. */
const wizardLayout = {
  layout: lazyLayout(
    () => import('../shared-features/wizard/wizard-layout.tsx'),
    (m) => m.WizardLayout,
  ),
  access: 'login',
  namespaces: ['clients'],
} as const;

export const areas: AreaDefinition[] = [
  {
    id: 'public',
    path: '/',
    pages: [
      page('home', everyone, homePage, ['home']),
      page('signIn', guests, signInPage, formNamespaces),
      page('signUp', guests, signUpPage, formNamespaces),
      // An organisation joins: its details (the address picker's texts are the client form's) and its
      // administrator's account.
      page('providerJoin', guests, providerJoinPage, [...formNamespaces, 'provider-join', 'clients']),
      // An invitation's link: anyone (an invitee registers, or signs in and accepts).
      page('providerInvitation', everyoneCentered, providerInvitationPage, [
        ...formNamespaces,
        'provider-team',
        'enums',
      ]),
      page('signInRestore', guests, forgotPasswordPage, formNamespaces),
      page('signInReset', guests, resetPasswordPage, formNamespaces),
      page('confirmEmail', everyoneCentered, confirmEmailPage, formNamespaces),
      page('unauthorized', everyoneCentered, unauthorizedPage, ['pages']),
      page('contact', everyone, contactPage, ['contact', 'validation', 'errors']),
      page('notFound', everyoneCentered, notFoundPage, ['pages']),
      page('support', everyone, supportPage, ['contact']),
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
      page('dashboard', signedIn, dashboardPage, clientNamespaces),
      page('dashboardClient', signedIn, clientPage, poolNamespaces),
      // A service of a client's pool: the catalogue's detail (tabs info, location, provider), whose
      // way back is the pool it was opened from.
      page('dashboardService', signedIn, serviceDetailPage, ['catalogue']),
      page('dashboardRequestReview', signedIn, requestReviewPage, requestNamespaces),
      page('dashboardRequestConfirmation', signedIn, requestConfirmationPage, requestNamespaces),
      page('dashboardRequest', signedIn, requestPage, requestNamespaces),
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
      page('newClientWizardServiceOffer', signedIn, wizardServiceOfferPage, poolNamespaces),
      page('newClientWizardPayment', signedIn, wizardPaymentPage, subscriptionNamespaces),
      page('newClientWizardAssistantInfo', signedIn, wizardAssistantInfoPage, subscriptionNamespaces),
      page('newClientWizardServices', signedIn, wizardServicesPage, poolNamespaces),
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
      page('newCaseWizardServiceOffer', signedIn, wizardServiceOfferPage, poolNamespaces),
      page('newCaseWizardPayment', signedIn, wizardPaymentPage, subscriptionNamespaces),
      page('newCaseWizardAssistantInfo', signedIn, wizardAssistantInfoPage, subscriptionNamespaces),
      page('newCaseWizardServices', signedIn, wizardServicesPage, poolNamespaces),
    ],
  },
  {
    // SPEC §2, §4, anonymous: extended survey (a guest's case) → register (the case claimed) → client
    // details → case survey → service offer → payment → services or the assistant contact.
    id: 'anonNewCaseWizard',
    path: paths.anonNewCaseWizard.path,
    layout: lazyLayout(
      () => import('../shared-features/wizard/anon-wizard-layout.tsx'),
      (m) => m.AnonWizardLayout,
    ),
    access: 'public',
    namespaces: ['clients'],
    pages: [
      page('anonNewCaseWizard', guestWizard, anonWizardStartPage, [], 'newClientWizardExtCaseSurvey'),
      page(
        'anonNewCaseExtCaseSurvey',
        guestWizard,
        extCaseSurveyPage,
        surveyNamespaces,
        'newClientWizardExtCaseSurvey',
      ),
      page('anonNewCaseRegister', guestWizard, anonRegisterPage, [...formNamespaces, 'surveys']),
      page('anonNewCaseNewClient', signedIn, newClientPage, clientFormNamespaces, 'newClientWizardNewClient'),
      page('anonNewCaseCaseSurvey', signedIn, caseSurveyPage, surveyNamespaces, 'newClientWizardCaseSurvey'),
      page(
        'anonNewCaseServiceOffer',
        signedIn,
        wizardServiceOfferPage,
        poolNamespaces,
        'newClientWizardServiceOffer',
      ),
      page(
        'anonNewCasePayment',
        signedIn,
        wizardPaymentPage,
        subscriptionNamespaces,
        'newClientWizardPayment',
      ),
      page(
        'anonNewCaseAssistantInfo',
        signedIn,
        wizardAssistantInfoPage,
        subscriptionNamespaces,
        'newClientWizardAssistantInfo',
      ),
      page('anonNewCaseServices', signedIn, wizardServicesPage, poolNamespaces, 'newClientWizardServices'),
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
        wizardServiceOfferPage,
        poolNamespaces,
        'newClientWizardServiceOffer',
      ),
      page(
        'anonNewClientPayment',
        signedIn,
        wizardPaymentPage,
        subscriptionNamespaces,
        'newClientWizardPayment',
      ),
      page(
        'anonNewClientAssistantInfo',
        signedIn,
        wizardAssistantInfoPage,
        subscriptionNamespaces,
        'newClientWizardAssistantInfo',
      ),
    ],
  },
  {
    id: 'user',
    path: paths.userProfile.path,
    pages: [
      page('userProfile', signedIn, profilePage, [...formNamespaces, 'subscriptions']),
      page('userChangePassword', signedIn, changePasswordPage, formNamespaces),
    ],
  },
  {
    id: 'provider',
    path: paths.providerHome.path,
    pages: [
      // `/provider` opens the inbox (the page only redirects, keeping `?provider=`).
      page('providerHome', providers, providerHomePage, ['provider', 'provider-freshness']),
      page('providerRequests', providers, requestsPage, providerNamespaces),
      page('providerRequest', providers, providerRequestPage, providerRequestNamespaces),
      page('providerRequestPrint', providersPrint, requestPrintPage, providerRequestNamespaces),
      page('providerClientNew', providers, providerClientNewPage, providerClientNamespaces),
      page('providerClient', providers, providerClientPage, providerClientNamespaces),
      page('providerDashboard', providers, providerDashboardPage, [
        ...providerNamespaces,
        'provider-dashboard',
      ]),
      page('providerPlan', providers, providerPlanPage, providerNamespaces),
      page('providerCapacity', providers, providerCapacityPage, providerNamespaces),
      page('providerServices', providers, providerServicesPage, providerServiceNamespaces),
      page('providerServiceNew', providers, providerServiceNewPage, providerServiceNamespaces),
      page('providerService', providers, providerServicePage, providerServiceNamespaces),
      page('providerServicePreview', providers, providerServicePreviewPage, providerServiceNamespaces),
      page('providerProfile', providers, providerProfilePage, providerProfileNamespaces),
      page('providerFacility', providers, providerFacilityPage, providerProfileNamespaces),
      page('providerTeam', providers, providerTeamPage, [...providerNamespaces, 'provider-team']),
    ],
  },
  {
    id: 'admin',
    path: paths.adminHome.path,
    pages: [
      page('adminHome', platformStaff(paths.adminHome), adminHomePage, ['admin']),
      page('adminVerifications', platformStaff(paths.adminVerifications), adminVerificationsPage, ['admin']),
      page(
        'adminVerification',
        platformStaff(paths.adminVerification),
        adminVerificationPage,
        adminVerificationNamespaces,
      ),
      page('adminAudit', platformStaff(paths.adminAudit), adminAuditPage, ['admin']),
      // issue 25 §2: the assistants' work queue
      page(
        'adminAssistantTasks',
        platformStaff(paths.adminAssistantTasks),
        adminAssistantTasksPage,
        adminAssistantNamespaces,
      ),
      page(
        'adminAssistantTask',
        platformStaff(paths.adminAssistantTask),
        adminAssistantTaskPage,
        adminAssistantNamespaces,
      ),
      // issue 25 §3: questionnaires
      page('adminSurveys', platformStaff(paths.adminSurveys), adminSurveysPage, adminSurveyNamespaces),
      page('adminSurvey', platformStaff(paths.adminSurvey), adminSurveyPage, adminSurveyNamespaces),
      // issue 25 §4: service types and categories
      page(
        'adminServiceTypes',
        platformStaff(paths.adminServiceTypes),
        adminServiceTypesPage,
        adminServiceTypeNamespaces,
      ),
      // issue 25 §4: the support inbox
      page('adminSupport', platformStaff(paths.adminSupport), adminSupportPage, ['admin', 'admin-support']),
      page(
        'adminSupportMessage',
        platformStaff(paths.adminSupportMessage),
        adminSupportMessagePage,
        adminSupportMessageNamespaces,
      ),
      // issue 25 §4: a carer's subscriptions and Opora's free plan
      page(
        'adminSubscriptions',
        platformStaff(paths.adminSubscriptions),
        adminSubscriptionsPage,
        adminSubscriptionNamespaces,
      ),
      page(
        'adminSubscription',
        platformStaff(paths.adminSubscription),
        adminSubscriptionPage,
        adminSubscriptionNamespaces,
      ),
    ],
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
