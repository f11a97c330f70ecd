import { fullName, type ProviderAssignment, type ProviderCareRequest } from '@opora/contracts';
import {
  careRequestEvents,
  careRequests,
  type DbExecutor,
  facilities,
  postgresErrorCodes,
  postgresErrorOf,
  providerUsers,
  users,
} from '@opora/db';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { ForbiddenError, NotFoundError } from '../platform/errors.ts';
import { careRequestInScope, type ProviderScope, seesWholeProvider } from '../platform/provider-scope.ts';
import { cr } from '../requests/care-request-view.ts';
import type { RequestContext } from '../requests/request-context.ts';
import { queueCareRequestAssignedMail } from './inbox-mails.ts';
import { type LockedCareRequest, lockCareRequestInScope } from './locked-care-request.ts';
import { readProviderCareRequest } from './provider-care-request-view.ts';
import { hasRoles } from './provider-memberships.ts';

/**
 * A worker may take a request of their scope for themselves (also from a colleague) or give up their
 * own assignment; whom else it goes to, and which facility team, is for administrators and
 * coordinators.
 */
function assertWorkerMayAssign(scope: ProviderScope, request: LockedCareRequest, input: ProviderAssignment) {
  if (seesWholeProvider(scope)) return;
  const takesIt = input.providerUserId === scope.providerUserId;
  const givesUpOwn =
    input.providerUserId === null &&
    (request.assigneeProviderUserId === null || request.assigneeProviderUserId === scope.providerUserId);
  if ((!takesIt && !givesUpOwn) || input.facilityId !== request.assigneeFacilityId) {
    throw new ForbiddenError(
      'A worker may assign a request only to themselves or give up their own assignment; ask a coordinator.',
    );
  }
}

async function colleagueOf(tx: DbExecutor, scope: ProviderScope, providerUserId: string) {
  const [row] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(providerUsers)
    .innerJoin(users, eq(users.id, providerUsers.userId))
    .where(
      and(eq(providerUsers.id, providerUserId), eq(providerUsers.providerId, scope.providerId), hasRoles),
    );
  if (!row) throw new NotFoundError('No such colleague in this provider.');
  return {
    id: providerUserId,
    name: fullName(row) || row.email,
  };
}

async function facilityOf(tx: DbExecutor, scope: ProviderScope, facilityId: string) {
  const [row] = await tx
    .select({ name: facilities.name })
    .from(facilities)
    .where(and(eq(facilities.id, facilityId), eq(facilities.providerId, scope.providerId)));
  if (!row) throw new NotFoundError('No such facility in this provider.');
  return { id: facilityId, name: row.name };
}

/**
 * `PUT …/requests/{id}/assignment`: assigns a request to a colleague, a facility team, both, or
 * nobody (both null). Administrators and coordinators assign to anyone of the provider; a worker see
 * `assertWorkerMayAssign` (else 403). A colleague or facility of another provider answers 404 (and the
 * composite keys refuse it too). In one transaction on the locked request: the assignment, an
 * `assigned` event naming whom, and an e-mail to a newly assigned colleague unless they assigned it
 * to themselves. The same assignment again changes nothing. A worker who gave up their own
 * assignment is answered the request once more even when it left their scope with it.
 */
export async function assignProviderCareRequest(
  context: RequestContext,
  scope: ProviderScope,
  careRequestId: string,
  input: ProviderAssignment,
): Promise<ProviderCareRequest> {
  let visible: SQL = careRequestInScope(scope);
  try {
    await context.db.transaction(async (tx) => {
      const request = await lockCareRequestInScope(tx, scope, careRequestId);
      assertWorkerMayAssign(scope, request, input);
      if (
        input.providerUserId === request.assigneeProviderUserId &&
        input.facilityId === request.assigneeFacilityId
      ) {
        return;
      }
      const colleague = input.providerUserId ? await colleagueOf(tx, scope, input.providerUserId) : null;
      const facility = input.facilityId ? await facilityOf(tx, scope, input.facilityId) : null;
      await tx
        .update(careRequests)
        .set({
          assigneeProviderUserId: colleague?.id ?? null,
          assigneeFacilityId: facility?.id ?? null,
          // An assignment is the provider's own matter: the request's edited date stays.
          updatedAt: sql`${careRequests.updatedAt}`,
        })
        .where(eq(careRequests.id, careRequestId));
      await tx.insert(careRequestEvents).values({
        careRequestId,
        createdByUserId: scope.userId,
        kind: 'assigned',
        payload: {
          providerUserId: colleague?.id ?? null,
          providerUserName: colleague?.name ?? null,
          facilityId: facility?.id ?? null,
          facilityName: facility?.name ?? null,
        },
      });
      if (
        colleague &&
        colleague.id !== request.assigneeProviderUserId &&
        colleague.id !== scope.providerUserId
      ) {
        await queueCareRequestAssignedMail(context, tx, careRequestId, colleague.id);
      }
      visible = eq(cr.providerId, scope.providerId);
    });
  } catch (error) {
    if (postgresErrorOf(error)?.code === postgresErrorCodes.foreignKeyViolation) throw new NotFoundError();
    throw error;
  }
  return readProviderCareRequest(context.db, visible, careRequestId);
}
