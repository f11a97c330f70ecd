import type { OperationRoute } from './define.ts';

// Every operation of the API as plain data: id, method, full path and who may call it. The schemas
// are in `table.ts`; the permission table (permissions.ts) and the web app's fetchers read these.
// Later issues append theirs.
export const getHealthRoute = {
  operationId: 'getHealth',
  method: 'GET',
  path: '/api/health',
  access: 'public',
} as const satisfies OperationRoute;
export const getReadyRoute = {
  operationId: 'getReady',
  method: 'GET',
  path: '/api/ready',
  access: 'public',
} as const satisfies OperationRoute;
export const getWebConfigRoute = {
  operationId: 'getWebConfig',
  method: 'GET',
  path: '/api/v1/web/config',
  access: 'public',
} as const satisfies OperationRoute;
export const listRegionsRoute = {
  operationId: 'listRegions',
  method: 'GET',
  path: '/api/v1/web/regions',
  access: 'public',
} as const satisfies OperationRoute;

// address autocomplete
export const searchPlacesRoute = {
  operationId: 'searchPlaces',
  method: 'GET',
  path: '/api/v1/web/places',
  access: 'public',
} as const satisfies OperationRoute;
export const listRelationshipTypesRoute = {
  operationId: 'listRelationshipTypes',
  method: 'GET',
  path: '/api/v1/web/relationship-types',
  access: 'public',
} as const satisfies OperationRoute;

// public catalogue and contact
export const listServiceTypesRoute = {
  operationId: 'listServiceTypes',
  method: 'GET',
  path: '/api/v1/web/service-types',
  access: 'public',
} as const satisfies OperationRoute;
export const listServicesRoute = {
  operationId: 'listServices',
  method: 'GET',
  path: '/api/v1/web/services',
  access: 'public',
} as const satisfies OperationRoute;
export const getServiceRoute = {
  operationId: 'getService',
  method: 'GET',
  path: '/api/v1/web/services/:serviceId',
  access: 'public',
} as const satisfies OperationRoute;
export const sendContactMessageRoute = {
  operationId: 'sendContactMessage',
  method: 'POST',
  path: '/api/v1/web/contact',
  access: 'public',
} as const satisfies OperationRoute;

// accounts (the public ones carry their own proof: a password, a token from an e-mail)
export const signUpRoute = {
  operationId: 'signUp',
  method: 'POST',
  path: '/api/v1/web/users/sign-up',
  access: 'public',
} as const satisfies OperationRoute;
export const getCurrentUserRoute = {
  operationId: 'getCurrentUser',
  method: 'GET',
  path: '/api/v1/web/users/me',
  access: 'login',
} as const satisfies OperationRoute;
export const updateCurrentUserRoute = {
  operationId: 'updateCurrentUser',
  method: 'PATCH',
  path: '/api/v1/web/users/me',
  access: 'login',
} as const satisfies OperationRoute;
export const deleteCurrentUserRoute = {
  operationId: 'deleteCurrentUser',
  method: 'DELETE',
  path: '/api/v1/web/users/me',
  access: 'login',
} as const satisfies OperationRoute;
export const changePasswordRoute = {
  operationId: 'changePassword',
  method: 'PUT',
  path: '/api/v1/web/users/me/password',
  access: 'login',
} as const satisfies OperationRoute;
export const resendEmailConfirmationRoute = {
  operationId: 'resendEmailConfirmation',
  method: 'POST',
  path: '/api/v1/web/users/me/email-confirmation',
  access: 'login',
} as const satisfies OperationRoute;
export const confirmEmailRoute = {
  operationId: 'confirmEmail',
  method: 'POST',
  path: '/api/v1/web/users/email-confirmation',
  access: 'public',
} as const satisfies OperationRoute;
export const requestPasswordResetRoute = {
  operationId: 'requestPasswordReset',
  method: 'PUT',
  path: '/api/v1/web/users/reset-password/request',
  access: 'public',
} as const satisfies OperationRoute;
export const resetPasswordRoute = {
  operationId: 'resetPassword',
  method: 'PUT',
  path: '/api/v1/web/users/reset-password/set-password',
  access: 'public',
} as const satisfies OperationRoute;

