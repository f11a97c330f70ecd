import type { ProviderTeamMember, ProviderTeamMemberUpdate } from '@opora/contracts';
import { postgresErrorCodes, postgresErrorOf, providerUsers } from '@opora/db';
import { and, eq } from 'drizzle-orm';
import { NotFoundError } from '../platform/errors.ts';
import type { ProviderScope } from '../platform/provider-scope.ts';
import type { RequestContext } from '../requests/request-context.ts';
import { assertAnotherAdministrator } from './last-administrator.ts';
import { assertTeamAdministrator, readTeamMember } from './team-members.ts';
import { facilityNotOfProviderError, lockProviderTeam, setMemberFacilities } from './team-records.ts';

/**
 * `PUT …/users/{providerUserId}`: the member's (or pending invitation's) roles and facilities become
 * those given. Only a member of this provider can be assigned to its facilities (SPEC §5): a member of
 * another provider answers 404, a facility of another provider 400 beside `facilityIds`, and the
 * composite keys of `facility_assignments` refuse both in the database too. The last registered
 * administrator keeps the role (409 `ProviderLastAdministrator`).
 */
export async function updateTeamMember(
  context: RequestContext,
  scope: ProviderScope,
  providerUserId: string,
  input: ProviderTeamMemberUpdate,
): Promise<ProviderTeamMember> {
  assertTeamAdministrator(scope);
  try {
    await context.db.transaction(async (tx) => {
      await lockProviderTeam(tx, scope);
      const [member] = await tx
        .select({ roles: providerUsers.roles, userId: providerUsers.userId })
        .from(providerUsers)
        .where(and(eq(providerUsers.id, providerUserId), eq(providerUsers.providerId, scope.providerId)));
      if (!member) throw new NotFoundError();
      if (member.userId && member.roles.includes('providerAdmin') && !input.roles.includes('providerAdmin')) {
        await assertAnotherAdministrator(tx, scope.providerId, providerUserId);
      }
      await tx.update(providerUsers).set({ roles: input.roles }).where(eq(providerUsers.id, providerUserId));
      await setMemberFacilities(tx, scope.providerId, providerUserId, input.facilityIds);
    });
  } catch (error) {
    if (postgresErrorOf(error)?.code === postgresErrorCodes.foreignKeyViolation)
      throw facilityNotOfProviderError();
    throw error;
  }
  return readTeamMember(context.db, scope, providerUserId);
}
