/**
 * Benchmarks as scripts, not timed tests: each prints its figures and ratios against a baseline
 * measured in the same run, so the numbers mean something on any machine.
 *
 *   pnpm bench start     spawn-to-ready of `pnpm start` (first start on an empty DATA_DIR, then
 *                        three later starts on the same one) against a bare Fastify hello world
 *   pnpm bench identity  password grants/s of the embedded issuer against raw argon2id verifies/s,
 *                        and refresh grants/s (scripts/bench-identity.ts)
 *   pnpm bench catalogue the public catalogue API over 20,000 facilities and 100,000 services in a
 *                        database of its own: requests/s, p50/p99 of services by county, by region
 *                        and service detail against /api/health of the same run (targets ratio ≥ 0.5,
 *                        p99 ≤ 20 ms with the response cache; ratio ≥ 0.10, p99 ≤ 50 ms with it off),
 *                        plus EXPLAIN (ANALYZE, BUFFERS) of the SQL the API runs
 *                        (scripts/bench-catalogue.ts)
 *   pnpm bench accounts  password-reset requests and sign-ups, 30 at once against a pool of 10
 *                        connections: 2xx/4xx/5xx, hangs, p50/p99, e-mails recorded, and whether
 *                        /api/health and /api/ready still answer (scripts/bench-accounts.ts)
 *   pnpm bench timing    medians and p90 of an existing account against an unknown address on the password
 *                        grant (wrong password) and the password-reset request, interleaved, and their
 *                        ratio (scripts/bench-timing.ts)
 *   pnpm bench requests  sending care requests, 50 carers at once (each send doubled, as a double click):
 *                        requests/s, p50/p99 and 5xx against /api/health of the same run, then the
 *                        requests, events, consents and e-mail jobs in the database against the
 *                        requests acknowledged (scripts/bench-requests.ts)
 *   pnpm bench inbox     the provider's inbox over 1,000,000 care requests of 5,000 providers in a
 *                        database of its own: p50/p95/p99 of the grid's first page (20 connections) as a
 *                        coordinator and a worker, filtered and sorted, against /api/health of the same run
 *                        (target p95 ≤ 15 ms), EXPLAIN (ANALYZE, BUFFERS) of its SQL, and XLSX/CSV exports
 *                        of 100,000 rows against a bare exceljs / csv-stringify write of the same rows
 *                        (targets ≥ 80 % of its speed, peak RSS ≤ 250 MiB) (scripts/bench-inbox.ts)
 *   pnpm bench lighthouse Lighthouse (mobile) on /, a services list, the demo carer's client page and
 *                        the demo provider's request grid of `pnpm start`'s production server with
 *                        demo data: performance, accessibility and best-practices scores
 *                        (targets ≥ 95, 100, ≥ 95) and the failing audits (scripts/bench-lighthouse.ts)
 *   pnpm bench images    the image proxy: 4000 × 3000 photos to 400-wide WebP, cold (a new variant each)
 *                        against a bare sharp resize of the same bytes in the same run (target ≥ 80 %),
 *                        p50/p95, and the cached path against /api/health (scripts/bench-images.ts)
 *
 * None of them runs in `pnpm test`: they are measurements, not pass/fail checks.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { benchAccounts } from './bench-accounts.ts';
import { benchCatalogue } from './bench-catalogue.ts';
import { benchIdentity } from './bench-identity.ts';
import { benchImages } from './bench-images.ts';
import { benchInbox } from './bench-inbox.ts';
import { benchLighthouse } from './bench-lighthouse.ts';
import { benchRequests } from './bench-requests.ts';
import { answers, exited, freePort } from './bench-support.ts';
import { benchTiming } from './bench-timing.ts';

const root = path.resolve(import.meta.dirname, '..');
const readyTimeoutMs = 120_000;
const pollIntervalMs = 20;
const laterStarts = 3;

interface Launch {
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Polled until it answers 2xx. */
  probeUrl: string;
}

/** Milliseconds from spawn until `probeUrl` answers; the process is then stopped with SIGTERM. */
async function timeToReady({ args, cwd, env, probeUrl }: Launch): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  try {
    while (!(await answers(probeUrl))) {
      if (child.exitCode !== null)
        throw new Error(`process exited with ${child.exitCode} before ready:\n${stderr}`);
      if (performance.now() - started > readyTimeoutMs)
        throw new Error(`not ready within ${readyTimeoutMs} ms`);
      await sleep(pollIntervalMs);
    }
    return performance.now() - started;
  } finally {
    child.kill('SIGTERM');
    const code = await exited(child);
    if (code !== 0 && code !== null)
      console.error(`warning: process exited with ${code} after SIGTERM\n${stderr}`);
  }
}

function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const format = (ms: number) => ms.toFixed(0).padStart(8);
const ratio = (value: number, base: number) => `${(value / base).toFixed(2)}×`;

/** The environment of a newcomer's `pnpm start`: embedded PostgreSQL, in-memory rate limits. */
function startEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  return { ...env, SKIP_WEB_BUILD: '1', LOG_LEVEL: 'warn', SEED_DEMO: 'true' };
}

async function benchStart(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'opora-bench-start-'));
  try {
    const baseline: number[] = [];
    for (let run = 0; run < laterStarts; run++) {
      const port = await freePort();
      baseline.push(
        await timeToReady({
          args: [
            '--input-type=module',
            '-e',
            "import Fastify from 'fastify'; const app = Fastify(); app.get('/', async () => 'ok'); " +
              "await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });",
          ],
          cwd: path.join(root, 'apps/api'),
          env: { ...process.env, PORT: String(port) },
          probeUrl: `http://127.0.0.1:${port}/`,
        }),
      );
    }

    const starts: number[] = [];
    for (let run = 0; run <= laterStarts; run++) {
      const port = await freePort();
      starts.push(
        await timeToReady({
          args: [path.join(root, 'scripts/start.ts')],
          cwd: root,
          env: startEnv(port, path.join(dataDir, 'data')),
          probeUrl: `http://127.0.0.1:${port}/api/ready`,
        }),
      );
    }

    const [first = 0, ...later] = starts;
    const base = median(baseline);
    const laterMedian = median(later);
    const rows: [string, number][] = [
      [`baseline: Fastify hello world (median of ${baseline.length})`, base],
      ['first start (initdb + migrate + seed)', first],
      ...later.map((ms, index): [string, number] => [`later start ${index + 1}`, ms]),
      ['later starts, median', laterMedian],
    ];
    console.log('\npnpm start, spawn to /api/ready answering 200 (SKIP_WEB_BUILD=1, embedded PostgreSQL)\n');
    console.log(`${'run'.padEnd(48)}${'ms'.padStart(8)}   vs baseline`);
    for (const [label, ms] of rows) console.log(`${label.padEnd(48)}${format(ms)}   ${ratio(ms, base)}`);
    console.log(`\nlater / first: ${ratio(laterMedian, first)}   (target: later start ≤ 10 000 ms)`);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const benches: Record<string, () => Promise<void>> = {
  start: benchStart,
  identity: benchIdentity,
  catalogue: benchCatalogue,
  accounts: benchAccounts,
  lighthouse: benchLighthouse,
  timing: benchTiming,
  requests: benchRequests,
  inbox: benchInbox,
  images: benchImages,
};

const name = process.argv[2];
const bench = name === undefined ? undefined : benches[name];
if (!bench) {
  console.error(`usage: pnpm bench <${Object.keys(benches).join('|')}>`);
  process.exit(2);
}
await bench();
