import { randomUUID } from 'node:crypto';
import { identityUsers, signUpAttempts, users } from '@opora/db';
import { createIdentityUser } from '@opora/db/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../testing/wait-for.ts';
import { abandonedSignUpQueue } from './sign-up-attempts.ts';
import {
  type AccountTestServer,
  bearer,
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

const form = (email: string, password = 'dlouhé heslo 1') => ({
  firstName: 'Jana',
  lastName: 'Nováková',
  email,
  phone: '+420 601 123 456',
  password,
  privacyPolicy: true,
});

const signUp = (payload: object) =>
  server.app.inject({
    method: 'POST',
    url: '/api/v1/web/users/sign-up',
    payload,
    remoteAddress: someClientAddress(),
  });

async function accountsWith(email: string) {
  const db = server.database.db;
  const appUsers = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`);
  const identity = await db.select().from(identityUsers).where(sql`lower(${identityUsers.email}) = ${email}`);
  const attempts = await db.select().from(signUpAttempts).where(eq(signUpAttempts.email, email));
  return { appUsers, identity, attempts };
}

/**
 * What a sign-up that stopped between its two steps leaves: the identity account (made through the
 * identity adapter, as sign-up makes it) and its attempt, whose lease ran out `minutesAgo`.
 */
async function unfinishedSignUp(email: string, password: string, minutesAgo = 10) {
  const startedAt = new Date(Date.now() - minutesAgo * 60_000);
  const attemptId = randomUUID();
  await server.database.db
    .insert(signUpAttempts)
    .values({ email, attemptId, startedAt, firstStartedAt: startedAt });
  const identity = await server.app.identityAdmin.createUser({
    email,
    firstName: 'Jana',
    lastName: 'Nováková',
    password,
    emailVerified: false,
  });
  return { attemptId, subject: identity.id };
}

describe('sign-up that fails or stops half-way', () => {
  it('makes one account of a double submit', async () => {
    const email = 'dvakrat@example.cz';
    const [first, second] = await Promise.all([signUp(form(email)), signUp(form(email))]);
    expect([first?.statusCode, second?.statusCode].toSorted()).toEqual([201, 409]);
    const refused = first?.statusCode === 409 ? first : second;
    expect(refused?.json()).toMatchObject({ code: 'NotUniqueValidator', errors: [{ property: 'email' }] });

    const { appUsers, identity, attempts } = await accountsWith(email);
    expect(appUsers).toHaveLength(1);
    expect(identity.map((account) => account.id)).toEqual([appUsers[0]?.identitySubject]);
    expect(attempts).toEqual([]);
    expect((await server.mailbox()).filter((mail) => mail.to === email)).toHaveLength(1);
  });

  it('removes the identity account again when the application account cannot be written; a retry succeeds', async () => {
    const email = 'kompenzace@example.cz';
    const db = server.database.db;
    // The database refuses this one account (a constraint, a full disk…): the second step fails.
    await db.execute(
      sql.raw(`create function refuse_test_account() returns trigger language plpgsql as $$
        begin
          if new.email = '${email}' then raise exception 'refused by the test'; end if;
          return new;
        end $$`),
    );
    await db.execute(
      sql`create trigger refuse_test_account before insert on users for each row execute function refuse_test_account()`,
    );
    try {
      const failed = await signUp(form(email));
      expect(failed.statusCode).toBe(500);
      expect(failed.headers['content-type']).toBe('application/problem+json; charset=utf-8');
      expect(await accountsWith(email)).toEqual({ appUsers: [], identity: [], attempts: [] });
    } finally {
      await db.execute(sql`drop trigger refuse_test_account on users`);
      await db.execute(sql`drop function refuse_test_account()`);
    }

    expect((await signUp(form(email))).statusCode).toBe(201);
    const { appUsers, identity } = await accountsWith(email);
    expect([appUsers.length, identity.length]).toEqual([1, 1]);
  });

  it('finishes a retry after a crash between the identity and the application account', async () => {
    const email = 'po-padu@example.cz';
    const leftover = await unfinishedSignUp(email, 'heslo z prvního pokusu');
    // What people saw: sign-in worked, the account did not.
    const stuck = await server.signIn(email, 'heslo z prvního pokusu');
    const me = await server.app.inject({
      method: 'GET',
      url: '/api/v1/web/users/me',
      headers: bearer(stuck.accessToken),
    });
    expect(me.statusCode).toBe(401);

    const retry = await signUp(form(email, 'heslo z druhého pokusu'));
    expect(retry.statusCode).toBe(201);
    const { id } = retry.json<{ id: string }>();
    expect(id).not.toBe(leftover.subject);

    // The leftover was removed, not taken over: its password and sessions are gone with it.
    expect(await server.app.identityAdmin.getUser(leftover.subject)).toBeUndefined();
    expectInvalidGrant(await server.passwordGrant(email, 'heslo z prvního pokusu'));
    const session = await server.signIn(email, 'heslo z druhého pokusu');
    const mine = await server.app.inject({
      method: 'GET',
      url: '/api/v1/web/users/me',
      headers: bearer(session.accessToken),
    });
    expect(mine.json()).toMatchObject({ id, emailConfirmationPending: true });
    expect((await accountsWith(email)).attempts).toEqual([]);
    expect(await server.linkToken(email, '/confirm-email')).toBeDefined();
  });

  it('leaves an identity account older than the unfinished attempt alone: the address is taken', async () => {
    const email = 'starsi-ucet@example.cz';
    const older = await createIdentityUser(server.database.db, { email });
    await server.database.db
      .update(identityUsers)
      .set({ createdAt: new Date(Date.now() - 86_400_000) })
      .where(eq(identityUsers.id, older.id));
    const startedAt = new Date(Date.now() - 10 * 60_000);
    await server.database.db
      .insert(signUpAttempts)
      .values({ email, attemptId: randomUUID(), startedAt, firstStartedAt: startedAt });

    const response = await signUp(form(email));
    expect(response.statusCode).toBe(409);
    const { appUsers, identity, attempts } = await accountsWith(email);
    expect(identity.map((account) => account.id)).toEqual([older.id]);
    expect([appUsers, attempts]).toEqual([[], []]);
  });

  it('removes the leftover of an attempt nobody retried when its clean-up job comes due', async () => {
    const email = 'nikdo-neopakoval@example.cz';
    const leftover = await unfinishedSignUp(email, 'heslo z prvního pokusu');
    // The job each attempt schedules for the end of its lease, due now.
    await server.app.db.transaction((tx) =>
      server.app.jobs.send(tx, abandonedSignUpQueue, { attemptId: leftover.attemptId }),
    );

    await waitFor('the clean-up', async () => {
      const { identity, attempts } = await accountsWith(email);
      return identity.length === 0 && attempts.length === 0 ? true : undefined;
    });
    expect((await signUp(form(email))).statusCode).toBe(201);
  });

  it('has its clean-up job leave a finished sign-up alone', async () => {
    const email = 'hotovo@example.cz';
    expect((await signUp(form(email))).statusCode).toBe(201);
    // The newest clean-up scheduled (oldest first): this sign-up's.
    const scheduled = (
      await server.app.jobs.boss.findJobs<{ attemptId: string }>(abandonedSignUpQueue.name, { queued: true })
    ).at(-1);
    expect(scheduled).toBeDefined();
    const due = await server.app.db.transaction((tx) =>
      server.app.jobs.send(tx, abandonedSignUpQueue, { attemptId: scheduled?.data.attemptId ?? '' }),
    );
    await waitFor('the clean-up job to finish', async () => {
      const [job] = await server.app.jobs.boss.findJobs(abandonedSignUpQueue.name, { id: due });
      return job?.state === 'completed' ? true : undefined;
    });
    const { appUsers, identity } = await accountsWith(email);
    expect(identity.map((account) => account.id)).toEqual([appUsers[0]?.identitySubject]);
  });
});
