import { z } from 'zod';
import { locales } from '../enums.ts';
import { type RouteName, routeNames } from '../routes.ts';
import { SignUpResultSchema, SignUpSchema, UpdateCurrentUserSchema } from '../schemas/accounts.ts';
import {
  CarerParamsSchema,
  CarerSearchQuerySchema,
  CarerSearchResultSchema,
  CarerSubscriptionsSchema,
  FreePlanGrantInputSchema,
  FreePlanRevokeInputSchema,
} from '../schemas/admin-subscriptions.ts';
import {
  AssistantCallInputSchema,
  AssistantListSchema,
  AssistantQueueItemSchema,
  AssistantQueueSchema,
  AssistantRequestInputSchema,
  AssistantTaskCloseSchema,
  AssistantTaskDetailSchema,
  AssistantTaskEntrySchema,
  AssistantTaskParamsSchema,
  AssistantTaskReassignSchema,
  AssistantTaskReleaseSchema,
  CaseAssistantWorkSchema,
} from '../schemas/assistant-work.ts';
import {
  CareRequestIdParamsSchema,
  CareRequestListQuerySchema,
  CareRequestListSchema,
  CareRequestSchema,
  CareRequestSendSchema,
  CareRequestSurveySchema,
  DocumentFileSchema,
  RequestDraftIdParamsSchema,
  RequestDraftOpenParamsSchema,
  RequestDraftSchema,
  RequestDraftSurveyParamsSchema,
  RequestDraftSurveySaveSchema,
} from '../schemas/care-requests.ts';
import {
  CaseCreateInputSchema,
  CaseIdParamsSchema,
  CaseListSchema,
  CaseRenameSchema,
  CaseSchema,
} from '../schemas/cases.ts';
import {
  ServiceDetailSchema,
  ServiceIdParamsSchema,
  ServiceListQuerySchema,
  ServiceListSchema,
  ServiceOfferQuerySchema,
  ServiceOfferSchema,
  ServiceTaxonomySchema,
} from '../schemas/catalogue.ts';
import {
  ClientCreateSchema,
  ClientIdParamsSchema,
  ClientSchema,
  ClientUpdateSchema,
  LocaleQuerySchema,
  MyClientListSchema,
  RelationshipTypeListSchema,
} from '../schemas/clients.ts';
import { RoleSchema } from '../schemas/common.ts';
import { ContactFormSchema } from '../schemas/contact-form.ts';
import {
  CareRequestDocumentParamsSchema,
  DocumentBytesSchema,
  DocumentUploadQuerySchema,
  RequestDraftDocumentParamsSchema,
} from '../schemas/documents.ts';
import {
  GuestCaseCreatedSchema,
  GuestCaseCreateSchema,
  GuestCaseIdParamsSchema,
  GuestCaseSchema,
} from '../schemas/guest-cases.ts';
import { HealthSchema, ReadinessSchema } from '../schemas/health.ts';
import {
  ChangePasswordSchema,
  DevMailMessageSchema,
  EmailConfirmationSchema,
  ResetPasswordRequestSchema,
  ResetPasswordSetSchema,
} from '../schemas/identity.ts';
import { PlaceListSchema, PlaceSearchQuerySchema } from '../schemas/places.ts';
import {
  ProviderClientCreateSchema,
  ProviderClientParamsSchema,
  ProviderClientRecordSchema,
  ProviderEntryCreatedSchema,
  ProviderEntryRequestSchema,
} from '../schemas/provider-clients.ts';
import {
  ProviderDocumentListSchema,
  ProviderDocumentParamsSchema,
  ProviderDocumentSchema,
  ProviderDocumentUploadQuerySchema,
  VerificationDocumentParamsSchema,
} from '../schemas/provider-documents.ts';
import {
  FacilityPhotoAltSchema,
  FacilityPhotoListSchema,
  FacilityPhotoOrderSchema,
  FacilityPhotoParamsSchema,
  FacilityPhotoSchema,
  FacilityPhotosParamsSchema,
  ImageProxyQuerySchema,
  ProviderImagesSchema,
  ProviderLogoSchema,
  StoredImageParamsSchema,
} from '../schemas/provider-images.ts';
import {
  ProviderAssignmentSchema,
  ProviderCareRequestDocumentParamsSchema,
  ProviderCareRequestParamsSchema,
  ProviderCareRequestSchema,
  ProviderDashboardQuerySchema,
  ProviderDashboardSchema,
  ProviderExportJobListSchema,
  ProviderExportJobSchema,
  ProviderExportParamsSchema,
  ProviderExportSchema,
  ProviderIdParamsSchema,
  ProviderMembershipListSchema,
  ProviderNoteSavedSchema,
  ProviderNoteSaveSchema,
  ProviderRequestPageSchema,
  ProviderStatusChangeSchema,
  ProviderTeamSchema,
} from '../schemas/provider-inbox.ts';
import { ListingConfirmationSchema } from '../schemas/provider-listing.ts';
import { ProviderPlanSchema } from '../schemas/provider-plan.ts';
import {
  FacilityDetailSchema,
  FacilityDetailsSchema,
  FacilityDetailsUpdateSchema,
  FacilityRecordSchema,
  ProviderContactCreateSchema,
  ProviderContactParamsSchema,
  ProviderContactSchema,
  ProviderContactUpdateSchema,
  ProviderDetailsUpdateSchema,
  ProviderFacilityParamsSchema,
  ProviderProfileSchema,
  ProviderRecordSchema,
  RevisionQuerySchema,
} from '../schemas/provider-profile.ts';
import { ProviderRequestListQuerySchema } from '../schemas/provider-request-grid.ts';
import {
  ProviderServiceInputSchema,
  ProviderServiceListQuerySchema,
  ProviderServiceListSchema,
  ProviderServiceParamsSchema,
  ProviderServiceSchema,
  ProviderServiceStatusChangeSchema,
  ProviderServiceSurveysSaveSchema,
  ProviderServiceSurveysSchema,
  ProviderServiceUpdateSchema,
  ProviderSurveyDefinitionInputSchema,
  ProviderSurveyDefinitionParamsSchema,
} from '../schemas/provider-services.ts';
import {
  ProviderInvitationAcceptedSchema,
  ProviderInvitationCreateSchema,
  ProviderInvitationSignUpSchema,
  ProviderInvitationTokenSchema,
  ProviderInvitationViewSchema,
  ProviderTeamMemberListSchema,
  ProviderTeamMemberParamsSchema,
  ProviderTeamMemberSchema,
  ProviderTeamMemberUpdateSchema,
} from '../schemas/provider-team.ts';
import {
  ProviderVerificationDecisionSchema,
  ProviderVerificationDetailSchema,
  ProviderVerificationParamsSchema,
  ProviderVerificationQueueSchema,
} from '../schemas/provider-verification.ts';
import {
  ProviderJoinResultSchema,
  ProviderJoinSchema,
  ProviderVerificationResultSchema,
  ProviderVerificationSchema,
} from '../schemas/providers.ts';
import { RegionListQuerySchema, RegionTreeSchema } from '../schemas/regions.ts';
import {
  ProviderCapacityUpdateSchema,
  ProviderServiceCapacityListSchema,
  ProviderServiceCapacitySchema,
} from '../schemas/service-capacity.ts';
import {
  AdminServiceCategorySchema,
  AdminServiceTaxonomySchema,
  AdminServiceTypeSchema,
  ServiceCategoryIdParamsSchema,
  ServiceCategoryUpdateSchema,
  ServiceTypeCreateSchema,
  ServiceTypeIdParamsSchema,
  ServiceTypeRevisionSchema,
  ServiceTypeUpdateSchema,
} from '../schemas/service-types.ts';
import { StaffAuditListSchema, StaffAuditQuerySchema } from '../schemas/staff-audit.ts';
import {
  AssistantTaskInputSchema,
  AssistantTaskSchema,
  CheckoutCreateSchema,
  CheckoutIdParamsSchema,
  CheckoutSchema,
  CurrentSubscriptionSchema,
  StripeEventEnvelopeSchema,
  SubscriptionSummarySchema,
  SubscriptionTypeListQuerySchema,
  SubscriptionTypeListSchema,
  TestGatewayCompletionSchema,
  TestGatewayEventSchema,
  TestGatewayReferenceParamsSchema,
} from '../schemas/subscriptions.ts';
import {
  SupportMessageListQuerySchema,
  SupportMessageListSchema,
  SupportMessageParamsSchema,
  SupportMessageSchema,
  SupportReplySchema,
} from '../schemas/support-messages.ts';
import {
  CaseSurveyParamsSchema,
  CaseSurveySaveSchema,
  CaseSurveySchema,
  CaseSurveyTypeParamsSchema,
  SurveyDefinitionIdParamsSchema,
  SurveyDefinitionInputSchema,
  SurveyDefinitionListSchema,
  SurveyDefinitionSchema,
  SurveyDefinitionSummarySchema,
  SurveyDefinitionUpdateSchema,
  SurveyDefinitionVersionSchema,
} from '../schemas/surveys.ts';
import { WebConfigSchema } from '../schemas/web-config.ts';
import { validationKey } from '../validation/keys.ts';
import { E164PhoneSchema } from '../validation/phone.ts';
import { defineOperations } from './define.ts';

