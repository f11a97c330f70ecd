import type { SignUp, SignUpResult } from '@opora/contracts';
import { consents, postgresErrorCodes, postgresErrorOf, users } from '@opora/db';
import { sql } from 'drizzle-orm';
import { IdentityConflictError } from '../platform/identity-admin.ts';
import type { AccountContext } from './account-context.ts';
import { sendConfirmationEmail } from './confirmation-email.ts';
import { emailTakenError, withPasswordPolicy, withUserProfile } from './identity-errors.ts';

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
 * Registration (SPEC §3): the identity account (always with first name, last name and e-mail, or
 * Keycloak refuses the password grant), then in one transaction the application account, the consents
 * to the terms and to personal-data processing (and marketing when given), and the confirmation link.
 * When the transaction fails the identity account is removed again. The confirmation e-mail goes out
 * after the commit: an undelivered e-mail does not undo the registration (the profile can resend it).
 */
export async function signUp(context: AccountContext, input: SignUp): Promise<SignUpResult> {
  const email = input.email.toLowerCase();
  const locale = input.locale ?? 'cs';
  if (await emailRegistered(context, email)) throw emailTakenError();

  let subject: string;
  try {
    ({ id: subject } = await withUserProfile(() =>
      withPasswordPolicy('password', () =>
        context.identityAdmin.createUser({
          email,
          firstName: input.firstName,
          lastName: input.lastName,
          password: input.password,
          emailVerified: false,
        }),
      ),
    ));
  } catch (error) {
    if (error instanceof IdentityConflictError) throw emailTakenError();
    throw error;
  }

  let userId: string;
  try {
    userId = await context.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          identitySubject: subject,
          email,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone,
          locale,
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
      return user.id;
    });
  } catch (error) {
    await context.identityAdmin.deleteUser(subject).catch((cleanupError: unknown) => {
      context.log.error(
        { err: cleanupError },
        'sign-up: identity account left behind after a failed registration',
      );
    });
    const postgresError = postgresErrorOf(error);
    if (
      postgresError?.code === postgresErrorCodes.uniqueViolation &&
      postgresError.constraint === 'users_email_lower_unique'
    ) {
      throw emailTakenError();
    }
    throw error;
  }
  context.log.info({ userId }, 'account created');

  try {
    await context.db.transaction((tx) => sendConfirmationEmail(context, tx, { userId, email, locale }));
  } catch (error) {
    context.log.error({ err: error, userId }, 'sign-up: the confirmation e-mail could not be sent');
  }
  return { id: subject, email, emailConfirmationPending: true };
}
