import type { ContactForm } from '@opora/contracts';
import { type Db, supportMessages } from '@opora/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../platform/config.ts';
import type { Mailer } from '../platform/mail.ts';

export interface ContactContext {
  db: Db;
  mailer: Pick<Mailer, 'queue'>;
  config: Pick<Config, 'mail'>;
  log: FastifyBaseLogger;
}

/**
 * `POST /contact`: queues the message for the support address, in Czech (the team's language), with
 * the sender as Reply-To; the delivery worker sends it, retrying while the mail server is down. A
 * database that cannot take it answers 503. Neither the text nor the address is ever logged: both are
 * personal data.
 */
export async function sendContactMessage(context: ContactContext, form: ContactForm): Promise<void> {
  await context.db.transaction(async (tx) => {
    // Kept for the support inbox as well (decision 0124), in the e-mail's transaction.
    await tx.insert(supportMessages).values({
      firstName: form.firstName,
      lastName: form.lastName,
      email: form.email,
      text: form.text,
    });
    await context.mailer.queue(tx, {
      to: context.config.mail.supportAddress,
      locale: 'cs',
      template: 'contact-message',
      params: form,
      replyTo: form.email,
    });
  });
  context.log.info('contact message queued');
}
