import { z } from 'zod';
import { careRequestDeclineReasons } from '../care-request-decisions.ts';
import { careRequestSources } from '../care-request-sources.ts';
import { careRequestEventKinds, careRequestStatusCodes, caseSurveyTypes, surveyTypes } from '../enums.ts';
import {
  DateTimeSchema,
  IsoDateSchema,
  optionalText,
  ProviderConsentSchema,
  requiredOr,
} from '../validation/fields.ts';
import { E164PhoneSchema } from '../validation/phone.ts';
import { AddressSchema, PublicContactSchema, ServiceFormSchema } from './catalogue.ts';
import { ClientSchema } from './clients.ts';
import { IdParamSchema, IdSchema, maxPageSize, PriceSchema, ServiceTypeCodeSchema } from './common.ts';
import { SurveyAnswersSchema, SurveyDocumentSchema } from './survey-document.ts';

// A care request from the client's side (SPEC §2 request-review, request-confirmation, request/{id},
// the client's my-services tab). The reference people quote is the case's code (SPEC §1: "the
// reference number of a request is the case id"). Statuses are codes, translated in the UI
// (`enums:careRequestStatus.<code>`).

/** Where a request came from: through Opora, or entered by the provider (issue 24 §2). */
export const CareRequestSourceSchema = z.enum(careRequestSources);

export const CareRequestStatusCodeSchema = z.enum(careRequestStatusCodes, {
  error: requiredOr('invalidOption'),
});

/** Days a provider is asked to answer a new request in; the request shows the date it falls on. */
export const careRequestAnswerDays = 7;

/** The service a request is (or will be) sent to, with the provider's public contacts. */
export const CareRequestServiceSchema = z
  .object({
    id: IdSchema,
    name: z.string(),
    serviceType: z.object({ code: ServiceTypeCodeSchema }),
    form: ServiceFormSchema,
    price: PriceSchema.nullable(),
    place: z.string().nullable(),
    facility: z.object({ id: IdSchema, name: z.string(), address: AddressSchema.nullable() }),
    provider: z.object({
      id: IdSchema,
      name: z.string(),
      verified: z.boolean(),
      contactPhone: E164PhoneSchema.nullable(),
      contactEmail: z.string().nullable(),
      url: z.string().nullable(),
      contacts: z.array(PublicContactSchema),
    }),
  })
  .meta({ id: 'CareRequestService' });
export type CareRequestService = z.infer<typeof CareRequestServiceSchema>;

/**
 * The client as a request shares them with the provider: who they are, where care is needed, the
 * people around them (the birth number masked, as everywhere).
 */
export const CareRequestClientSchema = ClientSchema.pick({
  id: true,
  isClient: true,
  relationshipType: true,
  fullName: true,
  dateOfBirth: true,
  birthNumberMasked: true,
  sex: true,
  email: true,
  phone: true,
  residence: true,
  serviceAddressDiffers: true,
  serviceAddress: true,
  contactPerson: true,
  attendingDoctor: true,
}).meta({ id: 'CareRequestClient' });
export type CareRequestClient = z.infer<typeof CareRequestClientSchema>;

/** The person sending the request (SPEC's "contractor"): the client or a carer acting for them. */
export const CareRequestRequesterSchema = z
  .object({ fullName: z.string(), email: z.string().nullable(), phone: E164PhoneSchema.nullable() })
  .meta({ id: 'CareRequestRequester' });
export type CareRequestRequester = z.infer<typeof CareRequestRequesterSchema>;

/**
 * The case a request belongs to: its reference (`code`) and where its own questionnaires stand — the
 * provider reads them with the request.
 */
export const CareRequestCaseSchema = z
  .object({
    id: IdSchema,
    code: z.string(),
    name: z.string(),
    surveys: z.array(
      z.object({ type: z.enum(caseSurveyTypes), state: z.enum(['not-started', 'draft', 'completed']) }),
    ),
  })
  .meta({ id: 'CareRequestCase' });
export type CareRequestCase = z.infer<typeof CareRequestCaseSchema>;

/**
 * A questionnaire of a request: one of the provider's own for the service (`service`: the document to
 * fill, the answers so far), or — on a sent request — the case's own (`extended-case`, `case`) as they
 * stood when it was sent. `complete`: every visible required question answered.
 */
export const CareRequestSurveySchema = z
  .object({
    surveyDefinitionId: IdSchema,
    type: z.enum(surveyTypes),
    code: z.string(),
    definition: SurveyDocumentSchema,
    answers: SurveyAnswersSchema,
    complete: z.boolean(),
    /** When the answers were sent as complete; null while a draft. */
    submittedAt: DateTimeSchema.nullable(),
    /** Null while nothing is saved. */
    updatedAt: DateTimeSchema.nullable(),
  })
  .meta({ id: 'CareRequestSurvey' });
export type CareRequestSurvey = z.infer<typeof CareRequestSurveySchema>;

/** An uploaded file of a request. */
export const DocumentFileSchema = z
  .object({
    id: IdSchema,
    fileName: z.string(),
    contentType: z.string(),
    size: z.number().int().min(0),
    createdDate: DateTimeSchema,
  })
  .meta({ id: 'DocumentFile' });
export type DocumentFile = z.infer<typeof DocumentFileSchema>;

/**
 * `PUT /cases/{caseId}/request-drafts/{serviceId}`: the review page of a request not sent yet —
 * what the provider will see, the provider's questionnaires to fill and the documents attached.
 */
export const RequestDraftSchema = z
  .object({
    id: IdSchema,
    case: CareRequestCaseSchema,
    service: CareRequestServiceSchema,
    client: CareRequestClientSchema,
    requester: CareRequestRequesterSchema,
    surveys: z.array(CareRequestSurveySchema),
    documents: z.array(DocumentFileSchema),
    /** The version of the consent text the review page shows (recorded with the request). */
    consentVersion: z.string(),
  })
  .meta({ id: 'RequestDraft' });
