import { beforeAll, describe, expect, it } from 'vitest';
import { mailTemplates } from '../mail-templates.ts';
import { createMailRenderer, type MailMessage, type MailRenderer } from '../platform/mail-render.ts';

let render: MailRenderer;

beforeAll(async () => {
  render = await createMailRenderer(mailTemplates);
});

const link = 'http://localhost:3000/reset-password?token=q3Yx0Zb2mE8vJQy7n1cW4kT9sLrA6uHdPfGiXoBe5Vw';
const reset = (locale: MailMessage['locale']): MailMessage<'password-reset'> => ({
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
