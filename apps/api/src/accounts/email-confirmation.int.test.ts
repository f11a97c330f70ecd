import { identityUsers, userActionTokens, users } from '@opora/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashActionToken } from './action-tokens.ts';
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

const confirm = (token: unknown) =>
  server.app.inject({
    method: 'POST',
    url: '/api/v1/web/users/email-confirmation',
    payload: { token } as object,
    remoteAddress: someClientAddress(),
  });

const resend = (accessToken?: string) =>
  server.app.inject({
    method: 'POST',
    url: '/api/v1/web/users/me/email-confirmation',
    headers: accessToken ? bearer(accessToken) : {},
    remoteAddress: someClientAddress(),
  });

async function newAccount() {
  const account = await server.signUp();
  const { accessToken } = await server.signIn(account.email, account.password);
  const token = await server.linkToken(account.email, '/confirm-email');
  if (!token) throw new Error('no confirmation e-mail');
  return { ...account, accessToken, token };
}

const pending = async (accessToken: string) =>
  (
    await server.app.inject({ method: 'GET', url: '/api/v1/web/users/me', headers: bearer(accessToken) })
  ).json<{
    emailConfirmationPending: boolean;
  }>().emailConfirmationPending;

/** Pretends the last confirmation e-mail went out more than a minute ago. */
async function waitedAMinute(email: string) {
  const [user] = await server.database.db.select().from(users).where(eq(users.email, email));
  await server.database.db
    .update(userActionTokens)
    .set({ createdAt: new Date(Date.now() - 61_000) })
    .where(eq(userActionTokens.userId, user?.id ?? ''));
}

describe('POST /api/v1/web/users/email-confirmation', () => {
  it('confirms the address with the e-mailed token, in the application and the identity server', async () => {
    const account = await newAccount();
    expect(await pending(account.accessToken)).toBe(true);
    const response = await confirm(account.token);
    expect(response.statusCode).toBe(204);
    expect(await pending(account.accessToken)).toBe(false);
    const [identity] = await server.database.db
      .select()
      .from(identityUsers)
      .where(eq(identityUsers.id, account.id));
    expect(identity?.emailVerified).toBe(true);
  });

  it('stores only a digest of the token', async () => {
    const account = await newAccount();
    const rows = await server.database.db
      .select()
      .from(userActionTokens)
      .where(eq(userActionTokens.tokenHash, hashActionToken(account.token)));
    expect(rows).toHaveLength(1);
    const everything = JSON.stringify(await server.database.db.select().from(userActionTokens));
    expect(everything).not.toContain(account.token);
  });

  it('refuses a used, unknown, expired or missing token', async () => {
    const account = await newAccount();
    expect((await confirm(account.token)).statusCode).toBe(204);
    const used = await confirm(account.token);
    expect(used.statusCode).toBe(400);
    expect(used.json()).toMatchObject({ status: 400, code: 'InvalidOrExpiredToken' });
    expect((await confirm('A'.repeat(43))).json()).toMatchObject({ code: 'InvalidOrExpiredToken' });

    const late = await newAccount();
    await server.database.db
      .update(userActionTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userActionTokens.tokenHash, hashActionToken(late.token)));
    expect((await confirm(late.token)).json()).toMatchObject({ code: 'InvalidOrExpiredToken' });
    expect(await pending(late.accessToken)).toBe(true);

    const missing = await confirm(undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'ValidationFailed', errors: [{ property: 'token' }] });
  });

  it('keeps the token usable when the identity server fails, so the link can be tried again', async () => {
    const account = await newAccount();
    const broken = await buildAppWithRefusedIdentityAdmin(server);
    try {
      const response = await broken.inject({
        method: 'POST',
        url: '/api/v1/web/users/email-confirmation',
        payload: { token: account.token },
      });
      expect(response.statusCode).toBe(503);
    } finally {
      await broken.close();
    }
    expect(await pending(account.accessToken)).toBe(true);
    expect((await confirm(account.token)).statusCode).toBe(204);
  });
});

describe('POST /api/v1/web/users/me/email-confirmation', () => {
  it('sends a new link and retires the previous one', async () => {
    const account = await newAccount();
    await waitedAMinute(account.email);
    expect((await resend(account.accessToken)).statusCode).toBe(204);
    const newest = await server.linkToken(account.email, '/confirm-email');
    expect(newest).not.toBe(account.token);
    expect((await confirm(account.token)).json()).toMatchObject({ code: 'InvalidOrExpiredToken' });
    expect((await confirm(newest)).statusCode).toBe(204);
  });

  it('sends the first resend right after sign-up, then at most one e-mail a minute', async () => {
    const account = await newAccount();
    expect((await resend(account.accessToken)).statusCode).toBe(204);
    const resent = await server.linkToken(account.email, '/confirm-email');
    expect(resent).not.toBe(account.token);
    const mails = (await server.mailbox()).length;
    const response = await resend(account.accessToken);
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({ code: 'RateLimited' });
    expect(await server.mailbox()).toHaveLength(mails);
    // The resent link still works.
    expect((await confirm(resent)).statusCode).toBe(204);
  });

  it('answers 409 EmailAlreadyConfirmed once the address is confirmed, and 401 to a guest', async () => {
    const account = await newAccount();
    await confirm(account.token);
    await waitedAMinute(account.email);
    const response = await resend(account.accessToken);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'EmailAlreadyConfirmed' });
    expect((await resend()).statusCode).toBe(401);
  });
});
