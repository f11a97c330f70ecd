import { type Db, type DbExecutor, emailOutbox } from '@opora/db';
import { and, eq, ne, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Config } from './config.ts';
import { backgroundWork, defineQueue, type JobAttempt, type Jobs } from './jobs.ts';
import {
  createMailRenderer,
  type MailMessage,
  type MailRenderer,
  type MailRenderers,
} from './mail-render.ts';

/** A message a use case queues: a template in the recipient's language, and where it goes. */
export type OutgoingMail = MailMessage & {
  to: string;
  /** Where replies go (the contact form's sender); the sender stays MAIL_FROM. */
  replyTo?: string;
};

export type MailTransportKind = 'smtp' | 'outbox';

/** What became of a recorded message when its delivery job ran. */
export type DeliveryOutcome = 'delivered' | 'sent-before' | 'gone';

/**
 * E-mail as durable background work: a use case records the message in `email_outbox` and enqueues
 * its delivery in its own transaction (`queue`); the delivery worker sends it (`deliver`) with
 * retries and backoff. Nothing leaves the process while a transaction is open.
 */
export interface Mailer {
  /** `outbox` when no SMTP_URL is set: a delivered message stays in `email_outbox`, readable at /dev/mail. */
  readonly transport: MailTransportKind;
  /**
   * Renders the message in the recipient's language and records it with its delivery job through
   * `tx`: it is sent if and only if the caller's transaction commits. Answers the outbox row's id.
   */
  queue(tx: DbExecutor, mail: OutgoingMail): Promise<string>;
  /**
   * Sends a recorded message once (the delivery worker). A message sent already, or removed with its
   * account, is left alone; a failed send is recorded (attempts, the error's kind) and rethrown
   * without addresses, so the job is retried, and marked `failed` on the last attempt.
   */
  deliver(outboxId: string, attempt: Pick<JobAttempt, 'final'>): Promise<DeliveryOutcome>;
  close(): Promise<void>;
}

/** What a recorded message keeps in `email_outbox.params` until it is delivered. */
export interface OutboxContent {
  subject: string;
  text: string;
  html: string;
  links: string[];
  /** Where replies go (the contact form's sender). */
  replyTo?: string;
}

export function isOutboxContent(
  value: Record<string, unknown>,
): value is Record<string, unknown> & OutboxContent {
  return (
    typeof value.subject === 'string' &&
    typeof value.text === 'string' &&
    typeof value.html === 'string' &&
    Array.isArray(value.links) &&
    value.links.every((link) => typeof link === 'string') &&
    (value.replyTo === undefined || typeof value.replyTo === 'string')
  );
}

/** Raised by a failed send; carries only the kind of failure (transport messages quote addresses). */
export class MailDeliveryError extends Error {
  constructor(reason: string) {
    super(`E-mail delivery failed: ${reason}`);
    this.name = 'MailDeliveryError';
  }
}

/** The kind of a transport failure, e.g. `ECONNREFUSED` or `EENVELOPE 451`: never its message. */
function failureKind(error: unknown): string {
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
  const parts = [typeof code === 'string' ? code : ((error as Error).name ?? 'Error')];
  if (typeof responseCode === 'number') parts.push(String(responseCode));
  return parts.join(' ').slice(0, 100);
}

export interface MailerOptions {
  config: { mail: Pick<Config['mail'], 'smtpUrl' | 'from'> };
  db: Db;
  jobs: Pick<Jobs, 'send'>;
  render: MailRenderer;
}

/** An SMTP server that stops answering must not hold a delivery worker for minutes. */
const smtpTimeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * Messages are recorded in `email_outbox` and delivered by the `email-delivery` queue. With SMTP_URL
 * the worker sends them through nodemailer's SMTP transport (Mailpit in compose, a relay in
 * production) and then keeps only the subject: links and people's messages do not stay in the
 * database once sent. Without it, delivering means marking the row sent: it stays whole for people
 * and tests to read at /dev/mail.
 */
