import type { CareRequestStatusCode } from '@opora/contracts';
import type { DbExecutor } from '@opora/db';
import { sql } from 'drizzle-orm';
import { NotFoundError } from '../platform/errors.ts';
import { careRequestInScope, type ProviderScope } from '../platform/provider-scope.ts';

/** A request of the caller's scope, locked for the rest of the transaction. */
export interface LockedCareRequest {
  id: string;
  providerId: string;
  status: CareRequestStatusCode;
  assigneeProviderUserId: string | null;
  assigneeFacilityId: string | null;
}

/**
 * Locks a request in the caller's scope (`for no key update`: its changes wait for each other, while
 * events and notes that only reference it do not), or 404 for one outside the scope or none. Locked
 * on its own, without joins, so the scope is re-checked on the row a concurrent change just wrote
 * (an assignment can take a request out of a worker's scope).
 */
export async function lockCareRequestInScope(
  tx: DbExecutor,
  scope: ProviderScope,
  careRequestId: string,
): Promise<LockedCareRequest> {
  const { rows: locked } = await tx.execute<{
    id: string;
    status_id: string;
    assignee_provider_user_id: string | null;
    assignee_facility_id: string | null;
  }>(sql`
    select cr.id, cr.status_id, cr.assignee_provider_user_id, cr.assignee_facility_id
    from care_requests cr
    where cr.id = ${careRequestId} and ${careRequestInScope(scope)}
    for no key update
  `);
  const row = locked[0];
  if (!row) throw new NotFoundError();
  const { rows } = await tx.execute<{ code: CareRequestStatusCode }>(
    sql`select code from request_statuses where id = ${row.status_id}`,
  );
  const status = rows[0]?.code;
  if (!status) throw new Error('The request’s status is missing');
  return {
    id: row.id,
    providerId: scope.providerId,
    status,
    assigneeProviderUserId: row.assignee_provider_user_id,
    assigneeFacilityId: row.assignee_facility_id,
  };
}