// the carer's record: cases, clients, questionnaires
export const createCaseRoute = {
  operationId: 'createCase',
  method: 'POST',
  path: '/api/v1/web/cases',
  access: 'login',
} as const satisfies OperationRoute;
export const getCaseRoute = {
  operationId: 'getCase',
  method: 'GET',
  path: '/api/v1/web/cases/:caseId',
  access: 'login',
} as const satisfies OperationRoute;
export const renameCaseRoute = {
  operationId: 'renameCase',
  method: 'PATCH',
  path: '/api/v1/web/cases/:caseId',
  access: 'login',
} as const satisfies OperationRoute;
export const getCaseSurveyRoute = {
  operationId: 'getCaseSurvey',
  method: 'GET',
  path: '/api/v1/web/cases/:caseId/surveys/:type',
  access: 'login',
} as const satisfies OperationRoute;
export const saveCaseSurveyRoute = {
  operationId: 'saveCaseSurvey',
  method: 'PUT',
  path: '/api/v1/web/cases/:caseId/surveys/:type',
  access: 'login',
} as const satisfies OperationRoute;
// the anonymous wizard: a guest's case, held by the secret in the guest's browser (X-Guest-Secret)
export const createGuestCaseRoute = {
  operationId: 'createGuestCase',
  method: 'POST',
  path: '/api/v1/web/guest-cases',
  access: 'public',
} as const satisfies OperationRoute;
export const getGuestCaseRoute = {
  operationId: 'getGuestCase',
  method: 'GET',
  path: '/api/v1/web/guest-cases/:caseId',
  access: 'public',
} as const satisfies OperationRoute;
export const getGuestCaseSurveyRoute = {
  operationId: 'getGuestCaseSurvey',
  method: 'GET',
  path: '/api/v1/web/guest-cases/:caseId/surveys/:type',
  access: 'public',
} as const satisfies OperationRoute;
export const saveGuestCaseSurveyRoute = {
  operationId: 'saveGuestCaseSurvey',
  method: 'PUT',
  path: '/api/v1/web/guest-cases/:caseId/surveys/:type',
  access: 'public',
} as const satisfies OperationRoute;
export const claimGuestCaseRoute = {
  operationId: 'claimGuestCase',
  method: 'POST',
  path: '/api/v1/web/guest-cases/:caseId/claim',
  access: 'login',
} as const satisfies OperationRoute;
export const listMyClientsRoute = {
  operationId: 'listMyClients',
  method: 'GET',
  path: '/api/v1/web/clients/my-enum',
  access: 'login',
} as const satisfies OperationRoute;
export const createClientRoute = {
  operationId: 'createClient',
  method: 'POST',
  path: '/api/v1/web/clients',
  access: 'login',
} as const satisfies OperationRoute;
export const getClientRoute = {
  operationId: 'getClient',
  method: 'GET',
  path: '/api/v1/web/clients/:clientId',
  access: 'login',
} as const satisfies OperationRoute;
export const updateClientRoute = {
  operationId: 'updateClient',
  method: 'PUT',
  path: '/api/v1/web/clients/:clientId',
  access: 'login',
} as const satisfies OperationRoute;
export const listClientCasesRoute = {
  operationId: 'listClientCases',
  method: 'GET',
  path: '/api/v1/web/clients/:clientId/cases',
  access: 'login',
} as const satisfies OperationRoute;
export const createClientCaseRoute = {
  operationId: 'createClientCase',
  method: 'POST',
  path: '/api/v1/web/clients/:clientId/cases',
  access: 'login',
} as const satisfies OperationRoute;
export const getClientServiceOfferRoute = {
  operationId: 'getClientServiceOffer',
  method: 'GET',
  path: '/api/v1/web/clients/:clientId/service-offer',
  access: 'login',
} as const satisfies OperationRoute;

// the published platform questionnaire of a type (the extended one is public)
export const getPublishedSurveyRoute = {
  operationId: 'getPublishedSurvey',
  method: 'GET',
  path: '/api/v1/web/surveys/:type',
  access: 'public',
} as const satisfies OperationRoute;

// platform staff: questionnaire definitions
export const listSurveyDefinitionsRoute = {
  operationId: 'listSurveyDefinitions',
  method: 'GET',
  path: '/api/v1/admin/survey-definitions',
  access: { roles: ['admin'] },
} as const satisfies OperationRoute;
export const createSurveyDefinitionRoute = {
  operationId: 'createSurveyDefinition',
  method: 'POST',
  path: '/api/v1/admin/survey-definitions',
  access: { roles: ['admin'] },
} as const satisfies OperationRoute;
export const publishSurveyDefinitionRoute = {
  operationId: 'publishSurveyDefinition',
  method: 'POST',
  path: '/api/v1/admin/survey-definitions/:surveyDefinitionId/publish',
  access: { roles: ['admin'] },
} as const satisfies OperationRoute;
export const deleteSurveyDefinitionRoute = {
  operationId: 'deleteSurveyDefinition',
  method: 'DELETE',
  path: '/api/v1/admin/survey-definitions/:surveyDefinitionId',
  access: { roles: ['admin'] },
} as const satisfies OperationRoute;

