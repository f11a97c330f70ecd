import type { Locale } from '@opora/contracts';
import { type DbExecutor, users } from '@opora/db';
import { eq, sql } from 'drizzle-orm';
import type { AccountContext } from './account-context.ts';
import { actionTokenLifetimes, confirmEmailLink, issueActionToken } from './action-tokens.ts';

export interface ConfirmationRecipient {
  userId: string;
  email: string;
  locale: Locale;
}

/**
 * Issues a new confirmation token (earlier links stop working), e-mails the link in the user's language
 * and records when it was sent. Runs inside the caller's transaction, so a failed delivery leaves the
 * earlier link valid.
 */
export async function sendConfirmationEmail(
  context: AccountContext,
  tx: DbExecutor,
  recipient: ConfirmationRecipient,
): Promise<void> {
  const token = await issueActionToken(tx, recipient.userId, 'email-confirmation');
  await context.mailer.send({
    to: recipient.email,
    locale: recipient.locale,
    template: 'email-confirmation',
    params: {
      link: confirmEmailLink(context.config.publicUrl, token),
      validDays: actionTokenLifetimes['email-confirmation'].days,
    },
  });
  await tx.update(users).set({ emailConfirmationSentAt: sql`now()` }).where(eq(users.id, recipient.userId));
}