export function createMailer({ config, db, jobs, render }: MailerOptions): Mailer {
  const { smtpUrl, from } = config.mail;
  const transporter =
    smtpUrl === undefined ? undefined : nodemailer.createTransport({ url: smtpUrl, ...smtpTimeouts });
  return {
    transport: transporter === undefined ? 'outbox' : 'smtp',

    async queue(tx, mail) {
      const content: OutboxContent = {
        ...render(mail),
        ...(mail.replyTo === undefined ? {} : { replyTo: mail.replyTo }),
      };
      const [row] = await tx
        .insert(emailOutbox)
        .values({ toAddress: mail.to, template: mail.template, locale: mail.locale, params: { ...content } })
        .returning({ id: emailOutbox.id });
      if (!row) throw new Error('Insert returned no outbox row');
      await jobs.send(tx, emailDeliveryQueue, { outboxId: row.id });
      return row.id;
    },

    async deliver(outboxId, attempt) {
      const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, outboxId));
      if (!row) return 'gone';
      if (row.status === 'sent') return 'sent-before';
      if (transporter !== undefined) {
        const content = row.params;
        try {
          if (!isOutboxContent(content)) throw new MailDeliveryError('unreadable outbox row');
          await transporter.sendMail({
            from,
            to: row.toAddress,
            ...(content.replyTo === undefined ? {} : { replyTo: content.replyTo }),
            subject: content.subject,
            text: content.text,
            html: content.html,
          });
        } catch (error) {
          const reason = error instanceof MailDeliveryError ? error.message : failureKind(error);
          await db
            .update(emailOutbox)
            .set({
              attempts: sql`${emailOutbox.attempts} + 1`,
              lastError: reason,
              status: attempt.final ? 'failed' : 'pending',
            })
            .where(eq(emailOutbox.id, outboxId));
          throw new MailDeliveryError(reason);
        }
      }
      const subject = typeof row.params.subject === 'string' ? row.params.subject : '';
      await db
        .update(emailOutbox)
        .set({
          status: 'sent',
          attempts: sql`${emailOutbox.attempts} + 1`,
          sentAt: sql`now()`,
          lastError: null,
          ...(transporter === undefined ? {} : { params: { subject } }),
        })
        .where(and(eq(emailOutbox.id, outboxId), ne(emailOutbox.status, 'sent')));
      return 'delivered';
    },

    async close() {
      transporter?.close();
    },
  };
}

/**
 * Delivery of recorded messages. Ten retries, the first after 30 s, doubling up to an hour between
 * attempts (about four hours in all): a mail server that is down for a while loses nothing. A send
 * that hangs longer than two minutes counts as lost and is tried again.
 */
export const emailDeliveryQueue = defineQueue<{ outboxId: string }>('email-delivery', {
  retryLimit: 10,
  retryDelaySeconds: 30,
  retryDelayMaxSeconds: 3600,
  expireInSeconds: 120,
  concurrency: 4,
});

export const emailDelivery = backgroundWork(emailDeliveryQueue, async (app, { outboxId }, attempt) => {
  const outcome = await app.mailer.deliver(outboxId, attempt);
  // Ids only: addresses and contents are personal data.
  app.log.info({ outboxId, outcome, retryCount: attempt.retryCount }, 'e-mail delivery');
});

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Decorates `app.mailer`, which renders `templates` (every domain's: `mail-templates.ts`); needs `app.db` and `app.jobs`. */
export const mailPlugin = fp<{ config: Pick<Config, 'mail'>; templates: MailRenderers }>(
  async (app, { config, templates }) => {
    const mailer = createMailer({
      config,
      db: app.db,
      jobs: app.jobs,
      render: await createMailRenderer(templates),
    });
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => {
      await mailer.close();
    });
  },
  { name: 'mail', fastify: '5.x', dependencies: ['database', 'jobs'] },
);
