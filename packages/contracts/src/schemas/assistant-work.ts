import { z } from 'zod';
import { todayIsoDate } from '../dates.ts';
import { assistantContactChannels, assistantTaskStatuses } from '../enums.ts';
import {
  DateTimeSchema,
  IsoDateSchema,
  isoDate,
  optionalText,
  requiredText,
  selectedOptionError,
} from '../validation/fields.ts';
import { E164PhoneSchema } from '../validation/phone.ts';
import { CareRequestStatusCodeSchema } from './care-requests.ts';
import { ServiceOfferItemSchema } from './catalogue.ts';
import { ClientSchema } from './clients.ts';
import { IdParamSchema, IdSchema } from './common.ts';

// The assistants' work queue (issue 25 §2, decision 0123): a with-assistant subscriber hands a case
// over; an assistant claims it, calls providers, sends requests on the client's behalf and closes it
// with a summary; the carer follows it on the client page.

/** What came of a call to a provider about a client. */
export const assistantCallOutcomes = [
  'interested',
  'waiting-list',
  'no-capacity',
  'not-suitable',
  'no-answer',
  'call-back',
] as const;
export type AssistantCallOutcome = (typeof assistantCallOutcomes)[number];

/**
 * What the task's history records: taken, given back to the queue, moved to another assistant by a
 * platform administrator (decision 0127), a call, a request sent on behalf, closed.
 */
export const assistantTaskEntryKinds = [
  'claimed',
  'released',
  'reassigned',
  'call',
  'request-sent',
  'closed',
] as const;
export type AssistantTaskEntryKind = (typeof assistantTaskEntryKinds)[number];

/** First contact with the subscriber within this many working days of the hand-over. */
export const assistantFirstContactWorkingDays = 1;

export const AssistantTaskParamsSchema = z.object({ taskId: IdParamSchema });

/** A task as the assistants' queue lists it: who handed it over and how to reach them, who has it. */
export const AssistantQueueItemSchema = z
  .object({
    id: IdSchema,
    caseId: IdSchema,
    caseCode: z.string(),
    status: z.enum(assistantTaskStatuses),
    contactChannel: z.enum(assistantContactChannels),
    preferredTime: z.string().nullable(),
    note: z.string().nullable(),
    /** The subscriber (the carer), as the assistant contacts them. */
    user: z.object({ fullName: z.string(), email: z.string(), phone: z.string().nullable() }),
    createdAt: DateTimeSchema,
    /** The first contact is due by then: one working day after the hand-over (Czech or Slovak holidays). */
    dueAt: DateTimeSchema,
    /** Still nobody's first contact (no call or request) past `dueAt`. */
    overdue: z.boolean(),
    claimedBy: z.object({ userId: IdSchema, name: z.string() }).nullable(),
    claimedAt: DateTimeSchema.nullable(),
    /** The caller has it. */
    mine: z.boolean(),
    firstContactAt: DateTimeSchema.nullable(),
    closedAt: DateTimeSchema.nullable(),
  })
  .meta({ id: 'AssistantQueueItem' });
export type AssistantQueueItem = z.infer<typeof AssistantQueueItemSchema>;

/** The queue's health, for platform administrators (and the assistants themselves). */
export const AssistantQueueHealthSchema = z
  .object({
    open: z.number().int().min(0),
    unclaimed: z.number().int().min(0),
    overdue: z.number().int().min(0),
    /** Median hours from hand-over to first contact over the tasks of the last 30 days; null without any. */
    medianHoursToFirstContact: z.number().min(0).nullable(),
  })
  .meta({ id: 'AssistantQueueHealth' });
export type AssistantQueueHealth = z.infer<typeof AssistantQueueHealthSchema>;

/** `GET /api/v1/admin/assistant-tasks`: open tasks oldest first, and the queue's health. */
export const AssistantQueueSchema = z
  .object({ items: z.array(AssistantQueueItemSchema), health: AssistantQueueHealthSchema })
  .meta({ id: 'AssistantQueue' });
export type AssistantQueue = z.infer<typeof AssistantQueueSchema>;

/** One line of a task's history. `note` is the assistant's own; carers see the rest. */
export const AssistantTaskEntrySchema = z
  .object({
    id: IdSchema,
    kind: z.enum(assistantTaskEntryKinds),
    at: DateTimeSchema,
    /** The assistant's name as it was. */
    by: z.string(),
    service: z.object({ id: IdSchema, name: z.string(), providerName: z.string() }).nullable(),
    outcome: z.enum(assistantCallOutcomes).nullable(),
    note: z.string().nullable(),
    followUpOn: IsoDateSchema.nullable(),
    careRequestId: IdSchema.nullable(),
    /** `released` and `reassigned`: whose claim it was, their name as it was. */
    releasedFrom: z.string().nullable(),
    /** `reassigned`: the assistant who has it since, their name as it was. */
    assignedTo: z.string().nullable(),
  })
  .meta({ id: 'AssistantTaskEntry' });
export type AssistantTaskEntry = z.infer<typeof AssistantTaskEntrySchema>;

/**
 * A service of the client's offer as the claimant works with it: the carer's offer item, whether it
 * asks its own questionnaire (then only the carer can request it: `assistantServiceHasForms`), and
 * whom to call.
 */
