import {
  businessTimeZone,
  type CareRequest,
  type CareRequestDeclineReason,
  type CareRequestEvent,
  type CareRequestEventKind,
  type CareRequestStatusCode,
  canChangeCareRequestStatus,
  careRequestAnswerDays,
  fullName,
} from '@opora/contracts';
import type { DbExecutor } from '@opora/db';
import { sql } from 'drizzle-orm';
import { NotFoundError } from '../platform/errors.ts';
import { isoInstant } from '../platform/sql-time.ts';
import {
  readDocuments,
  readRequestCase,
  readRequestClient,
  readRequester,
  readRequestService,
  readRequestSurveys,
  sentCaseSurveyStates,
  withoutStatus,
} from './request-views.ts';

type EventRow = {
  id: string;
  eventDate: string;
  kind: CareRequestEventKind;
  status: CareRequestStatusCode | null;
  documentName: string | null;
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
  created_at: string;
  updated_at: string;
  answer_expected_by: string;
  consent_granted_at: string | null;
  provider_name: string;
  events: EventRow[];
};

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
  /** The case's owner: the client record and the case are theirs. */
  ownerUserId: string;
  /** Who sent it (the owner when not recorded). */
  requesterUserId: string;
}

/**
 * The parts of a request both of its sides read — the service, the client, the requester, the case,
 * the questionnaires and the documents — or 404 when the service is gone.
 */
export async function readRequestContents(db: DbExecutor, parts: RequestParts) {
  const [service, client, requester, careCase, surveys, documents] = await Promise.all([
    readRequestService(db, parts.facilityServiceId),
    readRequestClient(db, parts.ownerUserId, parts.clientId),
    readRequester(db, parts.requesterUserId),
    readRequestCase(db, parts.ownerUserId, parts.caseId),
    readRequestSurveys(db, parts.careRequestId),
    readDocuments(db, sql`care_request_id = ${parts.careRequestId}`),
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
  const { rows } = await db.execute<RequestRow>(sql`
    select cr.id, cr.case_id, cr.client_id, cr.facility_service_id, k.owner_user_id, cr.contractor_user_id,
      cr.note, rs.code as status, cr.decline_reason, cr.decline_reason_text,
      ${isoInstant(sql`cr.created_at`)} as created_at, ${isoInstant(sql`cr.updated_at`)} as updated_at,
      to_char((cr.created_at at time zone ${businessTimeZone})::date + ${careRequestAnswerDays}::int,
              'YYYY-MM-DD') as answer_expected_by,
      (select ${isoInstant(sql`c.granted_at`)} from consents c
       where c.care_request_id = cr.id and c.kind = 'provider-sharing') as consent_granted_at,
      p.name as provider_name,
      coalesce((
        select json_agg(json_build_object(
            'id', e.id, 'eventDate', ${isoInstant(sql`e.event_date`)}, 'kind', e.kind, 'status', es.code,
            'documentName', case when e.kind in ('document-added', 'document-removed')
                                 then e.payload ->> 'fileName' end,
            'byRequester', e.created_by_user_id is not null
                           and e.created_by_user_id in (k.owner_user_id, cr.contractor_user_id),
            'byProvider', exists (select 1 from provider_users pu
                                  where pu.user_id = e.created_by_user_id and pu.provider_id = cr.provider_id),
            'firstName', u.first_name, 'lastName', u.last_name)
          order by e.event_date, e.id)
        from care_request_events e
        left join request_statuses es on es.id = e.request_status_id
        left join users u on u.id = e.created_by_user_id
        where e.care_request_id = cr.id and e.kind not in (${sql.join(
          providerInternalEventKinds.map((kind) => sql`${kind}`),
          sql`, `,
        )})
      ), '[]'::json) as events
    from care_requests cr
    join cases k on k.id = cr.case_id
    join request_statuses rs on rs.id = cr.status_id
    join providers p on p.id = cr.provider_id
    where cr.id = ${careRequestId} and k.owner_user_id = ${userId}
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
  return {
    id: row.id,
    code: careCase.code,
    status: row.status,
    reason: row.status === 'rejected' ? row.decline_reason : null,
    reasonText: row.status === 'rejected' ? row.decline_reason_text : null,
    createdDate: row.created_at,
    editedDate: row.updated_at,
    answerExpectedBy: row.answer_expected_by,
    message: row.note,
    case: careCase,
    service,
    client,
    requester,
    providerConsentGrantedAt: row.consent_granted_at,
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
            ? { actor: 'provider', createdBy: row.provider_name }
            : { actor: 'platform', createdBy: 'Opora' }),
      }),
    ),
    surveys,
    documents,
    canWithdraw: canChangeCareRequestStatus(row.status, 'withdrawn'),
  };
}
