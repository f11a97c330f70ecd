import {
  type CareRequestDeclineReason,
  type CareRequestStatusCode,
  careRequestDeclineReasons,
  careRequestStatusCodes,
  fullName,
  type ProviderAssignee,
  type ProviderCareRequest,
  type ProviderNote,
  type ProviderRequestEvent,
  providerCareRequestTransitions,
} from '@opora/contracts';
import {
  careRequestEvents,
  careRequestNotes,
  cases,
  consents,
  type DbExecutor,
  facilities,
  providerUsers,
  requestStatuses,
  users,
} from '@opora/db';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { NotFoundError } from '../platform/errors.ts';
import { isoInstant } from '../platform/sql-time.ts';
import {
  cr,
  type RequestEventRow,
  readRequestContents,
  requestEvents,
  requestHeadColumns,
} from '../requests/care-request-view.ts';

type EventRow = RequestEventRow & {
  fromStatus: string | null;
  reason: string | null;
  reasonText: string | null;
  assigneeProviderUserId: string | null;
  assigneeName: string | null;
  assigneeFacilityId: string | null;
  assigneeFacilityName: string | null;
  replacedNote: string | null;
};

/** `EventRow`'s fields beyond `RequestEventRow`, read from the event's payload. */
const providerEventFields = sql`
  'fromStatus', ${careRequestEvents.payload} ->> 'from',
  'reason', ${careRequestEvents.payload} ->> 'reason', 'reasonText', ${careRequestEvents.payload} ->> 'reasonText',
  'assigneeProviderUserId', ${careRequestEvents.payload} ->> 'providerUserId',
  'assigneeName', ${careRequestEvents.payload} ->> 'providerUserName',
  'assigneeFacilityId', ${careRequestEvents.payload} ->> 'facilityId',
  'assigneeFacilityName', ${careRequestEvents.payload} ->> 'facilityName',
  'replacedNote', case when ${careRequestEvents.kind} = 'note-changed' then ${careRequestEvents.payload} ->> 'replacedText' end`;

const assigneeStaff = alias(providerUsers, 'assignee_staff');
const assigneeUser = alias(users, 'assignee_user');
const assigneeFacility = alias(facilities, 'assignee_facility');
const noteAuthor = alias(users, 'note_author');

/** A status code read from an event's payload; codes a past migration retired read as none. */
function statusOf(value: string | null): CareRequestStatusCode | null {
  return careRequestStatusCodes.find((code) => code === value) ?? null;
}

function reasonOf(value: string | null): CareRequestDeclineReason | null {
  return careRequestDeclineReasons.find((reason) => reason === value) ?? null;
}

function assigneeOf(
  colleague: { id: string | null; name: string | null },
  facility: { id: string | null; name: string | null },
): ProviderAssignee {
  return {
    colleague: colleague.id ? { providerUserId: colleague.id, fullName: colleague.name ?? '' } : null,
    facility: facility.id && facility.name !== null ? { id: facility.id, name: facility.name } : null,
  };
}

function toEvent(event: EventRow, requesterName: string): ProviderRequestEvent {
  const person = fullName({ firstName: event.firstName, lastName: event.lastName });
  return {
    id: event.id,
    eventDate: event.eventDate,
    kind: event.kind,
    fromStatus: statusOf(event.fromStatus),
    status: statusOf(event.status),
    reason: reasonOf(event.reason),
    reasonText: event.reasonText,
    documentName: event.documentName,
    assignee:
      event.kind === 'assigned'
        ? assigneeOf(
            { id: event.assigneeProviderUserId, name: event.assigneeName },
            { id: event.assigneeFacilityId, name: event.assigneeFacilityName },
          )
        : null,
    replacedNote: event.replacedNote,
    ...(event.byRequester
      ? { actor: 'requester' as const, createdBy: person || requesterName }
      : event.byProvider
        ? { actor: 'provider' as const, createdBy: person || null }
        : { actor: 'platform' as const, createdBy: null }),
  };
}

function noteOf(row: {
  noteText: string | null;
  noteVersion: number | null;
  noteUpdatedAt: Date | null;
  noteFirstName: string | null;
  noteLastName: string | null;
}): ProviderNote {
  if (row.noteVersion === null) return { text: '', version: 0, updatedDate: null, updatedBy: null };
  return {
    text: row.noteText ?? '',
    version: row.noteVersion,
    updatedDate: row.noteUpdatedAt?.toISOString() ?? null,
    updatedBy: fullName({ firstName: row.noteFirstName, lastName: row.noteLastName }) || null,
  };
}

