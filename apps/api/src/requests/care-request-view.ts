import {
  type CareRequest,
  type CareRequestEvent,
  type CareRequestEventKind,
  type CareRequestStatusCode,
  canChangeCareRequestStatus,
  fullName,
} from '@opora/contracts';
import {
  careRequestEvents,
  careRequests,
  cases,
  consents,
  type DbExecutor,
  providers,
  providerUserRemovals,
  providerUsers,
  requestStatuses,
  users,
} from '@opora/db';
import { and, eq, notInArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { NotFoundError } from '../platform/errors.ts';
import { isoInstant } from '../platform/sql-time.ts';
import {
  answerExpectedBy,
  readDocuments,
  readRequestCase,
  readRequestClient,
  readRequester,
  readRequestService,
  readRequestSurveys,
  sentCaseSurveyStates,
  statusCode,
  withoutStatus,
} from './request-views.ts';

/**
 * The provider's own steps that stay with the provider: whom they assigned it to, their internal
 * note, and the platform's reminders to them. The sender's history leaves them out.
 */
export const providerInternalEventKinds: readonly CareRequestEventKind[] = [
  'assigned',
  'note-changed',
  'reminder-sent',
  'escalated',
];

/** What a request carries whoever reads it: the ids its parts are read by. */
export interface RequestParts {
  careRequestId: string;
  caseId: string;
  clientId: string;
  facilityServiceId: string;
  /** The case's owner: the client record and the case are theirs; null for a provider's own client. */
  ownerUserId: string | null;
  /** Who sent it (the owner when not recorded), or who of the provider entered it; null when erased. */
  requesterUserId: string | null;
}

/**
 * The parts of a request both of its sides read — the service, the client, the requester, the case,
 * the questionnaires and the documents — or 404 when the service is gone.
 */
export async function readRequestContents(db: DbExecutor, parts: RequestParts) {
  const [service, client, requester, careCase, surveys, documents] = await Promise.all([
    readRequestService(db, parts.facilityServiceId),
    readRequestClient(db, parts.ownerUserId, parts.clientId),
    parts.requesterUserId === null
      ? { fullName: '', email: null, phone: null }
      : readRequester(db, parts.requesterUserId),
    readRequestCase(db, parts.ownerUserId, parts.caseId),
    readRequestSurveys(db, parts.careRequestId),
    readDocuments(db, { careRequestId: parts.careRequestId }),
  ]);
  if (!service) throw new NotFoundError();
  return {
    service: withoutStatus(service),
    client,
    requester,
    // Its questionnaires as sent, not as the case's stand today (the copies the request carries).
    careCase: { ...careCase, surveys: sentCaseSurveyStates(surveys) },
    surveys,
    documents,
  };
}

/** What both sides read of a request's history; `requestEvents` adds more fields on request. */
export type RequestEventRow = Pick<typeof careRequestEvents.$inferSelect, 'id' | 'kind'> &
  Pick<typeof users.$inferSelect, 'firstName' | 'lastName'> & {
    eventDate: string;
    // Reference data: the codes are the contracts' (the column is plain text).
    status: CareRequestStatusCode | null;
    documentName: string | null;
    byRequester: boolean;
    byProvider: boolean;
  };

/**
 * `care_requests` as `cr`, the name the provider scope's conditions (`careRequestInScope`) and the
 * views' subqueries read it by.
 */
export const cr = alias(careRequests, 'cr');

const eventStatus = alias(requestStatuses, 'event_status');
const eventAuthor = alias(users, 'event_author');
const eventStaff = alias(providerUsers, 'event_staff');

/**
 * The history of the request of the enclosing query (`cr` joined to its `cases`), in date
 * order, as a JSON array of `RequestEventRow` plus `fields` (more `'name', value` pairs), kept to the
 * events `only` admits. One statement with the request: `json_agg`, which the builder cannot say.
 */
export function requestEvents<Row extends RequestEventRow>({
  fields,
  only,
}: {
  fields?: SQL;
  only?: SQL;
} = {}) {
  const event = careRequestEvents;
  return sql<Row[]>`coalesce((
    select json_agg(json_build_object(
        'id', ${event.id}, 'eventDate', ${isoInstant(sql`${event.eventDate}`)}, 'kind', ${event.kind},
        'status', ${eventStatus.code},
        'documentName', case when ${event.kind} in ('document-added', 'document-removed')
                             then ${event.payload} ->> 'fileName' end,
        'byRequester', ${event.createdByUserId} is not null
                       and ${event.createdByUserId} in (${cases.ownerUserId}, ${cr.contractorUserId}),
        'byProvider', exists (select 1 from ${providerUsers} ${eventStaff}
                              where ${eventStaff.userId} = ${event.createdByUserId}
                                and ${eventStaff.providerId} = ${cr.providerId})
                      or exists (select 1 from ${providerUserRemovals}
                                 where ${providerUserRemovals.userId} = ${event.createdByUserId}
                                   and ${providerUserRemovals.providerId} = ${cr.providerId}),
        'firstName', ${eventAuthor.firstName}, 'lastName', ${eventAuthor.lastName}
        ${fields ? sql`, ${fields}` : sql``})
      order by ${event.eventDate}, ${event.id})
    from ${event}
    left join ${requestStatuses} ${eventStatus} on ${eventStatus.id} = ${event.requestStatusId}
    left join ${users} ${eventAuthor} on ${eventAuthor.id} = ${event.createdByUserId}
    where ${event.careRequestId} = ${cr.id} ${only ? sql`and ${only}` : sql``}
  ), '[]'::json)`;
}

/** The columns of a request both of its sides read, from `care_requests` joined to `cases` and its status. */
export const requestHeadColumns = {
  id: cr.id,
  caseId: cr.caseId,
  clientId: cr.clientId,
  facilityServiceId: cr.facilityServiceId,
  ownerUserId: cases.ownerUserId,
  contractorUserId: cr.contractorUserId,
  createdByUserId: cr.createdByUserId,
  source: cr.source,
  sentByAssistant: cr.sentByAssistant,
  note: cr.note,
  status: statusCode,
  declineReason: cr.declineReason,
  declineReasonText: cr.declineReasonText,
  createdAt: cr.createdAt,
  updatedAt: cr.updatedAt,
};

/**
 * A request of one of `userId`'s cases as its sender sees it, or 404 `NotFoundException` — another
 * user's request answers exactly as a missing one. History in date order: the requester's own steps
 * under their name, the provider's under the provider's name (staff names stay with the provider), the
 * platform's (expiry) as Opora. The provider's internal steps (`providerInternalEventKinds`) are not
 * shown; a declined request says why.
 */
export async function readCareRequest(
  db: DbExecutor,
  userId: string,
  careRequestId: string,
): Promise<CareRequest> {
  const [row] = await db
    .select({
      ...requestHeadColumns,
      answerExpectedBy: answerExpectedBy(cr.createdAt),
      // A scalar subquery of the statement (the sender's one consent).
      consentGrantedAt: sql<string | null>`(select ${isoInstant(sql`${consents.grantedAt}`)} from ${consents}
        where ${consents.careRequestId} = ${cr.id} and ${consents.kind} = 'provider-sharing')`,
      providerName: providers.name,
      // An assistant's request was written by the assistant (the carer is its contractor): their first
      // name, as the carer is told it on the client page (an assistant's surname is theirs to give).
      assistantName: sql<string | null>`(select nullif(trim(${users.firstName}), '') from ${users}
        where ${users.id} = ${cr.createdByUserId} and ${cr.sentByAssistant})`,
      events: requestEvents({ only: notInArray(careRequestEvents.kind, [...providerInternalEventKinds]) }),
    })
    .from(cr)
    .innerJoin(cases, eq(cases.id, cr.caseId))
    .innerJoin(requestStatuses, eq(requestStatuses.id, cr.statusId))
    .innerJoin(providers, eq(providers.id, cr.providerId))
    .where(and(eq(cr.id, careRequestId), eq(cases.ownerUserId, userId)));
  if (!row?.ownerUserId) throw new NotFoundError();
  const { service, client, requester, careCase, surveys, documents } = await readRequestContents(db, {
    careRequestId: row.id,
    caseId: row.caseId,
    clientId: row.clientId,
    facilityServiceId: row.facilityServiceId,
    ownerUserId: row.ownerUserId,
    requesterUserId: row.contractorUserId ?? row.ownerUserId,
  });
  return {
    id: row.id,
    code: careCase.code,
    status: row.status,
    reason: row.status === 'rejected' ? row.declineReason : null,
    reasonText: row.status === 'rejected' ? row.declineReasonText : null,
    createdDate: row.createdAt.toISOString(),
    editedDate: row.updatedAt.toISOString(),
    answerExpectedBy: row.answerExpectedBy,
    message: row.note,
    sentByAssistant: row.sentByAssistant,
    assistantName: row.assistantName,
    case: careCase,
    service,
    client,
    requester,
    providerConsentGrantedAt: row.consentGrantedAt,
    events: row.events.map(
      (event): CareRequestEvent => ({
        id: event.id,
        eventDate: event.eventDate,
        kind: event.kind,
        status: event.status,
        documentName: event.documentName,
        ...(event.byRequester
          ? {
              actor: 'requester',
              createdBy:
                fullName({ firstName: event.firstName, lastName: event.lastName }) || requester.fullName,
            }
          : event.byProvider
            ? { actor: 'provider', createdBy: row.providerName }
            : { actor: 'platform', createdBy: 'Opora' }),
      }),
    ),
    surveys,
    documents,
    canWithdraw: canChangeCareRequestStatus(row.status, 'withdrawn'),
  };
}
