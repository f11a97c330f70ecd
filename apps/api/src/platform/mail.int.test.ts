import { emailOutbox } from '@opora/db';
import { createTestDatabase, type TestDatabase } from '@opora/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listDevMail } from '../dev-mail/list-messages.ts';
import { createMailer, createMailRenderer, type MailRenderer, type OutgoingMail } from './mail.ts';
import { type SmtpTestListener, startSmtpTestListener } from './smtp-test-listener.ts';

let database: TestDatabase;
let render: MailRenderer;
let smtp: SmtpTestListener;

beforeAll(async () => {
  database = await createTestDatabase();
  render = await createMailRenderer();
  smtp = await startSmtpTestListener();
});

afterAll(async () => {
  await smtp.close();
  await database.close();
});

const link = 'http://localhost:3000/reset-password?token=q3Yx0Zb2mE8vJQy7n1cW4kT9sLrA6uHdPfGiXoBe5Vw';
type ResetMail = Extract<OutgoingMail, { template: 'password-reset' }>;
const reset = (locale: OutgoingMail['locale'], to = 'jana@example.cz'): ResetMail => ({
  to,
  locale,
  template: 'password-reset',
  params: { link, validHours: 1 },
});

describe('templates', () => {
  it('are written in the recipient’s language, with plural forms of that language', () => {
    expect(render(reset('cs')).subject).toBe('Obnovení hesla');
    expect(render(reset('sk')).subject).toBe('Obnovenie hesla');
    expect(render(reset('en')).subject).toBe('Reset your password');
    expect(render(reset('cs')).text).toContain('Odkaz platí 1 hodinu');
    const confirmation = render({
      to: 'jana@example.cz',
      locale: 'cs',
      template: 'email-confirmation',
      params: { link, validDays: 7 },
    });
    expect(confirmation.subject).toBe('Potvrďte svou e-mailovou adresu');
    expect(confirmation.text).toContain('Odkaz platí 7 dní');
  });

  it('carry the link in the text and HTML parts and list it', () => {
    const mail = render(reset('en'));
    expect(mail.links).toEqual([link]);
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('<html lang="en">');
  });

  it('escape values in the HTML part', () => {
    const hostile = 'http://localhost:3000/reset-password?token=a"><script>alert(1)</script>';
    const mail = render({ ...reset('en'), params: { link: hostile, validHours: 1 } });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&quot;&gt;&lt;script&gt;');
    expect(mail.text).toContain(hostile);
  });
});

describe('SMTP transport', () => {
  it('delivers the message to a real SMTP server, UTF-8 intact', async () => {
    const mailer = createMailer({
      config: { mail: { smtpUrl: smtp.url, from: 'Opora <no-reply@opora.test>' } },
      db: database.db,
      render,
    });
    expect(mailer.transport).toBe('smtp');
    await mailer.send(reset('cs', 'marie.dvorakova@example.cz'));
    await mailer.close();

    const received = smtp.received.at(-1);
    expect(received?.from).toBe('no-reply@opora.test');
    expect(received?.to).toEqual(['marie.dvorakova@example.cz']);
    expect(received?.subject).toBe('Obnovení hesla');
    expect(received?.text).toContain(link);
    expect(received?.text).toContain('Odkaz platí 1 hodinu a lze jej použít jen jednou.');
    expect(received?.html).toContain(`href="${link}"`);
    // Nothing goes to the outbox when an SMTP server is configured.
    const outbox = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'marie.dvorakova@example.cz'));
    expect(outbox).toEqual([]);
  });

  it('rejects when the server cannot be reached', async () => {
    const mailer = createMailer({
      config: { mail: { smtpUrl: 'smtp://127.0.0.1:9', from: 'Opora <no-reply@opora.test>' } },
      db: database.db,
      render,
    });
    await expect(mailer.send(reset('en'))).rejects.toThrow();
    await mailer.close();
  });
});

describe('outbox transport', () => {
  it('records each message as sent, newest first in the development mailbox', async () => {
    const mailer = createMailer({
      config: { mail: { smtpUrl: undefined, from: 'Opora <no-reply@opora.test>' } },
      db: database.db,
      render,
    });
    expect(mailer.transport).toBe('outbox');
    await mailer.send(reset('en', 'first@example.cz'));
    await mailer.send(reset('sk', 'second@example.cz'));

    const [row] = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'first@example.cz'));
    expect(row).toMatchObject({ status: 'sent', template: 'password-reset', locale: 'en', attempts: 1 });
    expect(row?.sentAt).toBeInstanceOf(Date);

    const messages = await listDevMail(database.db);
    expect(messages.map((message) => message.to).slice(0, 2)).toEqual([
      'second@example.cz',
      'first@example.cz',
    ]);
    expect(messages[0]).toMatchObject({ subject: 'Obnovenie hesla', links: [link] });
    expect(messages[0]?.html).toContain('<html lang="sk">');
  });
});