export type RequestDraft = z.infer<typeof RequestDraftSchema>;

/**
 * Answers to one of the provider's questionnaires on the review page: saved as the person goes
 * (`complete: false`: whatever is answered must be valid) or sent as complete.
 */
export const RequestDraftSurveySaveSchema = z
  .object({ answers: SurveyAnswersSchema, complete: z.boolean().default(false) })
  .meta({ id: 'RequestDraftSurveySaveBody' });
export type RequestDraftSurveySave = z.infer<typeof RequestDraftSurveySaveSchema>;

/** Sending the request: the consent to hand the information to the provider, and a note for them. */
export const CareRequestSendSchema = z
  .object({
    providerConsent: ProviderConsentSchema,
    /** A note to the provider (when care should start, what matters most). */
    message: optionalText({ max: 2000, multiline: true }),
  })
  .meta({ id: 'CareRequestSendBody' });
export type CareRequestSend = z.input<typeof CareRequestSendSchema>;

/** One line of a request's history: when, who, what became of it. */
export const CareRequestEventSchema = z
  .object({
    id: IdSchema,
    eventDate: DateTimeSchema,
    kind: z.enum(careRequestEventKinds),
    /** The status after the event (`created`, `status-changed`); null for other events. */
    status: CareRequestStatusCodeSchema.nullable(),
    /** The file added or removed (`document-added`, `document-removed`); null for other events. */
    documentName: z.string().nullable(),
    /** Who: the requester (by name), the provider (its name), or the platform. */
    createdBy: z.string(),
    actor: z.enum(['requester', 'provider', 'platform']),
  })
  .meta({ id: 'CareRequestEvent' });
export type CareRequestEvent = z.infer<typeof CareRequestEventSchema>;

/** `GET /care-requests/{id}`: a request as its sender sees it (tabs overview, surveys, documents). */
export const CareRequestSchema = z
  .object({
    id: IdSchema,
    /** The reference to quote: the case's code. */
    code: z.string(),
    status: CareRequestStatusCodeSchema,
    /** Why the provider declined it (status `rejected`); null otherwise. */
    reason: z.enum(careRequestDeclineReasons).nullable(),
    /** The provider's own words on the reason (always given with `other`); null when none. */
    reasonText: z.string().nullable(),
    createdDate: DateTimeSchema,
    editedDate: DateTimeSchema,
    /** When the provider is asked to have answered a request still `new` (`careRequestAnswerDays`). */
    answerExpectedBy: IsoDateSchema,
    /** The note sent to the provider. */
    message: z.string().nullable(),
    /** An Opora assistant sent it for the carer (issue 25 §2, decision 0123). */
    sentByAssistant: z.boolean(),
    /** That assistant's first name, when known (null otherwise, and for the carer's own requests). */
    assistantName: z.string().nullable(),
    case: CareRequestCaseSchema,
    service: CareRequestServiceSchema,
    client: CareRequestClientSchema,
    requester: CareRequestRequesterSchema,
    /** When the consent to share this information with the provider was given. */
    providerConsentGrantedAt: DateTimeSchema.nullable(),
    events: z.array(CareRequestEventSchema),
    surveys: z.array(CareRequestSurveySchema),
    documents: z.array(DocumentFileSchema),
    /** The sender may still withdraw it (its status allows `withdrawn`). */
    canWithdraw: z.boolean(),
  })
  .meta({ id: 'CareRequest' });
export type CareRequest = z.infer<typeof CareRequestSchema>;

/** A request in the client's list (my-services). */
export const CareRequestListItemSchema = z
  .object({
    id: IdSchema,
    code: z.string(),
    status: CareRequestStatusCodeSchema,
    createdDate: DateTimeSchema,
    editedDate: DateTimeSchema,
    case: z.object({ id: IdSchema, name: z.string() }),
    service: z.object({
      id: IdSchema,
      name: z.string(),
      serviceType: z.object({ code: ServiceTypeCodeSchema }),
      form: ServiceFormSchema,
    }),
    provider: z.object({ id: IdSchema, name: z.string() }),
  })
  .meta({ id: 'CareRequestListItem' });
export type CareRequestListItem = z.infer<typeof CareRequestListItemSchema>;

/** `?status=` (one status or `all`) and paging of a client's requests, newest first. */
export const CareRequestListQuerySchema = z.object({
  status: z.enum([...careRequestStatusCodes, 'all']).default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(maxPageSize).default(50),
});
export type CareRequestListQuery = z.input<typeof CareRequestListQuerySchema>;

/**
 * A page of a client's requests with the status filter applied; `counts` holds every status's
 * number over all the client's requests, so the filter can say how many each has.
 */
export const CareRequestListSchema = z
  .object({
    items: z.array(CareRequestListItemSchema),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1).max(maxPageSize),
    counts: z.record(CareRequestStatusCodeSchema, z.number().int().min(0)),
    /** All of the client's requests, whatever their status. */
    allCount: z.number().int().min(0),
  })
  .meta({ id: 'CareRequestList' });
export type CareRequestList = z.infer<typeof CareRequestListSchema>;

export const RequestDraftOpenParamsSchema = z.object({ caseId: IdParamSchema, serviceId: IdParamSchema });
export const RequestDraftIdParamsSchema = z.object({ draftId: IdParamSchema });
export const RequestDraftSurveyParamsSchema = z.object({
  draftId: IdParamSchema,
  surveyDefinitionId: IdParamSchema,
});
export const CareRequestIdParamsSchema = z.object({ careRequestId: IdParamSchema });
