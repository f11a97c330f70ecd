import {
  createErrorDetail,
  type ProviderInvitationAccepted,
  type ProviderInvitationSignUp,
  type ProviderInvitationView,
} from '@opora/contracts';
import {
  type DbExecutor,
  postgresErrorCodes,
  postgresErrorOf,
  providers,
  providerUsers,
  users,
} from '@opora/db';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AccountContext } from '../accounts/account-context.ts';
import { hashActionToken } from '../accounts/action-tokens.ts';
import { signUpWith } from '../accounts/sign-up.ts';
import type { Principal } from '../platform/auth.ts';
import { AppError, ConflictError, FieldValidationError, ForbiddenError } from '../platform/errors.ts';

function invalidInvitationError(): AppError {
  return new AppError(
    'InvalidOrExpiredToken',
    'The invitation link is unknown, revoked, replaced by a newer one or expired.',
  );
}

const invitationColumns = {
  providerUserId: providerUsers.id,
  providerId: providerUsers.providerId,
  providerName: providers.name,
  email: providerUsers.inviteEmail,
  roles: providerUsers.roles,
  locale: providerUsers.inviteLocale,
  userId: providerUsers.userId,
  open: sql<boolean>`${providerUsers.userId} is null and ${providerUsers.inviteExpiresAt} > now()`,
};

/** The invitation a token names, whatever its state; none when the token is unknown or revoked. */
async function findInvitation(db: DbExecutor, token: string) {
  const [row] = await db
    .select(invitationColumns)
    .from(providerUsers)
    .innerJoin(providers, eq(providers.id, providerUsers.providerId))
    .where(eq(providerUsers.inviteTokenHash, hashActionToken(token)));
  return row?.email ? { ...row, email: row.email } : undefined;
}

/** The invitation as long as it can be accepted: not accepted, not expired, not revoked or replaced. */
async function openInvitation(db: DbExecutor, token: string) {
  const invitation = await findInvitation(db, token);
  if (!invitation?.open) throw invalidInvitationError();
  return invitation;
}

/** `POST /web/provider-invitations/lookup`: what the invitation page shows before the invitee acts. */
export async function lookUpInvitation(db: DbExecutor, token: string): Promise<ProviderInvitationView> {
  const invitation = await openInvitation(db, token);
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${invitation.email}`)
    .limit(1);
  return {
    providerName: invitation.providerName,
    email: invitation.email,
    roles: invitation.roles,
    locale: invitation.locale ?? 'cs',
    accountExists: account !== undefined,
  };
}

/**
 * The invitation becomes the user's membership: one conditional statement, so of two acceptances at
 * once exactly one wins. Answers whether this call made it (false: it was open no more).
 */
async function claimInvitation(tx: DbExecutor, token: string, userId: string): Promise<boolean> {
  const claimed = await tx
    .update(providerUsers)
    .set({ userId, acceptedAt: sql`now()` })
    .where(
      and(
        eq(providerUsers.inviteTokenHash, hashActionToken(token)),
        isNull(providerUsers.userId),
        gt(providerUsers.inviteExpiresAt, sql`now()`),
      ),
    )
    .returning({ id: providerUsers.id });
  return claimed.length > 0;
}

function alreadyMemberError(): ConflictError {
  return new ConflictError('This account is a member of the provider already.');
}

/**
 * `POST /web/provider-invitations/accept`: the signed-in invitee joins — the account must be the
 * invited address's (decision 0115). Accepting again with the same account answers the same success
 * (a double click makes one membership); anyone else, or an expired or revoked link, is refused.
 */
export async function acceptInvitation(
  db: DbExecutor,
  principal: Principal,
  token: string,
): Promise<ProviderInvitationAccepted> {
  const invitation = await findInvitation(db, token);
  if (!invitation) throw invalidInvitationError();
  const done = { providerId: invitation.providerId, providerName: invitation.providerName };
  if (invitation.userId === principal.userId) return done;
  if (!invitation.open) throw invalidInvitationError();
  const [account] = await db.select({ email: users.email }).from(users).where(eq(users.id, principal.userId));
  if (account?.email?.toLowerCase() !== invitation.email.toLowerCase()) {
    throw new ForbiddenError('The invitation is for another e-mail address; sign in with that one.');
  }
  try {
    if (await claimInvitation(db, token, principal.userId)) return done;
  } catch (error) {
    const postgresError = postgresErrorOf(error);
    if (
      postgresError?.code === postgresErrorCodes.uniqueViolation &&
      postgresError.constraint === 'provider_users_provider_id_user_id_unique'
    ) {
      throw alreadyMemberError();
    }
    throw error;
  }
  // Lost a race: the winner was this account (another tab) or the link closed meanwhile.
  const after = await findInvitation(db, token);
  if (after?.userId === principal.userId) return done;
  throw invalidInvitationError();
}

/**
 * `POST /web/provider-invitations/sign-up`: the invitee registers with the invited address and joins,
 * ordered and compensated exactly as a sign-up (`signUpWith`): the identity account only now, outside
 * any transaction; the application account, its consents and the membership in one transaction; and
 * the identity account deleted again when that transaction fails (an invitation accepted meanwhile,
 * the address registered meanwhile).
 */
export async function signUpWithInvitation(
  context: AccountContext,
  input: ProviderInvitationSignUp,
): Promise<ProviderInvitationAccepted> {
  const invitation = await openInvitation(context.db, input.token);
  if (input.email.toLowerCase() !== invitation.email.toLowerCase()) {
    throw new FieldValidationError([createErrorDetail('email', 'invalid')]);
  }
  const { token, ...signUp } = input;
  await signUpWith(
    context,
    { ...signUp, locale: signUp.locale ?? invitation.locale ?? 'cs' },
    {
      check: async () => {
        await openInvitation(context.db, token);
      },
      complete: async (tx, userId) => {
        if (!(await claimInvitation(tx, token, userId))) throw invalidInvitationError();
      },
      // The link came to this address: opening it proves the address as a confirmation link would.
      emailProven: true,
    },
  );
  return { providerId: invitation.providerId, providerName: invitation.providerName };
}
