import {
  careRequests,
  cases,
  clients,
  consents,
  emailOutbox,
  identityUsers,
  providerUsers,
  subscriptions,
  userActionTokens,
  users,
} from '@opora/db';
import {
  createCareRequest,
  createCase,
  createClient,
  createProvider,
  createSubscription,
} from '@opora/db/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../testing/wait-for.ts';
import { accountDeletionQueue } from './delete-account.ts';
import {
  type AccountTestServer,
  bearer,
  buildAppWithRefusedIdentityAdmin,
  expectInvalidGrant,
  startAccountTestServer,
} from './testing/account-test-server.ts';

let server: AccountTestServer;

beforeAll(async () => {
  server = await startAccountTestServer();
});

afterAll(async () => {
  await server.close();
});

const deleteMe = (accessToken?: string) =>
  server.app.inject({
    method: 'DELETE',
    url: '/api/v1/web/users/me',
    headers: accessToken ? bearer(accessToken) : {},
  });

async function userRow(userId: string) {
  const [row] = await server.database.db.select().from(users).where(eq(users.id, userId));
  return row;
}

/** A family carer with one client who reached a provider and one who never did. */
async function carerWithHistory() {
  const account = await server.signUp({ marketingAccept: true });
  const session = await server.signIn(account.email, account.password);
  const db = server.database.db;
  const [user] = await db.select().from(users).where(eq(users.identitySubject, account.id));
  const userId = user?.id ?? '';
  const requestedCase = await createCase(db, { ownerUserId: userId });
  const request = await createCareRequest(db, { caseId: requestedCase.id });
  const quietClient = await createClient(db, { ownerUserId: userId, birthNumber: '9055011251' });
  const quietCase = await createCase(db, { ownerUserId: userId, clientId: quietClient.id });
  await createSubscription(db, { userId, currentPeriodEnd: new Date(Date.now() + 20 * 86_400_000) });
  const provider = await createProvider(db);
  await db.insert(providerUsers).values({ providerId: provider.id, userId, roles: ['providerUser'] });
  return { ...account, session, userId, requestedCase, request, quietClient, quietCase };
}