// development only: the e-mail outbox (never registered in production)
export const listDevMailRoute = {
  operationId: 'listDevMail',
  method: 'GET',
  path: '/api/v1/dev/mail',
  access: 'public',
} as const satisfies OperationRoute;
export const viewDevMailRoute = {
  operationId: 'viewDevMail',
  method: 'GET',
  path: '/dev/mail',
  access: 'public',
} as const satisfies OperationRoute;

// subscriptions and payment
export const listSubscriptionTypesRoute = {
  operationId: 'listSubscriptionTypes',
  method: 'GET',
  path: '/api/v1/web/subscription-types',
  access: 'public',
} as const satisfies OperationRoute;
export const getCurrentSubscriptionRoute = {
  operationId: 'getCurrentSubscription',
  method: 'GET',
  path: '/api/v1/web/subscriptions/current',
  access: 'login',
} as const satisfies OperationRoute;
export const cancelCurrentSubscriptionRoute = {
  operationId: 'cancelCurrentSubscription',
  method: 'POST',
  path: '/api/v1/web/subscriptions/current/cancel',
  access: 'login',
} as const satisfies OperationRoute;
export const createCheckoutRoute = {
  operationId: 'createCheckout',
  method: 'POST',
  path: '/api/v1/web/checkouts',
  access: 'login',
} as const satisfies OperationRoute;
export const getCheckoutRoute = {
  operationId: 'getCheckout',
  method: 'GET',
  path: '/api/v1/web/checkouts/:checkoutId',
  access: 'login',
} as const satisfies OperationRoute;
/** The embedded test gateway's payment page (HTML), standing in for a real gateway's on our origin. */
export const viewTestGatewayCheckoutRoute = {
  operationId: 'viewTestGatewayCheckout',
  method: 'GET',
  path: '/api/v1/test-gateway/checkouts/:reference',
  access: 'public',
} as const satisfies OperationRoute;
/** The tester's choice on that page (success, failure, cancel); the gateway then calls us back, signed. */
export const completeTestGatewayCheckoutRoute = {
  operationId: 'completeTestGatewayCheckout',
  method: 'POST',
  path: '/api/v1/test-gateway/checkouts/:reference',
  access: 'public',
} as const satisfies OperationRoute;
/** The test gateway's signed callback: a checkout's or a renewal's outcome. */
export const receiveTestGatewayEventRoute = {
  operationId: 'receiveTestGatewayEvent',
  method: 'POST',
  path: '/api/v1/payments/test-gateway/events',
  access: 'public',
} as const satisfies OperationRoute;
/** Stripe's signed webhook: checkout sessions, renewal invoices, subscriptions ended there. */
export const receiveStripeEventRoute = {
  operationId: 'receiveStripeEvent',
  method: 'POST',
  path: '/api/v1/payments/stripe/events',
  access: 'public',
} as const satisfies OperationRoute;
export const saveAssistantTaskRoute = {
  operationId: 'saveAssistantTask',
  method: 'PUT',
  path: '/api/v1/web/cases/:caseId/assistant-task',
  access: 'login',
} as const satisfies OperationRoute;
export const listAssistantTasksRoute = {
  operationId: 'listAssistantTasks',
  method: 'GET',
  path: '/api/v1/admin/assistant-tasks',
  access: { roles: ['assistant', 'admin'] },
} as const satisfies OperationRoute;

