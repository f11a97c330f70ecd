import {
  type CareRequestDeclineReason,
  type CareRequestStatusCode,
  careRequestStatusesWithReason,
  createErrorDetail,
  isTerminalCareRequestStatus,
  type ProviderCareRequest,
  providerCareRequestTransitions,
} from '@opora/contracts';
import { careRequestEvents, type DbExecutor } from '@opora/db';
import { sql } from 'drizzle-orm';
import { AppError, FieldValidationError } from '../platform/errors.ts';
import { careRequestInScope, type ProviderScope } from '../platform/provider-scope.ts';
import type { RequestContext } from '../requests/request-context.ts';
import { notifyClientOfStatusChange } from '../requests/request-mails.ts';
import { lockCareRequestInScope } from './locked-care-request.ts';
import { readProviderCareRequest } from './provider-care-request-view.ts';

/** The change-status dialog's body after the contracts' schema (texts trimmed, blank = absent). */
export interface StatusChangeInput {
  status: CareRequestStatusCode;
  fromStatus: CareRequestStatusCode;
  reason?: CareRequestDeclineReason | undefined;
  reasonText?: string | undefined;
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

type LastChange = {
  by_user_id: string | null;
  from_status: string | null;
  status: string | null;
  reason: string | null;
  reason_text: string | null;
};

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
    const { rows } = await tx.execute<{ id: string }>(
      sql`select id from request_statuses where code = ${input.status}`,
    );
    const statusId = rows[0]?.id;
    if (!statusId) throw new Error(`Request status ${input.status} is missing`);
    const terminal = isTerminalCareRequestStatus(input.status);
    await tx.execute(sql`
      update care_requests set
        status_id = ${statusId},
        decline_reason = ${decline?.reason ?? null},
        decline_reason_text = ${decline?.reasonText ?? null},
        first_answered_at = coalesce(first_answered_at, now()),
        closed_at = ${terminal ? sql`now()` : null},
        updated_at = now()
      where id = ${careRequestId}
    `);
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
    await notifyClientOfStatusChange(context, tx, careRequestId, input.status, decline);
  });
  return readProviderCareRequest(context.db, careRequestInScope(scope), careRequestId);
}

/** Whether the request's last status change is exactly this one, made by the same person. */
async function isRepeat(
  tx: DbExecutor,
  careRequestId: string,
  userId: string,
  input: StatusChangeInput,
  decline: ReturnType<typeof declineOf>,
): Promise<boolean> {
  const { rows } = await tx.execute<LastChange>(sql`
    select e.created_by_user_id as by_user_id, e.payload ->> 'from' as from_status, rs.code as status,
      e.payload ->> 'reason' as reason, e.payload ->> 'reasonText' as reason_text
    from care_request_events e join request_statuses rs on rs.id = e.request_status_id
    where e.care_request_id = ${careRequestId} and e.kind = 'status-changed'
    order by e.event_date desc, e.id desc
    limit 1
  `);
  const last = rows[0];
  return (
    last !== undefined &&
    last.by_user_id === userId &&
    last.from_status === input.fromStatus &&
    last.status === input.status &&
    last.reason === (decline?.reason ?? null) &&
    last.reason_text === (decline?.reasonText ?? null)
  );
}
