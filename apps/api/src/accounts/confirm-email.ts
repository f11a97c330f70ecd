import { users } from '@opora/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '../platform/errors.ts';
import type { AccountContext } from './account-context.ts';
import { consumeActionToken } from './action-tokens.ts';

export function invalidOrExpiredToken(): AppError {
  return new AppError('InvalidOrExpiredToken', 'The link is unknown, used already or expired.');
}

/**
 * `POST /users/email-confirmation`: the token from the e-mailed link proves the address. Needs no
 * session (the link may be opened on another device). The identity account is marked verified in the
 * same transaction, so both agree.
 */
export async function confirmEmail(context: AccountContext, token: string): Promise<void> {
  await context.db.transaction(async (tx) => {
    const userId = await consumeActionToken(tx, token, 'email-confirmation');
    if (userId === undefined) throw invalidOrExpiredToken();
    const [user] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(and(eq(users.id, userId), isNull(users.anonymisedAt)))
      .returning({ subject: users.identitySubject });
    if (!user?.subject) throw invalidOrExpiredToken();
    await context.identityAdmin.updateUser(user.subject, { emailVerified: true });
    context.log.info({ userId }, 'e-mail address confirmed');
  });
}
