import { fullName } from '@opora/contracts';
import {
  careRequestEvents,
  careRequests,
  type DbExecutor,
  facilities,
  providerUserRemovals,
  providerUsers,
  requestStatuses,
  users,
} from '@opora/db';
import { and, eq, sql } from 'drizzle-orm';
import { NotFoundError } from '../platform/errors.ts';
import type { ProviderScope } from '../platform/provider-scope.ts';
import type { RequestContext } from '../requests/request-context.ts';
import { assertAnotherAdministrator } from './last-administrator.ts';
import { assertTeamAdministrator } from './team-members.ts';
import { lockProviderTeam } from './team-records.ts';

/**
 * `DELETE …/users/{providerUserId}` (issue 24 §1, decision 0116): removes a member, or revokes a
 * pending invitation (its link stops working). A removed member's open requests assigned to them go
 * back to their facility team's queue (or the provider's), each with an `assigned` event in its
 * history; nothing of their past work is deleted — events, notes and requests point at their account,
 * not at the membership, and `provider_user_removals` keeps them the provider's colleague there, so
 * history keeps their name. Their next call to the provider answers 404.
 * The last registered administrator cannot be removed (409 `ProviderLastAdministrator`).
 */
export async function removeTeamMember(
  context: RequestContext,
  scope: ProviderScope,
  providerUserId: string,
): Promise<void> {
  assertTeamAdministrator(scope);
  await context.db.transaction(async (tx) => {
    await lockProviderTeam(tx, scope);
    const [member] = await tx
      .select({
        roles: providerUsers.roles,
        userId: providerUsers.userId,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(providerUsers)
      .leftJoin(users, eq(users.id, providerUsers.userId))
      .where(and(eq(providerUsers.id, providerUserId), eq(providerUsers.providerId, scope.providerId)));
    if (!member) throw new NotFoundError();
    if (member.userId && member.roles.includes('providerAdmin')) {
      await assertAnotherAdministrator(tx, scope.providerId, providerUserId);
    }
    await dropMembership(tx, {
      providerId: scope.providerId,
      providerUserId,
      member,
      byUserId: scope.userId,
    });
  });
}

/**
 * What removing a member does once it is allowed (decision 0116): their open assigned requests back to
 * the facility's queue with an `assigned` event each, the membership deleted, and the removal kept so
 * history still names them. Also used when staff reject a claim (decision 0121).
 */
export async function dropMembership(
  tx: DbExecutor,
  target: {
    providerId: string;
    providerUserId: string;
    member: {
      userId: string | null;
      firstName: string | null;
      lastName: string | null;
      email: string | null;
    };
    byUserId: string;
  },
): Promise<void> {
  const { providerId, providerUserId, member, byUserId } = target;
  // Open requests assigned to them, locked, with the facility team they stay with.
  const returned = await tx
    .select({
      id: careRequests.id,
      facilityId: careRequests.assigneeFacilityId,
      facilityName: facilities.name,
    })
    .from(careRequests)
    .innerJoin(requestStatuses, eq(requestStatuses.id, careRequests.statusId))
    .leftJoin(facilities, eq(facilities.id, careRequests.assigneeFacilityId))
    .where(
      and(
        eq(careRequests.providerId, providerId),
        eq(careRequests.assigneeProviderUserId, providerUserId),
        eq(requestStatuses.isTerminal, false),
      ),
    )
    .for('update', { of: careRequests });
  for (const request of returned) {
    await tx
      .update(careRequests)
      // An assignment is the provider's own matter: the request's edited date stays.
      .set({ assigneeProviderUserId: null, updatedAt: sql`${careRequests.updatedAt}` })
      .where(eq(careRequests.id, request.id));
    await tx.insert(careRequestEvents).values({
      careRequestId: request.id,
      createdByUserId: byUserId,
      kind: 'assigned',
      payload: {
        providerUserId: null,
        providerUserName: null,
        facilityId: request.facilityId,
        facilityName: request.facilityName,
        reason: 'member-removed',
        removedMemberName: fullName(member) || member.email,
      },
    });
  }
  await tx.delete(providerUsers).where(eq(providerUsers.id, providerUserId));
  if (member.userId) {
    await tx
      .insert(providerUserRemovals)
      .values({ providerId: providerId, userId: member.userId, removedByUserId: byUserId })
      .onConflictDoUpdate({
        target: [providerUserRemovals.providerId, providerUserRemovals.userId],
        set: { removedByUserId: byUserId, removedAt: sql`now()` },
      });
  }
}
