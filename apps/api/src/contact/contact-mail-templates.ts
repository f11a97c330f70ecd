import { escapeHtml } from '../platform/html.ts';
import type { MailRenderers } from '../platform/mail-render.ts';

declare module '../platform/mail-render.ts' {
  interface MailTemplates {
    /** The public contact form, to the support address; answered by replying to the sender. */
    'contact-message': { firstName: string; lastName: string; email: string; text: string };
  }
}

export const contactMailTemplates: MailRenderers<'contact-message'> = {
  /** A message people wrote, quoted as it is: escaped once for HTML, never interpreted. */
  'contact-message': (t, locale, params) => {
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
  },
};
