import type { SignUp, SignUpResult } from '@opora/contracts';
import { consents, type DbExecutor, postgresErrorCodes, postgresErrorOf, users } from '@opora/db';
import { sql } from 'drizzle-orm';
import { AppError, ServiceUnavailableError } from '../platform/errors.ts';
import { IdentityConflictError } from '../platform/identity-admin.ts';
import type { AccountContext } from './account-context.ts';
import { queueConfirmationEmail } from './confirmation-email.ts';
import { emailTakenError, withPasswordPolicy, withUserProfile } from './identity-errors.ts';
import {
  abandonSignUpAttempt,
  beginSignUpAttempt,
  endSignUpAttempt,
  identityAccountFor,
  type SignUpAttempt,
} from './sign-up-attempts.ts';

/**
 * Version of the terms and privacy texts the sign-up page shows, recorded with each consent (GDPR
 * Art. 7: the controller must show what was agreed to). Change it together with the texts.
 */
export const legalTextsVersion = '2026-11';

async function emailRegistered(context: AccountContext, email: string): Promise<boolean> {
  const rows = await context.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  return rows.length > 0;
}

/**
 * The identity account, created outside any transaction. When an earlier attempt for the address
 * stopped unfinished, its identity account (if it is provably that attempt's) is removed first.
 */
async function createIdentityAccount(
  context: AccountContext,
  attempt: SignUpAttempt,
  input: SignUp,
): Promise<string> {
  if (attempt.resumed) {
    const state = await identityAccountFor(context, attempt);
    if (state.kind === 'taken') throw emailTakenError();
    if (state.kind === 'leftover') {
      await context.identityAdmin.deleteUser(state.id);
      context.log.warn('sign-up: removed the identity account an unfinished sign-up left behind');
    }
  }
  try {
    const { id } = await withUserProfile(() =>
      withPasswordPolicy('password', () =>
        context.identityAdmin.createUser({
          email: attempt.email,
          firstName: input.firstName,
          lastName: input.lastName,
          password: input.password,
          emailVerified: false,
        }),
      ),
    );
    return id;
  } catch (error) {
    if (error instanceof IdentityConflictError) throw emailTakenError();
    throw error;
  }
}

/**
 * Registration (SPEC §3), ordered so that any failure leaves a whole account or none:
 *
 * 1. The address is taken for this attempt (`sign_up_attempts`), and a clean-up job is scheduled in
 *    the same transaction; a second sign-up of the address meanwhile answers "This email already
 *    exists." (a double submit makes one account).
 * 2. The identity account (always with first name, last name and e-mail, or Keycloak refuses the
 *    password grant), outside any transaction.
 * 3. One transaction: the application account, the consents to the terms and to personal-data
 *    processing (and marketing when given), the confirmation link and its e-mail (a queued job), and
 *    the end of the attempt.
 *
 * When step 3 fails, the identity account is deleted again. When even that fails, or the process
 * stops between 2 and 3, the attempt stays behind: a retry of the sign-up, or the clean-up job once
 * the attempt's lease is over, removes that identity account and the address is free again.
 */
export async function signUp(context: AccountContext, input: SignUp): Promise<SignUpResult> {
  const { account } = await signUpWith(context, input, { complete: async () => undefined });
  return { ...account, emailConfirmationPending: true };
}

/**
 * What a sign-up of another kind adds to the account (an organisation joining: its provider), inside
 * the same ordering, so it too leaves a whole account or none.
 */
export interface SignUpExtension<T> {
  /** Refusals that need no account, checked before the identity account is created. */
  check?: () => Promise<void>;
  /** Runs in the account's transaction once the user row exists; a throw undoes the whole sign-up. */
  complete: (tx: DbExecutor, userId: string) => Promise<T>;
  /** How a failure of `complete` is answered (e.g. a unique violation → a field error); else as thrown. */
  refusal?: (error: unknown) => Error | undefined;
  /**
   * The address is proven already (an invitation e-mailed to it was opened): the account starts
   * confirmed and no confirmation e-mail is sent. The identity account is created unconfirmed like any
   * other, so that an unfinished attempt's leftover is still recognised as such (`identityAccountFor`),
   * and marked confirmed once the application account exists.
   */
  emailProven?: true;
}