// `/users/me` answers what the caller may do as links to this table's operations: the table holds that
// answer's schema, and the schema names the table's keys. So both are declared here, the link reading
// the ids through a getter once the table exists; `PermissionLink` is spelled out because TypeScript
// cannot infer a type from itself.

/** What a user may do, as `/users/me` returns it: a route name, an operation id, or both. */
export interface PermissionLink {
  routeName?: RouteName | undefined;
  operationId?: OperationId | undefined;
}
export const PermissionLinkSchema: z.ZodType<PermissionLink, PermissionLink> = z
  .object({
    routeName: z.enum(routeNames).optional(),
    get operationId() {
      return OperationIdSchema.optional();
    },
  })
  .refine((link) => link.routeName !== undefined || link.operationId !== undefined, {
    message: validationKey('invalid'),
  })
  .meta({ id: 'PermissionLink' });

/** `GET /api/v1/web/users/me`: who is signed in and what they may do. */
export const CurrentUserSchema = z
  .object({
    /** Identity-server subject (a UUID in Keycloak). */
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    /** First plus last name, trimmed (see `fullName()`). */
    fullName: z.string(),
    userName: z.string(),
    email: z.string(),
    phone: E164PhoneSchema.nullable(),
    /** Language of the interface and of the e-mails Opora sends. */
    locale: z.enum(locales),
    roles: z.array(RoleSchema),
    permissions: z.array(PermissionLinkSchema),
    subscription: SubscriptionSummarySchema.nullable(),
    /** The e-mail address is not confirmed yet; the profile offers to resend the link. */
    emailConfirmationPending: z.boolean(),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

// Who works in a provider's inbox: a provider user of any role; what they see inside the provider is
// resolved per request from their roles and facilities (schemas/provider-inbox.ts).
const providerStaff = { roles: ['providerAdmin', 'providerCoordinator', 'providerUser'] } as const;

/**
 * Every operation of the API, declared once: method, full path, who may call it (`public`, `login`
 * or `{ roles }`), the schemas of params, query, body and success answer, the success status and
 * flags. The key is the operation id; the order is that of the permission links. API routes spread
 * their entry (`apps/api/src/platform/operation-route.ts`); the web app calls an entry
 * (`apps/web/src/lib/operations.ts`) and derives each fetcher's path, key and types from it; the
 * permission table (`permissions.ts`) reads each access. Failure answers are the API's to document.
 */
export const operations = defineOperations({
  getHealth: {
    method: 'GET',
    path: '/api/health',
    access: 'public',
    response: HealthSchema,
    successStatus: 200,
  },
  getReady: {
    method: 'GET',
    path: '/api/ready',
    access: 'public',
    response: ReadinessSchema,
    successStatus: 200,
  },
  getWebConfig: {
    method: 'GET',
    path: '/api/v1/web/config',
    access: 'public',
    response: WebConfigSchema,
    successStatus: 200,
  },
  listRegions: {
    method: 'GET',
    path: '/api/v1/web/regions',
    access: 'public',
    query: RegionListQuerySchema,
    response: RegionTreeSchema,
    successStatus: 200,
  },

  // address autocomplete
  searchPlaces: {
    method: 'GET',
    path: '/api/v1/web/places',
    access: 'public',
    query: PlaceSearchQuerySchema,
    response: PlaceListSchema,
    successStatus: 200,
  },
  listRelationshipTypes: {
    method: 'GET',
    path: '/api/v1/web/relationship-types',
    access: 'public',
    query: LocaleQuerySchema,
    response: RelationshipTypeListSchema,
    successStatus: 200,
  },

  // public catalogue and contact
  listServiceTypes: {
    method: 'GET',
    path: '/api/v1/web/service-types',
    access: 'public',
    response: ServiceTaxonomySchema,
    successStatus: 200,
  },
  listServices: {
    method: 'GET',
    path: '/api/v1/web/services',
    access: 'public',
    query: ServiceListQuerySchema,
    response: ServiceListSchema,
    successStatus: 200,
  },
  getService: {
    method: 'GET',
    path: '/api/v1/web/services/:serviceId',
    access: 'public',
    params: ServiceIdParamsSchema,
    response: ServiceDetailSchema,
    successStatus: 200,
  },
  sendContactMessage: {
    method: 'POST',
    path: '/api/v1/web/contact',
    access: 'public',
    body: ContactFormSchema,
    response: null,
    successStatus: 204,
  },

  // accounts (the public ones carry their own proof: a password, a token from an e-mail)
  signUp: {
    method: 'POST',
    path: '/api/v1/web/users/sign-up',
    access: 'public',
    body: SignUpSchema,
    response: SignUpResultSchema,
    successStatus: 201,
  },
  /** An organisation joins: its administrator's account and the provider (new, or an unclaimed listing). */
  joinAsProvider: {
    method: 'POST',
    path: '/api/v1/web/providers/join',
    access: 'public',
    body: ProviderJoinSchema,
    response: ProviderJoinResultSchema,
    successStatus: 201,
  },
  getCurrentUser: {
    method: 'GET',
    path: '/api/v1/web/users/me',
    access: 'login',
    response: CurrentUserSchema,
    successStatus: 200,
    noStore: true,
  },
  updateCurrentUser: {
    method: 'PATCH',
    path: '/api/v1/web/users/me',
    access: 'login',
    body: UpdateCurrentUserSchema,
    response: CurrentUserSchema,
    successStatus: 200,
    noStore: true,
  },
  deleteCurrentUser: {
    method: 'DELETE',
    path: '/api/v1/web/users/me',
    access: 'login',
    response: null,
    successStatus: 204,
  },
  changePassword: {
    method: 'PUT',
    path: '/api/v1/web/users/me/password',
    access: 'login',
    body: ChangePasswordSchema,
    response: null,
    successStatus: 204,
  },
  resendEmailConfirmation: {
    method: 'POST',
    path: '/api/v1/web/users/me/email-confirmation',
    access: 'login',
    response: null,
    successStatus: 204,
  },
  confirmEmail: {
    method: 'POST',
    path: '/api/v1/web/users/email-confirmation',
    access: 'public',
    body: EmailConfirmationSchema,
    response: null,
    successStatus: 204,
  },
  requestPasswordReset: {
    method: 'PUT',
    path: '/api/v1/web/users/reset-password/request',
    access: 'public',
    body: ResetPasswordRequestSchema,
    response: null,
    successStatus: 204,
  },
  resetPassword: {
    method: 'PUT',
    path: '/api/v1/web/users/reset-password/set-password',
    access: 'public',
    body: ResetPasswordSetSchema,
    response: null,
    successStatus: 204,
  },

  // the carer's record: cases, clients, questionnaires
  createCase: {
    method: 'POST',
    path: '/api/v1/web/cases',
    access: 'login',
    body: CaseCreateInputSchema,
    response: CaseSchema,
    successStatus: 200,
    noStore: true,
  },
  getCase: {
    method: 'GET',
    path: '/api/v1/web/cases/:caseId',
    access: 'login',
    params: CaseIdParamsSchema,
    response: CaseSchema,
    successStatus: 200,
    noStore: true,
  },
  renameCase: {
    method: 'PATCH',
    path: '/api/v1/web/cases/:caseId',
    access: 'login',
    params: CaseIdParamsSchema,
    body: CaseRenameSchema,
    response: CaseSchema,
    successStatus: 200,
    noStore: true,
  },
  getCaseSurvey: {
    method: 'GET',
    path: '/api/v1/web/cases/:caseId/surveys/:type',
    access: 'login',
    params: CaseSurveyParamsSchema,
    response: CaseSurveySchema,
    successStatus: 200,
    noStore: true,
  },
  saveCaseSurvey: {
    method: 'PUT',
    path: '/api/v1/web/cases/:caseId/surveys/:type',
    access: 'login',
    params: CaseSurveyParamsSchema,
    body: CaseSurveySaveSchema,
    response: CaseSurveySchema,
    successStatus: 200,
    noStore: true,
  },

  // the anonymous wizard: a guest's case, held by the secret in the guest's browser (X-Guest-Secret)
  createGuestCase: {
    method: 'POST',
    path: '/api/v1/web/guest-cases',
    access: 'public',
    body: GuestCaseCreateSchema,
    response: GuestCaseCreatedSchema,
    successStatus: 201,
    noStore: true,
  },
  getGuestCase: {
    method: 'GET',
    path: '/api/v1/web/guest-cases/:caseId',
    access: 'public',
    params: GuestCaseIdParamsSchema,
    response: GuestCaseSchema,
    successStatus: 200,
    noStore: true,
  },
  getGuestCaseSurvey: {
    method: 'GET',
    path: '/api/v1/web/guest-cases/:caseId/surveys/:type',
    access: 'public',
    params: CaseSurveyParamsSchema,
    response: CaseSurveySchema,
    successStatus: 200,
    noStore: true,
  },
  saveGuestCaseSurvey: {
    method: 'PUT',
    path: '/api/v1/web/guest-cases/:caseId/surveys/:type',
    access: 'public',
    params: CaseSurveyParamsSchema,
    body: CaseSurveySaveSchema,
    response: CaseSurveySchema,
    successStatus: 200,
    noStore: true,
  },
  claimGuestCase: {
    method: 'POST',
    path: '/api/v1/web/guest-cases/:caseId/claim',
    access: 'login',
    params: GuestCaseIdParamsSchema,
    response: CaseSchema,
    successStatus: 200,
    noStore: true,
  },
  listMyClients: {
    method: 'GET',
    path: '/api/v1/web/clients/my-enum',
    access: 'login',
    response: MyClientListSchema,
    successStatus: 200,
    noStore: true,
  },
  createClient: {
    method: 'POST',
    path: '/api/v1/web/clients',
    access: 'login',
    body: ClientCreateSchema,
    response: ClientSchema,
    successStatus: 201,
    noStore: true,
  },
  getClient: {
    method: 'GET',
    path: '/api/v1/web/clients/:clientId',
    access: 'login',
    params: ClientIdParamsSchema,
    response: ClientSchema,
    successStatus: 200,
    noStore: true,
  },
  updateClient: {
    method: 'PUT',
    path: '/api/v1/web/clients/:clientId',
    access: 'login',
    params: ClientIdParamsSchema,
    body: ClientUpdateSchema,
    response: ClientSchema,
    successStatus: 200,
    noStore: true,
  },
  listClientCases: {
    method: 'GET',
    path: '/api/v1/web/clients/:clientId/cases',
    access: 'login',
    params: ClientIdParamsSchema,
    response: CaseListSchema,
    successStatus: 200,
    noStore: true,
  },
  createClientCase: {
    method: 'POST',
    path: '/api/v1/web/clients/:clientId/cases',
    access: 'login',
    params: ClientIdParamsSchema,
    body: CaseCreateInputSchema,
    response: CaseSchema,
    successStatus: 201,
    noStore: true,
  },
  getClientServiceOffer: {
    method: 'GET',
    path: '/api/v1/web/clients/:clientId/service-offer',
    access: 'login',
    params: ClientIdParamsSchema,
    query: ServiceOfferQuerySchema,
    response: ServiceOfferSchema,
    successStatus: 200,
    noStore: true,
  },

  // the published platform questionnaire of a type (the extended one is public)
  getPublishedSurvey: {
    method: 'GET',
    path: '/api/v1/web/surveys/:type',
    access: 'public',
    params: CaseSurveyTypeParamsSchema,
    response: SurveyDefinitionSchema,
    successStatus: 200,
  },

  // platform staff: questionnaire definitions
  listSurveyDefinitions: {
    method: 'GET',
    path: '/api/v1/admin/survey-definitions',
    access: { roles: ['admin'] },
    response: SurveyDefinitionListSchema,
    successStatus: 200,
  },
  createSurveyDefinition: {
    method: 'POST',
    path: '/api/v1/admin/survey-definitions',
    access: { roles: ['admin'] },
    body: SurveyDefinitionInputSchema,
    response: SurveyDefinitionSchema,
    successStatus: 201,
  },
  publishSurveyDefinition: {
    method: 'POST',
    path: '/api/v1/admin/survey-definitions/:surveyDefinitionId/publish',
    access: { roles: ['admin'] },
    params: SurveyDefinitionIdParamsSchema,
    response: SurveyDefinitionSchema,
    successStatus: 200,
  },
  getSurveyDefinition: {
    method: 'GET',
    path: '/api/v1/admin/survey-definitions/:surveyDefinitionId',
    access: { roles: ['admin'] },
    params: SurveyDefinitionIdParamsSchema,
    response: SurveyDefinitionSummarySchema,
    successStatus: 200,
    noStore: true,
  },
  updateSurveyDefinition: {
    method: 'PUT',
    path: '/api/v1/admin/survey-definitions/:surveyDefinitionId',
    access: { roles: ['admin'] },
    params: SurveyDefinitionIdParamsSchema,
    body: SurveyDefinitionUpdateSchema,
    response: SurveyDefinitionSummarySchema,
    successStatus: 200,
    noStore: true,
  },
  createSurveyDefinitionVersion: {
    method: 'POST',
    path: '/api/v1/admin/survey-definitions/:surveyDefinitionId/versions',
    access: { roles: ['admin'] },
    params: SurveyDefinitionIdParamsSchema,
    body: SurveyDefinitionVersionSchema,
    response: SurveyDefinitionSummarySchema,
    successStatus: 201,
    noStore: true,
  },
  retireSurveyDefinition: {
    method: 'POST',
    path: '/api/v1/admin/survey-definitions/:surveyDefinitionId/retire',
    access: { roles: ['admin'] },
    params: SurveyDefinitionIdParamsSchema,
    response: SurveyDefinitionSummarySchema,
    successStatus: 200,
    noStore: true,
  },
  deleteSurveyDefinition: {
    method: 'DELETE',
    path: '/api/v1/admin/survey-definitions/:surveyDefinitionId',
    access: { roles: ['admin'] },
    params: SurveyDefinitionIdParamsSchema,
    response: null,
    successStatus: 204,
  },

  // platform staff: service types and categories with their names (issue 25 §4, decision 0131)
  listAdminServiceTypes: {
    method: 'GET',
    path: '/api/v1/admin/service-types',
    access: { roles: ['admin'] },
    response: AdminServiceTaxonomySchema,
    successStatus: 200,
    noStore: true,
  },
  createServiceType: {
    method: 'POST',
    path: '/api/v1/admin/service-types',
    access: { roles: ['admin'] },
    body: ServiceTypeCreateSchema,
    response: AdminServiceTypeSchema,
    successStatus: 201,
    noStore: true,
  },
  updateServiceType: {
    method: 'PUT',
    path: '/api/v1/admin/service-types/:serviceTypeId',
    access: { roles: ['admin'] },
    params: ServiceTypeIdParamsSchema,
    body: ServiceTypeUpdateSchema,
    response: AdminServiceTypeSchema,
    successStatus: 200,
    noStore: true,
  },
  retireServiceType: {
    method: 'POST',
    path: '/api/v1/admin/service-types/:serviceTypeId/retire',
    access: { roles: ['admin'] },
    params: ServiceTypeIdParamsSchema,
    body: ServiceTypeRevisionSchema,
    response: AdminServiceTypeSchema,
    successStatus: 200,
    noStore: true,
  },
  unretireServiceType: {
    method: 'POST',
    path: '/api/v1/admin/service-types/:serviceTypeId/unretire',
    access: { roles: ['admin'] },
    params: ServiceTypeIdParamsSchema,
    body: ServiceTypeRevisionSchema,
    response: AdminServiceTypeSchema,
    successStatus: 200,
    noStore: true,
  },
  /** Only a type no service has; otherwise 409 `ServiceTypeInUse` (retire it instead). */
  deleteServiceType: {
    method: 'DELETE',
    path: '/api/v1/admin/service-types/:serviceTypeId',
    access: { roles: ['admin'] },
    params: ServiceTypeIdParamsSchema,
    response: null,
    successStatus: 204,
  },

  /**
   * A category's names, saved on the names the administrator read (no revision column: 409
   * `RecordChangedByAnother` when they changed since).
   */
  updateServiceCategory: {
    method: 'PUT',
    path: '/api/v1/admin/service-categories/:serviceCategoryId',
    access: { roles: ['admin'] },
    params: ServiceCategoryIdParamsSchema,
    body: ServiceCategoryUpdateSchema,
    response: AdminServiceCategorySchema,
    successStatus: 200,
    noStore: true,
  },

  // platform staff: a provider's verification (their screen comes with the admin issue)
  setProviderVerification: {
    method: 'PUT',
    path: '/api/v1/admin/providers/:providerId/verification',
    access: { roles: ['admin'] },
    params: ProviderIdParamsSchema,
    body: ProviderVerificationSchema,
    response: ProviderVerificationResultSchema,
    successStatus: 200,
  },

  // platform staff: verifying providers (issue 25 §1, decision 0121)
  listProviderVerifications: {
    method: 'GET',
    path: '/api/v1/admin/provider-verifications',
    access: { roles: ['admin'] },
    response: ProviderVerificationQueueSchema,
    successStatus: 200,
    noStore: true,
  },
  getProviderVerification: {
    method: 'GET',
    path: '/api/v1/admin/provider-verifications/:verificationId',
    access: { roles: ['admin'] },
    params: ProviderVerificationParamsSchema,
    response: ProviderVerificationDetailSchema,
    successStatus: 200,
    noStore: true,
  },
  decideProviderVerification: {
    method: 'POST',
    path: '/api/v1/admin/provider-verifications/:verificationId/decision',
    access: { roles: ['admin'] },
    params: ProviderVerificationParamsSchema,
    body: ProviderVerificationDecisionSchema,
    response: ProviderVerificationDetailSchema,
    successStatus: 200,
    noStore: true,
  },
  /** A document the provider uploaded, as the check shows it; every download is in the audit log (decision 0130). */
  downloadVerificationDocument: {
    method: 'GET',
    path: '/api/v1/admin/provider-verifications/:verificationId/documents/:documentId',
    access: { roles: ['admin'] },
    params: VerificationDocumentParamsSchema,
    response: DocumentBytesSchema,
    successStatus: 200,
    noStore: true,
  },

  // platform staff: the audit log of staff actions (issue 25 §5, decision 0122)
  listStaffAudit: {
    method: 'GET',
    path: '/api/v1/admin/audit',
    access: { roles: ['admin'] },
    query: StaffAuditQuerySchema,
    response: StaffAuditListSchema,
    successStatus: 200,
    noStore: true,
  },

  // platform staff: the support inbox (issue 25 §4, decision 0124)
  listSupportMessages: {
    method: 'GET',
    path: '/api/v1/admin/support-messages',
    access: { roles: ['admin'] },
    query: SupportMessageListQuerySchema,
    response: SupportMessageListSchema,
    successStatus: 200,
    noStore: true,
  },
  getSupportMessage: {
    method: 'GET',
    path: '/api/v1/admin/support-messages/:messageId',
    access: { roles: ['admin'] },
    params: SupportMessageParamsSchema,
    response: SupportMessageSchema,
    successStatus: 200,
    noStore: true,
  },
  assignSupportMessage: {
    method: 'POST',
    path: '/api/v1/admin/support-messages/:messageId/assign',
    access: { roles: ['admin'] },
    params: SupportMessageParamsSchema,
    response: SupportMessageSchema,
    successStatus: 200,
    noStore: true,
  },
  replySupportMessage: {
    method: 'POST',
    path: '/api/v1/admin/support-messages/:messageId/replies',
    access: { roles: ['admin'] },
    params: SupportMessageParamsSchema,
    body: SupportReplySchema,
    response: SupportMessageSchema,
    successStatus: 201,
    noStore: true,
  },
  closeSupportMessage: {
    method: 'POST',
    path: '/api/v1/admin/support-messages/:messageId/close',
    access: { roles: ['admin'] },
    params: SupportMessageParamsSchema,
    response: SupportMessageSchema,
    successStatus: 200,
    noStore: true,
  },

  // platform staff: a person's subscriptions and Opora's free plan (issue 25 §4, decision 0129)
  searchCarers: {
    method: 'GET',
    path: '/api/v1/admin/subscriptions',
    access: { roles: ['admin'] },
    query: CarerSearchQuerySchema,
    response: CarerSearchResultSchema,
    successStatus: 200,
    noStore: true,
  },
  getCarerSubscriptions: {
    method: 'GET',
    path: '/api/v1/admin/subscriptions/:userId',
    access: { roles: ['admin'] },
    params: CarerParamsSchema,
    response: CarerSubscriptionsSchema,
    successStatus: 200,
    noStore: true,
  },
  grantFreePlan: {
    method: 'POST',
    path: '/api/v1/admin/subscriptions/:userId/free-plan',
    access: { roles: ['admin'] },
    params: CarerParamsSchema,
    body: FreePlanGrantInputSchema,
    response: CarerSubscriptionsSchema,
    successStatus: 201,
    noStore: true,
  },
  revokeFreePlan: {
    method: 'POST',
    path: '/api/v1/admin/subscriptions/:userId/free-plan/revoke',
    access: { roles: ['admin'] },
    params: CarerParamsSchema,
    body: FreePlanRevokeInputSchema,
    response: CarerSubscriptionsSchema,
    successStatus: 200,
    noStore: true,
  },

  // development only: the e-mail outbox (never registered in production)
  listDevMail: {
    method: 'GET',
    path: '/api/v1/dev/mail',
    access: 'public',
    response: z.array(DevMailMessageSchema),
    successStatus: 200,
    noStore: true,
  },
  /** An HTML page. */
  viewDevMail: {
    method: 'GET',
    path: '/dev/mail',
    access: 'public',
    response: z.string(),
    successStatus: 200,
    noStore: true,
  },

  // subscriptions and payment
  listSubscriptionTypes: {
    method: 'GET',
    path: '/api/v1/web/subscription-types',
    access: 'public',
    query: SubscriptionTypeListQuerySchema,
    response: SubscriptionTypeListSchema,
    successStatus: 200,
  },
  getCurrentSubscription: {
    method: 'GET',
    path: '/api/v1/web/subscriptions/current',
    access: 'login',
    response: CurrentSubscriptionSchema,
    successStatus: 200,
    noStore: true,
  },
  /** One click, free: nothing more is charged; access lasts to the end of the paid month. Repeating it changes nothing. */
  cancelCurrentSubscription: {
    method: 'POST',
    path: '/api/v1/web/subscriptions/current/cancel',
    access: 'login',
    response: CurrentSubscriptionSchema,
    successStatus: 200,
    noStore: true,
  },
  createCheckout: {
    method: 'POST',
    path: '/api/v1/web/checkouts',
    access: 'login',
    body: CheckoutCreateSchema,
    response: CheckoutSchema,
    successStatus: 201,
    noStore: true,
  },
  getCheckout: {
    method: 'GET',
    path: '/api/v1/web/checkouts/:checkoutId',
    access: 'login',
    params: CheckoutIdParamsSchema,
    response: CheckoutSchema,
    successStatus: 200,
    noStore: true,
  },
  /** The embedded test gateway's payment page (HTML), standing in for a real gateway's on our origin. */
  viewTestGatewayCheckout: {
    method: 'GET',
    path: '/api/v1/test-gateway/checkouts/:reference',
    access: 'public',
    params: TestGatewayReferenceParamsSchema,
    response: z.string(),
    successStatus: 200,
    noStore: true,
  },
  /**
   * The tester's choice on that page (success, failure, cancel), a form post; answers an HTML page that
   * sends the browser back to the app, and the gateway then calls us back, signed.
   */
  completeTestGatewayCheckout: {
    method: 'POST',
    path: '/api/v1/test-gateway/checkouts/:reference',
    access: 'public',
    params: TestGatewayReferenceParamsSchema,
    body: TestGatewayCompletionSchema,
    response: z.string(),
    successStatus: 200,
    noStore: true,
  },
  /** The test gateway's signed callback: a checkout's or a renewal's outcome. */
  receiveTestGatewayEvent: {
    method: 'POST',
    path: '/api/v1/payments/test-gateway/events',
    access: 'public',
    body: TestGatewayEventSchema,
    response: null,
    successStatus: 204,
  },
  /** Stripe's signed webhook: checkout sessions, renewal invoices, subscriptions ended there. */
  receiveStripeEvent: {
    method: 'POST',
    path: '/api/v1/payments/stripe/events',
    access: 'public',
    body: StripeEventEnvelopeSchema,
    response: null,
    successStatus: 204,
  },
  saveAssistantTask: {
    method: 'PUT',
    path: '/api/v1/web/cases/:caseId/assistant-task',
    access: 'login',
    params: CaseIdParamsSchema,
    body: AssistantTaskInputSchema,
    response: AssistantTaskSchema,
    successStatus: 200,
    noStore: true,
  },
  /** What the carer sees of the assistants' work on the case (issue 25 §2). */
  getCaseAssistantWork: {
    method: 'GET',
    path: '/api/v1/web/cases/:caseId/assistant-task',
    access: 'login',
    params: CaseIdParamsSchema,
    /** Null when the case was never handed over. */
    response: CaseAssistantWorkSchema.nullable(),
    successStatus: 200,
    noStore: true,
  },

  // platform staff: the assistants' work queue (issue 25 §2, decision 0123)
  listAssistantTasks: {
    method: 'GET',
    path: '/api/v1/admin/assistant-tasks',
    access: { roles: ['assistant', 'admin'] },
    response: AssistantQueueSchema,
    successStatus: 200,
    noStore: true,
  },
  claimAssistantTask: {
    method: 'POST',
    path: '/api/v1/admin/assistant-tasks/:taskId/claim',
    access: { roles: ['assistant', 'admin'] },
    params: AssistantTaskParamsSchema,
    response: AssistantQueueItemSchema,
    successStatus: 200,
    noStore: true,
  },
  getAssistantTask: {
    method: 'GET',
    path: '/api/v1/admin/assistant-tasks/:taskId',
    access: { roles: ['assistant', 'admin'] },
    params: AssistantTaskParamsSchema,
    response: AssistantTaskDetailSchema,
    successStatus: 200,
    noStore: true,
  },
  logAssistantCall: {
    method: 'POST',
    path: '/api/v1/admin/assistant-tasks/:taskId/calls',
    access: { roles: ['assistant', 'admin'] },
    params: AssistantTaskParamsSchema,
    body: AssistantCallInputSchema,
    response: AssistantTaskEntrySchema,
    successStatus: 201,
    noStore: true,
  },
  sendAssistantRequest: {
    method: 'POST',
    path: '/api/v1/admin/assistant-tasks/:taskId/requests',
    access: { roles: ['assistant', 'admin'] },
    params: AssistantTaskParamsSchema,
    body: AssistantRequestInputSchema,
    response: AssistantTaskEntrySchema,
    successStatus: 201,
    noStore: true,
  },
  closeAssistantTask: {
    method: 'POST',
    path: '/api/v1/admin/assistant-tasks/:taskId/close',
    access: { roles: ['assistant', 'admin'] },
    params: AssistantTaskParamsSchema,
    body: AssistantTaskCloseSchema,
    response: AssistantQueueItemSchema,
    successStatus: 200,
    noStore: true,
  },
  /** Gives a claimed task back to the queue: its claimant, or a platform administrator (decision 0127). */
  releaseAssistantTask: {
    method: 'POST',
    path: '/api/v1/admin/assistant-tasks/:taskId/release',
    access: { roles: ['assistant', 'admin'] },
    params: AssistantTaskParamsSchema,
    body: AssistantTaskReleaseSchema,
    response: AssistantQueueItemSchema,
    successStatus: 200,
    noStore: true,
  },
  /** Moves a claimed task to another assistant. */
  reassignAssistantTask: {
    method: 'POST',
    path: '/api/v1/admin/assistant-tasks/:taskId/reassign',
    access: { roles: ['admin'] },
    params: AssistantTaskParamsSchema,
    body: AssistantTaskReassignSchema,
    response: AssistantQueueItemSchema,
    successStatus: 200,
    noStore: true,
  },
  /** Who a task can be given to: the accounts with the `assistant` role. */
  listAssistants: {
    method: 'GET',
    path: '/api/v1/admin/assistants',
    access: { roles: ['admin'] },
    response: AssistantListSchema,
    successStatus: 200,
    noStore: true,
  },

  // care requests: the review page's draft, sending it, the sender's requests
  /** Opens the review page's draft of a request (made on first call; the same one afterwards). */
  openRequestDraft: {
    method: 'PUT',
    path: '/api/v1/web/cases/:caseId/request-drafts/:serviceId',
    access: 'login',
    params: RequestDraftOpenParamsSchema,
    response: RequestDraftSchema,
    successStatus: 200,
    noStore: true,
  },
  saveRequestDraftSurvey: {
    method: 'PUT',
    path: '/api/v1/web/request-drafts/:draftId/surveys/:surveyDefinitionId',
    access: 'login',
    params: RequestDraftSurveyParamsSchema,
    body: RequestDraftSurveySaveSchema,
    response: CareRequestSurveySchema,
    successStatus: 200,
    noStore: true,
  },
  /** Sends the draft as the request; sending it again answers the request it became. */
  sendRequestDraft: {
    method: 'POST',
    path: '/api/v1/web/request-drafts/:draftId/send',
    access: 'login',
    params: RequestDraftIdParamsSchema,
    body: CareRequestSendSchema,
    response: CareRequestSchema,
    successStatus: 200,
    noStore: true,
  },
  getCareRequest: {
    method: 'GET',
    path: '/api/v1/web/care-requests/:careRequestId',
    access: 'login',
    params: CareRequestIdParamsSchema,
    response: CareRequestSchema,
    successStatus: 200,
    noStore: true,
  },
  withdrawCareRequest: {
    method: 'POST',
    path: '/api/v1/web/care-requests/:careRequestId/withdraw',
    access: 'login',
    params: CareRequestIdParamsSchema,
    response: CareRequestSchema,
    successStatus: 200,
    noStore: true,
  },
  listClientCareRequests: {
    method: 'GET',
    path: '/api/v1/web/clients/:clientId/care-requests',
    access: 'login',
    params: ClientIdParamsSchema,
    query: CareRequestListQuerySchema,
    response: CareRequestListSchema,
    successStatus: 200,
    noStore: true,
  },

  // documents of a request: attached on the review page, or to the sent request (the owner)
  /**
   * Attaches a file (raw bytes, `application/octet-stream`) under an id the uploader chose: sending it
   * again answers the document already there.
   */
  putRequestDraftDocument: {
    method: 'PUT',
    path: '/api/v1/web/request-drafts/:draftId/documents/:documentId',
    access: 'login',
    params: RequestDraftDocumentParamsSchema,
    query: DocumentUploadQuerySchema,
    body: DocumentBytesSchema,
    response: DocumentFileSchema,
    successStatus: 201,
    noStore: true,
  },
  /** The file's bytes, as an attachment. */
  downloadRequestDraftDocument: {
    method: 'GET',
    path: '/api/v1/web/request-drafts/:draftId/documents/:documentId',
    access: 'login',
    params: RequestDraftDocumentParamsSchema,
    response: DocumentBytesSchema,
    successStatus: 200,
    noStore: true,
  },
  deleteRequestDraftDocument: {
    method: 'DELETE',
    path: '/api/v1/web/request-drafts/:draftId/documents/:documentId',
    access: 'login',
    params: RequestDraftDocumentParamsSchema,
    response: null,
    successStatus: 204,
  },
  /** As `putRequestDraftDocument`, on a sent request; the provider sees it in the history. */
  putCareRequestDocument: {
    method: 'PUT',
    path: '/api/v1/web/care-requests/:careRequestId/documents/:documentId',
    access: 'login',
    params: CareRequestDocumentParamsSchema,
    query: DocumentUploadQuerySchema,
    body: DocumentBytesSchema,
    response: DocumentFileSchema,
    successStatus: 201,
    noStore: true,
  },
  downloadCareRequestDocument: {
    method: 'GET',
    path: '/api/v1/web/care-requests/:careRequestId/documents/:documentId',
    access: 'login',
    params: CareRequestDocumentParamsSchema,
    response: DocumentBytesSchema,
    successStatus: 200,
    noStore: true,
  },
  /** Removes a file of a sent request; the removal stays in the history. */
  deleteCareRequestDocument: {
    method: 'DELETE',
    path: '/api/v1/web/care-requests/:careRequestId/documents/:documentId',
    access: 'login',
    params: CareRequestDocumentParamsSchema,
    response: null,
    successStatus: 204,
  },

  // the provider's inbox: a provider user of any role; what they see inside the provider is resolved

  // per request from their roles and facilities (schemas/provider-inbox.ts)
  /** The providers the caller works for, with roles, facilities and new requests (the header's switcher). */
  listProviderMemberships: {
    method: 'GET',
    path: '/api/v1/provider/memberships',
    access: providerStaff,
    response: ProviderMembershipListSchema,
    successStatus: 200,
    noStore: true,
  },
  /** Colleagues and facility teams a request can be assigned to. */
  getProviderTeam: {
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/team',
    access: providerStaff,
    params: ProviderIdParamsSchema,
    response: ProviderTeamSchema,
    successStatus: 200,
    noStore: true,
  },
  // the provider's team: members, invitations, roles, facilities (issue 24 §1, decisions 0115, 0116)
  /** Every member and pending invitation of the provider, with roles, facilities and last sign-in. */
  listProviderTeamMembers: {
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/users',
    access: providerStaff,
    params: ProviderIdParamsSchema,
    response: ProviderTeamMemberListSchema,
    successStatus: 200,
    noStore: true,
  },
  /** Invite an address with roles and facilities; an address invited or a member already is 409. */
  inviteProviderUser: {
    method: 'POST',
    path: '/api/v1/provider/providers/:providerId/users',
    access: providerStaff,
    params: ProviderIdParamsSchema,
    body: ProviderInvitationCreateSchema,
    response: ProviderTeamMemberSchema,
    successStatus: 201,
    noStore: true,
  },
  /** A member's (or pending invitation's) roles and facilities. */
  updateProviderTeamMember: {
    method: 'PUT',
    path: '/api/v1/provider/providers/:providerId/users/:providerUserId',
    access: providerStaff,
    params: ProviderTeamMemberParamsSchema,
    body: ProviderTeamMemberUpdateSchema,
    response: ProviderTeamMemberSchema,
    successStatus: 200,
    noStore: true,
  },
  /** Remove a member (their open requests go back to the queue) or revoke a pending invitation. */
  removeProviderTeamMember: {
    method: 'DELETE',
    path: '/api/v1/provider/providers/:providerId/users/:providerUserId',
    access: providerStaff,
    params: ProviderTeamMemberParamsSchema,
    response: null,
    successStatus: 204,
    noStore: true,
  },
  /** A new link (the old one stops working) and a new e-mail for a pending invitation. */
  resendProviderInvitation: {
    method: 'POST',
    path: '/api/v1/provider/providers/:providerId/users/:providerUserId/invitation',
    access: providerStaff,
    params: ProviderTeamMemberParamsSchema,
    response: ProviderTeamMemberSchema,
    successStatus: 200,
    noStore: true,
  },
  /** The invitation a link opens: provider, address, roles, whether the address has an account. */
  getProviderInvitation: {
    method: 'POST',
    path: '/api/v1/web/provider-invitations/lookup',
    access: 'public',
    body: ProviderInvitationTokenSchema,
    response: ProviderInvitationViewSchema,
    successStatus: 200,
    noStore: true,
  },
  /** The signed-in invitee (the invited address's account) joins the provider. */
  acceptProviderInvitation: {
    method: 'POST',
    path: '/api/v1/web/provider-invitations/accept',
    access: 'login',
    body: ProviderInvitationTokenSchema,
    response: ProviderInvitationAcceptedSchema,
    successStatus: 200,
    noStore: true,
  },
  /** The invitee registers with the invited address and joins the provider, in one step. */
  signUpWithProviderInvitation: {
    method: 'POST',
    path: '/api/v1/web/provider-invitations/sign-up',
    access: 'public',
    body: ProviderInvitationSignUpSchema,
    response: ProviderInvitationAcceptedSchema,
    successStatus: 201,
    noStore: true,
  },
  // a provider's own clients and the record of care (issue 24 §2)
  /** A client who phoned, walked in, wrote or was referred, with the consent recorded and a first request. */
  createProviderClient: {
    method: 'POST',
    path: '/api/v1/provider/providers/:providerId/clients',
    access: providerStaff,
    params: ProviderIdParamsSchema,
    body: ProviderClientCreateSchema,
    response: ProviderEntryCreatedSchema,
    successStatus: 201,
    noStore: true,
  },
  /** The record of care: the client and every request of theirs at this provider the caller may see. */
  getProviderClient: {
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/clients/:clientId',
    access: providerStaff,
    params: ProviderClientParamsSchema,
    response: ProviderClientRecordSchema,
    successStatus: 200,
    noStore: true,
  },
  /** Another request for a client the provider entered itself. */
  createProviderClientRequest: {
    method: 'POST',
    path: '/api/v1/provider/providers/:providerId/clients/:clientId/requests',
    access: providerStaff,
    params: ProviderClientParamsSchema,
    body: ProviderEntryRequestSchema,
    response: ProviderEntryCreatedSchema,
    successStatus: 201,
    noStore: true,
  },
  /** The requests grid: the caller's scope, filtered, sorted and paged on the server. */
  listProviderCareRequests: {
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/requests',
    access: providerStaff,
    params: ProviderIdParamsSchema,
    query: ProviderRequestListQuerySchema,
    response: ProviderRequestPageSchema,
    successStatus: 200,
    noStore: true,
  },
  /**
   * The selection as CSV or XLSX, streamed from the database as it is read. A selection of more than
   * `providerExportDirectRowLimit` rows is refused (`ExportTooLarge`): it runs as a job instead.
   */
  exportProviderCareRequests: {
    method: 'POST',
    // Not `/requests/export`: `GET /requests/{careRequestId}` would match that path too, and advertise GET on it.
    path: '/api/v1/provider/providers/:providerId/export',
    access: providerStaff,
    params: ProviderIdParamsSchema,
    body: ProviderExportSchema,
    response: DocumentBytesSchema,
    successStatus: 200,
    noStore: true,
  },
  getProviderCareRequest: {
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/requests/:careRequestId',
    access: providerStaff,
    params: ProviderCareRequestParamsSchema,
    response: ProviderCareRequestSchema,
    successStatus: 200,
    noStore: true,
  },
  /** The change-status dialog; the client is told by e-mail. */
  changeProviderCareRequestStatus: {
    method: 'POST',
    path: '/api/v1/provider/providers/:providerId/requests/:careRequestId/status',
    access: providerStaff,
    params: ProviderCareRequestParamsSchema,
    body: ProviderStatusChangeSchema,
    response: ProviderCareRequestSchema,
    successStatus: 200,
    noStore: true,
  },
  /** Saves the internal note as typed (last write wins; what it replaced is answered and kept). */
  saveProviderCareRequestNote: {
    method: 'PUT',
    path: '/api/v1/provider/providers/:providerId/requests/:careRequestId/note',
    access: providerStaff,
    params: ProviderCareRequestParamsSchema,
    body: ProviderNoteSaveSchema,
    response: ProviderNoteSavedSchema,
    successStatus: 200,
    noStore: true,
  },
  assignProviderCareRequest: {
    method: 'PUT',
    path: '/api/v1/provider/providers/:providerId/requests/:careRequestId/assignment',
    access: providerStaff,
    params: ProviderCareRequestParamsSchema,
    body: ProviderAssignmentSchema,
    response: ProviderCareRequestSchema,
    successStatus: 200,
    noStore: true,
  },
  /** A file of the request, as an attachment. */
  downloadProviderCareRequestDocument: {
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/requests/:careRequestId/documents/:documentId',
    access: providerStaff,
    params: ProviderCareRequestDocumentParamsSchema,
    response: DocumentBytesSchema,
    successStatus: 200,
    noStore: true,
  },
  /** A large export as a job: the file is made in the background and the caller told by e-mail. */
  createProviderExportJob: {
    method: 'POST',
    path: '/api/v1/provider/providers/:providerId/exports',
    access: providerStaff,
    params: ProviderIdParamsSchema,
    body: ProviderExportSchema,
    response: ProviderExportJobSchema,
    successStatus: 201,
    noStore: true,
  },
  /** The caller's own export jobs of the last days, newest first. */
  listProviderExportJobs: {
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/exports',
    access: providerStaff,
    params: ProviderIdParamsSchema,
    response: ProviderExportJobListSchema,
    successStatus: 200,
    noStore: true,
  },
  downloadProviderExport: {
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/exports/:exportId',
    access: providerStaff,
    params: ProviderExportParamsSchema,
    response: DocumentBytesSchema,
    successStatus: 200,
    noStore: true,
  },
  getProviderDashboard: {
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/dashboard',
    access: providerStaff,
    params: ProviderIdParamsSchema,
    query: ProviderDashboardQuerySchema,
    response: ProviderDashboardSchema,
    successStatus: 200,
    noStore: true,
  },

  // the provider plan (decisions 0097, 0098): every member sees it; only an administrator pays
  /** The plan's state, free months, price with VAT and payments. */
  getProviderPlan: {
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/plan',
    access: providerStaff,
    params: ProviderIdParamsSchema,
    response: ProviderPlanSchema,
    successStatus: 200,
    noStore: true,
  },
  /**
   * Sets up the monthly payment at the payment gateway: answers the checkout to send the browser to
   * (`redirectUrl`); a repeated call answers the open one. Only the provider's administrators: the
   * others get 403 (what a role may do inside a provider is the scope's business).
   */
  createProviderPlanCheckout: {
    method: 'POST',
    path: '/api/v1/provider/providers/:providerId/plan/checkouts',
    access: providerStaff,
    params: ProviderIdParamsSchema,
    response: CheckoutSchema,
    successStatus: 201,
    noStore: true,
  },
  // live capacity of services (issue 23 §4): every provider user reads and updates the capacity of
  // the services in their scope — administrators and coordinators all facilities', a worker their own
  /** The capacity page: every non-archived service the caller may update, the stale first. */
  listProviderServiceCapacities: {
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/capacity',
    access: providerStaff,
    params: ProviderIdParamsSchema,
    response: ProviderServiceCapacityListSchema,
    successStatus: 200,
    noStore: true,
  },
  getProviderServiceCapacity: {
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/services/:serviceId/capacity',
    access: providerStaff,
    params: ProviderServiceParamsSchema,
    response: ProviderServiceCapacitySchema,
    successStatus: 200,
    noStore: true,
  },
  /** One click: confirm as is, mark full, or set accepting, places and wait; always renews the confirmation. */
  updateProviderServiceCapacity: {
    method: 'POST',
    path: '/api/v1/provider/providers/:providerId/services/:serviceId/capacity',
    access: providerStaff,
    params: ProviderServiceParamsSchema,
    body: ProviderCapacityUpdateSchema,
    response: ProviderServiceCapacitySchema,
    successStatus: 200,
    noStore: true,
  },

  // keeping the listing true (issue 23 §6): every 6 months the provider confirms it is up to date
  /** When the provider last confirmed its listing and whether it is due again (the provider area's banner). */
  getListingConfirmation: {
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/listing-confirmation',
    access: providerStaff,
    params: ProviderIdParamsSchema,
    response: ListingConfirmationSchema,
    successStatus: 200,
    noStore: true,
  },
  /**
   * "Confirm my listing is up to date": administrators and coordinators of the provider, who keep its
   * services true (a worker gets 403 from the scope).
   */
  confirmListing: {
    method: 'POST',
    path: '/api/v1/provider/providers/:providerId/listing-confirmation',
    access: providerStaff,
    params: ProviderIdParamsSchema,
    response: ListingConfirmationSchema,
    successStatus: 200,
    noStore: true,
  },

  // the provider's services (issue 23 §3, decision 0101): every member reads them; the scope lets
  // administrators and coordinators change them (a worker is answered 403); another provider's is 404
  listProviderServices: {
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/services',
    access: providerStaff,
    params: ProviderIdParamsSchema,
    query: ProviderServiceListQuerySchema,
    response: ProviderServiceListSchema,
    successStatus: 200,
    noStore: true,
  },
  createProviderService: {
    method: 'POST',
    path: '/api/v1/provider/providers/:providerId/services',
    access: providerStaff,
    params: ProviderIdParamsSchema,
    body: ProviderServiceInputSchema,
    response: ProviderServiceSchema,
    successStatus: 201,
    noStore: true,
  },
  getProviderService: {
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/services/:serviceId',
    access: providerStaff,
    params: ProviderServiceParamsSchema,
    response: ProviderServiceSchema,
    successStatus: 200,
    noStore: true,
  },
  /** Saves the form on the revision it was read at; a newer one answers 409 `RecordChangedByAnother`. */
  updateProviderService: {
    method: 'PUT',
    path: '/api/v1/provider/providers/:providerId/services/:serviceId',
    access: providerStaff,
    params: ProviderServiceParamsSchema,
    body: ProviderServiceUpdateSchema,
    response: ProviderServiceSchema,
    successStatus: 200,
    noStore: true,
  },
  /** Activate, deactivate, archive or restore (decision 0101). */
  changeProviderServiceStatus: {
    method: 'POST',
    path: '/api/v1/provider/providers/:providerId/services/:serviceId/status',
    access: providerStaff,
    params: ProviderServiceParamsSchema,
    body: ProviderServiceStatusChangeSchema,
    response: ProviderServiceSchema,
    successStatus: 200,
    noStore: true,
  },
  /** The service as a carer would see it in the catalogue, drafts included. */
  previewProviderService: {
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/services/:serviceId/preview',
    access: providerStaff,
    params: ProviderServiceParamsSchema,
    response: ServiceDetailSchema,
    successStatus: 200,
    noStore: true,
  },
  getProviderServiceSurveys: {
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/services/:serviceId/surveys',
    access: providerStaff,
    params: ProviderServiceParamsSchema,
    response: ProviderServiceSurveysSchema,
    successStatus: 200,
    noStore: true,
  },
  saveProviderServiceSurveys: {
    method: 'PUT',
    path: '/api/v1/provider/providers/:providerId/services/:serviceId/surveys',
    access: providerStaff,
    params: ProviderServiceParamsSchema,
    body: ProviderServiceSurveysSaveSchema,
    response: ProviderServiceSurveysSchema,
    successStatus: 200,
    noStore: true,
  },
  /** A provider's own questionnaire, published at once (a new version replaces an answered one). */
  createProviderSurveyDefinition: {
    method: 'POST',
    path: '/api/v1/provider/providers/:providerId/survey-definitions',
    access: providerStaff,
    params: ProviderIdParamsSchema,
    body: ProviderSurveyDefinitionInputSchema,
    response: SurveyDefinitionSchema,
    successStatus: 201,
    noStore: true,
  },
  /** Nobody answered it yet; otherwise 409 `SurveyDefinitionDeleteRestriction`. */
  deleteProviderSurveyDefinition: {
    method: 'DELETE',
    path: '/api/v1/provider/providers/:providerId/survey-definitions/:surveyDefinitionId',
    access: providerStaff,
    params: ProviderSurveyDefinitionParamsSchema,
    response: null,
    successStatus: 204,
    noStore: true,
  },

  // images: a provider's logo and facility photos (decisions 0105, 0106)
  /** An image the proxy resizes: only a stored image (`url`), to a width and height of a fixed set. */
  getImage: {
    method: 'GET',
    path: '/api/v1/images',
    access: 'public',
    query: ImageProxyQuerySchema,
    response: DocumentBytesSchema,
    successStatus: 200,
  },
  /** A stored image as normalised at upload; its key is the hash of its bytes, so it never changes. */
  getStoredImage: {
    method: 'GET',
    path: '/api/v1/images/stored/:key',
    access: 'public',
    params: StoredImageParamsSchema,
    response: DocumentBytesSchema,
    successStatus: 200,
  },
  /** The logo and every facility's photos (the "Logo and photos" screen). */
  getProviderImages: {
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/images',
    access: providerStaff,
    params: ProviderIdParamsSchema,
    response: ProviderImagesSchema,
    successStatus: 200,
    noStore: true,
  },
  /** Sets or replaces the logo (raw bytes, `application/octet-stream`). */
  putProviderLogo: {
    method: 'PUT',
    path: '/api/v1/provider/providers/:providerId/logo',
    access: providerStaff,
    params: ProviderIdParamsSchema,
    body: DocumentBytesSchema,
    response: ProviderLogoSchema,
    successStatus: 200,
    noStore: true,
  },
  deleteProviderLogo: {
    method: 'DELETE',
    path: '/api/v1/provider/providers/:providerId/logo',
    access: providerStaff,
    params: ProviderIdParamsSchema,
    response: null,
    successStatus: 204,
  },
  /** Adds a photo (raw bytes) under an id the uploader chose: sending it again answers the photo already there. */
  putFacilityPhoto: {
    method: 'PUT',
    path: '/api/v1/provider/providers/:providerId/facilities/:facilityId/photos/:photoId',
    access: providerStaff,
    params: FacilityPhotoParamsSchema,
    body: DocumentBytesSchema,
    response: FacilityPhotoSchema,
    successStatus: 201,
    noStore: true,
  },
  /** The photo's alt text in each language. */
  updateFacilityPhotoAlt: {
    method: 'PUT',
    path: '/api/v1/provider/providers/:providerId/facilities/:facilityId/photos/:photoId/alt',
    access: providerStaff,
    params: FacilityPhotoParamsSchema,
    body: FacilityPhotoAltSchema,
    response: FacilityPhotoSchema,
    successStatus: 200,
    noStore: true,
  },
  deleteFacilityPhoto: {
    method: 'DELETE',
    path: '/api/v1/provider/providers/:providerId/facilities/:facilityId/photos/:photoId',
    access: providerStaff,
    params: FacilityPhotoParamsSchema,
    response: null,
    successStatus: 204,
  },
  // the provider's documents for its verification (decision 0130): members read, administrators change
  /** The registration decisions and licences the provider uploaded, newest first. */
  listProviderDocuments: {
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/verification-documents',
    access: providerStaff,
    params: ProviderIdParamsSchema,
    response: ProviderDocumentListSchema,
    successStatus: 200,
    noStore: true,
  },
  /** Uploads one (raw bytes) under an id the uploader chose: sending it again answers the one stored. */
  putProviderDocument: {
    method: 'PUT',
    path: '/api/v1/provider/providers/:providerId/verification-documents/:documentId',
    access: providerStaff,
    params: ProviderDocumentParamsSchema,
    query: ProviderDocumentUploadQuerySchema,
    body: DocumentBytesSchema,
    response: ProviderDocumentSchema,
    successStatus: 201,
    noStore: true,
  },
  downloadProviderDocument: {
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/verification-documents/:documentId',
    access: providerStaff,
    params: ProviderDocumentParamsSchema,
    response: DocumentBytesSchema,
    successStatus: 200,
    noStore: true,
  },
  deleteProviderDocument: {
    method: 'DELETE',
    path: '/api/v1/provider/providers/:providerId/verification-documents/:documentId',
    access: providerStaff,
    params: ProviderDocumentParamsSchema,
    response: null,
    successStatus: 204,
  },
  /** Puts the facility's photos in the order given (every photo once). */
  orderFacilityPhotos: {
    method: 'PUT',
    path: '/api/v1/provider/providers/:providerId/facilities/:facilityId/photo-order',
    access: providerStaff,
    params: FacilityPhotosParamsSchema,
    body: FacilityPhotoOrderSchema,
    response: FacilityPhotoListSchema,
    successStatus: 200,
    noStore: true,
  },

  // the provider's profile, facilities and contacts (issue 23 §2): read by every provider user; who may
  // change what is decided by their roles in that provider (403 otherwise). Every save carries the
  // revision it edited and answers 409 `RecordChangedByAnother` with the current record when someone
  // saved first
  /** The provider profile's three tabs: details, facilities, the provider's own contacts. */
  getProviderProfile: {
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/profile',
    access: providerStaff,
    params: ProviderIdParamsSchema,
    response: ProviderProfileSchema,
    successStatus: 200,
    noStore: true,
  },
  updateProviderProfile: {
    method: 'PUT',
    path: '/api/v1/provider/providers/:providerId/profile',
    access: providerStaff,
    params: ProviderIdParamsSchema,
    body: ProviderDetailsUpdateSchema,
    response: ProviderRecordSchema,
    successStatus: 200,
    noStore: true,
  },
  createProviderFacility: {
    method: 'POST',
    path: '/api/v1/provider/providers/:providerId/facilities',
    access: providerStaff,
    params: ProviderIdParamsSchema,
    body: FacilityDetailsSchema,
    response: FacilityRecordSchema,
    successStatus: 201,
    noStore: true,
  },
  /** The facility detail's three tabs: services, information, contacts. */
  getProviderFacility: {
    method: 'GET',
    path: '/api/v1/provider/providers/:providerId/facilities/:facilityId',
    access: providerStaff,
    params: ProviderFacilityParamsSchema,
    response: FacilityDetailSchema,
    successStatus: 200,
    noStore: true,
  },
  updateProviderFacility: {
    method: 'PUT',
    path: '/api/v1/provider/providers/:providerId/facilities/:facilityId',
    access: providerStaff,
    params: ProviderFacilityParamsSchema,
    body: FacilityDetailsUpdateSchema,
    response: FacilityRecordSchema,
    successStatus: 200,
    noStore: true,
  },
  createProviderContact: {
    method: 'POST',
    path: '/api/v1/provider/providers/:providerId/contacts',
    access: providerStaff,
    params: ProviderIdParamsSchema,
    body: ProviderContactCreateSchema,
    response: ProviderContactSchema,
    successStatus: 201,
    noStore: true,
  },
  updateProviderContact: {
    method: 'PUT',
    path: '/api/v1/provider/providers/:providerId/contacts/:contactId',
    access: providerStaff,
    params: ProviderContactParamsSchema,
    body: ProviderContactUpdateSchema,
    response: ProviderContactSchema,
    successStatus: 200,
    noStore: true,
  },
  /** `?revision=` is the revision the person saw: a contact changed since answers 409, not deleted. */
  deleteProviderContact: {
    method: 'DELETE',
    path: '/api/v1/provider/providers/:providerId/contacts/:contactId',
    access: providerStaff,
    params: ProviderContactParamsSchema,
    query: RevisionQuerySchema,
    response: null,
    successStatus: 204,
    noStore: true,
  },
});

export type Operations = typeof operations;
/** Every API operation (`operationId` in OpenAPI). */
export type OperationId = keyof Operations;
/** Every operation id, in the order of the table. */
export const operationIds = Object.keys(operations) as [OperationId, ...OperationId[]];
export const OperationIdSchema = z.enum(operationIds);
export type OperationOf<K extends OperationId> = Operations[K];
