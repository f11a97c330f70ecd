import { type DbExecutor, requestStatuses } from '@opora/db';
import { and, eq } from 'drizzle-orm';
import { NotFoundError } from '../platform/errors.ts';
import { careRequestInScope, type ProviderScope } from '../platform/provider-scope.ts';
import { cr } from '../requests/care-request-view.ts';
import { statusCode } from '../requests/request-views.ts';

/**
 * Locks a request in the caller's scope (`for no key update`: its changes wait for each other, while
 * events and notes that only reference it do not), or 404 for one outside the scope or none. Locked
 * on its own, without joins, so the scope is re-checked on the row a concurrent change just wrote
 * (an assignment can take a request out of a worker's scope).
 */
export async function lockCareRequestInScope(tx: DbExecutor, scope: ProviderScope, careRequestId: string) {
  const [row] = await tx
    .select({
      id: cr.id,
      statusId: cr.statusId,
      assigneeProviderUserId: cr.assigneeProviderUserId,
      assigneeFacilityId: cr.assigneeFacilityId,
    })
    .from(cr)
    .where(and(eq(cr.id, careRequestId), careRequestInScope(scope)))
    .for('no key update');
  if (!row) throw new NotFoundError();
  const [status] = await tx
    .select({ code: statusCode })
    .from(requestStatuses)
    .where(eq(requestStatuses.id, row.statusId));
  if (!status) throw new Error('The request’s status is missing');
  return {
    id: row.id,
    providerId: scope.providerId,
    status: status.code,
    assigneeProviderUserId: row.assigneeProviderUserId,
    assigneeFacilityId: row.assigneeFacilityId,
  };
}

/** A request of the caller's scope, locked for the rest of the transaction. */
export type LockedCareRequest = Awaited<ReturnType<typeof lockCareRequestInScope>>;
