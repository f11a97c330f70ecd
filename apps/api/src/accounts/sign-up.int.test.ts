import { consents, identityUsers, users } from '@opora/db';
import { createIdentityUser } from '@opora/db/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpTestListener, startSmtpTestListener } from '../platform/testing/smtp-test-listener.ts';
import { waitFor } from '../testing/wait-for.ts';
import { legalTextsVersion } from './sign-up.ts';
import {
  type AccountTestServer,
  bearer,
  buildAppWithRefusedIdentityAdmin,
  someClientAddress,
  startAccountTestServer,
} from './testing/account-test-server.ts';

let server: AccountTestServer;

beforeAll(async () => {
  server = await startAccountTestServer();
});

afterAll(async () => {
  await server.close();
});

const form = (email: string) => ({
  fullName: 'Jana Nováková',
  firstName: 'Jana',
  lastName: 'Nováková',
  email,
  phone: '+421 905 123 456',
  password: 'dlouhé heslo 1',
  privacyPolicy: true,
  marketingAccept: true,
  locale: 'sk',
});

const signUp = (payload: unknown, remoteAddress = someClientAddress()) =>
  server.app.inject({
    method: 'POST',
    url: '/api/v1/web/users/sign-up',
    payload: payload as object,
    remoteAddress,
  });

/** Application and identity accounts whose e-mail is `email`, in any letter case. */
async function accountsWith(email: string) {
  const db = server.database.db;
  const appUsers = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  const identity = await db
    .select()
    .from(identityUsers)
    .where(sql`lower(${identityUsers.email}) = ${email.toLowerCase()}`);
  return { appUsers, identity };
}