// care requests: the review page's draft, sending it, the sender's requests
export const openRequestDraftRoute = {
  operationId: 'openRequestDraft',
  method: 'PUT',
  path: '/api/v1/web/cases/:caseId/request-drafts/:serviceId',
  access: 'login',
} as const satisfies OperationRoute;
export const saveRequestDraftSurveyRoute = {
  operationId: 'saveRequestDraftSurvey',
  method: 'PUT',
  path: '/api/v1/web/request-drafts/:draftId/surveys/:surveyDefinitionId',
  access: 'login',
} as const satisfies OperationRoute;
export const sendRequestDraftRoute = {
  operationId: 'sendRequestDraft',
  method: 'POST',
  path: '/api/v1/web/request-drafts/:draftId/send',
  access: 'login',
} as const satisfies OperationRoute;
export const getCareRequestRoute = {
  operationId: 'getCareRequest',
  method: 'GET',
  path: '/api/v1/web/care-requests/:careRequestId',
  access: 'login',
} as const satisfies OperationRoute;
export const withdrawCareRequestRoute = {
  operationId: 'withdrawCareRequest',
  method: 'POST',
  path: '/api/v1/web/care-requests/:careRequestId/withdraw',
  access: 'login',
} as const satisfies OperationRoute;
export const listClientCareRequestsRoute = {
  operationId: 'listClientCareRequests',
  method: 'GET',
  path: '/api/v1/web/clients/:clientId/care-requests',
  access: 'login',
} as const satisfies OperationRoute;

// documents of a request: attached on the review page, or to the sent request (the owner)
export const putRequestDraftDocumentRoute = {
  operationId: 'putRequestDraftDocument',
  method: 'PUT',
  path: '/api/v1/web/request-drafts/:draftId/documents/:documentId',
  access: 'login',
} as const satisfies OperationRoute;
export const downloadRequestDraftDocumentRoute = {
  operationId: 'downloadRequestDraftDocument',
  method: 'GET',
  path: '/api/v1/web/request-drafts/:draftId/documents/:documentId',
  access: 'login',
} as const satisfies OperationRoute;
export const deleteRequestDraftDocumentRoute = {
  operationId: 'deleteRequestDraftDocument',
  method: 'DELETE',
  path: '/api/v1/web/request-drafts/:draftId/documents/:documentId',
  access: 'login',
} as const satisfies OperationRoute;
export const putCareRequestDocumentRoute = {
  operationId: 'putCareRequestDocument',
  method: 'PUT',
  path: '/api/v1/web/care-requests/:careRequestId/documents/:documentId',
  access: 'login',
} as const satisfies OperationRoute;
export const downloadCareRequestDocumentRoute = {
  operationId: 'downloadCareRequestDocument',
  method: 'GET',
  path: '/api/v1/web/care-requests/:careRequestId/documents/:documentId',
  access: 'login',
} as const satisfies OperationRoute;
export const deleteCareRequestDocumentRoute = {
  operationId: 'deleteCareRequestDocument',
  method: 'DELETE',
  path: '/api/v1/web/care-requests/:careRequestId/documents/:documentId',
  access: 'login',
} as const satisfies OperationRoute;

// the provider's inbox: a provider user of any role; what they see inside the provider is resolved
// per request from their roles and facilities (schemas/provider-inbox.ts)
const providerStaff = { roles: ['providerAdmin', 'providerCoordinator', 'providerUser'] } as const;
export const listProviderMembershipsRoute = {
  operationId: 'listProviderMemberships',
  method: 'GET',
  path: '/api/v1/provider/memberships',
  access: providerStaff,
} as const satisfies OperationRoute;
export const getProviderTeamRoute = {
  operationId: 'getProviderTeam',
  method: 'GET',
  path: '/api/v1/provider/providers/:providerId/team',
  access: providerStaff,
} as const satisfies OperationRoute;
export const listProviderCareRequestsRoute = {
  operationId: 'listProviderCareRequests',
  method: 'GET',
  path: '/api/v1/provider/providers/:providerId/requests',
  access: providerStaff,
} as const satisfies OperationRoute;
// Not `/requests/export`: `GET /requests/{careRequestId}` would match that path too, and advertise GET on it.
export const exportProviderCareRequestsRoute = {
  operationId: 'exportProviderCareRequests',
  method: 'POST',
  path: '/api/v1/provider/providers/:providerId/export',
  access: providerStaff,
} as const satisfies OperationRoute;
export const getProviderCareRequestRoute = {
  operationId: 'getProviderCareRequest',
  method: 'GET',
  path: '/api/v1/provider/providers/:providerId/requests/:careRequestId',
  access: providerStaff,
} as const satisfies OperationRoute;
export const changeProviderCareRequestStatusRoute = {
  operationId: 'changeProviderCareRequestStatus',
  method: 'POST',
  path: '/api/v1/provider/providers/:providerId/requests/:careRequestId/status',
  access: providerStaff,
} as const satisfies OperationRoute;
export const saveProviderCareRequestNoteRoute = {
  operationId: 'saveProviderCareRequestNote',
  method: 'PUT',
  path: '/api/v1/provider/providers/:providerId/requests/:careRequestId/note',
  access: providerStaff,
} as const satisfies OperationRoute;
export const assignProviderCareRequestRoute = {
  operationId: 'assignProviderCareRequest',
  method: 'PUT',
  path: '/api/v1/provider/providers/:providerId/requests/:careRequestId/assignment',
  access: providerStaff,
} as const satisfies OperationRoute;
export const downloadProviderCareRequestDocumentRoute = {
  operationId: 'downloadProviderCareRequestDocument',
  method: 'GET',
  path: '/api/v1/provider/providers/:providerId/requests/:careRequestId/documents/:documentId',
  access: providerStaff,
} as const satisfies OperationRoute;
export const createProviderExportJobRoute = {
  operationId: 'createProviderExportJob',
  method: 'POST',
  path: '/api/v1/provider/providers/:providerId/exports',
  access: providerStaff,
} as const satisfies OperationRoute;
export const listProviderExportJobsRoute = {
  operationId: 'listProviderExportJobs',
  method: 'GET',
  path: '/api/v1/provider/providers/:providerId/exports',
  access: providerStaff,
} as const satisfies OperationRoute;
export const downloadProviderExportRoute = {
  operationId: 'downloadProviderExport',
  method: 'GET',
  path: '/api/v1/provider/providers/:providerId/exports/:exportId',
  access: providerStaff,
} as const satisfies OperationRoute;
export const getProviderDashboardRoute = {
  operationId: 'getProviderDashboard',
  method: 'GET',
  path: '/api/v1/provider/providers/:providerId/dashboard',
  access: providerStaff,
} as const satisfies OperationRoute;

