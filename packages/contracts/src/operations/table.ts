import { z } from 'zod';
import {
  CurrentUserSchema,
  SignUpResultSchema,
  SignUpSchema,
  UpdateCurrentUserSchema,
} from '../schemas/accounts.ts';
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
  ProviderRequestListQuerySchema,
  ProviderRequestPageSchema,
  ProviderStatusChangeSchema,
  ProviderTeamSchema,
} from '../schemas/provider-inbox.ts';
import { RegionListQuerySchema, RegionTreeSchema } from '../schemas/regions.ts';
import {
  AssistantTaskInputSchema,
  AssistantTaskListSchema,
  AssistantTaskSchema,
  CheckoutCreateSchema,
  CheckoutIdParamsSchema,
  CheckoutSchema,
  CurrentSubscriptionSchema,
  StripeEventEnvelopeSchema,
  SubscriptionTypeListQuerySchema,
  SubscriptionTypeListSchema,
  TestGatewayCompletionSchema,
  TestGatewayEventSchema,
  TestGatewayReferenceParamsSchema,
} from '../schemas/subscriptions.ts';
import {
  CaseSurveyParamsSchema,
  CaseSurveySaveSchema,
  CaseSurveySchema,
  CaseSurveyTypeParamsSchema,
  SurveyDefinitionIdParamsSchema,
  SurveyDefinitionInputSchema,
  SurveyDefinitionListSchema,
  SurveyDefinitionSchema,
} from '../schemas/surveys.ts';
import { WebConfigSchema } from '../schemas/web-config.ts';
import type { OperationContract } from './define.ts';
import * as route from './routes.ts';

type OperationId = (typeof route.operationRoutes)[number]['operationId'];

/**
 * Every operation with its schemas: params, query, body and the success answer. API routes spread
 * their entry (`apps/api/src/platform/operation-route.ts`); the web app derives each fetcher's
 * path, key and types from it. Failure answers are the API's to document.
 */
