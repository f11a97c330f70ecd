import {
  type CareRequestDeclineReason,
  type CareRequestEventKind,
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
import type { DbExecutor } from '@opora/db';
import { type SQL, sql } from 'drizzle-orm';
import { NotFoundError } from '../platform/errors.ts';
import { isoInstant } from '../platform/sql-time.ts';
import { readRequestContents } from '../requests/care-request-view.ts';

type EventRow = {
  id: string;
  eventDate: string;
  kind: CareRequestEventKind;
  status: string | null;
  fromStatus: string | null;
  reason: string | null;
  reasonText: string | null;
  documentName: string | null;
  assigneeProviderUserId: string | null;
  assigneeName: string | null;
  assigneeFacilityId: string | null;
  assigneeFacilityName: string | null;
  replacedNote: string | null;
  byRequester: boolean;
  byProvider: boolean;
  firstName: string | null;
  lastName: string | null;
};

type RequestRow = {
  id: string;
  case_id: string;
  client_id: string;
  facility_service_id: string;
  owner_user_id: string;
  contractor_user_id: string | null;
  note: string | null;
  status: CareRequestStatusCode;
  decline_reason: CareRequestDeclineReason | null;
  decline_reason_text: string | null;
  care_from: string | null;
  created_at: string;
  updated_at: string;
  consent_granted_at: string | null;
  assignee_provider_user_id: string | null;
  assignee_first_name: string | null;
  assignee_last_name: string | null;
  assignee_email: string | null;
  assignee_facility_id: string | null;
  assignee_facility_name: string | null;
  note_text: string | null;
  note_version: number | null;
  note_updated_at: string | null;
  note_first_name: string | null;
  note_last_name: string | null;
  events: EventRow[];
};

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

function noteOf(row: RequestRow): ProviderNote {
  if (row.note_version === null) return { text: '', version: 0, updatedDate: null, updatedBy: null };
  return {
    text: row.note_text ?? '',
    version: row.note_version,
    updatedDate: row.note_updated_at,
    updatedBy: fullName({ firstName: row.note_first_name, lastName: row.note_last_name }) || null,
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
  const { rows } = await db.execute<RequestRow>(sql`
    select cr.id, cr.case_id, cr.client_id, cr.facility_service_id, k.owner_user_id, cr.contractor_user_id,
      cr.note, rs.code as status, cr.decline_reason, cr.decline_reason_text, cr.care_from::text as care_from,
      ${isoInstant(sql`cr.created_at`)} as created_at, ${isoInstant(sql`cr.updated_at`)} as updated_at,
      (select ${isoInstant(sql`c.granted_at`)} from consents c
       where c.care_request_id = cr.id and c.kind = 'provider-sharing' and c.withdrawn_at is null
       order by c.granted_at desc limit 1) as consent_granted_at,
      apu.id as assignee_provider_user_id, au.first_name as assignee_first_name,
      au.last_name as assignee_last_name, au.email as assignee_email,
      af.id as assignee_facility_id, af.name as assignee_facility_name,
      n.text as note_text, n.version as note_version, ${isoInstant(sql`n.updated_at`)} as note_updated_at,
      nu.first_name as note_first_name, nu.last_name as note_last_name,
      coalesce((
        select json_agg(json_build_object(
            'id', e.id, 'eventDate', ${isoInstant(sql`e.event_date`)}, 'kind', e.kind, 'status', es.code,
            'fromStatus', e.payload ->> 'from',
            'reason', e.payload ->> 'reason', 'reasonText', e.payload ->> 'reasonText',
            'documentName', case when e.kind in ('document-added', 'document-removed')
                                 then e.payload ->> 'fileName' end,
            'assigneeProviderUserId', e.payload ->> 'providerUserId',
            'assigneeName', e.payload ->> 'providerUserName',
            'assigneeFacilityId', e.payload ->> 'facilityId',
            'assigneeFacilityName', e.payload ->> 'facilityName',
            'replacedNote', case when e.kind = 'note-changed' then e.payload ->> 'replacedText' end,
            'byRequester', e.created_by_user_id is not null
                           and e.created_by_user_id in (k.owner_user_id, cr.contractor_user_id),
            'byProvider', exists (select 1 from provider_users pu
                                  where pu.user_id = e.created_by_user_id and pu.provider_id = cr.provider_id),
            'firstName', u.first_name, 'lastName', u.last_name)
          order by e.event_date, e.id)
        from care_request_events e
        left join request_statuses es on es.id = e.request_status_id
        left join users u on u.id = e.created_by_user_id
        where e.care_request_id = cr.id
      ), '[]'::json) as events
    from care_requests cr
    join cases k on k.id = cr.case_id
    join request_statuses rs on rs.id = cr.status_id
    left join provider_users apu on apu.id = cr.assignee_provider_user_id
    left join users au on au.id = apu.user_id
    left join facilities af on af.id = cr.assignee_facility_id
    left join care_request_notes n on n.care_request_id = cr.id
    left join users nu on nu.id = n.author_user_id
    where cr.id = ${careRequestId} and ${visible}
  `);
  const row = rows[0];
  if (!row) throw new NotFoundError();
  const { service, client, requester, careCase, surveys, documents } = await readRequestContents(db, {
    careRequestId: row.id,
    caseId: row.case_id,
    clientId: row.client_id,
    facilityServiceId: row.facility_service_id,
    ownerUserId: row.owner_user_id,
    requesterUserId: row.contractor_user_id ?? row.owner_user_id,
  });
  const shared = row.consent_granted_at !== null;
  const requesterIsOwner = (row.contractor_user_id ?? row.owner_user_id) === row.owner_user_id;
  return {
    id: row.id,
    code: careCase.code,
    status: row.status,
    allowedStatuses: providerCareRequestTransitions(row.status),
    reason: row.decline_reason,
    reasonText: row.decline_reason_text,
    date: row.care_from,
    createdDate: row.created_at,
    editedDate: row.updated_at,
    message: row.note,
    case: careCase,
    service,
    client,
    requester: {
      fullName: requester.fullName,
      email: shared ? requester.email : null,
      phone: shared ? requester.phone : null,
      relationshipType: requesterIsOwner && !client.isClient ? (client.relationshipType?.code ?? null) : null,
    },
    providerConsentGrantedAt: row.consent_granted_at,
    assignee: assigneeOf(
      {
        id: row.assignee_provider_user_id,
        name:
          fullName({ firstName: row.assignee_first_name, lastName: row.assignee_last_name }) ||
          row.assignee_email,
      },
      { id: row.assignee_facility_id, name: row.assignee_facility_name },
    ),
    note: noteOf(row),
    events: row.events.map((event) => toEvent(event, requester.fullName)),
    surveys,
    documents,
  };
}
