import { users } from '@opora/db';
import { eq } from 'drizzle-orm';
import type { Principal } from '../platform/auth.ts';
import { AppError, UnauthorizedError } from '../platform/errors.ts';
import type { AccountContext } from './account-context.ts';
import { countRecentResentTokens } from './action-tokens.ts';
import { queueConfirmationEmail } from './confirmation-email.ts';

/**
 * One resent confirmation e-mail a minute per account, whoever asks and from where. Sign-up's own
 * e-mail does not count: a person who finds nothing in the mailbox may ask again at once.
 */
const resendIntervalSeconds = 60;

/** `POST /users/me/email-confirmation`: a new confirmation link; the previous one stops working. */
export async function resendEmailConfirmation(context: AccountContext, principal: Principal): Promise<void> {
  await context.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, principal.userId)).for('update');
    if (!user || user.email === null) throw new UnauthorizedError();
    if (user.emailVerifiedAt !== null) {
      throw new AppError('EmailAlreadyConfirmed', 'The e-mail address is already confirmed.');
    }
    if ((await countRecentResentTokens(tx, user.id, 'email-confirmation', resendIntervalSeconds)) > 0) {
      throw new AppError('RateLimited', 'A confirmation e-mail was sent less than a minute ago.');
    }
    await queueConfirmationEmail(context, tx, { userId: user.id, email: user.email, locale: user.locale });
  });
}
