import {
  type CareRequestDeclineReason,
  type CareRequestStatusCode,
  careRequestStatusesWithReason,
  createErrorDetail,
  isTerminalCareRequestStatus,
  type ProviderCareRequest,
  providerCareRequestTransitions,
} from '@opora/contracts';
import { careRequestEvents, careRequests, type DbExecutor, requestStatuses } from '@opora/db';
import { and, desc, eq, sql } from 'drizzle-orm';
import { AppError, FieldValidationError, ForbiddenError } from '../platform/errors.ts';
import { careRequestInScope, type ProviderScope } from '../platform/provider-scope.ts';
import type { RequestContext } from '../requests/request-context.ts';
import { notifyClientOfStatusChange } from '../requests/request-mails.ts';
import { applyCapacityUpdate, mayUpdateCapacityOf } from '../service-capacity/service-capacity.ts';
import { lockCareRequestInScope } from './locked-care-request.ts';
import { readProviderCareRequest } from './provider-care-request-view.ts';

/** The change-status dialog's body after the contracts' schema (texts trimmed, blank = absent). */
export interface StatusChangeInput {
  status: CareRequestStatusCode;
  fromStatus: CareRequestStatusCode;
  reason?: CareRequestDeclineReason | undefined;
  reasonText?: string | undefined;
  /** With a `no-capacity` decline: mark the request's service full in the same transaction. */
  markServiceFull?: boolean | undefined;
}

function notAllowed(detail: string): AppError {
  return new AppError('CareRequestStatusChangeNotAllowed', detail);
}

/** A declined request needs a reason, and `other` needs the provider's words (400 on the field). */
function declineOf(input: StatusChangeInput) {
  if (!careRequestStatusesWithReason.includes(input.status)) return undefined;
  if (!input.reason) throw new FieldValidationError([createErrorDetail('reason', 'required')]);
  if (input.reason === 'other' && !input.reasonText) {
    throw new FieldValidationError([createErrorDetail('reasonText', 'required')]);
  }
  return { reason: input.reason, reasonText: input.reasonText ?? null };
}

/**
 * `POST …/requests/{id}/status`: the change-status dialog. In one transaction on the locked request:
 * the status the user saw must still be the current one (a colleague's change in between answers 409
 * `CareRequestStatusChangeNotAllowed` rather than being overwritten), and the move one the provider
 * may make; then the status, the decline reason (kept only with `rejected`), the first answer's and
 * the closing time, a `status-changed` event (from, to, reason) and the client's e-mail, which goes
 * out only if all of it commits. The same change sent again by the same person (a double click, a
 * retry after a lost answer) answers the request as it is: one event, one e-mail.
 */
export async function changeProviderCareRequestStatus(
  context: RequestContext,
  scope: ProviderScope,
  careRequestId: string,
  input: StatusChangeInput,
  now: Date = new Date(),
): Promise<ProviderCareRequest> {
  const decline = declineOf(input);
  await context.db.transaction(async (tx) => {
    const request = await lockCareRequestInScope(tx, scope, careRequestId);
    if (request.status !== input.fromStatus) {
      const repeat =
        request.status === input.status && (await isRepeat(tx, careRequestId, scope.userId, input, decline));
      if (repeat) return;
      throw notAllowed('The status was changed meanwhile; reload the request and decide again.');
    }
    if (!providerCareRequestTransitions(request.status).includes(input.status)) {
      throw notAllowed(`A request in status ${request.status} cannot be moved to ${input.status}.`);
    }
    const [newStatus] = await tx
      .select({ id: requestStatuses.id })
      .from(requestStatuses)
      .where(eq(requestStatuses.code, input.status));
    if (!newStatus) throw new Error(`Request status ${input.status} is missing`);
    const statusId = newStatus.id;
    const terminal = isTerminalCareRequestStatus(input.status);
    await tx
      .update(careRequests)
      .set({
        statusId,
        declineReason: decline?.reason ?? null,
        declineReasonText: decline?.reasonText ?? null,
        firstAnsweredAt: sql`coalesce(${careRequests.firstAnsweredAt}, now())`,
        closedAt: terminal ? sql`now()` : null,
        updatedAt: sql`now()`,
      })
      .where(eq(careRequests.id, careRequestId));
    await tx.insert(careRequestEvents).values({
      careRequestId,
      createdByUserId: scope.userId,
      kind: 'status-changed',
      requestStatusId: statusId,
      payload: {
        from: request.status,
        to: input.status,
        ...(decline && { reason: decline.reason }),
        ...(decline?.reasonText && { reasonText: decline.reasonText }),
      },
    });
    if (decline?.reason === 'no-capacity' && input.markServiceFull) {
      await markServiceFull(tx, scope, careRequestId, now);
    }
    await notifyClientOfStatusChange(context, tx, careRequestId, input.status, decline);
  });
  return readProviderCareRequest(context.db, careRequestInScope(scope), careRequestId);
}

/**
 * The decline dialog's "mark the service full": the request's service, if the caller may update its
 * capacity (403 otherwise, and nothing of the decline is written either).
 */
async function markServiceFull(tx: DbExecutor, scope: ProviderScope, careRequestId: string, now: Date) {
  const [request] = await tx
    .select({ serviceId: careRequests.facilityServiceId, facilityId: careRequests.facilityId })
    .from(careRequests)
    .where(eq(careRequests.id, careRequestId));
  if (!request) throw new Error('The locked request is missing');
  if (!mayUpdateCapacityOf(scope, request.facilityId)) {
    throw new ForbiddenError('Only a member of the service’s facility may mark it full.');
  }
  await applyCapacityUpdate(tx, scope, request.serviceId, { action: 'full' }, now);
}

/** Whether the request's last status change is exactly this one, made by the same person. */
async function isRepeat(
  tx: DbExecutor,
  careRequestId: string,
  userId: string,
  input: StatusChangeInput,
  decline: ReturnType<typeof declineOf>,
): Promise<boolean> {
  const event = careRequestEvents;
  // Fields of the JSON payload (the builder has no `->>`).
  const [last] = await tx
    .select({
      byUserId: event.createdByUserId,
      fromStatus: sql<string | null>`${event.payload} ->> 'from'`,
      status: requestStatuses.code,
      reason: sql<string | null>`${event.payload} ->> 'reason'`,
      reasonText: sql<string | null>`${event.payload} ->> 'reasonText'`,
    })
    .from(event)
    .innerJoin(requestStatuses, eq(requestStatuses.id, event.requestStatusId))
    .where(and(eq(event.careRequestId, careRequestId), eq(event.kind, 'status-changed')))
    .orderBy(desc(event.eventDate), desc(event.id))
    .limit(1);
  return (
    last !== undefined &&
    last.byUserId === userId &&
    last.fromStatus === input.fromStatus &&
    last.status === input.status &&
    last.reason === (decline?.reason ?? null) &&
    last.reasonText === (decline?.reasonText ?? null)
  );
}
