import { isOneOf } from './one-of.ts';
/**
 * Route names and path patterns of SPEC §2. Patterns use React Router syntax (`:param`, `:param?`);
 * `paths.<name>.getHref(params)` builds a link with the parameters the pattern requires. Ids are
 * UUIDs; SPEC's `{regionId}` is the region's NUTS 3 code (`:regionCode`, e.g. `CZ064`).
 */
export const routePatterns = {
  // public
  home: '/',
  signIn: '/login',
  signUp: '/registration',
  signInRestore: '/forgot-password',
  signInReset: '/reset-password',
  unauthorized: '/unauthorized',
  contact: '/contact',
  notFound: '/404',
  support: '/support',
  termsAndConditions: '/terms-and-conditions',
  gdpr: '/terms-and-conditions/gdpr',
  cookie: '/terms-and-conditions/cookies',
  redirectAfterLogin: '/redirect-after-login',
  redirectAfterRegistration: '/redirect-after-registration',
  /** The link of the confirmation e-mail (`?token=`). */
  confirmEmail: '/confirm-email',

  // anonymous new-client flow
  anonNewClientServicesList: '/anon-new-client/services/list/:regionCode',
  anonNewClientServiceDetail: '/anon-new-client/services/:serviceId/:regionCode?',
  anonNewClientNewClient: '/anon-new-client/services/:serviceId/new-client',
  anonNewClientServiceOffer: '/anon-new-client/services/:serviceId/service-offer/:caseId',
  anonNewClientPayment: '/anon-new-client/services/:serviceId/payment/:caseId/:subscriptionTypeId',
  anonNewClientAssistantInfo: '/anon-new-client/services/:serviceId/assistant-info/:caseId',

  // anonymous new-case wizard
  anonNewCaseWizard: '/anon-new-case-wizard',
  anonNewCaseExtCaseSurvey: '/anon-new-case-wizard/ext-case-survey/:caseId?',
  anonNewCaseRegister: '/anon-new-case-wizard/register/:caseId',
  anonNewCaseNewClient: '/anon-new-case-wizard/new-client/:caseId/:clientId?',
  anonNewCaseCaseSurvey: '/anon-new-case-wizard/case-survey/:caseId',
  anonNewCaseServiceOffer: '/anon-new-case-wizard/service-offer/:caseId',
  anonNewCasePayment: '/anon-new-case-wizard/payment/:caseId/:subscriptionTypeId',
  anonNewCaseAssistantInfo: '/anon-new-case-wizard/assistant-info/:caseId',
  anonNewCaseServices: '/anon-new-case-wizard/services/:caseId',

  // logged-in new-client wizard
  newClientWizardNewClient: '/new-client-wizard/new-client/:caseId',
  newClientWizardExtCaseSurvey: '/new-client-wizard/ext-case-survey/:caseId',
  newClientWizardCaseSurvey: '/new-client-wizard/case-survey/:caseId',
  newClientWizardServiceOffer: '/new-client-wizard/service-offer/:caseId',
  newClientWizardPayment: '/new-client-wizard/payment/:caseId/:subscriptionTypeId',
  newClientWizardAssistantInfo: '/new-client-wizard/assistant-info/:caseId',
  newClientWizardServices: '/new-client-wizard/services/:caseId',

  // logged-in new-case wizard
  newCaseWizard: '/new-case-wizard',
  newCaseWizardExtCaseSurvey: '/new-case-wizard/ext-case-survey/:clientId',
  newCaseWizardCaseSurvey: '/new-case-wizard/case-survey/:caseId',
  newCaseWizardServiceOffer: '/new-case-wizard/service-offer/:caseId',
  newCaseWizardPayment: '/new-case-wizard/payment/:caseId/:subscriptionTypeId',
  newCaseWizardAssistantInfo: '/new-case-wizard/assistant-info/:caseId',
  newCaseWizardServices: '/new-case-wizard/services/:caseId',

  // dashboard
  dashboard: '/dashboard',
  dashboardClient: '/dashboard/client/:id',
  dashboardService: '/dashboard/service/:serviceId/:caseId?',
  dashboardRequestReview: '/dashboard/request-review/:caseId/:serviceId',
  dashboardRequestConfirmation: '/dashboard/request-confirmation/:caseId',
  dashboardRequest: '/dashboard/request/:id',

  // user area
  userProfile: '/user',
  userChangePassword: '/user/change-password',

  // provider area: `/provider` opens the inbox
  providerHome: '/provider',
  providerRequests: '/provider/requests',
  providerRequest: '/provider/requests/:id',
  /** The print layout of a request (`?sections=overview,surveys,documents,history`). */
  providerRequestPrint: '/provider/requests/:id/print',
  /** A client the provider enters itself (phoned, walked in, wrote, referred) with a first request (issue 24 §2). */
  providerClientNew: '/provider/clients/new',
  /** The record of care: a client of the provider and their requests there (issue 24 §2). */
  providerClient: '/provider/clients/:clientId',
  providerDashboard: '/provider/dashboard',
  /** An organisation joins (public): its administrator's account and the provider's details. */
  providerJoin: '/provider/join',
  /** The provider plan: free months, price, payment (decision 0097). */
  providerPlan: '/provider/plan',
  /** Live capacity of the services the person may update (issue 23 §4). */
  providerCapacity: '/provider/capacity',
  /** The provider's services (`?status=`), a new one (`?facilityId=`), one (`?tab=surveys`) and its preview. */
  providerServices: '/provider/services',
  providerServiceNew: '/provider/services/new',
  providerService: '/provider/services/:serviceId',
  providerServicePreview: '/provider/services/:serviceId/preview',
  /** The old "Logo and photos" page: redirects to the provider profile, where the logo is now (issue 23). */
  providerImages: '/provider/images',
  /** The provider profile (`?tab=details|facilities|contacts`). */
  providerProfile: '/provider/profile',
  /** A facility of the provider (`?tab=services|details|contacts`). */
  providerFacility: '/provider/facilities/:facilityId',
  /** The provider's team: people, roles, facilities, invitations (issue 24 §1; administrators only). */
  providerTeam: '/provider/users',
  /** An invitation's link (`?token=`): register or sign in, and join the provider (public). */
  providerInvitation: '/provider/invitation',
  // platform staff's console (issue 25)
  adminHome: '/admin',
  /** Providers waiting for staff to check them against the public registers, oldest first. */
  adminVerifications: '/admin/verifications',
  /** One check: the provider's details, services and register numbers side by side, and the decision. */
  adminVerification: '/admin/verifications/:verificationId',
  /** The audit log of staff actions (platform administrators). */
  adminAudit: '/admin/audit',
  /** The assistants' work queue (issue 25 §2): open tasks, the queue's health. */
  adminAssistantTasks: '/admin/assistant-tasks',
  /** One task: the client's record, the services to call, the call log, requests sent, the summary. */
  adminAssistantTask: '/admin/assistant-tasks/:taskId',
  /** The support inbox: contact-form messages, assigned, answered by e-mail, closed (issue 25 §4). */
  adminSupport: '/admin/support',
  adminSupportMessage: '/admin/support/:messageId',
  /** A person's subscriptions found by e-mail, and Opora's free plan given or taken back (decision 0129). */
  adminSubscriptions: '/admin/subscriptions',
  adminSubscription: '/admin/subscriptions/:userId',
  /** The platform's questionnaires: list, a definition's editor and preview (issue 25 §3). */
  adminSurveys: '/admin/surveys',
  adminSurvey: '/admin/surveys/:surveyDefinitionId',
  /** Service types and categories with their names; types added, renamed, retired (issue 25 §4, decision 0131). */
  adminServiceTypes: '/admin/service-types',
} as const;
export type RouteName = keyof typeof routePatterns;

