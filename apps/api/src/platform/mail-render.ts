import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Locale, locales } from '@opora/contracts';
import { createInstance, type i18n, type TFunction } from 'i18next';
import { repoRoot } from './config.ts';
import { escapeHtml } from './html.ts';

/**
 * E-mails Opora sends, by name (`email_outbox.template`), with the values each template interpolates.
 * Empty here: each domain declares its own beside their templates (`declare module` this file), and
 * `mail-templates.ts` lists every domain's templates for the mailer.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the domains' declarations (declaration merging).
export interface MailTemplates {}
export type MailTemplate = keyof MailTemplates;

/** A template with its values, in the recipient's language: what the renderer turns into a message. */
export type MailMessage<T extends MailTemplate = MailTemplate> = {
  [K in T]: { locale: Locale; template: K; params: MailTemplates[K] };
}[T];

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** Every link of the message, in order. */
  links: string[];
}

/** How one template becomes a message; `t` speaks the recipient's language. */
export type MailRender<Params> = (t: TFunction, locale: Locale, params: Params) => RenderedMail;

/** A renderer for each of the templates `T` (all of them unless narrowed). */
export type MailRenderers<T extends MailTemplate = MailTemplate> = { [K in T]: MailRender<MailTemplates[K]> };

/** What a template of the common layout says: one action, its link, a few paragraphs. */
export interface MailBody {
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

/**
 * The subject, intro and button of a layout template whose texts stand under `key` in `emails.json`,
 * each with `values` put in, and the link the button opens.
 */
export function mailHead(
  t: TFunction,
  key: string,
  values: { link: string } & Record<string, unknown>,
): Pick<MailBody, 'subject' | 'intro' | 'action' | 'link'> {
  return {
    subject: t(`${key}.subject`, values),
    intro: t(`${key}.intro`, values),
    action: t(`${key}.action`, values),
    link: values.link,
  };
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

/**
 * A template in the common layout: greeting, the body's intro, one button, its link spelled out,
 * the signature and a footer; an HTML part with every value escaped and a plain-text part.
 */
export function layoutMail<Params>(bodyOf: (t: TFunction, params: Params) => MailBody): MailRender<Params> {
  return (t, locale, params) => {
    const layout = {
      greeting: t('layout.greeting'),
      signature: t('layout.signature'),
      linkFallback: t('layout.linkFallback'),
      footer: t('layout.footer'),
    };
    const body = bodyOf(t, params);
    return {
      subject: body.subject,
      text: textOf(body, layout),
      html: htmlOf(locale, body, layout),
      links: [body.link],
    };
  };
}

export type MailRenderer = <T extends MailTemplate>(mail: {
  locale: Locale;
  template: T;
  params: MailTemplates[T];
}) => RenderedMail;

/** Renders the templates, with the texts of `locales/<locale>/emails.json`, in the recipient's language. */
export async function createMailRenderer(templates: MailRenderers): Promise<MailRenderer> {
  const translator = await createTranslator();
  return (mail) =>
    templates[mail.template](translator.getFixedT(mail.locale, emailsNamespace), mail.locale, mail.params);
}
