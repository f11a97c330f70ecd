import { z } from 'zod';
import {
  CurrentUserSchema,
  SignUpResultSchema,
  SignUpSchema,
  UpdateCurrentUserSchema,
} from '../schemas/accounts.ts';
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
import { HealthSchema, ReadinessSchema } from '../schemas/health.ts';
import {
  ChangePasswordSchema,
  DevMailMessageSchema,
  EmailConfirmationSchema,
  ResetPasswordRequestSchema,
  ResetPasswordSetSchema,
} from '../schemas/identity.ts';
import { PlaceListSchema, PlaceSearchQuerySchema } from '../schemas/places.ts';
import { RegionListQuerySchema, RegionTreeSchema } from '../schemas/regions.ts';
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
  getCurrentUser: { ...route.getCurrentUserRoute, response: CurrentUserSchema, successStatus: 200 },
  updateCurrentUser: {
    ...route.updateCurrentUserRoute,
    body: UpdateCurrentUserSchema,
    response: CurrentUserSchema,
    successStatus: 200,
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
  },
  saveCaseSurvey: {
    ...route.saveCaseSurveyRoute,
    params: CaseSurveyParamsSchema,
    body: CaseSurveySaveSchema,
    response: CaseSurveySchema,
    successStatus: 200,
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
  listDevMail: { ...route.listDevMailRoute, response: z.array(DevMailMessageSchema), successStatus: 200 },
  /** An HTML page. */
  viewDevMail: { ...route.viewDevMailRoute, response: z.string(), successStatus: 200 },
} as const satisfies { readonly [K in OperationId]: OperationContract & { readonly operationId: K } };

export type Operations = typeof operations;
export type OperationOf<K extends OperationId> = Operations[K];
