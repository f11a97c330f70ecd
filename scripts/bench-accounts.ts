/**
 * `pnpm bench accounts`: the account operations that write rows and e-mail, under more simultaneous
 * requests than the API's database pool has connections (10 by default) — the load that once wedged
 * the pool (a transaction holding a connection while the mailer asked the same pool for another).
 *
 *   1. A database of its own (embedded PostgreSQL in a temporary directory, or a new database on
 *      `DATABASE_URL`'s server), migrated, reference data only.
 *   2. `node apps/api/src/server.ts` with NODE_ENV=production on it (embedded identity server, e-mail
 *      to the database outbox, TRUST_PROXY=loopback so each request may name its client address; the
 *      per-address limits of the account routes stay as they are, so requests are spread over a few
 *      addresses within them).
 *   3. BENCH_ACCOUNTS (default 30) accounts registered one after another (not measured), then the same
 *      number of simultaneous password-reset requests for them, then as many simultaneous sign-ups of
 *      new addresses. Each request may take BENCH_HANG_SECONDS (default 15) before it counts as a hang.
 *      BENCH_ROUNDS=sign-up runs the sign-ups alone (on a fresh server), BENCH_ROUNDS=sign-up,reset
 *      the other order.
 *   4. After each round: `/api/health` and `/api/ready` (2 s each), sessions left "idle in transaction",
 *      and the e-mails the outbox recorded as sent for that round (waiting up to 30 s for delivery).
 *
 * Printed per round: requests, 2xx, 4xx, 5xx, hangs, p50 and p99 of the answered requests, e-mails
 * sent / expected / duplicated, and the probes. Figures are printed, never asserted.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { type BenchDbModule, startApiOnOwnDatabase } from './bench-support.ts';

const readyTimeoutMs = 120_000;
const accounts = Number(process.env.BENCH_ACCOUNTS ?? 30);
const hangMs = Number(process.env.BENCH_HANG_SECONDS ?? 15) * 1000;
const mailWaitMs = 30_000;
/** Which rounds, in order: `reset`, `sign-up` (BENCH_ROUNDS, comma-separated). */
const roundNames = (process.env.BENCH_ROUNDS ?? 'reset,sign-up').split(',').map((name) => name.trim());
/** Per client address and 10 minutes (apps/api/src/accounts/rate-limits.ts), minus a margin. */
const resetsPerAddress = 10;
const signUpsPerAddress = 15;

interface Outcome {
  status: number | 'hang' | 'error';
  ms: number;
}

interface Round {
  name: string;
  outcomes: Outcome[];
  mail: { sent: number; expected: number; duplicated: number; pending: number };
  health: string;
  ready: string;
  idleInTransaction: number;
}

/** A request with its own deadline: no answer within `hangMs` is a hang, not an error. */
async function timed(url: string, init: RequestInit): Promise<Outcome> {
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(hangMs) });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  } catch (error) {
    const name = (error as Error).name;
    return {
      status: name === 'TimeoutError' || name === 'AbortError' ? 'hang' : 'error',
      ms: performance.now() - started,
    };
  }
}