/**
 * Every route name, in the order of `routePatterns` (the order of permission links). Read from the
 * patterns rather than spelled out again, as the web app's shell carries both.
 */
export const routeNames: readonly RouteName[] = Object.keys(routePatterns) as RouteName[];

/** Tabs are a `?tab=` search parameter of their route; the first one is the default. */
export const dashboardClientTabs = ['service-offer', 'my-services', 'details'] as const;
export type DashboardClientTab = (typeof dashboardClientTabs)[number];
export const serviceDetailTabs = ['info', 'location', 'provider'] as const;
export type ServiceDetailTab = (typeof serviceDetailTabs)[number];
export const providerProfileTabs = ['details', 'facilities', 'contacts', 'documents'] as const;
export type ProviderProfileTab = (typeof providerProfileTabs)[number];
export const providerFacilityTabs = ['services', 'details', 'contacts'] as const;
export type ProviderFacilityTab = (typeof providerFacilityTabs)[number];
export const careRequestTabs = ['overview', 'surveys', 'documents'] as const;
export type CareRequestTab = (typeof careRequestTabs)[number];

type ParamNames<P extends string> = P extends `${string}:${infer Param}/${infer Rest}`
  ? Param | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Param}`
    ? Param
    : never;

type ParamValue = string | number;

export type RouteParams<P extends string> = {
  [K in ParamNames<P> as K extends `${string}?` ? never : K]: ParamValue;
} & {
  [K in ParamNames<P> as K extends `${infer Name}?` ? Name : never]?: ParamValue;
};

export type SearchParams = Record<string, ParamValue | null | undefined>;

type RequiredParamNames<P extends string> = Exclude<ParamNames<P>, `${string}?`>;

type HrefArgs<P extends string> = [RequiredParamNames<P>] extends [never]
  ? [params?: RouteParams<P>, search?: SearchParams]
  : [params: RouteParams<P>, search?: SearchParams];

export interface RoutePath<N extends RouteName> {
  name: N;
  /** React Router pattern. */
  path: (typeof routePatterns)[N];
  getHref: (...args: HrefArgs<(typeof routePatterns)[N]>) => string;
}

/** Fills a pattern's parameters (URL-encoded), drops absent optional segments, appends the search. */
export function buildHref(
  pattern: string,
  params: Record<string, ParamValue | undefined> = {},
  search?: SearchParams,
): string {
  const segments: string[] = [];
  for (const segment of pattern.split('/')) {
    if (!segment.startsWith(':')) {
      segments.push(segment);
      continue;
    }
    const optionalSegment = segment.endsWith('?');
    const name = segment.slice(1, optionalSegment ? -1 : undefined);
    const value = params[name];
    if (value === undefined || value === '') {
      if (optionalSegment) continue;
      throw new Error(`Route ${pattern} needs the parameter "${name}"`);
    }
    segments.push(encodeURIComponent(String(value)));
  }
  const pathname = segments.join('/') || '/';
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(search ?? {})) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const queryString = query.toString();
  return queryString ? `${pathname}?${queryString}` : pathname;
}

function routePath<N extends RouteName>(name: N): RoutePath<N> {
  const path = routePatterns[name];
  return {
    name,
    path,
    getHref: ((params?: Record<string, ParamValue | undefined>, search?: SearchParams) =>
      buildHref(path, params, search)) as RoutePath<N>['getHref'],
  };
}

export const paths = Object.fromEntries(routeNames.map((name) => [name, routePath(name)])) as {
  [N in RouteName]: RoutePath<N>;
};

export function isRouteName(value: unknown): value is RouteName {
  return isOneOf(routeNames, value);
}
