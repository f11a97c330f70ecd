import { z } from 'zod';
import { careRequestDeclineReasons } from '../care-request-decisions.ts';
import { careRequestEventKinds, providerRoles } from '../enums.ts';
import {
  DateTimeSchema,
  IsoDateSchema,
  maxLengthCheck,
  optionalText,
  textCharactersCheck,
} from '../validation/fields.ts';
import { E164PhoneSchema } from '../validation/phone.ts';
import {
  CareRequestCaseSchema,
  CareRequestClientSchema,
  CareRequestServiceSchema,
  CareRequestSourceSchema,
  CareRequestStatusCodeSchema,
  CareRequestSurveySchema,
  DocumentFileSchema,
} from './care-requests.ts';
import { IdParamSchema, IdSchema, maxPageSize, ServiceTypeCodeSchema } from './common.ts';
import { ProviderRequestFilterSchema } from './provider-request-grid.ts';

// The provider's inbox (SPEC §1 home area, §2 requests grid, request detail, change-status dialog,
// print dialog). Every path is under `/api/v1/provider/providers/{providerId}`: a provider user acts
// for one provider at a time, and the API resolves what they may see there from their roles and
// facilities (a worker: the requests of their facilities and those assigned to them; a coordinator
// and an administrator: all of the provider's). A provider the caller is not a member of, or a
// request outside their scope, answers 404.

// The request page's tabs and print sections (web routes' search values), here rather than beside the
// routes: those are in the web app's first download, these only on the provider's pages.
/** Tabs of a request in the provider's inbox. */
export const providerRequestTabs = ['overview', 'surveys', 'documents', 'history'] as const;
export type ProviderRequestTab = (typeof providerRequestTabs)[number];
/** Sections the print dialog offers (`?sections=` of `providerRequestPrint`). */
export const providerRequestPrintSections = ['overview', 'surveys', 'documents', 'history'] as const;
export type ProviderRequestPrintSection = (typeof providerRequestPrintSections)[number];

export const ProviderRoleCodeSchema = z.enum(providerRoles);

export const ProviderIdParamsSchema = z.object({ providerId: IdParamSchema });
export const ProviderCareRequestParamsSchema = z.object({
  providerId: IdParamSchema,
  careRequestId: IdParamSchema,
});
export const ProviderCareRequestDocumentParamsSchema = z.object({
  providerId: IdParamSchema,
  careRequestId: IdParamSchema,
  documentId: IdParamSchema,
});
export const ProviderExportParamsSchema = z.object({ providerId: IdParamSchema, exportId: IdParamSchema });

/** A provider the signed-in person works for, with their roles there (the header's switcher). */
export const ProviderMembershipSchema = z
  .object({
    providerId: IdSchema,
    name: z.string(),
    /** Staff verified the provider; until then the area says so and its services cannot be requested. */
    verified: z.boolean(),
    roles: z.array(ProviderRoleCodeSchema).min(1),
    /** Facilities the person is assigned to (a worker sees their requests); empty when none. */
    facilities: z.array(z.object({ id: IdSchema, name: z.string() })),
    /** Requests still `new` in the person's scope: the header's badge. */
    newRequestsCount: z.number().int().min(0),
  })
  .meta({ id: 'ProviderMembership' });
export type ProviderMembership = z.infer<typeof ProviderMembershipSchema>;
export const ProviderMembershipListSchema = z
  .object({ items: z.array(ProviderMembershipSchema) })
  .meta({ id: 'ProviderMembershipList' });
export type ProviderMembershipList = z.infer<typeof ProviderMembershipListSchema>;

/** A colleague a request can be assigned to (registered provider users; invitations not yet accepted are left out). */
export const ProviderColleagueSchema = z
  .object({
    providerUserId: IdSchema,
    fullName: z.string(),
    email: z.string(),
    roles: z.array(ProviderRoleCodeSchema),
    facilityIds: z.array(IdSchema),
  })
  .meta({ id: 'ProviderColleague' });
