import { randomBytes } from 'node:crypto';
import {
  createErrorDetail,
  formatDisplayDate,
  fullName,
  type Locale,
  providerInvitationValidDays,
  todayIsoDate,
} from '@opora/contracts';
import { type DbExecutor, facilities, facilityAssignments, providers, providerUsers, users } from '@opora/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { hashActionToken } from '../accounts/action-tokens.ts';
import { FieldValidationError, ForbiddenError, NotFoundError } from '../platform/errors.ts';
import type { ProviderScope } from '../platform/provider-scope.ts';
import type { RequestContext } from '../requests/request-context.ts';

/**
 * Team changes of one provider run one after another: the provider's row is locked first, so two
 * administrators demoting each other cannot both pass the "last administrator" check. Once it is
 * held, the caller must still be an administrator (a colleague may have demoted them meanwhile).
 */
export async function lockProviderTeam(tx: DbExecutor, scope: ProviderScope): Promise<{ name: string }> {
  const [row] = await tx
    .select({ name: providers.name })
    .from(providers)
    .where(eq(providers.id, scope.providerId))
    .for('update');
  if (!row) throw new NotFoundError();
  const [caller] = await tx
    .select({ roles: providerUsers.roles })
    .from(providerUsers)
    .where(and(eq(providerUsers.id, scope.providerUserId), eq(providerUsers.providerId, scope.providerId)));
  if (!caller) throw new NotFoundError();
  if (!caller.roles.includes('providerAdmin')) {
    throw new ForbiddenError('Only the provider’s administrators manage its team.');
  }
  return row;
}

/** A facility that is not the provider's is refused beside the field (the composite keys refuse it too). */
export function facilityNotOfProviderError(): FieldValidationError {
  return new FieldValidationError([createErrorDetail('facilityIds', 'invalidOption')]);
}

/** The member's facilities become exactly `facilityIds` (each checked to be the provider's). */
export async function setMemberFacilities(
  tx: DbExecutor,
  providerId: string,
  providerUserId: string,
  facilityIds: readonly string[],
): Promise<void> {
  if (facilityIds.length > 0) {
    const found = await tx
      .select({ id: facilities.id })
      .from(facilities)
      .where(and(eq(facilities.providerId, providerId), inArray(facilities.id, [...facilityIds])));
    if (found.length !== new Set(facilityIds).size) throw facilityNotOfProviderError();
  }
  await tx
    .delete(facilityAssignments)
    .where(
      and(
        eq(facilityAssignments.providerId, providerId),
        eq(facilityAssignments.providerUserId, providerUserId),
      ),
    );
  if (facilityIds.length > 0) {
    await tx
      .insert(facilityAssignments)
      .values(facilityIds.map((facilityId) => ({ providerId, facilityId, providerUserId })));
  }
}

export function providerInvitationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/provider/invitation?token=${encodeURIComponent(token)}`;
}

/**
 * A new link for a pending invitation (an earlier one stops working) and its e-mail in the language
 * the inviter chose, queued in the caller's transaction: the link and its e-mail exist together.
 */
export async function issueInvitation(
  context: Pick<RequestContext, 'mailer' | 'config'>,
  tx: DbExecutor,
  scope: ProviderScope,
  invitation: { providerUserId: string; email: string; locale: Locale; providerName: string },
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const [inviter] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, scope.userId));
  const [row] = await tx
    .update(providerUsers)
    .set({
      inviteTokenHash: hashActionToken(token),
      inviteExpiresAt: sql`now() + make_interval(days => ${providerInvitationValidDays})`,
      invitedAt: sql`now()`,
      inviteLocale: invitation.locale,
      invitedByUserId: scope.userId,
    })
    .where(
      and(eq(providerUsers.id, invitation.providerUserId), eq(providerUsers.providerId, scope.providerId)),
    )
    .returning({ expiresAt: providerUsers.inviteExpiresAt });
  if (!row?.expiresAt) throw new NotFoundError();
  await context.mailer.queue(tx, {
    to: invitation.email,
    locale: invitation.locale,
    template: 'provider-invitation',
    params: {
      link: providerInvitationLink(context.config.publicUrl, token),
      providerName: invitation.providerName,
      inviterName: (inviter && (fullName(inviter) || inviter.email)) || invitation.providerName,
      validUntil: formatDisplayDate(todayIsoDate(row.expiresAt)),
    },
  });
}
