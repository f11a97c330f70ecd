import type { DbExecutor } from '@opora/db';
import { sql } from 'drizzle-orm';

export interface OwnDraft {
  id: string;
  caseId: string;
  facilityServiceId: string;
  clientId: string | null;
}

/**
 * The caller's request draft (a draft of one of their cases), or undefined — another user's draft is
 * not told apart from a missing one. `lock: 'update'` holds the row until the transaction ends (a send
 * in progress), `'share'` lets saves of answers run together but not beside a send.
 */
export async function findOwnDraft(
  db: DbExecutor,
  userId: string,
  draftId: string,
  { lock }: { lock?: 'update' | 'share' } = {},
): Promise<OwnDraft | undefined> {
  const locking = lock === 'update' ? sql`for update of d` : lock === 'share' ? sql`for share of d` : sql``;
  const { rows } = await db.execute<{
    id: string;
    case_id: string;
    facility_service_id: string;
    client_id: string | null;
  }>(sql`
    select d.id, d.case_id, d.facility_service_id, k.client_id
    from request_drafts d join cases k on k.id = d.case_id
    where d.id = ${draftId} and k.owner_user_id = ${userId}
    ${locking}
  `);
  const row = rows[0];
  return (
    row && {
      id: row.id,
      caseId: row.case_id,
      facilityServiceId: row.facility_service_id,
      clientId: row.client_id,
    }
  );
}

/** The request the caller's draft became when it was sent (the draft is gone then), or undefined. */
export async function requestSentFromDraft(
  db: DbExecutor,
  userId: string,
  draftId: string,
): Promise<string | undefined> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select cr.id from care_requests cr join cases k on k.id = cr.case_id
    where cr.draft_id = ${draftId} and k.owner_user_id = ${userId}
  `);
  return rows[0]?.id;
}

/**
 * The live request of a case to a service, if one was sent (one per case and service; a withdrawn or
 * expired one lets the case ask again).
 */
export async function requestOfCaseAndService(
  db: DbExecutor,
  caseId: string,
  serviceId: string,
): Promise<string | undefined> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select id from care_requests
    where case_id = ${caseId} and facility_service_id = ${serviceId} and not allows_new_request
  `);
  return rows[0]?.id;
}