export const AssistantOfferItemSchema = ServiceOfferItemSchema.extend({
  /** The service asks its own published questionnaire: the request is the carer's to send. */
  needsCarerQuestionnaire: z.boolean(),
  /**
   * The provider's public phone for this service: the facility's public contacts, else the provider's,
   * else the provider's contact line (`contactName` null); null when none is public.
   */
  phone: z.object({ number: E164PhoneSchema, contactName: z.string().nullable() }).nullable(),
}).meta({ id: 'AssistantOfferItem' });
export type AssistantOfferItem = z.infer<typeof AssistantOfferItemSchema>;

/**
 * `GET /api/v1/admin/assistant-tasks/{taskId}`: the claimant's view — the client's record, the case's
 * services offer (whom to call), the requests of the case, and the history. Each view is audited.
 */
export const AssistantTaskDetailSchema = z
  .object({
    task: AssistantQueueItemSchema,
    /** Null for a case whose client the carer has not entered yet. */
    client: ClientSchema.nullable(),
    case: z.object({ id: IdSchema, code: z.string(), name: z.string().nullable() }),
    /** The client's recommended services, as the carer's offer shows them (first page). */
    offer: z.array(AssistantOfferItemSchema),
    requests: z.array(
      z.object({
        id: IdSchema,
        service: z.object({ id: IdSchema, name: z.string(), providerName: z.string() }),
        status: CareRequestStatusCodeSchema,
        createdAt: DateTimeSchema,
        sentByAssistant: z.boolean(),
      }),
    ),
    entries: z.array(AssistantTaskEntrySchema),
    /** The summary once closed. */
    summary: z.string().nullable(),
  })
  .meta({ id: 'AssistantTaskDetail' });
export type AssistantTaskDetail = z.infer<typeof AssistantTaskDetailSchema>;

/** A call logged: which service's provider, what came of it, a note, and when to call again. */
export const AssistantCallInputSchema = z
  .object({
    serviceId: z.uuid({ error: selectedOptionError }),
    outcome: z.enum(assistantCallOutcomes, { error: selectedOptionError }),
    note: optionalText({ max: 2000, multiline: true }),
    followUpOn: isoDate({ min: () => todayIsoDate() }).optional(),
  })
  .meta({ id: 'AssistantCallBody' });
export type AssistantCallInput = z.input<typeof AssistantCallInputSchema>;

/** A request sent for the client: the service and the message to the provider. */
export const AssistantRequestInputSchema = z
  .object({
    serviceId: z.uuid({ error: selectedOptionError }),
    message: optionalText({ max: 2000, multiline: true }),
  })
  .meta({ id: 'AssistantRequestBody' });
export type AssistantRequestInput = z.input<typeof AssistantRequestInputSchema>;

/** Closing a task: the summary the carer receives. */
export const AssistantTaskCloseSchema = z
  .object({ summary: requiredText({ max: 4000, multiline: true }) })
  .meta({ id: 'AssistantTaskCloseBody' });
export type AssistantTaskClose = z.input<typeof AssistantTaskCloseSchema>;

/**
 * The claimant the caller saw (the task's `claimedBy.userId`): a release or a reassignment is a step from
 * that claim, refused with 409 when the task has moved on meanwhile — another has it
 * (`AssistantTaskClaimed`), nobody has it (`AssistantTaskNotClaimed`) or it is closed.
 */
const SeenClaimantSchema = z.uuid();

/** Giving a claimed task back to the queue (its claimant, or a platform administrator; decision 0127). */
export const AssistantTaskReleaseSchema = z
  .object({
    claimantId: SeenClaimantSchema,
    /** Why, for the assistants (the carer does not see it). */
    note: optionalText({ max: 2000, multiline: true }),
  })
  .meta({ id: 'AssistantTaskReleaseBody' });
export type AssistantTaskRelease = z.input<typeof AssistantTaskReleaseSchema>;

/** Moving a claimed task to another assistant (platform administrators). */
export const AssistantTaskReassignSchema = z
  .object({
    claimantId: SeenClaimantSchema,
    /** An account with the `assistant` role other than the claimant (`listAssistants`). */
    assistantId: z.uuid({ error: selectedOptionError }),
    note: optionalText({ max: 2000, multiline: true }),
  })
  .meta({ id: 'AssistantTaskReassignBody' });
export type AssistantTaskReassign = z.input<typeof AssistantTaskReassignSchema>;

/** `GET /api/v1/admin/assistants`: who a task can be given to — the accounts with the `assistant` role. */
export const AssistantListSchema = z
  .object({
    items: z.array(z.object({ userId: IdSchema, name: z.string(), email: z.string() })),
  })
  .meta({ id: 'AssistantList' });
export type AssistantList = z.infer<typeof AssistantListSchema>;

/** What the carer sees of the assistant's work on a case (`GET /api/v1/web/cases/{caseId}/assistant-task`). */
export const CaseAssistantWorkSchema = z
  .object({
    taskId: IdSchema,
    /** `waiting`: handed over, nobody has it yet; `in-progress`: an assistant works on it; `done`: closed. */
    state: z.enum(['waiting', 'in-progress', 'done']),
    handedOverAt: DateTimeSchema,
    /** The assistant's first name. */
    assistantName: z.string().nullable(),
    entries: z.array(AssistantTaskEntrySchema.omit({ note: true, followUpOn: true })),
    summary: z.string().nullable(),
    closedAt: DateTimeSchema.nullable(),
  })
  .meta({ id: 'CaseAssistantWork' });
export type CaseAssistantWork = z.infer<typeof CaseAssistantWorkSchema>;
