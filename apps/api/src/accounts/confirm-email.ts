import { users } from '@opora/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '../platform/errors.ts';
import type { AccountContext } from './account-context.ts';
import { consumeActionToken, releaseActionToken } from './action-tokens.ts';

export function invalidOrExpiredToken(): AppError {
  return new AppError('InvalidOrExpiredToken', 'The link is unknown, used already or expired.');
}

/**
 * `POST /users/email-confirmation`: the token from the e-mailed link proves the address. Needs no
 * session (the link may be opened on another device). No identity call runs inside a transaction: the
 * token is used up first (so two requests cannot both win), the identity account is marked verified,
 * then the application's; when either fails, the token is given back and the link works again.
 */
export async function confirmEmail(context: AccountContext, token: string): Promise<void> {
  const { userId, subject } = await context.db.transaction(async (tx) => {
    const userId = await consumeActionToken(tx, token, 'email-confirmation');
    if (userId === undefined) throw invalidOrExpiredToken();
    const [user] = await tx
      .select({ subject: users.identitySubject })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.anonymisedAt)));
    if (!user?.subject) throw invalidOrExpiredToken();
    return { userId, subject: user.subject };
  });
  try {
    await context.identityAdmin.updateUser(subject, { emailVerified: true });
    await context.db
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, userId));
  } catch (error) {
    await releaseActionToken(context.db, token, 'email-confirmation').catch(() => undefined);
    throw error;
  }
  context.log.info({ userId }, 'e-mail address confirmed');
}
