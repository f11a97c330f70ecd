import type { ProviderInvitationCreate, ProviderTeamMember } from '@opora/contracts';
import { ProviderInvitationCreateSchema } from '@opora/contracts';
import { type DbExecutor, postgresErrorCodes, postgresErrorOf, providerUsers, users } from '@opora/db';
import { and, eq, or, sql } from 'drizzle-orm';
import { FieldValidationError } from '../platform/errors.ts';
import type { ProviderScope } from '../platform/provider-scope.ts';
import type { RequestContext } from '../requests/request-context.ts';
import { assertTeamAdministrator, readTeamMember } from './team-members.ts';
import {
  facilityNotOfProviderError,
  issueInvitation,
  lockProviderTeam,
  setMemberFacilities,
} from './team-records.ts';

/** SPEC §8 `ProviderInviteEmailAlreadyAssigned`, beside the e-mail field. */
export function inviteEmailTakenError(): FieldValidationError {
  return new FieldValidationError(
    [
      {
        id: '1',
        code: 'ProviderInviteEmailAlreadyAssigned',
        instructions: 'errors:ProviderInviteEmailAlreadyAssigned',
        property: 'email',
        parameters: {},
      },
    ],
    'ProviderInviteEmailAlreadyAssigned',
    'An invitation was already sent to this e-mail.',
  );
}

/** The address belongs to the provider already: invited, or the sign-in address of a member. */
async function addressInTeam(tx: DbExecutor, providerId: string, email: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: providerUsers.id })
    .from(providerUsers)
    .leftJoin(users, eq(users.id, providerUsers.userId))
    .where(
      and(
        eq(providerUsers.providerId, providerId),
        or(sql`lower(${providerUsers.inviteEmail}) = ${email}`, sql`lower(${users.email}) = ${email}`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * `POST …/users` (issue 24 §1): a pending membership for the address with its roles and facilities,
 * a link valid for `providerInvitationValidDays` and its e-mail in the chosen language, in one
 * transaction. No identity account is made here: only the invitee's acceptance makes one. An address
 * invited or a member already answers `ProviderInviteEmailAlreadyAssigned` beside `email` — also to
 * the loser of two administrators inviting it at once (the unique index on the address decides).
 */
export async function inviteProviderUser(
  context: RequestContext,
  scope: ProviderScope,
  body: ProviderInvitationCreate,
): Promise<ProviderTeamMember> {
  assertTeamAdministrator(scope);
  const input = ProviderInvitationCreateSchema.parse(body);
  const email = input.email.toLowerCase();
  let providerUserId: string;
  try {
    providerUserId = await context.db.transaction(async (tx) => {
      const provider = await lockProviderTeam(tx, scope);
      if (await addressInTeam(tx, scope.providerId, email)) throw inviteEmailTakenError();
      const [row] = await tx
        .insert(providerUsers)
        .values({ providerId: scope.providerId, inviteEmail: email, roles: input.roles })
        .returning({ id: providerUsers.id });
      if (!row) throw new Error('Insert returned no provider user');
      await setMemberFacilities(tx, scope.providerId, row.id, input.facilityIds);
      await issueInvitation(context, tx, scope, {
        providerUserId: row.id,
        email,
        locale: input.locale,
        providerName: provider.name,
      });
      return row.id;
    });
  } catch (error) {
    const postgresError = postgresErrorOf(error);
    if (
      postgresError?.code === postgresErrorCodes.uniqueViolation &&
      postgresError.constraint === 'provider_users_provider_id_invite_email_unique'
    ) {
      throw inviteEmailTakenError();
    }
    if (postgresError?.code === postgresErrorCodes.foreignKeyViolation) throw facilityNotOfProviderError();
    throw error;
  }
  return readTeamMember(context.db, scope, providerUserId);
}
