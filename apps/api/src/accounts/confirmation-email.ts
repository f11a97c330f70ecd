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
 * Issues a new confirmation token (earlier links stop working) and queues the e-mail with the link in
 * the user's language, in the caller's transaction: the link and its e-mail exist together or not at
 * all. `email_confirmation_sent_at` records when it was queued; the delivery worker sends it.
 */
export async function queueConfirmationEmail(
  context: Pick<AccountContext, 'mailer' | 'config'>,
  tx: DbExecutor,
  recipient: ConfirmationRecipient,
): Promise<void> {
  const token = await issueActionToken(tx, recipient.userId, 'email-confirmation');
  await context.mailer.queue(tx, {
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
