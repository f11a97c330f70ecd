import type { DevMailMessage } from '@opora/contracts';
import { escapeHtml as e } from '../platform/html.ts';

function messageHtml(message: DevMailMessage): string {
  const links = message.links.map((link) => `<li><a href="${e(link)}">${e(link)}</a></li>`).join('');
  return `<article>
<h2>${e(message.subject)}</h2>
<p class="meta">To <strong>${e(message.to)}</strong> · <time datetime="${e(message.sentAt)}">${e(message.sentAt)}</time></p>
<ul>${links}</ul>
<details><summary>Text</summary><pre>${e(message.text)}</pre></details>
<details><summary>HTML</summary><iframe sandbox title="${e(message.subject)}" srcdoc="${e(message.html)}"></iframe></details>
</article>`;
}

/** The development mailbox as one plain page: newest first, every link clickable. */
export function mailboxPage(messages: DevMailMessage[]): string {
  const body =
    messages.length === 0
      ? '<p>No e-mail yet. Sign up or ask for a password reset, then reload.</p>'
      : messages.map(messageHtml).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development mailbox - Opora</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #1f2933; }
article { border: 1px solid #dee2e6; border-radius: 8px; padding: 1rem 1.25rem; margin: 1rem 0; }
h2 { font-size: 1.2rem; margin: 0 0 .25rem; }
.meta { color: #616e7c; margin: 0; }
pre { white-space: pre-wrap; background: #f8f9fa; padding: .75rem; }
iframe { width: 100%; height: 32rem; border: 1px solid #dee2e6; }
a { color: #0e6e73; word-break: break-all; }
</style>
</head>
<body>
<h1>Development mailbox</h1>
<p>E-mails Opora would have sent, newest first. Shown only while no SMTP server is configured, never in production. JSON: <a href="/api/v1/dev/mail">/api/v1/dev/mail</a>.</p>
${body}
</body>
</html>
`;
}
