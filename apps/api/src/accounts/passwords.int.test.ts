import { jobQueueSchema, userActionTokens } from '@opora/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashActionToken } from './action-tokens.ts';
import { passwordResetQueue, resetEmailsPerHour } from './request-password-reset.ts';
import {
  type AccountTestServer,
  bearer,
  buildAppWithRefusedIdentityAdmin,
  expectInvalidGrant,
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

const changePassword = (accessToken: string | undefined, payload: unknown) =>
  server.app.inject({
    method: 'PUT',
    url: '/api/v1/web/users/me/password',
    headers: accessToken ? bearer(accessToken) : {},
    payload: payload as object,
    remoteAddress: someClientAddress(),
  });

const requestReset = (email: unknown, remoteAddress = someClientAddress()) =>
  server.app.inject({
    method: 'PUT',
    url: '/api/v1/web/users/reset-password/request',
    payload: { email } as object,
    remoteAddress,
  });

const setPassword = (resetToken: unknown, newPassword: unknown) =>
  server.app.inject({
    method: 'PUT',
    url: '/api/v1/web/users/reset-password/set-password',
    payload: { resetToken, newPassword } as object,
    remoteAddress: someClientAddress(),
  });

async function resetToken(email: string): Promise<string> {
  expect((await requestReset(email)).statusCode).toBe(204);
  const token = await server.linkToken(email, '/reset-password');
  if (!token) throw new Error('no reset e-mail');
  return token;
}

describe('PUT /api/v1/web/users/me/password', () => {
  it('changes the password when the current one is right', async () => {
    const account = await server.signUp();
    const { accessToken } = await server.signIn(account.email, account.password);
    const response = await changePassword(accessToken, {
      currentPassword: account.password,
      newPassword: 'nové heslo 2026',
    });
    expect(response.statusCode).toBe(204);
    expectInvalidGrant(await server.passwordGrant(account.email, account.password));
    await server.signIn(account.email, 'nové heslo 2026');
  });

  it('answers IncorrectCurrentPassword beside the field for a wrong current password', async () => {
    const account = await server.signUp();
    const { accessToken } = await server.signIn(account.email, account.password);
    const response = await changePassword(accessToken, {
      currentPassword: 'wrong guess',
      newPassword: 'nové heslo 2026',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'IncorrectCurrentPassword',
      errors: [{ property: 'currentPassword', instructions: 'errors:IncorrectCurrentPassword' }],
    });
    await server.signIn(account.email, account.password);
  });

  it('applies the rules of SPEC §5 before asking the identity server', async () => {
    const account = await server.signUp();
    const { accessToken } = await server.signIn(account.email, account.password);
    const same = await changePassword(accessToken, {
      currentPassword: account.password,
      newPassword: account.password,
    });
    expect(same.json()).toMatchObject({
      errors: [{ property: 'newPassword', instructions: 'validation:newPasswordSameAsCurrent' }],
    });
    const short = await changePassword(accessToken, {
      currentPassword: account.password,
      newPassword: 'short',
    });
    expect(short.json()).toMatchObject({
      errors: [{ property: 'newPassword', instructions: 'validation:minLength', parameters: { min: 8 } }],
    });
    await server.signIn(account.email, account.password);
  });

  it('answers 401 without a token', async () => {
    expect(
      (await changePassword(undefined, { currentPassword: 'a', newPassword: 'bbbbbbbb' })).statusCode,
    ).toBe(401);
  });
});

describe('password reset', () => {
  it('e-mails a link in the user’s language and answers 204 for any address', async () => {
    const account = await server.signUp({ locale: 'en' });
    const mails = (await server.mailbox()).length;
    expect((await requestReset('nobody-here@example.cz')).statusCode).toBe(204);
    expect(await server.mailbox()).toHaveLength(mails);

    expect((await requestReset(account.email.toUpperCase())).statusCode).toBe(204);
    const [mail] = await server.mailbox();
    expect(mail).toMatchObject({ to: account.email, subject: 'Reset your password' });
    expect(mail?.links).toEqual([expect.stringMatching(/\/reset-password\?token=[\w-]{43}$/)]);
    expect(mail?.text).toContain('valid for 1 hour and can be used once');
  });

  it('does the same work for an unknown address as for an account: one reset job each', async () => {
    const account = await server.createAccount();
    const resetJobs = async () => {
      const { rows } = await server.database.db.execute<{ data: { userId: string | null } }>(
        sql`select data from ${sql.identifier(jobQueueSchema)}.job
            where name = ${passwordResetQueue.name} order by created_on, id`,
      );
      return rows.map((row) => row.data);
    };
    const before = (await resetJobs()).length;
    expect((await requestReset('nobody-here-either@example.cz')).statusCode).toBe(204);
    expect((await requestReset(account.email)).statusCode).toBe(204);
    expect((await resetJobs()).slice(before)).toEqual([{ userId: null }, { userId: account.userId }]);
  });

  it('sets the new password with the token and signs every session out', async () => {
    const account = await server.signUp();
    const session = await server.signIn(account.email, account.password);
    const token = await resetToken(account.email);

    expect((await setPassword(token, 'úplně nové heslo')).statusCode).toBe(204);
    expectInvalidGrant(await server.passwordGrant(account.email, account.password));
    const refreshed = await server.refreshGrant(session.refreshToken);
    expect(refreshed.statusCode).toBe(400);
    expect(refreshed.json()).toMatchObject({ error: 'invalid_grant' });
    await server.signIn(account.email, 'úplně nové heslo');

    const again = await setPassword(token, 'ještě jiné heslo');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'InvalidOrExpiredToken' });
  });

  it('keeps only the newest link valid', async () => {
    const account = await server.signUp();
    const first = await resetToken(account.email);
    const second = await resetToken(account.email);
    expect((await setPassword(first, 'první heslo 1')).json()).toMatchObject({
      code: 'InvalidOrExpiredToken',
    });
    expect((await setPassword(second, 'druhé heslo 2')).statusCode).toBe(204);
  });

  it('refuses an expired link and leaves the password as it was', async () => {
    const account = await server.signUp();
    const token = await resetToken(account.email);
    await server.database.db
      .update(userActionTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userActionTokens.tokenHash, hashActionToken(token)));
    expect((await setPassword(token, 'pozdě heslo 1')).json()).toMatchObject({
      code: 'InvalidOrExpiredToken',
    });
    await server.signIn(account.email, account.password);
  });

  it('keeps the link usable after an invalid new password or an identity failure', async () => {
    const account = await server.signUp();
    const token = await resetToken(account.email);
    const short = await setPassword(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      errors: [{ property: 'newPassword', instructions: 'validation:minLength' }],
    });

    const broken = await buildAppWithRefusedIdentityAdmin(server);
    try {
      const response = await broken.inject({
        method: 'PUT',
        url: '/api/v1/web/users/reset-password/set-password',
        payload: { resetToken: token, newPassword: 'nové heslo 123' },
      });
      expect(response.statusCode).toBe(503);
    } finally {
      await broken.close();
    }
    await server.signIn(account.email, account.password);
    expect((await setPassword(token, 'nové heslo 123')).statusCode).toBe(204);
  });

  it('sends at most a few reset e-mails per account and hour, still answering 204', async () => {
    const account = await server.signUp();
    for (let request = 0; request < resetEmailsPerHour; request++) await resetToken(account.email);
    const mails = (await server.mailbox()).length;
    expect((await requestReset(account.email)).statusCode).toBe(204);
    expect(await server.mailbox()).toHaveLength(mails);
  });

  it('answers invalid input with the validation envelope', async () => {
    const response = await requestReset(' spaced@example.cz');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errors: [{ property: 'email', instructions: 'validation:emailTrimmed' }],
    });
    const missing = await setPassword(undefined, undefined);
    expect(missing.json<{ errors: { property: string }[] }>().errors.map((error) => error.property)).toEqual([
      'resetToken',
      'newPassword',
    ]);
  });

  it('limits reset requests per client address', async () => {
    const address = someClientAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      statuses.push((await requestReset('nobody-here@example.cz', address)).statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(204));
    expect(statuses[10]).toBe(429);
  });
});
