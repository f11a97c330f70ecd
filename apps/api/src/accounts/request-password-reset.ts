import { users } from '@opora/db';
import { and, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AccountContext } from './account-context.ts';
import {
  actionTokenLifetimes,
  countRecentActionTokens,
  issueActionToken,
  resetPasswordLink,
} from './action-tokens.ts';

/** At most this many reset e-mails per account and hour, so nobody can flood someone's mailbox. */
export const resetEmailsPerHour = 5;

/**
 * `PUT /users/reset-password/request`: e-mails a single-use reset link when the address belongs to an
 * account. The answer is 204 either way (no enumeration beyond the sign-up form's own "This email
 * already exists."); only a database that cannot serve answers 503, for every address alike. The link
 * and its e-mail are written in one transaction; the delivery worker sends it.
 */
export async function requestPasswordReset(context: AccountContext, email: string): Promise<void> {
  await context.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, locale: users.locale })
      .from(users)
      .where(
        and(
          sql`lower(${users.email}) = ${email.toLowerCase()}`,
          isNull(users.anonymisedAt),
          isNotNull(users.identitySubject),
        ),
      )
      .for('update')
      .limit(1);
    if (!user?.email) return;
    if ((await countRecentActionTokens(tx, user.id, 'password-reset', 3600)) >= resetEmailsPerHour) {
      context.log.warn({ userId: user.id }, 'password reset: hourly e-mail limit reached, nothing sent');
      return;
    }
    const token = await issueActionToken(tx, user.id, 'password-reset');
    await context.mailer.queue(tx, {
      to: user.email,
      locale: user.locale,
      template: 'password-reset',
      params: {
        link: resetPasswordLink(context.config.publicUrl, token),
        validHours: actionTokenLifetimes['password-reset'].hours,
      },
    });
    context.log.info({ userId: user.id }, 'password reset e-mail queued');
  });
}
