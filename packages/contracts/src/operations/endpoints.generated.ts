// Generated from table.ts by `pnpm generate:endpoints`; do not edit (endpoints.test.ts checks it).
import type { OperationId, Operations } from './table.ts';

/** An operation as the browser calls it: its id, method and path, without its schemas. */
export type OperationEndpoint<K extends OperationId> = {
  readonly operationId: K;
  readonly method: Operations[K]['method'];
  readonly path: Operations[K]['path'];
};

/**
 * The operations table (table.ts) without zod: what `apps/web` calls. Each operation is still declared
 * once, in table.ts; this is written from it.
 */
export const operations: { readonly [K in OperationId]: OperationEndpoint<K> } = {
  getHealth: {
    operationId: 'getHealth',
    method: 'GET',
    path: '/api/health',
  },
  getReady: {
    operationId: 'getReady',
    method: 'GET',
    path: '/api/ready',
  },
  getWebConfig: {
    operationId: 'getWebConfig',
    method: 'GET',
    path: '/api/v1/web/config',
  },
  listRegions: {
    operationId: 'listRegions',
    method: 'GET',
    path: '/api/v1/web/regions',
  },
  searchPlaces: {
    operationId: 'searchPlaces',
    method: 'GET',
    path: '/api/v1/web/places',
  },
  listRelationshipTypes: {
    operationId: 'listRelationshipTypes',
    method: 'GET',
    path: '/api/v1/web/relationship-types',
  },
  listServiceTypes: {
    operationId: 'listServiceTypes',
    method: 'GET',
    path: '/api/v1/web/service-types',
  },
  listServices: {
    operationId: 'listServices',
    method: 'GET',
    path: '/api/v1/web/services',
  },
  getService: {
    operationId: 'getService',
    method: 'GET',
    path: '/api/v1/web/services/:serviceId',
  },
  sendContactMessage: {
    operationId: 'sendContactMessage',
    method: 'POST',
    path: '/api/v1/web/contact',
  },
  signUp: {
    operationId: 'signUp',
    method: 'POST',
    path: '/api/v1/web/users/sign-up',
  },
  joinAsProvider: {
    operationId: 'joinAsProvider',
    method: 'POST',
    path: '/api/v1/web/providers/join',
  },
  getCurrentUser: {
    operationId: 'getCurrentUser',
    method: 'GET',
    path: '/api/v1/web/users/me',
  },
  updateCurrentUser: {
    operationId: 'updateCurrentUser',
    method: 'PATCH',
    path: '/api/v1/web/users/me',
  },
  deleteCurrentUser: {
    operationId: 'deleteCurrentUser',
    method: 'DELETE',
    path: '/api/v1/web/users/me',
  },
  changePassword: {
    operationId: 'changePassword',
    method: 'PUT',
    path: '/api/v1/web/users/me/password',
  },
  resendEmailConfirmation: {
    operationId: 'resendEmailConfirmation',
    method: 'POST',
    path: '/api/v1/web/users/me/email-confirmation',
  },
  confirmEmail: {
    operationId: 'confirmEmail',
    method: 'POST',
    path: '/api/v1/web/users/email-confirmation',
  },
  requestPasswordReset: {
    operationId: 'requestPasswordReset',
    method: 'PUT',
    path: '/api/v1/web/users/reset-password/request',
  },
  resetPassword: {
    operationId: 'resetPassword',
    method: 'PUT',
    path: '/api/v1/web/users/reset-password/set-password',
  },
  createCase: {
    operationId: 'createCase',
    method: 'POST',
    path: '/api/v1/web/cases',
  },
  getCase: {
    operationId: 'getCase',
    method: 'GET',
    path: '/api/v1/web/cases/:caseId',
  },
  renameCase: {
    operationId: 'renameCase',
    method: 'PATCH',
    path: '/api/v1/web/cases/:caseId',
  },
  getCaseSurvey: {
    operationId: 'getCaseSurvey',
    method: 'GET',
    path: '/api/v1/web/cases/:caseId/surveys/:type',
  },
  saveCaseSurvey: {
    operationId: 'saveCaseSurvey',
    method: 'PUT',
    path: '/api/v1/web/cases/:caseId/surveys/:type',
  },
  createGuestCase: {
    operationId: 'createGuestCase',
    method: 'POST',
    path: '/api/v1/web/guest-cases',
  },
  getGuestCase: {
    operationId: 'getGuestCase',
    method: 'GET',
    path: '/api/v1/web/guest-cases/:caseId',
  },
  getGuestCaseSurvey: {
    operationId: 'getGuestCaseSurvey',
    method: 'GET',
    path: '/api/v1/web/guest-cases/:caseId/surveys/:type',
  },
  saveGuestCaseSurvey: {
    operationId: 'saveGuestCaseSurvey',
    method: 'PUT',
    path: '/api/v1/web/guest-cases/:caseId/surveys/:type',
  },
  claimGuestCase: {
    operationId: 'claimGuestCase',
    method: 'POST',
    path: '/api/v1/web/guest-cases/:caseId/claim',
  },
  listMyClients: {
    operationId: 'listMyClients',
    method: 'GET',
    path: '/api/v1/web/clients/my-enum',
  },
  createClient: {
    operationId: 'createClient',
    method: 'POST',
    path: '/api/v1/web/clients',
  },
  getClient: {
    operationId: 'getClient',
    method: 'GET',
    path: '/api/v1/web/clients/:clientId',
  },
  updateClient: {
    operationId: 'updateClient',
    method: 'PUT',
    path: '/api/v1/web/clients/:clientId',
  },
  listClientCases: {
    operationId: 'listClientCases',
    method: 'GET',
    path: '/api/v1/web/clients/:clientId/cases',
  },
  createClientCase: {
    operationId: 'createClientCase',
    method: 'POST',
    path: '/api/v1/web/clients/:clientId/cases',
  },
  getClientServiceOffer: {
    operationId: 'getClientServiceOffer',
    method: 'GET',
    path: '/api/v1/web/clients/:clientId/service-offer',
  },
  getPublishedSurvey: {
    operationId: 'getPublishedSurvey',
    method: 'GET',
    path: '/api/v1/web/surveys/:type',
  },
  listSurveyDefinitions: {
    operationId: 'listSurveyDefinitions',
    method: 'GET',
    path: '/api/v1/admin/survey-definitions',
  },
  createSurveyDefinition: {
    operationId: 'createSurveyDefinition',
    method: 'POST',
    path: '/api/v1/admin/survey-definitions',
  },
  publishSurveyDefinition: {
    operationId: 'publishSurveyDefinition',
    method: 'POST',
    path: '/api/v1/admin/survey-definitions/:surveyDefinitionId/publish',
  },
  getSurveyDefinition: {
    operationId: 'getSurveyDefinition',
    method: 'GET',
    path: '/api/v1/admin/survey-definitions/:surveyDefinitionId',
  },
  updateSurveyDefinition: {
    operationId: 'updateSurveyDefinition',
    method: 'PUT',
    path: '/api/v1/admin/survey-definitions/:surveyDefinitionId',
  },
  createSurveyDefinitionVersion: {
    operationId: 'createSurveyDefinitionVersion',
    method: 'POST',
    path: '/api/v1/admin/survey-definitions/:surveyDefinitionId/versions',
  },
  retireSurveyDefinition: {
    operationId: 'retireSurveyDefinition',
    method: 'POST',
    path: '/api/v1/admin/survey-definitions/:surveyDefinitionId/retire',
  },
  deleteSurveyDefinition: {
    operationId: 'deleteSurveyDefinition',
    method: 'DELETE',
    path: '/api/v1/admin/survey-definitions/:surveyDefinitionId',
  },
  listAdminServiceTypes: {
    operationId: 'listAdminServiceTypes',
    method: 'GET',
    path: '/api/v1/admin/service-types',
  },
  createServiceType: {
    operationId: 'createServiceType',
    method: 'POST',
    path: '/api/v1/admin/service-types',
  },
  updateServiceType: {
    operationId: 'updateServiceType',
    method: 'PUT',
    path: '/api/v1/admin/service-types/:serviceTypeId',
  },
  retireServiceType: {
    operationId: 'retireServiceType',
    method: 'POST',
    path: '/api/v1/admin/service-types/:serviceTypeId/retire',
  },
  unretireServiceType: {
    operationId: 'unretireServiceType',
    method: 'POST',
    path: '/api/v1/admin/service-types/:serviceTypeId/unretire',
  },
  deleteServiceType: {
    operationId: 'deleteServiceType',
    method: 'DELETE',
    path: '/api/v1/admin/service-types/:serviceTypeId',
  },
  updateServiceCategory: {
    operationId: 'updateServiceCategory',
    method: 'PUT',
    path: '/api/v1/admin/service-categories/:serviceCategoryId',
  },
  setProviderVerification: {
    operationId: 'setProviderVerification',
    method: 'PUT',
    path: '/api/v1/admin/providers/:providerId/verification',
  },
  listProviderVerifications: {
    operationId: 'listProviderVerifications',
    method: 'GET',
    path: '/api/v1/admin/provider-verifications',
  },
  getProviderVerification: {
    operationId: 'getProviderVerification',
    method: 'GET',
    path: '/api/v1/admin/provider-verifications/:verificationId',
  },
  decideProviderVerification: {
    operationId: 'decideProviderVerification',
    method: 'POST',
    path: '/api/v1/admin/provider-verifications/:verificationId/decision',
  },
  downloadVerificationDocument: {
    operationId: 'downloadVerificationDocument',
    method: 'GET',
    path: '/api/v1/admin/provider-verifications/:verificationId/documents/:documentId',
  },
  listStaffAudit: {
    operationId: 'listStaffAudit',
    method: 'GET',
    path: '/api/v1/admin/audit',
  },
  listSupportMessages: {
    operationId: 'listSupportMessages',
    method: 'GET',
    path: '/api/v1/admin/support-messages',
  },
  getSupportMessage: {
    operationId: 'getSupportMessage',
    method: 'GET',
    path: '/api/v1/admin/support-messages/:messageId',
  },
  assignSupportMessage: {
    operationId: 'assignSupportMessage',
    method: 'POST',
    path: '/api/v1/admin/support-messages/:messageId/assign',
  },
  replySupportMessage: {
    operationId: 'replySupportMessage',
    method: 'POST',
    path: '/api/v1/admin/support-messages/:messageId/replies',
  },
  closeSupportMessage: {
    operationId: 'closeSupportMessage',
    method: 'POST',
    path: '/api/v1/admin/support-messages/:messageId/close',
  },
  searchCarers: {
    operationId: 'searchCarers',
    method: 'GET',
    path: '/api/v1/admin/subscriptions',
  },
  getCarerSubscriptions: {
    operationId: 'getCarerSubscriptions',
    method: 'GET',
    path: '/api/v1/admin/subscriptions/:userId',
  },
  grantFreePlan: {
    operationId: 'grantFreePlan',
    method: 'POST',
    path: '/api/v1/admin/subscriptions/:userId/free-plan',
  },
  revokeFreePlan: {
    operationId: 'revokeFreePlan',
    method: 'POST',
    path: '/api/v1/admin/subscriptions/:userId/free-plan/revoke',
  },
  listDevMail: {
    operationId: 'listDevMail',
    method: 'GET',
    path: '/api/v1/dev/mail',
  },
  viewDevMail: {
    operationId: 'viewDevMail',
    method: 'GET',
    path: '/dev/mail',
  },
  listSubscriptionTypes: {
    operationId: 'listSubscriptionTypes',
    method: 'GET',
    path: '/api/v1/web/subscription-types',
  },
  getCurrentSubscription: {
    operationId: 'getCurrentSubscription',
    method: 'GET',
    path: '/api/v1/web/subscriptions/current',
  },
  cancelCurrentSubscription: {
    operationId: 'cancelCurrentSubscription',
    method: 'POST',
    path: '/api/v1/web/subscriptions/current/cancel',
  },
  createCheckout: {
    operationId: 'createCheckout',
    method: 'POST',
    path: '/api/v1/web/checkouts',
  },
  getCheckout: {
    operationId: 'getCheckout',
    method: 'GET',
    path: '/api/v1/web/checkouts/:checkoutId',
  },
  viewTestGatewayCheckout: {
    operationId: 'viewTestGatewayCheckout',
    method: 'GET',
    path: '/api/v1/test-gateway/checkouts/:reference',
  },
  completeTestGatewayCheckout: {
    operationId: 'completeTestGatewayCheckout',
    method: 'POST',
    path: '/api/v1/test-gateway/checkouts/:reference',
  },
  receiveTestGatewayEvent: {
    operationId: 'receiveTestGatewayEvent',
    method: 'POST',
    path: '/api/v1/payments/test-gateway/events',
  },
  receiveStripeEvent: {
    operationId: 'receiveStripeEvent',
    method: 'POST',
    path: '/api/v1/payments/stripe/events',
  },
  saveAssistantTask: {
    operationId: 'saveAssistantTask',
    method: 'PUT',
    path: '/api/v1/web/cases/:caseId/assistant-task',
  },
  getCaseAssistantWork: {
    operationId: 'getCaseAssistantWork',
    method: 'GET',
    path: '/api/v1/web/cases/:caseId/assistant-task',
  },
  listAssistantTasks: {
    operationId: 'listAssistantTasks',
    method: 'GET',
    path: '/api/v1/admin/assistant-tasks',
  },
  claimAssistantTask: {
    operationId: 'claimAssistantTask',
    method: 'POST',
    path: '/api/v1/admin/assistant-tasks/:taskId/claim',
  },
  getAssistantTask: {
    operationId: 'getAssistantTask',
    method: 'GET',
    path: '/api/v1/admin/assistant-tasks/:taskId',
  },
  logAssistantCall: {
    operationId: 'logAssistantCall',
    method: 'POST',
    path: '/api/v1/admin/assistant-tasks/:taskId/calls',
  },
  sendAssistantRequest: {
    operationId: 'sendAssistantRequest',
    method: 'POST',
    path: '/api/v1/admin/assistant-tasks/:taskId/requests',
  },
  closeAssistantTask: {
    operationId: 'closeAssistantTask',
    method: 'POST',
    path: '/api/v1/admin/assistant-tasks/:taskId/close',
  },
  releaseAssistantTask: {
    operationId: 'releaseAssistantTask',
    method: 'POST',
    path: '/api/v1/admin/assistant-tasks/:taskId/release',
  },
  reassignAssistantTask: {
    operationId: 'reassignAssistantTask',
    method: 'POST',
    path: '/api/v1/admin/assistant-tasks/:taskId/reassign',
  },
  listAssistants: {
    operationId: 'listAssistants',
    method: 'GET',
    path: '/api/v1/admin/assistants',
  },
  openRequestDraft: {
    operationId: 'openRequestDraft',
    method: 'PUT',
    path: '/api/v1/web/cases/:caseId/request-drafts/:serviceId',
  },
  saveRequestDraftSurvey: {
    operationId: 'saveRequestDraftSurvey',
    method: 'PUT',
    path: '/api/v1/web/request-drafts/:draftId/surveys/:surveyDefinitionId',
  },
  sendRequestDraft: {
    operationId: 'sendRequestDraft',
    method: 'POST',
    path: '/api/v1/web/request-drafts/:draftId/send',
  },
  getCareRequest: {
    operationId: 'getCareRequest',
    method: 'GET',
    path: '/api/v1/web/care-requests/:careRequestId',
  },
  withdrawCareRequest: {
    operationId: 'withdrawCareRequest',
    method: 'POST',
    path: '/api/v1/web/care-requests/:careRequestId/withdraw',
  },
  listClientCareRequests: {
    operationId: 'listClientCareRequests',
    method: 'GET',
    path: '/api/v1/web/clients/:clientId/care-requests',
  },
  putRequestDraftDocument: {
    operationId: 'putRequestDraftDocument',
    method: 'PUT',
    path: '/api/v1/web/request-drafts/:draftId/documents/:documentId',
  },
  downloadRequestDraftDocument: {
    operationId: 'downloadRequestDraftDocument',
    method: 'GET',
    path: '/api/v1/web/request-drafts/:draftId/documents/:documentId',
  },
  deleteRequestDraftDocument: {
    operationId: 'deleteRequestDraftDocument',
    method: 'DELETE',
    path: '/api/v1/web/request-drafts/:draftId/documents/:documentId',
  },
  putCareRequestDocument: {
    operationId: 'putCareRequestDocument',
    method: 'PUT',
    path: '/api/v1/web/care-requests/:careRequestId/documents/:documentId',
  },
  downloadCareRequestDocument: {
    operationId: 'downloadCareRequestDocument',
    method: 'GET',
    path: '/api/v1/web/care-requests/:careRequestId/documents/:documentId',
  },
  deleteCareRequestDocument: {
    operationId: 'deleteCareRequestDocument',
    method: 'DELETE',
    path: '/api/v1/web/care-requests/:careRequestId/documents/:documentId',
  },
  listProviderMemberships: {
    operationId: 'listProviderMemberships',
    method: 'GET',
    path: '/api/v1/provider/memberships',
  },
  getProviderTeam: {
    operationId: 'getProviderTeam',
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/team',
  },
  listProviderTeamMembers: {
    operationId: 'listProviderTeamMembers',
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/users',
  },
  inviteProviderUser: {
    operationId: 'inviteProviderUser',
    method: 'POST',
    path: '/api/v1/provider/providers/:providerId/users',
  },
  updateProviderTeamMember: {
    operationId: 'updateProviderTeamMember',
    method: 'PUT',
    path: '/api/v1/provider/providers/:providerId/users/:providerUserId',
  },
  removeProviderTeamMember: {
    operationId: 'removeProviderTeamMember',
    method: 'DELETE',
    path: '/api/v1/provider/providers/:providerId/users/:providerUserId',
  },
  resendProviderInvitation: {
    operationId: 'resendProviderInvitation',
    method: 'POST',
    path: '/api/v1/provider/providers/:providerId/users/:providerUserId/invitation',
  },
  getProviderInvitation: {
    operationId: 'getProviderInvitation',
    method: 'POST',
    path: '/api/v1/web/provider-invitations/lookup',
  },
  acceptProviderInvitation: {
    operationId: 'acceptProviderInvitation',
    method: 'POST',
    path: '/api/v1/web/provider-invitations/accept',
  },
  signUpWithProviderInvitation: {
    operationId: 'signUpWithProviderInvitation',
    method: 'POST',
    path: '/api/v1/web/provider-invitations/sign-up',
  },
  createProviderClient: {
    operationId: 'createProviderClient',
    method: 'POST',
    path: '/api/v1/provider/providers/:providerId/clients',
  },
  getProviderClient: {
    operationId: 'getProviderClient',
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/clients/:clientId',
  },
  createProviderClientRequest: {
    operationId: 'createProviderClientRequest',
    method: 'POST',
    path: '/api/v1/provider/providers/:providerId/clients/:clientId/requests',
  },
  listProviderCareRequests: {
    operationId: 'listProviderCareRequests',
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/requests',
  },
  exportProviderCareRequests: {
    operationId: 'exportProviderCareRequests',
    method: 'POST',
    path: '/api/v1/provider/providers/:providerId/export',
  },
  getProviderCareRequest: {
    operationId: 'getProviderCareRequest',
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/requests/:careRequestId',
  },
  changeProviderCareRequestStatus: {
    operationId: 'changeProviderCareRequestStatus',
    method: 'POST',
    path: '/api/v1/provider/providers/:providerId/requests/:careRequestId/status',
  },
  saveProviderCareRequestNote: {
    operationId: 'saveProviderCareRequestNote',
    method: 'PUT',
    path: '/api/v1/provider/providers/:providerId/requests/:careRequestId/note',
  },
  assignProviderCareRequest: {
    operationId: 'assignProviderCareRequest',
    method: 'PUT',
    path: '/api/v1/provider/providers/:providerId/requests/:careRequestId/assignment',
  },
  downloadProviderCareRequestDocument: {
    operationId: 'downloadProviderCareRequestDocument',
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/requests/:careRequestId/documents/:documentId',
  },
  createProviderExportJob: {
    operationId: 'createProviderExportJob',
    method: 'POST',
    path: '/api/v1/provider/providers/:providerId/exports',
  },
  listProviderExportJobs: {
    operationId: 'listProviderExportJobs',
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/exports',
  },
  downloadProviderExport: {
    operationId: 'downloadProviderExport',
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/exports/:exportId',
  },
  getProviderDashboard: {
    operationId: 'getProviderDashboard',
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/dashboard',
  },
  getProviderPlan: {
    operationId: 'getProviderPlan',
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/plan',
  },
  createProviderPlanCheckout: {
    operationId: 'createProviderPlanCheckout',
    method: 'POST',
    path: '/api/v1/provider/providers/:providerId/plan/checkouts',
  },
  listProviderServiceCapacities: {
    operationId: 'listProviderServiceCapacities',
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/capacity',
  },
  getProviderServiceCapacity: {
    operationId: 'getProviderServiceCapacity',
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/services/:serviceId/capacity',
  },
  updateProviderServiceCapacity: {
    operationId: 'updateProviderServiceCapacity',
    method: 'POST',
    path: '/api/v1/provider/providers/:providerId/services/:serviceId/capacity',
  },
  getListingConfirmation: {
    operationId: 'getListingConfirmation',
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/listing-confirmation',
  },
  confirmListing: {
    operationId: 'confirmListing',
    method: 'POST',
    path: '/api/v1/provider/providers/:providerId/listing-confirmation',
  },
  listProviderServices: {
    operationId: 'listProviderServices',
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/services',
  },
  createProviderService: {
    operationId: 'createProviderService',
    method: 'POST',
    path: '/api/v1/provider/providers/:providerId/services',
  },
  getProviderService: {
    operationId: 'getProviderService',
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/services/:serviceId',
  },
  updateProviderService: {
    operationId: 'updateProviderService',
    method: 'PUT',
    path: '/api/v1/provider/providers/:providerId/services/:serviceId',
  },
  changeProviderServiceStatus: {
    operationId: 'changeProviderServiceStatus',
    method: 'POST',
    path: '/api/v1/provider/providers/:providerId/services/:serviceId/status',
  },
  previewProviderService: {
    operationId: 'previewProviderService',
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/services/:serviceId/preview',
  },
  getProviderServiceSurveys: {
    operationId: 'getProviderServiceSurveys',
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/services/:serviceId/surveys',
  },
  saveProviderServiceSurveys: {
    operationId: 'saveProviderServiceSurveys',
    method: 'PUT',
    path: '/api/v1/provider/providers/:providerId/services/:serviceId/surveys',
  },
  createProviderSurveyDefinition: {
    operationId: 'createProviderSurveyDefinition',
    method: 'POST',
    path: '/api/v1/provider/providers/:providerId/survey-definitions',
  },
  deleteProviderSurveyDefinition: {
    operationId: 'deleteProviderSurveyDefinition',
    method: 'DELETE',
    path: '/api/v1/provider/providers/:providerId/survey-definitions/:surveyDefinitionId',
  },
  getImage: {
    operationId: 'getImage',
    method: 'GET',
    path: '/api/v1/images',
  },
  getStoredImage: {
    operationId: 'getStoredImage',
    method: 'GET',
    path: '/api/v1/images/stored/:key',
  },
  getProviderImages: {
    operationId: 'getProviderImages',
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/images',
  },
  putProviderLogo: {
    operationId: 'putProviderLogo',
    method: 'PUT',
    path: '/api/v1/provider/providers/:providerId/logo',
  },
  deleteProviderLogo: {
    operationId: 'deleteProviderLogo',
    method: 'DELETE',
    path: '/api/v1/provider/providers/:providerId/logo',
  },
  putFacilityPhoto: {
    operationId: 'putFacilityPhoto',
    method: 'PUT',
    path: '/api/v1/provider/providers/:providerId/facilities/:facilityId/photos/:photoId',
  },
  updateFacilityPhotoAlt: {
    operationId: 'updateFacilityPhotoAlt',
    method: 'PUT',
    path: '/api/v1/provider/providers/:providerId/facilities/:facilityId/photos/:photoId/alt',
  },
  deleteFacilityPhoto: {
    operationId: 'deleteFacilityPhoto',
    method: 'DELETE',
    path: '/api/v1/provider/providers/:providerId/facilities/:facilityId/photos/:photoId',
  },
  listProviderDocuments: {
    operationId: 'listProviderDocuments',
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/verification-documents',
  },
  putProviderDocument: {
    operationId: 'putProviderDocument',
    method: 'PUT',
    path: '/api/v1/provider/providers/:providerId/verification-documents/:documentId',
  },
  downloadProviderDocument: {
    operationId: 'downloadProviderDocument',
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/verification-documents/:documentId',
  },
  deleteProviderDocument: {
    operationId: 'deleteProviderDocument',
    method: 'DELETE',
    path: '/api/v1/provider/providers/:providerId/verification-documents/:documentId',
  },
  orderFacilityPhotos: {
    operationId: 'orderFacilityPhotos',
    method: 'PUT',
    path: '/api/v1/provider/providers/:providerId/facilities/:facilityId/photo-order',
  },
  getProviderProfile: {
    operationId: 'getProviderProfile',
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/profile',
  },
  updateProviderProfile: {
    operationId: 'updateProviderProfile',
    method: 'PUT',
    path: '/api/v1/provider/providers/:providerId/profile',
  },
  createProviderFacility: {
    operationId: 'createProviderFacility',
    method: 'POST',
    path: '/api/v1/provider/providers/:providerId/facilities',
  },
  getProviderFacility: {
    operationId: 'getProviderFacility',
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/facilities/:facilityId',
  },
  updateProviderFacility: {
    operationId: 'updateProviderFacility',
    method: 'PUT',
    path: '/api/v1/provider/providers/:providerId/facilities/:facilityId',
  },
  createProviderContact: {
    operationId: 'createProviderContact',
    method: 'POST',
    path: '/api/v1/provider/providers/:providerId/contacts',
  },
  updateProviderContact: {
    operationId: 'updateProviderContact',
    method: 'PUT',
    path: '/api/v1/provider/providers/:providerId/contacts/:contactId',
  },
  deleteProviderContact: {
    operationId: 'deleteProviderContact',
    method: 'DELETE',
    path: '/api/v1/provider/providers/:providerId/contacts/:contactId',
  },
};