export type ProviderColleague = z.infer<typeof ProviderColleagueSchema>;

/** Who can be chosen in the assignment picker and the grid's filters: colleagues and facility teams. */
export const ProviderTeamSchema = z
  .object({
    colleagues: z.array(ProviderColleagueSchema),
    /** Every facility of the provider: the facility teams a request can be assigned to. */
    facilities: z.array(z.object({ id: IdSchema, name: z.string() })),
    /**
     * The facilities that can occur in the caller's grid (a request's service's or its facility team's),
     * the grid's facility filter: every facility for administrators and coordinators; for a worker their
     * own facilities and those of the requests in their scope.
     */
    scopeFacilities: z.array(z.object({ id: IdSchema, name: z.string() })),
    /** The caller's own provider user id in this provider ("assigned to me"). */
    meProviderUserId: IdSchema,
  })
  .meta({ id: 'ProviderTeam' });
export type ProviderTeam = z.infer<typeof ProviderTeamSchema>;

/** Whom a request is assigned to: a colleague, a facility team, both, or nobody. */
export const ProviderAssigneeSchema = z
  .object({
    colleague: z.object({ providerUserId: IdSchema, fullName: z.string() }).nullable(),
    facility: z.object({ id: IdSchema, name: z.string() }).nullable(),
  })
  .meta({ id: 'ProviderAssignee' });
export type ProviderAssignee = z.infer<typeof ProviderAssigneeSchema>;

/** A row of the requests grid (SPEC §2 columns). */
export const ProviderRequestRowSchema = z
  .object({
    id: IdSchema,
    /** The case's reference (`OP-000123`). */
    code: z.string(),
    client: z.object({ id: IdSchema, fullName: z.string() }),
    service: z.object({ id: IdSchema, name: z.string() }),
    serviceType: ServiceTypeCodeSchema,
    facility: z.object({ id: IdSchema, name: z.string() }),
    /** From when care is wanted (the case survey's answer); null when not given. */
    date: IsoDateSchema.nullable(),
    status: CareRequestStatusCodeSchema,
    /** Through Opora, or entered by the provider (phone, walk-in, …). */
    source: CareRequestSourceSchema,
    /** An Opora assistant sent it for the requester (issue 25 §2). */
    sentByAssistant: z.boolean(),
    /** The person who sent it (the client or a family carer), or who of the provider entered it. */
    creator: z.string(),
    createdDate: DateTimeSchema,
    editedDate: DateTimeSchema,
    assignee: ProviderAssigneeSchema,
  })
  .meta({ id: 'ProviderRequestRow' });
export type ProviderRequestRow = z.infer<typeof ProviderRequestRowSchema>;

export const ProviderRequestPageSchema = z
  .object({
    items: z.array(ProviderRequestRowSchema),
    /**
     * How many requests match the filters (what "select all records" selects), counted no further than
     * 1,000 past the page's first row: with `totalExact` false there are more than `total`.
     */
    total: z.number().int().min(0),
    totalExact: z.boolean(),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1).max(maxPageSize),
  })
  .meta({ id: 'ProviderRequestPage' });
export type ProviderRequestPage = z.infer<typeof ProviderRequestPageSchema>;

/** One line of the change history (SPEC §3 event log: when, who, from, to, why). */
export const ProviderRequestEventSchema = z
  .object({
    id: IdSchema,
    eventDate: DateTimeSchema,
    kind: z.enum(careRequestEventKinds),
    /** Status before and after a `created` or `status-changed` event; null otherwise. */
    fromStatus: CareRequestStatusCodeSchema.nullable(),
    status: CareRequestStatusCodeSchema.nullable(),
    reason: z.enum(careRequestDeclineReasons).nullable(),
    reasonText: z.string().nullable(),
    documentName: z.string().nullable(),
    /** `assigned`: whom to. */
    assignee: ProviderAssigneeSchema.nullable(),
    /**
     * `note-changed` by a save typed over a colleague's newer text: the text it replaced, kept so
     * nothing is lost silently; null otherwise.
     */
    replacedNote: z.string().nullable(),
    /** A person's name, or null for the platform (reminders, expiry). */
    createdBy: z.string().nullable(),
    actor: z.enum(['requester', 'provider', 'platform']),
  })
  .meta({ id: 'ProviderRequestEvent' });
