import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as a real SMTP server received it, with its parts decoded for assertions. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message exactly as transmitted (headers and encoded body). */
  raw: string;
  subject: string;
  text: string;
  html: string;
}

function decodeTransfer(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable': {
      const bytes = body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-Fa-f]{2})/g, (_match, hex: string) =>
          String.fromCharCode(Number.parseInt(hex, 16)),
        );
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    default:
      return body;
  }
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`), as nodemailer writes non-ASCII headers. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_match, kind: string, text: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeTransfer(text.replaceAll('_', ' '), 'quoted-printable'),
    );
}

function headerOf(head: string, name: string): string | undefined {
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded);
  return match?.[1]?.trim();
}

/** The text and HTML parts of a (possibly multipart) message. */
function partsOf(raw: string): { text: string; html: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const contentType = headerOf(head, 'content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (boundary === undefined) {
    const decoded = decodeTransfer(body, headerOf(head, 'content-transfer-encoding'));
    return contentType.startsWith('text/html') ? { text: '', html: decoded } : { text: decoded, html: '' };
  }
  const result = { text: '', html: '' };
  for (const part of body.split(`--${boundary}`).slice(1)) {
    if (part.startsWith('--')) break;
    const inner = partsOf(part.replace(/^\r\n/, ''));
    result.text ||= inner.text;
    result.html ||= inner.html;
  }
  return result;
}

export interface SmtpTestListener {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Recipients refused so far (see `refuseFirst`). */
  refused: number;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free local port (the `smtp-server` package), keeping every message it
 * accepts: mail delivery is tested over the wire, never through a stubbed transport. With
 * `refuseFirst`, it answers the first that many recipients `451 Try again later` (a temporary
 * failure, as a busy or greylisting server does).
 */
export async function startSmtpTestListener(
  options: { refuseFirst?: number } = {},
): Promise<SmtpTestListener> {
  const received: ReceivedMail[] = [];
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refused < (options.refuseFirst ?? 0)) {
        refused += 1;
        callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('latin1');
        const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
        received.push({
          from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw,
          subject: decodeHeader(headerOf(head, 'subject') ?? ''),
          ...partsOf(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    get refused() {
      return refused;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
