import { emailOutbox } from '@opora/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTestServer,
  someClientAddress,
  startAccountTestServer,
} from './testing/account-test-server.ts';

// More simultaneous requests than the pool has connections: the load that once wedged the pool
// (a transaction holding a connection while the mailer asked the same pool for another).
const poolSize = 10;
const simultaneous = 30;
/** An answer later than this counts as a hang. */
const hangMs = 20_000;

let server: AccountTestServer;

beforeAll(async () => {
  server = await startAccountTestServer({ pool: { max: poolSize } });
});

afterAll(async () => {
  await server.close();
});

type Outcome = { status: number } | { status: 'hang' };

/** Every request at once, each given `hangMs` to answer. */
async function allAtOnce(requests: (() => Promise<{ statusCode: number }>)[]): Promise<Outcome[]> {
  return Promise.all(
    requests.map(async (request) => {
      let timer: NodeJS.Timeout | undefined;
      const hang = new Promise<Outcome>((resolve) => {
        timer = setTimeout(() => resolve({ status: 'hang' }), hangMs);
      });
      const answer = request().then((response): Outcome => ({ status: response.statusCode }));
      return Promise.race([answer, hang]).finally(() => clearTimeout(timer));
    }),
  );
}

/** Sent e-mails of `template` per recipient. */
async function sentPerRecipient(template: string, recipients: string[]): Promise<Map<string, number>> {
  await server.mailDelivered();
  const rows = await server.database.db
    .select({ to: emailOutbox.toAddress, count: sql<number>`count(*)::int` })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.template, template),
        eq(emailOutbox.status, 'sent'),
        inArray(emailOutbox.toAddress, recipients),
      ),
    )
    .groupBy(emailOutbox.toAddress);
  return new Map(rows.map((row) => [row.to, row.count]));
}

/** The service answers after the load: liveness, readiness, and no session left inside a transaction. */
async function expectHealthyAfterwards() {
  expect((await server.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  expect((await server.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  const [idle] = await server.database.db
    .execute<{ count: number }>(
      sql`select count(*)::int as count from pg_stat_activity where datname = current_database() and state = 'idle in transaction'`,
    )
    .then((result) => result.rows);
  expect(idle?.count).toBe(0);
}

describe(`${simultaneous} simultaneous account requests on a pool of ${poolSize} connections`, () => {
  it('answers every password-reset request without a 5xx or a hang, and e-mails each account once', async () => {
    const accounts = await Promise.all(Array.from({ length: simultaneous }, () => server.createAccount()));
    const outcomes = await allAtOnce(
      accounts.map(
        (account) => () =>
          server.app.inject({
            method: 'PUT',
            url: '/api/v1/web/users/reset-password/request',
            payload: { email: account.email },
            remoteAddress: someClientAddress(),
          }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status !== 204)).toEqual([]);

    const emails = accounts.map((account) => account.email);
    const sent = await sentPerRecipient('password-reset', emails);
    expect(emails.map((email) => sent.get(email))).toEqual(emails.map(() => 1));
    await expectHealthyAfterwards();
  }, 60_000);

  it('answers every sign-up without a 5xx or a hang, and e-mails each new account one confirmation', async () => {
    const emails = Array.from({ length: simultaneous }, (_unused, index) => `zatez-${index}@example.cz`);
    const outcomes = await allAtOnce(
      emails.map(
        (email) => () =>
          server.app.inject({
            method: 'POST',
            url: '/api/v1/web/users/sign-up',
            remoteAddress: someClientAddress(),
            payload: {
              firstName: 'Jana',
              lastName: 'Zátěžová',
              email,
              phone: '+420 601 123 456',
              password: 'dlouhé heslo 1',
              privacyPolicy: true,
            },
          }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status !== 201)).toEqual([]);

    const sent = await sentPerRecipient('email-confirmation', emails);
    expect(emails.map((email) => sent.get(email))).toEqual(emails.map(() => 1));
    await expectHealthyAfterwards();
  }, 60_000);
});