export type ProviderRequestEvent = z.infer<typeof ProviderRequestEventSchema>;

/** The internal note of a request: one per request, shared by the provider's team, saved as typed. */
export const ProviderNoteSchema = z
  .object({
    text: z.string(),
    /** Increases with every save; a save names the version it was typed over. */
    version: z.number().int().min(0),
    updatedDate: DateTimeSchema.nullable(),
    updatedBy: z.string().nullable(),
  })
  .meta({ id: 'ProviderNote' });
export type ProviderNote = z.infer<typeof ProviderNoteSchema>;

export const providerNoteMaxLength = 10_000;

/** A save of the note: the whole text (may be empty) and the version it was typed over. */
export const ProviderNoteSaveSchema = z
  .object({
    text: z
      .string()
      .check(maxLengthCheck(providerNoteMaxLength), textCharactersCheck('multiline'))
      .meta({ maxLength: providerNoteMaxLength }),
    baseVersion: z.number().int().min(0),
  })
  .meta({ id: 'ProviderNoteSaveBody' });
export type ProviderNoteSave = z.infer<typeof ProviderNoteSaveSchema>;

/**
 * The saved note. Last write wins; when someone else saved in between (`baseVersion` was not the
 * latest), `overwritten` holds the text this save replaced — kept in the history too — so nothing is
 * lost silently and the page can say so.
 */
export const ProviderNoteSavedSchema = ProviderNoteSchema.extend({
  overwritten: z.object({ text: z.string(), updatedBy: z.string().nullable() }).nullable(),
}).meta({ id: 'ProviderNoteSaved' });
export type ProviderNoteSaved = z.infer<typeof ProviderNoteSavedSchema>;

/** `GET …/requests/{id}`: a request in the provider's inbox (tabs overview, surveys, documents, history). */
export const ProviderCareRequestSchema = z
  .object({
    id: IdSchema,
    code: z.string(),
    status: CareRequestStatusCodeSchema,
    /** The statuses the status picker offers from here (the provider's allowed transitions). */
    allowedStatuses: z.array(CareRequestStatusCodeSchema),
    reason: z.enum(careRequestDeclineReasons).nullable(),
    reasonText: z.string().nullable(),
    date: IsoDateSchema.nullable(),
    createdDate: DateTimeSchema,
    editedDate: DateTimeSchema,
    /** The requester's message. */
    message: z.string().nullable(),
    /** Through Opora, or entered by the provider for its own client (`requester` is then who entered it). */
    source: CareRequestSourceSchema,
    /** An Opora assistant sent it for the requester (issue 25 §2): "sent by an Opora assistant for …". */
    sentByAssistant: z.boolean(),
    case: CareRequestCaseSchema,
    service: CareRequestServiceSchema,
    client: CareRequestClientSchema,
    /**
     * The person who sent it. Their e-mail and phone are shown only when they consented to share them
     * with the provider (null otherwise).
     */
    requester: z.object({
      fullName: z.string(),
      email: z.string().nullable(),
      phone: E164PhoneSchema.nullable(),
      relationshipType: z.string().nullable(),
    }),
    providerConsentGrantedAt: DateTimeSchema.nullable(),
    assignee: ProviderAssigneeSchema,
    note: ProviderNoteSchema,
    events: z.array(ProviderRequestEventSchema),
    surveys: z.array(CareRequestSurveySchema),
    documents: z.array(DocumentFileSchema),
  })
  .meta({ id: 'ProviderCareRequest' });
export type ProviderCareRequest = z.infer<typeof ProviderCareRequestSchema>;