/** Status (or "hang") of a probe that may take 2 s. */
async function probe(url: string): Promise<string> {
  const started = performance.now();
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await response.arrayBuffer();
    return `${response.status} in ${(performance.now() - started).toFixed(0)} ms`;
  } catch {
    return 'no answer in 2 s';
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const addressOf = (index: number, perAddress: number) => `198.51.100.${1 + Math.floor(index / perAddress)}`;

function signUpBody(email: string) {
  return JSON.stringify({
    firstName: 'Jana',
    lastName: 'Zátěžová',
    email,
    phone: '+420 601 123 456',
    password: 'dlouhé heslo 1',
    privacyPolicy: true,
  });
}

async function mailFigures(
  dbModule: BenchDbModule,
  url: string,
  template: string,
  recipients: string[],
): Promise<Round['mail']> {
  const deadline = performance.now() + mailWaitMs;
  for (;;) {
    const rows = await dbModule.queryRows<{ to_address: string; status: string }>(
      url,
      'select to_address, status::text as status from email_outbox where template = $1 and to_address = any($2)',
      [template, recipients],
    );
    const sent = rows.filter((row) => row.status === 'sent');
    const perRecipient = new Map<string, number>();
    for (const row of sent) perRecipient.set(row.to_address, (perRecipient.get(row.to_address) ?? 0) + 1);
    const pending = rows.length - sent.length;
    if ((pending === 0 && perRecipient.size >= recipients.length) || performance.now() > deadline) {
      return {
        sent: perRecipient.size,
        expected: recipients.length,
        duplicated: [...perRecipient.values()].filter((count) => count > 1).length,
        pending,
      };
    }
    await sleep(200);
  }
}

async function idleInTransaction(dbModule: BenchDbModule, url: string): Promise<number> {
  const [row] = await dbModule.queryRows<{ count: number }>(
    url,
    "select count(*)::int as count from pg_stat_activity where datname = current_database() and state = 'idle in transaction'",
  );
  return row?.count ?? 0;
}

function report(rounds: Round[]): void {
  console.log(
    `\n${'round'.padEnd(26)}${'requests'.padStart(9)}${'2xx'.padStart(6)}${'4xx'.padStart(6)}${'5xx'.padStart(6)}` +
      `${'hangs'.padStart(7)}${'errors'.padStart(8)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}   e-mails sent/expected (dup, pending)`,
  );
  for (const round of rounds) {
    const count = (test: (status: Outcome['status']) => boolean) =>
      round.outcomes.filter((outcome) => test(outcome.status)).length;
    const answered = round.outcomes
      .filter((outcome) => typeof outcome.status === 'number')
      .map((outcome) => outcome.ms)
      .toSorted((a, b) => a - b);
    const range = (low: number) => (status: Outcome['status']) =>
      typeof status === 'number' && status >= low && status < low + 100;
    console.log(
      `${round.name.padEnd(26)}${String(round.outcomes.length).padStart(9)}${String(count(range(200))).padStart(6)}` +
        `${String(count(range(400))).padStart(6)}${String(count(range(500))).padStart(6)}` +
        `${String(count((status) => status === 'hang')).padStart(7)}${String(count((status) => status === 'error')).padStart(8)}` +
        `${percentile(answered, 50).toFixed(0).padStart(9)}${percentile(answered, 99).toFixed(0).padStart(9)}` +
        `   ${round.mail.sent}/${round.mail.expected} (${round.mail.duplicated}, ${round.mail.pending})`,
    );
  }
  console.log('\nafter each round:');
  for (const round of rounds) {
    console.log(
      `  ${round.name.padEnd(24)} /api/health ${round.health}; /api/ready ${round.ready}; ` +
        `idle in transaction: ${round.idleInTransaction}`,
    );
  }
}

export async function benchAccounts(): Promise<void> {
  const { server, database, dbModule, stop } = await startApiOnOwnDatabase('accounts', {}, readyTimeoutMs);
  const rounds: Round[] = [];
  try {
    console.log(`database: ${database.description}`);
    console.log(`${accounts} accounts, ${accounts} simultaneous requests per round, hang after ${hangMs} ms`);
    const run = randomBytes(3).toString('hex');
    const api = `${server.origin}/api/v1/web`;
    const json = { 'content-type': 'application/json' };

    // Existing accounts, registered one at a time (not measured).
    const existing: string[] = [];
    if (roundNames.includes('reset')) {
      for (let index = 0; index < accounts; index++) {
        const email = `bench-${run}-existing-${index}@example.cz`;
        const outcome = await timed(`${api}/users/sign-up`, {
          method: 'POST',
          headers: { ...json, 'x-forwarded-for': `203.0.113.${1 + Math.floor(index / signUpsPerAddress)}` },
          body: signUpBody(email),
        });
        if (outcome.status !== 201) throw new Error(`registering ${email} answered ${outcome.status}`);
        existing.push(email);
      }
      await mailFigures(dbModule, database.url, 'email-confirmation', existing);
    }

    const measure = async (
      name: string,
      template: string,
      recipients: string[],
      request: (index: number) => Promise<Outcome>,
    ) => {
      const outcomes = await Promise.all(recipients.map((_email, index) => request(index)));
      const [health, ready] = await Promise.all([
        probe(`${server.origin}/api/health`),
        probe(`${server.origin}/api/ready`),
      ]);
      rounds.push({
        name,
        outcomes,
        health,
        ready,
        idleInTransaction: await idleInTransaction(dbModule, database.url),
        mail: await mailFigures(dbModule, database.url, template, recipients),
      });
    };

    const newcomers = Array.from(
      { length: accounts },
      (_unused, index) => `bench-${run}-new-${index}@example.cz`,
    );
    for (const round of roundNames) {
      if (round === 'reset') {
        await measure('password-reset requests', 'password-reset', existing, (index) =>
          timed(`${api}/users/reset-password/request`, {
            method: 'PUT',
            headers: { ...json, 'x-forwarded-for': addressOf(index, resetsPerAddress) },
            body: JSON.stringify({ email: existing[index] }),
          }),
        );
      } else if (round === 'sign-up') {
        await measure('sign-ups', 'email-confirmation', newcomers, (index) =>
          timed(`${api}/users/sign-up`, {
            method: 'POST',
            headers: { ...json, 'x-forwarded-for': addressOf(index + 100, signUpsPerAddress) },
            body: signUpBody(newcomers[index] ?? ''),
          }),
        );
      } else {
        throw new Error(`unknown round ${round}; BENCH_ROUNDS takes reset and sign-up`);
      }
    }
  } finally {
    report(rounds);
    await stop();
  }
}
