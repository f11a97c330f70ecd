import { type CareRequest, canChangeCareRequestStatus } from '@opora/contracts';
import { careRequestEvents, careRequests, cases, requestStatuses } from '@opora/db';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Principal } from '../platform/auth.ts';
import { ConflictError, NotFoundError } from '../platform/errors.ts';
import { readCareRequest } from './care-request-view.ts';
import type { RequestContext } from './request-context.ts';
import { queueRequestWithdrawnMail } from './request-mails.ts';
import { statusCode } from './request-views.ts';

/**
 * `POST /care-requests/{id}/withdraw`: the sender takes their request back while the provider has not
 * decided it (`new`, `in-progress`, `waiting-list`). One transaction on the locked request: the status,
 * a `status-changed` event (from, to) and the provider's e-mail. Withdrawing a withdrawn request again
 * (a double click) answers it unchanged; a decided one answers 409 `Conflict`. Another user's request
 * answers 404.
 */
export async function withdrawCareRequest(
  context: RequestContext,
  principal: Principal,
  careRequestId: string,
): Promise<CareRequest> {
  const { db } = context;
  await db.transaction(async (tx) => {
    // Locked on its own first: a join to the status would be re-checked against the status a
    // concurrent withdrawal just changed, and lose the row.
    const locked = await tx
      .select({ id: careRequests.id })
      .from(careRequests)
      .innerJoin(cases, eq(cases.id, careRequests.caseId))
      .where(and(eq(careRequests.id, careRequestId), eq(cases.ownerUserId, principal.userId)))
      .for('update', { of: careRequests });
    if (locked.length === 0) throw new NotFoundError();
    const withdrawn = alias(requestStatuses, 'withdrawn');
    const [row] = await tx
      .select({
        status: statusCode,
        withdrawnId: withdrawn.id,
      })
      .from(careRequests)
      .innerJoin(requestStatuses, eq(requestStatuses.id, careRequests.statusId))
      .innerJoin(withdrawn, eq(withdrawn.code, 'withdrawn'))
      .where(eq(careRequests.id, careRequestId));
    if (!row) throw new NotFoundError();
    if (row.status === 'withdrawn') return;
    if (!canChangeCareRequestStatus(row.status, 'withdrawn')) {
      throw new ConflictError(
        'The provider has decided this request already; it can no longer be withdrawn.',
      );
    }
    await tx
      .update(careRequests)
      // The case may ask this service again later.
      .set({
        statusId: row.withdrawnId,
        allowsNewRequest: true,
        closedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(careRequests.id, careRequestId));
    await tx.insert(careRequestEvents).values({
      careRequestId,
      createdByUserId: principal.userId,
      kind: 'status-changed',
      requestStatusId: row.withdrawnId,
      payload: { from: row.status, to: 'withdrawn' },
    });
    await queueRequestWithdrawnMail(context, tx, careRequestId);
  });
  return readCareRequest(db, principal.userId, careRequestId);
}
