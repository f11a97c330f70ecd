import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type CareRequestDeclineReason,
  type CareRequestStatusCode,
  type Locale,
  locales,
  type SubscriptionTypeCode,
} from '@opora/contracts';
import { type Db, type DbExecutor, emailOutbox } from '@opora/db';
import { and, eq, ne, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { createInstance, type i18n, type TFunction } from 'i18next';
import nodemailer from 'nodemailer';
import { type Config, repoRoot } from './config.ts';
import { backgroundWork, defineQueue, type JobAttempt, type Jobs } from './jobs.ts';

/** E-mails Opora sends, with the values each template interpolates. */
export interface MailTemplates {
  'email-confirmation': { link: string; validDays: number };
  'password-reset': { link: string; validHours: number };
  /** The public contact form, to the support address; answered by replying to the sender. */
  'contact-message': { firstName: string; lastName: string; email: string; text: string };
  /** A care request was sent: to its sender, with the reference and the date the provider should answer by. */
  'care-request-sent': {
    link: string;
    code: string;
    serviceName: string;
    providerName: string;
    clientName: string;
    /** `dd. MM. yyyy`. */
    answerBy: string;
  };
  /** A new care request: to the provider's address for requests; the details stay in the inbox. */
  'care-request-received': { link: string; code: string; serviceName: string; facilityName: string };
  /** The sender withdrew a care request: to the provider's address for requests. */
  'care-request-withdrawn': { link: string; code: string; serviceName: string };
  /** About the user's subscription; `price` formatted with VAT, `date` as `dd. MM. yyyy`. */
  'subscription-notice': {
    kind: SubscriptionNoticeKind;
    link: string;
    plan: SubscriptionTypeCode;
    price: string;
    date: string;
  };
  /** The provider changed a care request's status: to its sender. */
  'care-request-status-changed': {
    link: string;
    code: string;
    serviceName: string;
    providerName: string;
    status: CareRequestStatusCode;
    /** Why it was declined (`rejected`), and the provider's own words on it. */
    reason?: CareRequestDeclineReason;
    reasonText?: string;
  };
  /** A colleague assigned a request in the provider's inbox to the recipient (no personal data). */
  'care-request-assigned': { link: string; code: string; serviceName: string; facilityName: string };
  /**
   * A request still `new` after `workingDays` working days: to the provider's address for requests and
   * its assignee; `expiresOn` (`dd. MM. yyyy`) is when it expires unanswered.
   */
  'care-request-reminder': DeadlineMailParams;
  /** Still `new` after `workingDays` working days despite the reminder: to the provider's administrators. */
  'care-request-escalated': DeadlineMailParams;
  /** Nobody answered in time, so it expired: to its sender, with a link to choose another service. */
  'care-request-expired': {
    link: string;
    code: string;
    serviceName: string;
    providerName: string;
    clientName: string;
    workingDays: number;
  };
  /** A background export of the provider's requests is ready: to the person who asked for it. */
  'provider-export-ready': { link: string; format: string; validDays: number };
}
export type MailTemplate = keyof MailTemplates;

/** What the provider's reminder and escalation say (the request, not the client: that stays behind sign-in). */
export interface DeadlineMailParams {
  link: string;
  code: string;
  serviceName: string;
  facilityName: string;
  workingDays: number;
  expiresOn: string;
}

/** What a subscription e-mail tells: it started, it was cancelled, it renews soon, a renewal failed, it ended. */
export type SubscriptionNoticeKind =
  | 'started'
  | 'cancelled'
  | 'renewal-reminder'
  | 'renewal-failed'
  | 'ended';

export type OutgoingMail = {
  [T in MailTemplate]: {
    to: string;
    locale: Locale;
    template: T;
    params: MailTemplates[T];
    /** Where replies go (the contact form's sender); the sender stays MAIL_FROM. */
    replyTo?: string;
  };
}[MailTemplate];
type LinkMail = Exclude<OutgoingMail, { template: 'contact-message' }>;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** Every link of the message, in order. */
  links: string[];
}

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

const emailsNamespace = 'emails';

function loadEmailTranslations(): Record<Locale, Record<string, unknown>> {
  const load = (locale: Locale): Record<string, unknown> =>
    JSON.parse(readFileSync(path.join(repoRoot, 'locales', locale, `${emailsNamespace}.json`), 'utf8'));
  return { cs: load('cs'), en: load('en'), sk: load('sk') };
}

let emailTexts: Record<Locale, Record<string, unknown>> | undefined;

/** A text of `locales/<locale>/emails.json` by its dotted key, e.g. a plan's name for a payment page. */
export function emailText(locale: Locale, key: string): string {
  emailTexts ??= loadEmailTranslations();
  const value = key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      emailTexts[locale],
    );
  if (typeof value !== 'string') throw new Error(`No e-mail text ${key} in ${locale}`);
  return value;
}