/** `signUp` with an extension's check before and its rows inside the account's transaction. */
export async function signUpWith<T>(
  context: AccountContext,
  input: SignUp,
  extension: SignUpExtension<T>,
): Promise<{
  account: Omit<SignUpResult, 'emailConfirmationPending'> & { emailConfirmationPending: boolean };
  userId: string;
  extra: T;
}> {
  const email = input.email.toLowerCase();
  const locale = input.locale ?? 'cs';
  if (await emailRegistered(context, email)) throw emailTakenError();
  await extension.check?.();

  const attempt = await beginSignUpAttempt(context, email);
  if (!attempt) throw emailTakenError();

  let subject: string;
  try {
    subject = await createIdentityAccount(context, attempt, input);
  } catch (error) {
    // A refusal (taken, password policy, profile) created nothing: the address is free again. Any
    // other failure (a timeout) may have created the account: the attempt is left for a clean-up.
    const refused = error instanceof AppError && !(error instanceof ServiceUnavailableError);
    const release = refused
      ? endSignUpAttempt(context.db, attempt)
      : abandonSignUpAttempt(context.db, attempt);
    await release.catch((releaseError: unknown) => {
      context.log.error({ err: releaseError }, 'sign-up: the attempt could not be released');
    });
    throw error;
  }

  let userId: string;
  let extra: T;
  try {
    [userId, extra] = await context.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          identitySubject: subject,
          email,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone,
          locale,
          ...(extension.emailProven && { emailVerifiedAt: sql`now()` }),
        })
        .returning({ id: users.id });
      if (!user) throw new Error('Insert returned no user');
      await tx
        .insert(consents)
        .values([
          { userId: user.id, kind: 'terms', version: legalTextsVersion },
          { userId: user.id, kind: 'personal-data', version: legalTextsVersion },
          ...(input.marketingAccept
            ? [{ userId: user.id, kind: 'marketing' as const, version: legalTextsVersion }]
            : []),
        ]);
      if (!extension.emailProven)
        await queueConfirmationEmail(context, tx, { userId: user.id, email, locale });
      const added = await extension.complete(tx, user.id);
      // Held too long, the address may have passed to another attempt, which may have removed this
      // identity account: then this account must not be completed.
      if (!(await endSignUpAttempt(tx, attempt))) {
        throw new ServiceUnavailableError('The registration took too long; please try again.');
      }
      return [user.id, added] as const;
    });
  } catch (error) {
    try {
      await context.identityAdmin.deleteUser(subject);
      await endSignUpAttempt(context.db, attempt);
    } catch (cleanupError) {
      context.log.error(
        { err: cleanupError },
        'sign-up: identity account left behind after a failed registration; a retry or the clean-up job removes it',
      );
      await abandonSignUpAttempt(context.db, attempt).catch(() => undefined);
    }
    const postgresError = postgresErrorOf(error);
    if (
      postgresError?.code === postgresErrorCodes.uniqueViolation &&
      postgresError.constraint === 'users_email_lower_unique'
    ) {
      throw emailTakenError();
    }
    throw extension.refusal?.(error) ?? error;
  }
  context.log.info({ userId }, 'account created');
  if (extension.emailProven) {
    // After the commit, as confirming an address does; the application account already says it is
    // confirmed, and a failure here leaves only the identity server's flag behind.
    await context.identityAdmin.updateUser(subject, { emailVerified: true }).catch((error: unknown) => {
      context.log.warn({ err: error, userId }, 'sign-up: the identity account could not be marked confirmed');
    });
  }
  return {
    account: { id: subject, email, emailConfirmationPending: !extension.emailProven },
    userId,
    extra,
  };
}
