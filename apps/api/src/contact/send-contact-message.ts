import type { ContactForm } from '@opora/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../platform/config.ts';
import { ServiceUnavailableError } from '../platform/errors.ts';
import type { Mailer } from '../platform/mail.ts';

export interface ContactContext {
  mailer: Mailer;
  config: Pick<Config, 'mail'>;
  log: FastifyBaseLogger;
}

/**
 * `POST /contact`: e-mails the message to the support address, in Czech (the team's language), with
 * the sender as Reply-To. Neither the text nor the address is ever logged: both are personal data.
 */
export async function sendContactMessage(context: ContactContext, form: ContactForm): Promise<void> {
  try {
    await context.mailer.send({
      to: context.config.mail.supportAddress,
      locale: 'cs',
      template: 'contact-message',
      params: form,
      replyTo: form.email,
    });
  } catch (error) {
    // Transport errors may quote addresses: only their kind is logged.
    const code = (error as { code?: unknown }).code;
    context.log.error({ errorName: (error as Error).name, code }, 'contact message could not be sent');
    throw new ServiceUnavailableError('The message could not be sent; please try again later.');
  }
  context.log.info('contact message sent');
}
