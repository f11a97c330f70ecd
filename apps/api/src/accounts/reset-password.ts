import type { ResetPasswordSet } from '@opora/contracts';
import { users } from '@opora/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { AccountContext } from './account-context.ts';
import { consumeActionToken, releaseActionToken, revokeActionTokens } from './action-tokens.ts';
import { invalidOrExpiredToken } from './confirm-email.ts';
import { withPasswordPolicy } from './identity-errors.ts';

/**
 * `PUT /users/reset-password/set-password`: uses the reset token up, sets the new password and ends
 * every session of the account (whoever had the old password is signed out). No identity call runs
 * inside a transaction: the token is used up first (two requests cannot both win), then the identity
 * server is asked; when it refuses or fails, the token is given back and the link can be tried again.
 */
export async function resetPassword(context: AccountContext, input: ResetPasswordSet): Promise<void> {
  const { userId, subject } = await context.db.transaction(async (tx) => {
    const userId = await consumeActionToken(tx, input.resetToken, 'password-reset');
    if (userId === undefined) throw invalidOrExpiredToken();
    const [user] = await tx
      .select({ subject: users.identitySubject })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.anonymisedAt)));
    if (!user?.subject) throw invalidOrExpiredToken();
    return { userId, subject: user.subject };
  });
  try {
    await withPasswordPolicy('newPassword', () =>
      context.identityAdmin.setPassword(subject, input.newPassword),
    );
    await context.identityAdmin.logoutAllSessions(subject);
  } catch (error) {
    await releaseActionToken(context.db, input.resetToken, 'password-reset').catch(() => undefined);
    throw error;
  }
  await revokeActionTokens(context.db, userId, 'password-reset');
  context.log.info({ userId }, 'password reset; every session ended');
}
