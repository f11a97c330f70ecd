import { users } from '@opora/db';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { backgroundWork, defineQueue } from '../platform/jobs.ts';
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
 * One job per reset request, for a known address and an unknown one alike (`userId` null): the
 * request costs the same either way, so its time does not tell whether an account exists. The job
 * issues the link and queues its e-mail, or does nothing.
 */
export const passwordResetQueue = defineQueue<{ userId: string | null }>('password-reset', {
  retryLimit: 10,
  retryDelaySeconds: 30,
  retryDelayMaxSeconds: 3600,
  expireInSeconds: 120,
  concurrency: 4,
});

/**
 * `PUT /users/reset-password/request`: e-mails a single-use reset link when the address belongs to an
 * account. The answer is 204 either way (no enumeration beyond the sign-up form's own "This email
 * already exists."); only a database that cannot serve answers 503, for every address alike. The
 * request does the same work for every address (one lookup, one job); the job does the rest.
 */
export async function requestPasswordReset(context: AccountContext, email: string): Promise<void> {
  await context.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          sql`lower(${users.email}) = ${email.toLowerCase()}`,
          isNull(users.anonymisedAt),
          isNotNull(users.identitySubject),
        ),
      )
      .limit(1);
    await context.jobs.send(tx, passwordResetQueue, { userId: user?.id ?? null });
  });
}

/** Issues the reset link and queues its e-mail, within the hourly limit; the link and e-mail commit together. */
export async function sendPasswordReset(
  context: Pick<AccountContext, 'db' | 'mailer' | 'config' | 'log'>,
  userId: string,
): Promise<void> {
  await context.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, locale: users.locale })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.anonymisedAt), isNotNull(users.identitySubject)))
      .for('update');
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

export const passwordResets = backgroundWork(passwordResetQueue, async (app, { userId }) => {
  if (userId === null) return;
  await sendPasswordReset(app, userId);
});