describe('POST /api/v1/web/users/sign-up', () => {
  it('creates the identity and application accounts with consents and e-mails a confirmation link', async () => {
    const response = await signUp(form('Jana.Novakova@Example.cz'));
    expect(response.statusCode).toBe(201);
    const body = response.json<{ id: string; email: string }>();
    expect(body).toEqual({
      id: expect.any(String),
      email: 'jana.novakova@example.cz',
      emailConfirmationPending: true,
    });

    const { appUsers, identity } = await accountsWith('jana.novakova@example.cz');
    expect(identity).toEqual([
      expect.objectContaining({
        id: body.id,
        username: 'jana.novakova@example.cz',
        firstName: 'Jana',
        lastName: 'Nováková',
        emailVerified: false,
        enabled: true,
      }),
    ]);
    expect(appUsers).toEqual([
      expect.objectContaining({
        identitySubject: body.id,
        email: 'jana.novakova@example.cz',
        phone: '+421905123456',
        locale: 'sk',
        emailVerifiedAt: null,
      }),
    ]);
    const userId = appUsers[0]?.id ?? '';
    expect(appUsers[0]?.emailConfirmationSentAt).toBeInstanceOf(Date);
    const given = await server.database.db.select().from(consents).where(eq(consents.userId, userId));
    expect(given.map((consent) => [consent.kind, consent.version, consent.withdrawnAt]).toSorted()).toEqual([
      ['marketing', legalTextsVersion, null],
      ['personal-data', legalTextsVersion, null],
      ['terms', legalTextsVersion, null],
    ]);

    const [mail] = await server.mailbox();
    expect(mail).toMatchObject({
      to: 'jana.novakova@example.cz',
      subject: 'Potvrďte svoju e-mailovú adresu',
    });
    expect(mail?.links).toEqual([
      expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/confirm-email\?token=[\w-]{43}$/),
    ]);

    // The new account can sign in at once and is a client waiting for confirmation.
    const tokens = await server.signIn('jana.novakova@example.cz', 'dlouhé heslo 1');
    const me = await server.app.inject({
      method: 'GET',
      url: '/api/v1/web/users/me',
      headers: bearer(tokens.accessToken),
    });
    expect(me.json()).toMatchObject({
      id: body.id,
      roles: ['client'],
      emailConfirmationPending: true,
      locale: 'sk',
    });
  });

  it('records no marketing consent unless it was given, and writes Czech by default', async () => {
    const { locale: _locale, marketingAccept: _marketing, ...rest } = form('bez.marketingu@example.cz');
    expect((await signUp(rest)).statusCode).toBe(201);
    const { appUsers } = await accountsWith('bez.marketingu@example.cz');
    expect(appUsers[0]?.locale).toBe('cs');
    const given = await server.database.db
      .select({ kind: consents.kind })
      .from(consents)
      .where(eq(consents.userId, appUsers[0]?.id ?? ''));
    expect(given.map((consent) => consent.kind).toSorted()).toEqual(['personal-data', 'terms']);
    expect((await server.mailbox())[0]?.subject).toBe('Potvrďte svou e-mailovou adresu');
  });

  it('answers "This email already exists." for a registered address in any letter case, writing nothing', async () => {
    expect((await signUp(form('taken@example.cz'))).statusCode).toBe(201);
    const mailsBefore = (await server.mailbox()).length;

    const response = await signUp({ ...form('TAKEN@example.cz'), firstName: 'Jiná' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      status: 409,
      code: 'NotUniqueValidator',
      identifier: expect.any(String),
      errors: [
        {
          code: 'NotUniqueValidator',
          property: 'email',
          instructions: 'errors:NotUniqueValidator_email',
        },
      ],
    });
    const { appUsers, identity } = await accountsWith('taken@example.cz');
    expect(appUsers).toHaveLength(1);
    expect(identity).toHaveLength(1);
    expect(identity[0]?.firstName).toBe('Jana');
    expect(await server.mailbox()).toHaveLength(mailsBefore);
  });

  it('answers the same for an address the identity server knows but the application does not', async () => {
    await createIdentityUser(server.database.db, { email: 'only-identity@example.cz' });
    const response = await signUp(form('only-identity@example.cz'));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'NotUniqueValidator', errors: [{ property: 'email' }] });
    expect((await accountsWith('only-identity@example.cz')).appUsers).toEqual([]);
  });

  it('refuses a form without consent or with an invalid phone, with the messages of SPEC §5', async () => {
    const response = await signUp({
      ...form('no-consent@example.cz'),
      privacyPolicy: false,
      phone: '601 123 456',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'ValidationFailed',
      errors: [
        { property: 'phone', instructions: 'validation:phoneInternational' },
        { property: 'privacyPolicy', instructions: 'validation:termsConsentRequired' },
      ],
    });
    const { appUsers, identity } = await accountsWith('no-consent@example.cz');
    expect([appUsers, identity]).toEqual([[], []]);
  });

  it.each([
    ['a missing body', undefined, 400],
    ['a short password', { password: 'short' }, 400],
    ['a hostile e-mail', { email: '<script>@example.cz' }, 400],
    ['an oversized name', { firstName: 'x'.repeat(10_000) }, 400],
  ])('answers %s with a problem and creates nothing', async (_name, change, status) => {
    const payload = change === undefined ? undefined : { ...form('bad-input@example.cz'), ...change };
    const response = await signUp(payload);
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toContain('application/problem+json');
    const { appUsers, identity } = await accountsWith('bad-input@example.cz');
    expect([appUsers, identity]).toEqual([[], []]);
  });

  it('answers malformed JSON with MalformedJson', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/web/users/sign-up',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
      remoteAddress: someClientAddress(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'MalformedJson' });
  });

  it('leaves no account behind when the identity server cannot be reached', async () => {
    const broken = await buildAppWithRefusedIdentityAdmin(server);
    try {
      const response = await broken.inject({
        method: 'POST',
        url: '/api/v1/web/users/sign-up',
        payload: form('identity-down@example.cz'),
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'ServiceUnavailable' });
      const { appUsers, identity } = await accountsWith('identity-down@example.cz');
      expect([appUsers, identity]).toEqual([[], []]);
    } finally {
      await broken.close();
    }
  });

  it('limits sign-ups per client address more strictly than the global budget', async () => {
    const address = someClientAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt++) statuses.push((await signUp({}, address)).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Another address is not affected.
    expect((await signUp({})).statusCode).toBe(400);
  });
});

describe('sign-up with an SMTP server configured', () => {
  let smtp: SmtpTestListener;
  let smtpServer: AccountTestServer;

  beforeAll(async () => {
    smtp = await startSmtpTestListener();
    smtpServer = await startAccountTestServer({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Opora <ahoj@opora.test>' },
    });
  });

  afterAll(async () => {
    await smtpServer.close();
    await smtp.close();
  });

  it('delivers the confirmation e-mail over SMTP, and its link confirms the address', async () => {
    const account = await smtpServer.signUp({ locale: 'en' });
    const mail = await waitFor('the confirmation e-mail at the SMTP server', () =>
      smtp.received.find((message) => message.to.includes(account.email)),
    );
    expect(mail).toMatchObject({ from: 'ahoj@opora.test', subject: 'Confirm your e-mail address' });
    const link = /https?:\/\/\S+\/confirm-email\?token=[\w-]+/.exec(mail?.text ?? '')?.[0];
    expect(link).toBeDefined();
    expect(mail?.html).toContain(`href="${link}"`);
    // No development mailbox with an SMTP server.
    expect((await smtpServer.app.inject({ method: 'GET', url: '/api/v1/dev/mail' })).statusCode).toBe(404);

    const token = new URL(link ?? '').searchParams.get('token');
    const confirmed = await smtpServer.app.inject({
      method: 'POST',
      url: '/api/v1/web/users/email-confirmation',
      payload: { token },
    });
    expect(confirmed.statusCode).toBe(204);
  });
});