/**
 * A request in the provider's inbox, if `visible` (a condition on `cr`, normally
 * `careRequestInScope`) admits it; otherwise 404, as for a request that does not exist. The parts
 * the sender also sees are read as the sender's view reads them; on top: the statuses the provider
 * may move it to, the assignment, the internal note and the whole history (internal steps included,
 * staff by name). The requester's e-mail and phone only with their consent to share them.
 */
export async function readProviderCareRequest(
  db: DbExecutor,
  visible: SQL,
  careRequestId: string,
): Promise<ProviderCareRequest> {
  const [row] = await db
    .select({
      ...requestHeadColumns,
      careFrom: cr.careFrom,
      // A scalar subquery of the statement: the latest consent in force.
      consentGrantedAt: sql<string | null>`(select ${isoInstant(sql`${consents.grantedAt}`)} from ${consents}
        where ${consents.careRequestId} = ${cr.id} and ${consents.kind} = 'provider-sharing'
          and ${consents.withdrawnAt} is null
        order by ${consents.grantedAt} desc limit 1)`,
      assigneeProviderUserId: assigneeStaff.id,
      assigneeFirstName: assigneeUser.firstName,
      assigneeLastName: assigneeUser.lastName,
      assigneeEmail: assigneeUser.email,
      assigneeFacilityId: assigneeFacility.id,
      assigneeFacilityName: assigneeFacility.name,
      noteText: careRequestNotes.text,
      noteVersion: careRequestNotes.version,
      noteUpdatedAt: careRequestNotes.updatedAt,
      noteFirstName: noteAuthor.firstName,
      noteLastName: noteAuthor.lastName,
      events: requestEvents<EventRow>({ fields: providerEventFields }),
    })
    .from(cr)
    .innerJoin(cases, eq(cases.id, cr.caseId))
    .innerJoin(requestStatuses, eq(requestStatuses.id, cr.statusId))
    .leftJoin(assigneeStaff, eq(assigneeStaff.id, cr.assigneeProviderUserId))
    .leftJoin(assigneeUser, eq(assigneeUser.id, assigneeStaff.userId))
    .leftJoin(assigneeFacility, eq(assigneeFacility.id, cr.assigneeFacilityId))
    .leftJoin(careRequestNotes, eq(careRequestNotes.careRequestId, cr.id))
    .leftJoin(noteAuthor, eq(noteAuthor.id, careRequestNotes.authorUserId))
    .where(and(eq(cr.id, careRequestId), visible));
  if (!row) throw new NotFoundError();
  // A request the provider entered for its own client has no carer: its requester is who entered it.
  const entered = row.source !== 'opora';
  const { service, client, requester, careCase, surveys, documents } = await readRequestContents(db, {
    careRequestId: row.id,
    caseId: row.caseId,
    clientId: row.clientId,
    facilityServiceId: row.facilityServiceId,
    ownerUserId: entered ? null : row.ownerUserId,
    requesterUserId: entered ? row.createdByUserId : (row.contractorUserId ?? row.ownerUserId),
  });
  const shared = row.consentGrantedAt !== null;
  const requesterIsOwner = !entered && (row.contractorUserId ?? row.ownerUserId) === row.ownerUserId;
  return {
    id: row.id,
    code: careCase.code,
    status: row.status,
    allowedStatuses: providerCareRequestTransitions(row.status),
    reason: row.declineReason,
    reasonText: row.declineReasonText,
    date: row.careFrom,
    createdDate: row.createdAt.toISOString(),
    editedDate: row.updatedAt.toISOString(),
    message: row.note,
    source: row.source,
    sentByAssistant: row.sentByAssistant,
    case: careCase,
    service,
    client,
    requester: {
      fullName: requester.fullName,
      email: shared ? requester.email : null,
      phone: shared ? requester.phone : null,
      relationshipType: requesterIsOwner && !client.isClient ? (client.relationshipType?.code ?? null) : null,
    },
    providerConsentGrantedAt: row.consentGrantedAt,
    assignee: assigneeOf(
      {
        id: row.assigneeProviderUserId,
        name:
          fullName({ firstName: row.assigneeFirstName, lastName: row.assigneeLastName }) || row.assigneeEmail,
      },
      { id: row.assigneeFacilityId, name: row.assigneeFacilityName },
    ),
    note: noteOf(row),
    events: row.events.map((event) => toEvent(event, requester.fullName)),
    surveys,
    documents,
  };
}