async function createTranslator(): Promise<i18n> {
  const translations = loadEmailTranslations();
  const instance = createInstance();
  await instance.init({
    resources: Object.fromEntries(
      locales.map((locale) => [locale, { [emailsNamespace]: translations[locale] }]),
    ),
    supportedLngs: [...locales],
    fallbackLng: 'cs',
    ns: [emailsNamespace],
    defaultNS: emailsNamespace,
    // Values are escaped below, once for HTML and not at all for the plain-text part.
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character);
}

interface MailBody {
  subject: string;
  intro: string;
  action: string;
  link: string;
  /** Paragraphs after the button; an empty one is left out. */
  validity: string;
  ignore: string;
  /** Instead of the layout's footer (why the e-mail was sent), for mail not about the reader's own account. */
  footer?: string;
}

function bodyOf(t: TFunction, mail: LinkMail): MailBody {
  switch (mail.template) {
    case 'email-confirmation':
      return {
        subject: t('emailConfirmation.subject'),
        intro: t('emailConfirmation.intro'),
        action: t('emailConfirmation.action'),
        link: mail.params.link,
        validity: t('emailConfirmation.validity', { count: mail.params.validDays }),
        ignore: t('emailConfirmation.ignore'),
      };
    case 'password-reset':
      return {
        subject: t('passwordReset.subject'),
        intro: t('passwordReset.intro'),
        action: t('passwordReset.action'),
        link: mail.params.link,
        validity: t('passwordReset.validity', { count: mail.params.validHours }),
        ignore: t('passwordReset.ignore'),
      };
    case 'care-request-sent':
      return {
        subject: t('careRequestSent.subject', { code: mail.params.code }),
        intro: t('careRequestSent.intro', mail.params),
        action: t('careRequestSent.action'),
        link: mail.params.link,
        validity: t('careRequestSent.next', { date: mail.params.answerBy }),
        ignore: t('careRequestSent.withdraw'),
      };
    case 'care-request-received':
      return {
        subject: t('careRequestReceived.subject', { code: mail.params.code }),
        intro: t('careRequestReceived.intro', mail.params),
        action: t('careRequestReceived.action'),
        link: mail.params.link,
        validity: t('careRequestReceived.answer'),
        ignore: '',
        footer: t('careRequestReceived.footer'),
      };
    case 'care-request-withdrawn':
      return {
        subject: t('careRequestWithdrawn.subject', { code: mail.params.code }),
        intro: t('careRequestWithdrawn.intro', mail.params),
        action: t('careRequestWithdrawn.action'),
        link: mail.params.link,
        validity: '',
        ignore: '',
        footer: t('careRequestReceived.footer'),
      };
    case 'subscription-notice': {
      const key = subscriptionNoticeKeys[mail.params.kind];
      const values = { ...mail.params, plan: t(`subscriptionPlans.${mail.params.plan}`) };
      return {
        subject: t(`subscriptionNotice.${key}.subject`, values),
        intro: t(`subscriptionNotice.${key}.intro`, values),
        action: t('subscriptionNotice.action'),
        link: mail.params.link,
        validity: t(`subscriptionNotice.${key}.next`, values),
        ignore: t('subscriptionNotice.cancelAnyTime'),
      };
    }
    case 'care-request-status-changed': {
      const { reason, reasonText } = mail.params;
      // With `other` the provider's words are the reason; "Reason: another reason" would say nothing.
      const why = [
        reason && !(reason === 'other' && reasonText)
          ? t('careRequestStatusChanged.reason', { reason: t(`careRequestDeclineReasons.${reason}`) })
          : '',
        reasonText ? t('careRequestStatusChanged.reasonText', { text: reasonText }) : '',
      ];
      return {
        subject: t('careRequestStatusChanged.subject', { code: mail.params.code }),
        intro: [
          t('careRequestStatusChanged.intro', {
            ...mail.params,
            status: t(`careRequestStatuses.${mail.params.status}`),
          }),
          ...why,
        ]
          .filter(Boolean)
          .join(' '),
        action: t('careRequestStatusChanged.action'),
        link: mail.params.link,
        validity: t(`careRequestStatusChanged.next.${mail.params.status}`, { defaultValue: '' }),
        ignore: '',
      };
    }
    case 'provider-export-ready':
      return {
        subject: t('providerExport.ready.subject'),
        intro: t('providerExport.ready.intro', { format: mail.params.format }),
        action: t('providerExport.ready.action'),
        link: mail.params.link,
        validity: t('providerExport.ready.validity', { count: mail.params.validDays }),
        ignore: '',
      };
    case 'care-request-assigned':
      return {
        subject: t('careRequestAssigned.subject', { code: mail.params.code }),
        intro: t('careRequestAssigned.intro', mail.params),
        action: t('careRequestAssigned.action'),
        link: mail.params.link,
        validity: '',
        ignore: '',
        footer: t('careRequestAssigned.footer'),
      };
    case 'care-request-reminder':
    case 'care-request-escalated': {
      const key = mail.template === 'care-request-reminder' ? 'careRequestReminder' : 'careRequestEscalated';
      const { workingDays, expiresOn, ...values } = mail.params;
      return {
        subject: t(`${key}.subject`, { code: values.code }),
        intro: t(`${key}.intro`, { ...values, count: workingDays }),
        action: t(`${key}.action`),
        link: values.link,
        validity: t(`${key}.deadline`, { date: expiresOn }),
        ignore: '',
        footer: t(`${key}.footer`),
      };
    }
    case 'care-request-expired': {
      const { workingDays, ...values } = mail.params;
      return {
        subject: t('careRequestExpired.subject', { code: values.code }),
        intro: t('careRequestExpired.intro', { ...values, count: workingDays }),
        action: t('careRequestExpired.action'),
        link: values.link,
        validity: t('careRequestExpired.next'),
        ignore: '',
      };
    }
  }
}

const subscriptionNoticeKeys: Record<SubscriptionNoticeKind, string> = {
  started: 'started',
  cancelled: 'cancelled',
  'renewal-reminder': 'renewalReminder',
  'renewal-failed': 'renewalFailed',
  ended: 'ended',
};

/** A paragraph of the HTML part, or nothing for an empty text. */
function paragraph(text: string): string {
  return text ? `<p>${escapeHtml(text)}</p>\n` : '';
}

// Plain layout with inline styles: mail clients ignore style sheets; the button colour is the
// web app's primary shade, which carries white text at 6:1 contrast.
function htmlOf(locale: Locale, body: MailBody, layout: Record<string, string>): string {
  const e = escapeHtml;
  const link = e(body.link);
  return `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(body.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f1f3f5;font-family:Arial,Helvetica,sans-serif;font-size:17px;line-height:1.6;color:#1f2933">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p>${e(layout.greeting ?? '')}</p>
<p>${e(body.intro)}</p>
<p style="margin:32px 0"><a href="${link}" style="display:inline-block;background:#0e6e73;color:#ffffff;padding:12px 24px;border-radius:6px;text-decoration:none;font-weight:bold">${e(body.action)}</a></p>
${paragraph(body.validity)}<p>${e(layout.linkFallback ?? '')}<br><a href="${link}" style="color:#0e6e73;word-break:break-all">${link}</a></p>
${paragraph(body.ignore)}<p>${e(layout.signature ?? '')}</p>
<hr style="border:none;border-top:1px solid #dee2e6;margin:24px 0">
<p style="font-size:14px;color:#616e7c">${e(body.footer ?? layout.footer ?? '')}</p>
</div>
</body>
</html>
`;
}

function textOf(body: MailBody, layout: Record<string, string>): string {
  return [
    layout.greeting,
    '',
    body.intro,
    '',
    `${body.action}: ${body.link}`,
    '',
    ...(body.validity ? [body.validity, ''] : []),
    ...(body.ignore ? [body.ignore, ''] : []),
    layout.signature,
    '',
    '--',
    body.footer ?? layout.footer,
    '',
  ].join('\n');
}

/** A message people wrote, quoted as it is: escaped once for HTML, never interpreted. */
function renderContactMessage(
  t: TFunction,
  locale: Locale,
  params: MailTemplates['contact-message'],
): RenderedMail {
  const e = escapeHtml;
  const name = `${params.firstName} ${params.lastName}`.trim();
  const subject = t('contactMessage.subject', { name });
  const intro = t('contactMessage.intro');
  const from = `${t('contactMessage.from')}: ${name} <${params.email}>`;
  const reply = t('contactMessage.reply');
  const quoted = e(params.text).replaceAll('\n', '<br>');
  return {
    subject,
    text: [intro, '', from, '', params.text, '', '--', reply, ''].join('\n'),
    html: `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.6;color:#1f2933">
<p>${e(intro)}</p>
<p><strong>${e(from)}</strong></p>
<blockquote style="margin:16px 0;padding:8px 16px;border-left:4px solid #0e6e73;background:#f1f3f5">${quoted}</blockquote>
<p style="font-size:14px;color:#616e7c">${e(reply)}</p>
</body>
</html>
`,
    links: [],
  };
}

export type MailRenderer = (mail: OutgoingMail) => RenderedMail;

/** Renders the templates of `locales/<locale>/emails.json` in the recipient's language. */
export async function createMailRenderer(): Promise<MailRenderer> {
  const translator = await createTranslator();
  return (mail) => {
    const t = translator.getFixedT(mail.locale, emailsNamespace);
    if (mail.template === 'contact-message') return renderContactMessage(t, mail.locale, mail.params);
    const layout = {
      greeting: t('layout.greeting'),
      signature: t('layout.signature'),
      linkFallback: t('layout.linkFallback'),
      footer: t('layout.footer'),
    };
    const body = bodyOf(t, mail);
    return {
      subject: body.subject,
      text: textOf(body, layout),
      html: htmlOf(mail.locale, body, layout),
      links: [body.link],
    };
  };
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

/** Decorates `app.mailer`; needs `app.db` and `app.jobs`. */
export const mailPlugin = fp<{ config: Pick<Config, 'mail'> }>(
  async (app, { config }) => {
    const mailer = createMailer({ config, db: app.db, jobs: app.jobs, render: await createMailRenderer() });
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => {
      await mailer.close();
    });
  },
  { name: 'mail', fastify: '5.x', dependencies: ['database', 'jobs'] },
);
