/**
 * `pnpm bench timing`: whether the time of an answer tells an existing account from an unknown
 * address, on the two endpoints that take an address from anybody:
 *
 *   - the token endpoint's password grant: an existing account's wrong password against an unknown
 *     username (each existing account fails once, so none reaches a lockout);
 *   - `PUT /api/v1/web/users/reset-password/request`: an account's address against an unknown one.
 *
 * `node apps/api/src/server.ts` in production mode on a database of its own (as `pnpm bench accounts`),
 * without its job workers (JOBS_WORKER=false; BENCH_TIMING_WORKER=true keeps them): what is measured is
 * the answer alone, not a reset job of the previous request running beside the next one,
 * BENCH_TIMING_REQUESTS (default 300) accounts registered first (not measured), then, per endpoint,
 * that many requests of each kind one after another, the two kinds interleaved (and their order
 * alternated) so that drift of the machine touches both alike, after a warm-up. Printed: median and
 * p90 of each kind and existing / unknown. Figures are printed, never asserted.
 */
import { randomBytes } from 'node:crypto';
import { startApiOnOwnDatabase } from './bench-support.ts';

const readyTimeoutMs = 120_000;
const requests = Number(process.env.BENCH_TIMING_REQUESTS ?? 300);
const warmUp = 20;
/** Sign-ups run this many at a time (not measured). */
const signUpConcurrency = 8;

/** A client address of its own per request, within the account routes' per-address limits. */
let addressSequence = 0;
function nextClientAddress(): string {
  addressSequence++;
  return `10.${(addressSequence >> 16) & 255}.${(addressSequence >> 8) & 255}.${addressSequence & 255}`;
}

/** Milliseconds until the whole answer arrived; throws on an unexpected status. */
async function timed(url: string, init: RequestInit, expected: number): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, init);
  await response.arrayBuffer();
  const ms = performance.now() - started;
  if (response.status !== expected) throw new Error(`${url} answered ${response.status}, not ${expected}`);
  return ms;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

interface Pair {
  endpoint: string;
  existing: number[];
  unknown: number[];
}

/** Existing and unknown requests alternately; request `index` of each kind, existing first on even ones. */
async function interleaved(
  count: number,
  existing: (index: number) => Promise<number>,
  unknown: (index: number) => Promise<number>,
): Promise<{ existing: number[]; unknown: number[] }> {
  const times = { existing: [] as number[], unknown: [] as number[] };
  for (let index = 0; index < count; index++) {
    if (index % 2 === 0) {
      times.existing.push(await existing(index));
      times.unknown.push(await unknown(index));
    } else {
      times.unknown.push(await unknown(index));
      times.existing.push(await existing(index));
    }
  }
  return times;
}

function report(pairs: Pair[]): void {
  const ms = (value: number) => value.toFixed(2).padStart(9);
  const ratio = (value: number, base: number) => `${(value / base).toFixed(2)}×`.padStart(9);
  console.log(
    `\n${'endpoint'.padEnd(34)}${'n'.padStart(5)}` +
      `${'existing'.padStart(10)}${'unknown'.padStart(9)}${'ratio'.padStart(9)}` +
      `${'existing'.padStart(11)}${'unknown'.padStart(9)}${'ratio'.padStart(9)}`,
  );
  console.log(`${''.padEnd(39)}${'median ms'.padStart(28)}${'p90 ms'.padStart(29)}`);
  for (const { endpoint, existing, unknown } of pairs) {
    const a = existing.toSorted((x, y) => x - y);
    const b = unknown.toSorted((x, y) => x - y);
    const [medianA, medianB, p90A, p90B] = [
      percentile(a, 50),
      percentile(b, 50),
      percentile(a, 90),
      percentile(b, 90),
    ];
    console.log(
      `${endpoint.padEnd(34)}${String(a.length).padStart(5)}${ms(medianA)}${ms(medianB)}${ratio(medianA, medianB)}` +
        `  ${ms(p90A)}${ms(p90B)}${ratio(p90A, p90B)}`,
    );
  }
  console.log('\nratio: existing / unknown (1.00× = indistinguishable)');
}

export async function benchTiming(): Promise<void> {
  const { server, database, stop } = await startApiOnOwnDatabase(
    'timing',
    {
      JOBS_WORKER: process.env.BENCH_TIMING_WORKER === 'true' ? 'true' : 'false',
    },
    readyTimeoutMs,
  );
  const pairs: Pair[] = [];
  try {
    console.log(`database: ${database.description}`);
    const run = randomBytes(3).toString('hex');
    const api = `${server.origin}/api/v1/web`;
    const tokenUrl = `${server.origin}/realms/opora/protocol/openid-connect/token`;
    const total = requests + warmUp;
    const json = (address: string) => ({ 'content-type': 'application/json', 'x-forwarded-for': address });

    const existing = Array.from({ length: total }, (_unused, index) => `timing-${run}-${index}@example.cz`);
    const unknown = (index: number) => `timing-${run}-unknown-${index}@example.cz`;
    console.log(`registering ${total} accounts (not measured)…`);
    for (let start = 0; start < total; start += signUpConcurrency) {
      await Promise.all(
        existing.slice(start, start + signUpConcurrency).map((email) =>
          timed(
            `${api}/users/sign-up`,
            {
              method: 'POST',
              headers: json(nextClientAddress()),
              body: JSON.stringify({
                firstName: 'Jana',
                lastName: 'Časová',
                email,
                phone: '+420 601 123 456',
                password: 'dlouhé heslo 1',
                privacyPolicy: true,
              }),
            },
            201,
          ),
        ),
      );
    }

    const grant = (username: string) =>
      timed(
        tokenUrl,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'x-forwarded-for': nextClientAddress(),
          },
          body: new URLSearchParams({
            client_id: 'web',
            grant_type: 'password',
            username,
            password: 'not the password 1',
            scope: 'profile email',
          }).toString(),
        },
        400,
      );
    const resetRequest = (email: string) =>
      timed(
        `${api}/users/reset-password/request`,
        { method: 'PUT', headers: json(nextClientAddress()), body: JSON.stringify({ email }) },
        204,
      );

    console.log(`measuring ${requests} requests of each kind per endpoint, after ${warmUp} of warm-up…`);
    const measure = async (endpoint: string, send: (address: string) => Promise<number>) => {
      await interleaved(
        warmUp,
        (index) => send(existing[requests + index] ?? ''),
        (index) => send(unknown(requests + index)),
      );
      const times = await interleaved(
        requests,
        (index) => send(existing[index] ?? ''),
        (index) => send(unknown(index)),
      );
      pairs.push({ endpoint, ...times });
    };
    await measure('token: password grant', grant);
    await measure('PUT users/reset-password/request', resetRequest);
  } finally {
    report(pairs);
    await stop();
  }
}
