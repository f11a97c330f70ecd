import { escapeHtml } from '../platform/html.ts';
import type { MailRenderers } from '../platform/mail-render.ts';

declare module '../platform/mail-render.ts' {
  interface MailTemplates {
    /**
     * Opora's answer to a contact-form message (decision 0124), in the language staff chose, quoting the
     * message; `link` is the contact page, for another question.
     */
    'support-reply': { link: string; name: string; reply: string; original: string };
  }
}

/** The support inbox's e-mail: staff's text and the sender's message, both escaped, never interpreted. */
export const supportMailTemplates: MailRenderers<'support-reply'> = {
  'support-reply': (t, locale, params) => {
    const e = escapeHtml;
    const subject = t('supportReply.subject');
    const greeting = t('supportReply.greeting', { name: params.name });
    const quoteIntro = t('supportReply.quoted');
    const signature = t('supportReply.signature');
    const more = t('supportReply.more');
    const paragraphs = (text: string) => e(text).replaceAll('\n', '<br>');
    return {
      subject,
      text: [
        greeting,
        '',
        params.reply,
        '',
        signature,
        '',
        `${more} ${params.link}`,
        '',
        '--',
        quoteIntro,
        ...params.original.split('\n').map((line) => `> ${line}`),
        '',
      ].join('\n'),
      html: `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.6;color:#1f2933">
<p>${e(greeting)}</p>
<p>${paragraphs(params.reply)}</p>
<p>${paragraphs(signature)}</p>
<p style="font-size:14px"><a href="${e(params.link)}" style="color:#0e6e73">${e(more)}</a></p>
<p style="font-size:14px;color:#616e7c">${e(quoteIntro)}</p>
<blockquote style="margin:8px 0;padding:8px 16px;border-left:4px solid #cbd2d9;background:#f1f3f5;color:#3e4c59">${paragraphs(params.original)}</blockquote>
</body>
</html>
`,
      links: [params.link],
    };
  },
};