export const operations = {
  getHealth: { ...route.getHealthRoute, response: HealthSchema, successStatus: 200 },
  getReady: { ...route.getReadyRoute, response: ReadinessSchema, successStatus: 200 },
  getWebConfig: { ...route.getWebConfigRoute, response: WebConfigSchema, successStatus: 200 },
  listRegions: {
    ...route.listRegionsRoute,
    query: RegionListQuerySchema,
    response: RegionTreeSchema,
    successStatus: 200,
  },
  searchPlaces: {
    ...route.searchPlacesRoute,
    query: PlaceSearchQuerySchema,
    response: PlaceListSchema,
    successStatus: 200,
  },
  listRelationshipTypes: {
    ...route.listRelationshipTypesRoute,
    query: LocaleQuerySchema,
    response: RelationshipTypeListSchema,
    successStatus: 200,
  },
  listServiceTypes: { ...route.listServiceTypesRoute, response: ServiceTaxonomySchema, successStatus: 200 },
  listServices: {
    ...route.listServicesRoute,
    query: ServiceListQuerySchema,
    response: ServiceListSchema,
    successStatus: 200,
  },
  getService: {
    ...route.getServiceRoute,
    params: ServiceIdParamsSchema,
    response: ServiceDetailSchema,
    successStatus: 200,
  },
  sendContactMessage: {
    ...route.sendContactMessageRoute,
    body: ContactFormSchema,
    response: null,
    successStatus: 204,
  },
  signUp: { ...route.signUpRoute, body: SignUpSchema, response: SignUpResultSchema, successStatus: 201 },
  getCurrentUser: {
    ...route.getCurrentUserRoute,
    response: CurrentUserSchema,
    successStatus: 200,
    noStore: true,
  },
  updateCurrentUser: {
    ...route.updateCurrentUserRoute,
    body: UpdateCurrentUserSchema,
    response: CurrentUserSchema,
    successStatus: 200,
    noStore: true,
  },
  deleteCurrentUser: { ...route.deleteCurrentUserRoute, response: null, successStatus: 204 },
  changePassword: {
    ...route.changePasswordRoute,
    body: ChangePasswordSchema,
    response: null,
    successStatus: 204,
  },
  resendEmailConfirmation: { ...route.resendEmailConfirmationRoute, response: null, successStatus: 204 },
  confirmEmail: {
    ...route.confirmEmailRoute,
    body: EmailConfirmationSchema,
    response: null,
    successStatus: 204,
  },
  requestPasswordReset: {
    ...route.requestPasswordResetRoute,
    body: ResetPasswordRequestSchema,
    response: null,
    successStatus: 204,
  },
  resetPassword: {
    ...route.resetPasswordRoute,
    body: ResetPasswordSetSchema,
    response: null,
    successStatus: 204,
  },
  createCase: {
    ...route.createCaseRoute,
    body: CaseCreateInputSchema,
    response: CaseSchema,
    successStatus: 200,
  },
  getCase: { ...route.getCaseRoute, params: CaseIdParamsSchema, response: CaseSchema, successStatus: 200 },
  renameCase: {
    ...route.renameCaseRoute,
    params: CaseIdParamsSchema,
    body: CaseRenameSchema,
    response: CaseSchema,
    successStatus: 200,
  },
  getCaseSurvey: {
    ...route.getCaseSurveyRoute,
    params: CaseSurveyParamsSchema,
    response: CaseSurveySchema,
    successStatus: 200,
    noStore: true,
  },
  saveCaseSurvey: {
    ...route.saveCaseSurveyRoute,
    params: CaseSurveyParamsSchema,
    body: CaseSurveySaveSchema,
    response: CaseSurveySchema,
    successStatus: 200,
    noStore: true,
  },
  createGuestCase: {
    ...route.createGuestCaseRoute,
    body: GuestCaseCreateSchema,
    response: GuestCaseCreatedSchema,
    successStatus: 201,
    noStore: true,
  },
  getGuestCase: {
    ...route.getGuestCaseRoute,
    params: GuestCaseIdParamsSchema,
    response: GuestCaseSchema,
    successStatus: 200,
    noStore: true,
  },
  getGuestCaseSurvey: {
    ...route.getGuestCaseSurveyRoute,
    params: CaseSurveyParamsSchema,
    response: CaseSurveySchema,
    successStatus: 200,
    noStore: true,
  },
  saveGuestCaseSurvey: {
    ...route.saveGuestCaseSurveyRoute,
    params: CaseSurveyParamsSchema,
    body: CaseSurveySaveSchema,
    response: CaseSurveySchema,
    successStatus: 200,
    noStore: true,
  },
  claimGuestCase: {
    ...route.claimGuestCaseRoute,
    params: GuestCaseIdParamsSchema,
    response: CaseSchema,
    successStatus: 200,
    noStore: true,
  },
  listMyClients: { ...route.listMyClientsRoute, response: MyClientListSchema, successStatus: 200 },
  createClient: {
    ...route.createClientRoute,
    body: ClientCreateSchema,
    response: ClientSchema,
    successStatus: 201,
  },
  getClient: {
    ...route.getClientRoute,
    params: ClientIdParamsSchema,
    response: ClientSchema,
    successStatus: 200,
  },
  updateClient: {
    ...route.updateClientRoute,
    params: ClientIdParamsSchema,
    body: ClientUpdateSchema,
    response: ClientSchema,
    successStatus: 200,
  },
  listClientCases: {
    ...route.listClientCasesRoute,
    params: ClientIdParamsSchema,
    response: CaseListSchema,
    successStatus: 200,
  },
  createClientCase: {
    ...route.createClientCaseRoute,
    params: ClientIdParamsSchema,
    body: CaseCreateInputSchema,
    response: CaseSchema,
    successStatus: 201,
  },
  getClientServiceOffer: {
    ...route.getClientServiceOfferRoute,
    params: ClientIdParamsSchema,
    query: ServiceOfferQuerySchema,
    response: ServiceOfferSchema,
    successStatus: 200,
  },
  getPublishedSurvey: {
    ...route.getPublishedSurveyRoute,
    params: CaseSurveyTypeParamsSchema,
    response: SurveyDefinitionSchema,
    successStatus: 200,
  },
  listSurveyDefinitions: {
    ...route.listSurveyDefinitionsRoute,
    response: SurveyDefinitionListSchema,
    successStatus: 200,
  },
  createSurveyDefinition: {
    ...route.createSurveyDefinitionRoute,
    body: SurveyDefinitionInputSchema,
    response: SurveyDefinitionSchema,
    successStatus: 201,
  },
  publishSurveyDefinition: {
    ...route.publishSurveyDefinitionRoute,
    params: SurveyDefinitionIdParamsSchema,
    response: SurveyDefinitionSchema,
    successStatus: 200,
  },
  deleteSurveyDefinition: {
    ...route.deleteSurveyDefinitionRoute,
    params: SurveyDefinitionIdParamsSchema,
    response: null,
    successStatus: 204,
  },
  listDevMail: {
    ...route.listDevMailRoute,
    response: z.array(DevMailMessageSchema),
    successStatus: 200,
    noStore: true,
  },
  /** An HTML page. */
  viewDevMail: { ...route.viewDevMailRoute, response: z.string(), successStatus: 200, noStore: true },
  listSubscriptionTypes: {
    ...route.listSubscriptionTypesRoute,
    query: SubscriptionTypeListQuerySchema,
    response: SubscriptionTypeListSchema,
    successStatus: 200,
  },
  getCurrentSubscription: {
    ...route.getCurrentSubscriptionRoute,
    response: CurrentSubscriptionSchema,
    successStatus: 200,
  },
  /** One click, free: nothing more is charged; access lasts to the end of the paid month. Repeating it changes nothing. */
  cancelCurrentSubscription: {
    ...route.cancelCurrentSubscriptionRoute,
    response: CurrentSubscriptionSchema,
    successStatus: 200,
  },
  createCheckout: {
    ...route.createCheckoutRoute,
    body: CheckoutCreateSchema,
    response: CheckoutSchema,
    successStatus: 201,
  },
  getCheckout: {
    ...route.getCheckoutRoute,
    params: CheckoutIdParamsSchema,
    response: CheckoutSchema,
    successStatus: 200,
  },
  /** An HTML page. */
  viewTestGatewayCheckout: {
    ...route.viewTestGatewayCheckoutRoute,
    params: TestGatewayReferenceParamsSchema,
    response: z.string(),
    successStatus: 200,
    noStore: true,
  },
  /** A form post from that page; answers an HTML page that sends the browser back to the app. */
  completeTestGatewayCheckout: {
    ...route.completeTestGatewayCheckoutRoute,
    params: TestGatewayReferenceParamsSchema,
    body: TestGatewayCompletionSchema,
    response: z.string(),
    successStatus: 200,
    noStore: true,
  },
  receiveTestGatewayEvent: {
    ...route.receiveTestGatewayEventRoute,
    body: TestGatewayEventSchema,
    response: null,
    successStatus: 204,
  },
  receiveStripeEvent: {
    ...route.receiveStripeEventRoute,
    body: StripeEventEnvelopeSchema,
    response: null,
    successStatus: 204,
  },
  saveAssistantTask: {
    ...route.saveAssistantTaskRoute,
    params: CaseIdParamsSchema,
    body: AssistantTaskInputSchema,
    response: AssistantTaskSchema,
    successStatus: 200,
  },
  listAssistantTasks: {
    ...route.listAssistantTasksRoute,
    response: AssistantTaskListSchema,
    successStatus: 200,
  },
  /** Opens the review page's draft of a request (made on first call; the same one afterwards). */
  openRequestDraft: {
    ...route.openRequestDraftRoute,
    params: RequestDraftOpenParamsSchema,
    response: RequestDraftSchema,
    successStatus: 200,
    noStore: true,
  },
  saveRequestDraftSurvey: {
    ...route.saveRequestDraftSurveyRoute,
    params: RequestDraftSurveyParamsSchema,
    body: RequestDraftSurveySaveSchema,
    response: CareRequestSurveySchema,
    successStatus: 200,
    noStore: true,
  },
  /** Sends the draft as the request; sending it again answers the request it became. */
  sendRequestDraft: {
    ...route.sendRequestDraftRoute,
    params: RequestDraftIdParamsSchema,
    body: CareRequestSendSchema,
    response: CareRequestSchema,
    successStatus: 200,
    noStore: true,
  },
  getCareRequest: {
    ...route.getCareRequestRoute,
    params: CareRequestIdParamsSchema,
    response: CareRequestSchema,
    successStatus: 200,
    noStore: true,
  },
  withdrawCareRequest: {
    ...route.withdrawCareRequestRoute,
    params: CareRequestIdParamsSchema,
    response: CareRequestSchema,
    successStatus: 200,
    noStore: true,
  },
  listClientCareRequests: {
    ...route.listClientCareRequestsRoute,
    params: ClientIdParamsSchema,
    query: CareRequestListQuerySchema,
    response: CareRequestListSchema,
    successStatus: 200,
    noStore: true,
  },
  /**
   * Attaches a file (raw bytes, `application/octet-stream`) under an id the uploader chose: sending it
   * again answers the document already there.
   */
  putRequestDraftDocument: {
    ...route.putRequestDraftDocumentRoute,
    params: RequestDraftDocumentParamsSchema,
    query: DocumentUploadQuerySchema,
    body: DocumentBytesSchema,
    response: DocumentFileSchema,
    successStatus: 201,
    noStore: true,
  },
  /** The file's bytes, as an attachment. */
  downloadRequestDraftDocument: {
    ...route.downloadRequestDraftDocumentRoute,
    params: RequestDraftDocumentParamsSchema,
    response: DocumentBytesSchema,
    successStatus: 200,
    noStore: true,
  },
  deleteRequestDraftDocument: {
    ...route.deleteRequestDraftDocumentRoute,
    params: RequestDraftDocumentParamsSchema,
    response: null,
    successStatus: 204,
  },
  /** As `putRequestDraftDocument`, on a sent request; the provider sees it in the history. */
  putCareRequestDocument: {
    ...route.putCareRequestDocumentRoute,
    params: CareRequestDocumentParamsSchema,
    query: DocumentUploadQuerySchema,
    body: DocumentBytesSchema,
    response: DocumentFileSchema,
    successStatus: 201,
    noStore: true,
  },
  downloadCareRequestDocument: {
    ...route.downloadCareRequestDocumentRoute,
    params: CareRequestDocumentParamsSchema,
    response: DocumentBytesSchema,
    successStatus: 200,
    noStore: true,
  },
  /** Removes a file of a sent request; the removal stays in the history. */
  deleteCareRequestDocument: {
    ...route.deleteCareRequestDocumentRoute,
    params: CareRequestDocumentParamsSchema,
    response: null,
    successStatus: 204,
  },
  /** The providers the caller works for, with roles, facilities and new requests (the header's switcher). */
  listProviderMemberships: {
    ...route.listProviderMembershipsRoute,
    response: ProviderMembershipListSchema,
    successStatus: 200,
    noStore: true,
  },
  /** Colleagues and facility teams a request can be assigned to. */
  getProviderTeam: {
    ...route.getProviderTeamRoute,
    params: ProviderIdParamsSchema,
    response: ProviderTeamSchema,
    successStatus: 200,
    noStore: true,
  },
  /** The requests grid: the caller's scope, filtered, sorted and paged on the server. */
  listProviderCareRequests: {
    ...route.listProviderCareRequestsRoute,
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
    ...route.exportProviderCareRequestsRoute,
    params: ProviderIdParamsSchema,
    body: ProviderExportSchema,
    response: DocumentBytesSchema,
    successStatus: 200,
    noStore: true,
  },
  getProviderCareRequest: {
    ...route.getProviderCareRequestRoute,
    params: ProviderCareRequestParamsSchema,
    response: ProviderCareRequestSchema,
    successStatus: 200,
    noStore: true,
  },
  /** The change-status dialog; the client is told by e-mail. */
  changeProviderCareRequestStatus: {
    ...route.changeProviderCareRequestStatusRoute,
    params: ProviderCareRequestParamsSchema,
    body: ProviderStatusChangeSchema,
    response: ProviderCareRequestSchema,
    successStatus: 200,
    noStore: true,
  },
  /** Saves the internal note as typed (last write wins; what it replaced is answered and kept). */
  saveProviderCareRequestNote: {
    ...route.saveProviderCareRequestNoteRoute,
    params: ProviderCareRequestParamsSchema,
    body: ProviderNoteSaveSchema,
    response: ProviderNoteSavedSchema,
    successStatus: 200,
    noStore: true,
  },
  assignProviderCareRequest: {
    ...route.assignProviderCareRequestRoute,
    params: ProviderCareRequestParamsSchema,
    body: ProviderAssignmentSchema,
    response: ProviderCareRequestSchema,
    successStatus: 200,
    noStore: true,
  },
  /** A file of the request, as an attachment. */
  downloadProviderCareRequestDocument: {
    ...route.downloadProviderCareRequestDocumentRoute,
    params: ProviderCareRequestDocumentParamsSchema,
    response: DocumentBytesSchema,
    successStatus: 200,
    noStore: true,
  },
  /** A large export as a job: the file is made in the background and the caller told by e-mail. */
  createProviderExportJob: {
    ...route.createProviderExportJobRoute,
    params: ProviderIdParamsSchema,
    body: ProviderExportSchema,
    response: ProviderExportJobSchema,
    successStatus: 201,
    noStore: true,
  },
  /** The caller's own export jobs of the last days, newest first. */
  listProviderExportJobs: {
    ...route.listProviderExportJobsRoute,
    params: ProviderIdParamsSchema,
    response: ProviderExportJobListSchema,
    successStatus: 200,
    noStore: true,
  },
  downloadProviderExport: {
    ...route.downloadProviderExportRoute,
    params: ProviderExportParamsSchema,
    response: DocumentBytesSchema,
    successStatus: 200,
    noStore: true,
  },
  getProviderDashboard: {
    ...route.getProviderDashboardRoute,
    params: ProviderIdParamsSchema,
    query: ProviderDashboardQuerySchema,
    response: ProviderDashboardSchema,
    successStatus: 200,
    noStore: true,
  },
} as const satisfies { readonly [K in OperationId]: OperationContract & { readonly operationId: K } };

export type Operations = typeof operations;
export type OperationOf<K extends OperationId> = Operations[K];
