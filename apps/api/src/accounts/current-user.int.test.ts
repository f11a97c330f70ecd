import { CurrentUserSchema } from '@opora/contracts';
import { identityUsers, subscriptions, users } from '@opora/db';
import { createSubscription } from '@opora/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTestServer,
  bearer,
  buildAppWithRefusedIdentityAdmin,
  startAccountTestServer,
  type TestAccount,
} from './testing/account-test-server.ts';

let server: AccountTestServer;
let account: TestAccount;
let headers: { authorization: string };

beforeAll(async () => {
  server = await startAccountTestServer();
  account = await server.createAccount();
  headers = bearer((await server.signIn(account.email, account.password)).accessToken);
});

afterAll(async () => {
  await server.close();
});

const patch = (payload: unknown, withHeaders: Record<string, string> = headers) =>
  server.app.inject({
    method: 'PATCH',
    url: '/api/v1/web/users/me',
    headers: withHeaders,
    payload: payload as object,
  });

describe('GET /api/v1/web/users/me', () => {
  it('answers the current user in the envelope, with permission links and no subscription yet', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/v1/web/users/me?_envelope=1',
      headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { data } = response.json<{ data: unknown }>();
    const user = CurrentUserSchema.parse(data);
    expect(user).toMatchObject({
      id: account.subject,
      firstName: 'Petr',
      lastName: 'Svoboda',
      fullName: 'Petr Svoboda',
      userName: account.email,
      email: account.email,
      phone: null,
      locale: 'cs',
      roles: ['client'],
      subscription: null,
      emailConfirmationPending: true,
    });
    const operations = user.permissions.map((link) => link.operationId);
    expect(operations).toEqual(
      expect.arrayContaining(['getCurrentUser', 'changePassword', 'deleteCurrentUser']),
    );
  });

  it('shows the live subscription with the day it renews', async () => {
    await createSubscription(server.database.db, {
      userId: account.userId,
      startedAt: new Date('2026-12-01T10:00:00Z'),
      currentPeriodEnd: new Date('2026-12-31T22:30:00Z'),
    });
    const user = (await server.app.inject({ method: 'GET', url: '/api/v1/web/users/me', headers })).json();
    // 23:30 in Prague is still 31 December there.
    expect(user).toMatchObject({ subscription: { type: 'self-managed', endDate: '2026-12-31' } });
    await server.database.db.delete(subscriptions).where(eq(subscriptions.userId, account.userId));
  });

  it('answers 401 to a guest', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/web/users/me?_envelope=1' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'Unauthorized' });
  });
});

describe('PATCH /api/v1/web/users/me', () => {
  it('changes names, phone and language, and the identity account’s names with them', async () => {
    const response = await patch({
      firstName: ' Pavel ',
      lastName: 'Novák',
      phone: '+420 777 123 456',
      locale: 'en',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      firstName: 'Pavel',
      lastName: 'Novák',
      fullName: 'Pavel Novák',
      phone: '+420777123456',
      locale: 'en',
    });
    const [identity] = await server.database.db
      .select()
      .from(identityUsers)
      .where(eq(identityUsers.id, account.subject));
    expect(identity).toMatchObject({ firstName: 'Pavel', lastName: 'Novák' });
    // New tokens carry the new name.
    const tokens = await server.signIn(account.email, account.password);
    const claims = JSON.parse(Buffer.from(tokens.accessToken.split('.')[1] ?? '', 'base64url').toString());
    expect(claims).toMatchObject({ given_name: 'Pavel', family_name: 'Novák' });
  });

  it('changes only what is sent, and removes the phone with null', async () => {
    expect((await patch({ phone: '+420 777 123 456' })).statusCode).toBe(200);
    const response = await patch({ phone: null });
    expect(response.json()).toMatchObject({ phone: null, firstName: 'Pavel', locale: 'en' });
  });

  it('refuses an empty change, invalid values and unknown languages, changing nothing', async () => {
    const [before] = await server.database.db.select().from(users).where(eq(users.id, account.userId));
    const empty = await patch({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ errors: [{ instructions: 'validation:atLeastOne' }] });
    const invalid = await patch({ firstName: 'Ok', lastName: '', phone: '+420 12', locale: 'de' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json<{ errors: { property: string }[] }>().errors.map((error) => error.property)).toEqual([
      'lastName',
      'phone',
      'locale',
    ]);
    const [after] = await server.database.db.select().from(users).where(eq(users.id, account.userId));
    expect(after?.firstName).toBe(before?.firstName);
  });

  it('answers 401 without a token', async () => {
    expect((await patch({ firstName: 'X' }, {})).statusCode).toBe(401);
  });

  it('changes nothing when the identity server refuses the new names', async () => {
    const broken = await buildAppWithRefusedIdentityAdmin(server);
    try {
      const response = await broken.inject({
        method: 'PATCH',
        url: '/api/v1/web/users/me',
        headers,
        payload: { firstName: 'Nikdo', phone: '+420 777 999 888' },
      });
      expect(response.statusCode).toBe(503);
      const [user] = await server.database.db.select().from(users).where(eq(users.id, account.userId));
      expect(user).toMatchObject({ firstName: 'Pavel', phone: null });
    } finally {
      await broken.close();
    }
  });
});