/**
 * The change-status dialog: the new status, the reason where it ends unmet (`rejected`; `other` with
 * a text), the status the user saw (a colleague's change in between answers 409 instead of being
 * overwritten) and an optional message to the client.
 */
export const ProviderStatusChangeSchema = z
  .object({
    status: CareRequestStatusCodeSchema,
    fromStatus: CareRequestStatusCodeSchema,
    reason: z.enum(careRequestDeclineReasons).optional(),
    reasonText: optionalText({ max: 500, multiline: true }),
    /**
     * With `rejected` for `no-capacity`: also mark the request's service full, in the same
     * transaction (the caller must be allowed to update its capacity). Ignored otherwise.
     */
    markServiceFull: z.boolean().optional(),
  })
  .meta({ id: 'ProviderStatusChangeBody' });
export type ProviderStatusChange = z.input<typeof ProviderStatusChangeSchema>;

/** Assignment: a colleague, a facility team, both, or nobody (both null). */
export const ProviderAssignmentSchema = z
  .object({ providerUserId: IdSchema.nullable(), facilityId: IdSchema.nullable() })
  .meta({ id: 'ProviderAssignmentBody' });
export type ProviderAssignment = z.infer<typeof ProviderAssignmentSchema>;

export const providerExportFormats = ['csv', 'xlsx'] as const;
export type ProviderExportFormat = (typeof providerExportFormats)[number];

/**
 * An export (SPEC §9): the format, the headers' language and the selection — some rows by id, or
 * every record matching the filters (the grid's "all records").
 */
export const ProviderExportSchema = z
  .object({
    format: z.enum(providerExportFormats),
    locale: z.enum(['cs', 'en', 'sk']),
    selection: z.discriminatedUnion('mode', [
      z.object({ mode: z.literal('ids'), ids: z.array(IdSchema).min(1).max(1000) }),
      z.object({ mode: z.literal('filter'), filter: ProviderRequestFilterSchema }),
    ]),
  })
  .meta({ id: 'ProviderExportBody' });
export type ProviderExport = z.input<typeof ProviderExportSchema>;

/** A large export running as a job: its state and, once ready, the download path. */
export const ProviderExportJobSchema = z
  .object({
    id: IdSchema,
    format: z.enum(providerExportFormats),
    state: z.enum(['queued', 'running', 'ready', 'failed']),
    rowCount: z.number().int().min(0).nullable(),
    createdDate: DateTimeSchema,
    /** Ready files are kept this long, then deleted. */
    expiresDate: DateTimeSchema.nullable(),
  })
  .meta({ id: 'ProviderExportJob' });
export type ProviderExportJob = z.infer<typeof ProviderExportJobSchema>;
export const ProviderExportJobListSchema = z
  .object({ items: z.array(ProviderExportJobSchema) })
  .meta({ id: 'ProviderExportJobList' });

export const ProviderDashboardQuerySchema = z.object({ days: z.enum(['30', '90']).default('30') });

/** The small dashboard: counts by status now, median time to first answer and outcomes by reason. */
export const ProviderDashboardSchema = z
  .object({
    days: z.number().int(),
    /** Requests in the caller's scope by current status. */
    byStatus: z.record(CareRequestStatusCodeSchema, z.number().int().min(0)),
    /** Median hours from sending to the provider's first status change, over requests sent in the window; null without any. */
    medianHoursToFirstAnswer: z.number().min(0).nullable(),
    /** Requests sent in the window. */
    received: z.number().int().min(0),
    /** Of those, how many are answered (the provider changed their status at least once). */
    answered: z.number().int().min(0),
    /** Requests that ended in the window, by outcome: accepted, declined by reason, expired, withdrawn. */
    outcomes: z.object({
      accepted: z.number().int().min(0),
      declined: z.record(z.enum(careRequestDeclineReasons), z.number().int().min(0)),
      expired: z.number().int().min(0),
      withdrawn: z.number().int().min(0),
    }),
  })
  .meta({ id: 'ProviderDashboard' });
export type ProviderDashboard = z.infer<typeof ProviderDashboardSchema>;