describe('DELETE /api/v1/web/users/me', () => {
  it('ends every session and deletes the identity account: the person can no longer sign in', async () => {
    const carer = await carerWithHistory();
    const response = await deleteMe(carer.session.accessToken);
    expect(response.statusCode).toBe(204);

    expectInvalidGrant(await server.passwordGrant(carer.email, carer.password));
    const refreshed = await server.refreshGrant(carer.session.refreshToken);
    expect(refreshed.statusCode).toBe(400);
    expect(refreshed.json()).toMatchObject({ error: 'invalid_grant' });
    // The access token still within its 5 minutes no longer opens anything.
    const me = await server.app.inject({
      method: 'GET',
      url: '/api/v1/web/users/me',
      headers: bearer(carer.session.accessToken),
    });
    expect(me.statusCode).toBe(401);
    expect(
      await server.database.db.select().from(identityUsers).where(eq(identityUsers.id, carer.id)),
    ).toEqual([]);
  });

  it('anonymises the account and removes what no provider received, keeping what providers need', async () => {
    const carer = await carerWithHistory();
    expect((await deleteMe(carer.session.accessToken)).statusCode).toBe(204);
    const db = server.database.db;

    expect(await userRow(carer.userId)).toMatchObject({
      identitySubject: null,
      email: null,
      firstName: null,
      lastName: null,
      phone: null,
      emailVerifiedAt: null,
      platformRoles: [],
      anonymisedAt: expect.any(Date),
    });
    // Removed: the case and client that never reached a provider, links, memberships, e-mails.
    expect(await db.select().from(cases).where(eq(cases.id, carer.quietCase.id))).toEqual([]);
    expect(await db.select().from(clients).where(eq(clients.id, carer.quietClient.id))).toEqual([]);
    expect(await db.select().from(userActionTokens).where(eq(userActionTokens.userId, carer.userId))).toEqual(
      [],
    );
    expect(await db.select().from(providerUsers).where(eq(providerUsers.userId, carer.userId))).toEqual([]);
    expect(
      await db.select().from(emailOutbox).where(sql`lower(${emailOutbox.toAddress}) = ${carer.email}`),
    ).toEqual([]);
    // Kept for the provider: the request, its case and client.
    expect(await db.select().from(careRequests).where(eq(careRequests.id, carer.request.id))).toHaveLength(1);
    expect(await db.select().from(cases).where(eq(cases.id, carer.requestedCase.id))).toHaveLength(1);
    // Kept, closed: the subscription (accounting) and the consents (proof), withdrawn now.
    const [subscription] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, carer.userId));
    expect(subscription).toMatchObject({
      status: 'cancelled',
      autoRenew: false,
      cancelledAt: expect.any(Date),
    });
    const consentRows = await db.select().from(consents).where(eq(consents.userId, carer.userId));
    expect(consentRows.map((consent) => consent.kind).toSorted()).toEqual([
      'marketing',
      'personal-data',
      'terms',
    ]);
    expect(consentRows.every((consent) => consent.withdrawnAt instanceof Date)).toBe(true);
  });

  it('frees the address: the same person may register again as someone new', async () => {
    const carer = await carerWithHistory();
    await deleteMe(carer.session.accessToken);
    const again = await server.signUp({ email: carer.email });
    expect(again.id).not.toBe(carer.id);
  });

  it('changes nothing when the identity server cannot delete the account', async () => {
    const carer = await carerWithHistory();
    const broken = await buildAppWithRefusedIdentityAdmin(server);
    try {
      const response = await broken.inject({
        method: 'DELETE',
        url: '/api/v1/web/users/me',
        headers: bearer(carer.session.accessToken),
      });
      expect(response.statusCode).toBe(503);
    } finally {
      await broken.close();
    }
    expect(await userRow(carer.userId)).toMatchObject({ email: carer.email, anonymisedAt: null });
    expect(
      await server.database.db.select().from(cases).where(eq(cases.id, carer.quietCase.id)),
    ).toHaveLength(1);
    await server.signIn(carer.email, carer.password);
  });

  it('is finished by its background job when it stops after the identity account is gone', async () => {
    const carer = await carerWithHistory();
    const db = server.database.db;
    // The database refuses to anonymise this account: the last step fails.
    await db.execute(
      sql.raw(`create function refuse_anonymising() returns trigger language plpgsql as $$
        begin raise exception 'refused by the test'; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger refuse_anonymising before update on users for each row
        when (old.id = '${carer.userId}') execute function refuse_anonymising()`),
    );
    try {
      expect((await deleteMe(carer.session.accessToken)).statusCode).toBe(500);
    } finally {
      await db.execute(sql`drop trigger refuse_anonymising on users`);
      await db.execute(sql`drop function refuse_anonymising()`);
    }
    // Half-way: the identity account is gone, the application account still holds the data.
    expectInvalidGrant(await server.passwordGrant(carer.email, carer.password));
    expect(await userRow(carer.userId)).toMatchObject({ email: carer.email, anonymisedAt: null });

    // The job the deletion queued first, brought forward from its two minutes.
    const boss = server.app.jobs.boss;
    const [job] = await boss.findJobs(accountDeletionQueue.name, {
      data: { userId: carer.userId },
      queued: true,
    });
    expect(job).toBeDefined();
    await boss.update(accountDeletionQueue.name, undefined, { id: job?.id ?? '', startAfter: new Date() });
    await waitFor('the job to anonymise the account', async () =>
      (await userRow(carer.userId))?.anonymisedAt ? true : undefined,
    );
    expect(await userRow(carer.userId)).toMatchObject({
      identitySubject: null,
      email: null,
      firstName: null,
    });
    expect(await db.select().from(cases).where(eq(cases.id, carer.quietCase.id))).toEqual([]);
  });

  it('keeps the account when its deletion job finds the identity account still there', async () => {
    const carer = await carerWithHistory();
    const broken = await buildAppWithRefusedIdentityAdmin(server);
    try {
      const response = await broken.inject({
        method: 'DELETE',
        url: '/api/v1/web/users/me',
        headers: bearer(carer.session.accessToken),
      });
      expect(response.statusCode).toBe(503);
    } finally {
      await broken.close();
    }
    const boss = server.app.jobs.boss;
    const [job] = await boss.findJobs(accountDeletionQueue.name, {
      data: { userId: carer.userId },
      queued: true,
    });
    await boss.update(accountDeletionQueue.name, undefined, { id: job?.id ?? '', startAfter: new Date() });
    await waitFor('the deletion job to finish', async () => {
      const [done] = await boss.findJobs(accountDeletionQueue.name, { id: job?.id ?? '' });
      return done?.state === 'completed' ? true : undefined;
    });
    expect(await userRow(carer.userId)).toMatchObject({ email: carer.email, anonymisedAt: null });
    await server.signIn(carer.email, carer.password);
  });

  it('answers 401 to a guest', async () => {
    expect((await deleteMe()).statusCode).toBe(401);
  });
});
