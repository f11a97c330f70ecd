import type { ProviderTeamMember } from '@opora/contracts';
import { providerUsers } from '@opora/db';
import { and, eq } from 'drizzle-orm';
import { ConflictError, NotFoundError } from '../platform/errors.ts';
import type { ProviderScope } from '../platform/provider-scope.ts';
import type { RequestContext } from '../requests/request-context.ts';
import { assertTeamAdministrator, readTeamMember } from './team-members.ts';
import { issueInvitation, lockProviderTeam } from './team-records.ts';

/**
 * `POST …/users/{providerUserId}/invitation`: a pending invitation gets a new link, valid for the full
 * period again, and its e-mail in the language first chosen; the earlier link stops working. An
 * accepted one answers 409.
 */
export async function resendInvitation(
  context: RequestContext,
  scope: ProviderScope,
  providerUserId: string,
): Promise<ProviderTeamMember> {
  assertTeamAdministrator(scope);
  await context.db.transaction(async (tx) => {
    const provider = await lockProviderTeam(tx, scope);
    const [member] = await tx
      .select({
        userId: providerUsers.userId,
        email: providerUsers.inviteEmail,
        locale: providerUsers.inviteLocale,
      })
      .from(providerUsers)
      .where(and(eq(providerUsers.id, providerUserId), eq(providerUsers.providerId, scope.providerId)));
    if (!member) throw new NotFoundError();
    if (member.userId || !member.email) throw new ConflictError('The invitation was accepted already.');
    await issueInvitation(context, tx, scope, {
      providerUserId,
      email: member.email,
      locale: member.locale ?? 'cs',
      providerName: provider.name,
    });
  });
  return readTeamMember(context.db, scope, providerUserId);
}