/** Every operation route, in this order (the order of permission links). */
export const operationRoutes = [
  getHealthRoute,
  getReadyRoute,
  getWebConfigRoute,
  listRegionsRoute,
  searchPlacesRoute,
  listRelationshipTypesRoute,
  listServiceTypesRoute,
  listServicesRoute,
  getServiceRoute,
  sendContactMessageRoute,
  signUpRoute,
  getCurrentUserRoute,
  updateCurrentUserRoute,
  deleteCurrentUserRoute,
  changePasswordRoute,
  resendEmailConfirmationRoute,
  confirmEmailRoute,
  requestPasswordResetRoute,
  resetPasswordRoute,
  createCaseRoute,
  getCaseRoute,
  renameCaseRoute,
  getCaseSurveyRoute,
  saveCaseSurveyRoute,
  createGuestCaseRoute,
  getGuestCaseRoute,
  getGuestCaseSurveyRoute,
  saveGuestCaseSurveyRoute,
  claimGuestCaseRoute,
  listMyClientsRoute,
  createClientRoute,
  getClientRoute,
  updateClientRoute,
  listClientCasesRoute,
  createClientCaseRoute,
  getClientServiceOfferRoute,
  getPublishedSurveyRoute,
  listSurveyDefinitionsRoute,
  createSurveyDefinitionRoute,
  publishSurveyDefinitionRoute,
  deleteSurveyDefinitionRoute,
  listDevMailRoute,
  viewDevMailRoute,
  listSubscriptionTypesRoute,
  getCurrentSubscriptionRoute,
  cancelCurrentSubscriptionRoute,
  createCheckoutRoute,
  getCheckoutRoute,
  viewTestGatewayCheckoutRoute,
  completeTestGatewayCheckoutRoute,
  receiveTestGatewayEventRoute,
  receiveStripeEventRoute,
  saveAssistantTaskRoute,
  listAssistantTasksRoute,
  openRequestDraftRoute,
  saveRequestDraftSurveyRoute,
  sendRequestDraftRoute,
  getCareRequestRoute,
  withdrawCareRequestRoute,
  listClientCareRequestsRoute,
  putRequestDraftDocumentRoute,
  downloadRequestDraftDocumentRoute,
  deleteRequestDraftDocumentRoute,
  putCareRequestDocumentRoute,
  downloadCareRequestDocumentRoute,
  deleteCareRequestDocumentRoute,
  listProviderMembershipsRoute,
  getProviderTeamRoute,
  listProviderCareRequestsRoute,
  exportProviderCareRequestsRoute,
  getProviderCareRequestRoute,
  changeProviderCareRequestStatusRoute,
  saveProviderCareRequestNoteRoute,
  assignProviderCareRequestRoute,
  downloadProviderCareRequestDocumentRoute,
  createProviderExportJobRoute,
  listProviderExportJobsRoute,
  downloadProviderExportRoute,
  getProviderDashboardRoute,
] as const;
