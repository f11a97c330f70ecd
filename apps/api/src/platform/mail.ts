import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Locale, locales } from '@opora/contracts';
import { type Db, emailOutbox } from '@opora/db';
import fp from 'fastify-plugin';
import { createInstance, type i18n, type TFunction } from 'i18next';
import nodemailer from 'nodemailer';
import { type Config, repoRoot } from './config.ts';

/** E-mails Opora sends, with the values each template interpolates. */
export interface MailTemplates {
  'email-confirmation': { link: string; validDays: number };
  'password-reset': { link: string; validHours: number };
  /** The public contact form, to the support address; answered by replying to the sender. */
  'contact-message': { firstName: string; lastName: string; email: string; text: string };
}
export type MailTemplate = keyof MailTemplates;

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

export interface Mailer {
  /** `outbox` when no SMTP_URL is set: messages land in `email_outbox`, readable at /dev/mail. */
  readonly transport: MailTransportKind;
  /** Renders and delivers one message; rejects when the transport fails. */
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

const emailsNamespace = 'emails';

function loadEmailTranslations(): Record<Locale, Record<string, unknown>> {
  const load = (locale: Locale): Record<string, unknown> =>
    JSON.parse(readFileSync(path.join(repoRoot, 'locales', locale, `${emailsNamespace}.json`), 'utf8'));
  return { cs: load('cs'), en: load('en'), sk: load('sk') };
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
  validity: string;
  ignore: string;
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
  }
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
<p>${e(body.validity)}</p>
<p>${e(layout.linkFallback ?? '')}<br><a href="${link}" style="color:#0e6e73;word-break:break-all">${link}</a></p>
<p>${e(body.ignore)}</p>
<p>${e(layout.signature ?? '')}</p>
<hr style="border:none;border-top:1px solid #dee2e6;margin:24px 0">
<p style="font-size:14px;color:#616e7c">${e(layout.footer ?? '')}</p>
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
    body.validity,
    '',
    body.ignore,
    '',
    layout.signature,
    '',
    '--',
    layout.footer,
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

/** What the outbox transport keeps of a delivered message, in `email_outbox.params`. */
export interface OutboxContent {
  subject: string;
  text: string;
  html: string;
  links: string[];
}

export function isOutboxContent(
  value: Record<string, unknown>,
): value is Record<string, unknown> & OutboxContent {
  return (
    typeof value.subject === 'string' &&
    typeof value.text === 'string' &&
    typeof value.html === 'string' &&
    Array.isArray(value.links) &&
    value.links.every((link) => typeof link === 'string')
  );
}

export interface MailerOptions {
  config: { mail: Pick<Config['mail'], 'smtpUrl' | 'from'> };
  db: Db;
  render: MailRenderer;
}

/**
 * With SMTP_URL, messages go out through nodemailer's SMTP transport (Mailpit in compose, a relay in
 * production). Without it, the outbox transport records each message in `email_outbox` as sent, for
 * people and tests to read at /dev/mail.
 */
export function createMailer({ config, db, render }: MailerOptions): Mailer {
  const { smtpUrl, from } = config.mail;
  if (smtpUrl !== undefined) {
    const transporter = nodemailer.createTransport(smtpUrl);
    return {
      transport: 'smtp',
      async send(mail) {
        const rendered = render(mail);
        await transporter.sendMail({
          from,
          to: mail.to,
          ...(mail.replyTo === undefined ? {} : { replyTo: mail.replyTo }),
          subject: rendered.subject,
          text: rendered.text,
          html: rendered.html,
        });
      },
      async close() {
        transporter.close();
      },
    };
  }
  return {
    transport: 'outbox',
    async send(mail) {
      const rendered = render(mail);
      const content: OutboxContent = rendered;
      await db.insert(emailOutbox).values({
        toAddress: mail.to,
        template: mail.template,
        locale: mail.locale,
        params: { ...content, ...(mail.replyTo === undefined ? {} : { replyTo: mail.replyTo }) },
        status: 'sent',
        attempts: 1,
        sentAt: new Date(),
      });
    },
    async close() {},
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Decorates `app.mailer`; needs `app.db`. */
export const mailPlugin = fp<{ config: Pick<Config, 'mail'> }>(
  async (app, { config }) => {
    const mailer = createMailer({ config, db: app.db, render: await createMailRenderer() });
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => {
      await mailer.close();
    });
  },
  { name: 'mail', fastify: '5.x', dependencies: ['database'] },
);
