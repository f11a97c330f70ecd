/**
 * `pnpm bench identity`: the embedded issuer's token endpoint on a real port, measured in one run
 * against the cost it cannot avoid.
 *
 *   raw argon2id verifies/s   the issuer's own `verifyPassword` in this process, same parameters
 *   password grants/s         POST …/token grant_type=password; the ratio to the line above shows
 *                             what HTTP, the database, sessions and token signing add (target ≥ 85 %)
 *   refresh grants/s          POST …/token grant_type=refresh_token with rotation on, every
 *                             connection following its own session's newest refresh token
 *                             (target ≥ 2,000/s on 2 cores)
 *
 * The server runs as `node apps/api/src/server.ts` (NODE_ENV=production, embedded PostgreSQL in a
 * temporary DATA_DIR, demo accounts seeded, rate limit lifted); load comes from autocannon with
 * 2 connections per core, and any non-2xx answer counts as a failure. The raw verifies and the
 * password grants run in alternating slices (same concurrency, same total time), so whatever else
 * the machine does in the meantime weighs on both sides of the ratio alike. Figures are printed,
 * never asserted.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { type BenchServer, startProductionApi } from './bench-support.ts';

const readyTimeoutMs = 180_000;
const warmUpSeconds = 2;
const measureSeconds = 10;
/** Slices per side when raw verifies and password grants alternate. */
const alternations = 5;
const cores = os.availableParallelism();
const connections = 2 * cores;

// The demo client account the seed creates (packages/db/src/seed/demo-data.ts).
const username = 'klient@opora.test';
const password = 'Opora2026!';
const scope = 'profile email';

type PasswordHashing = typeof import('@opora/api/passwords');

interface Figures {
  perSecond: number;
  successes: number;
  p50?: number;
  p99?: number;
  failures: number;
  /** CPU time per success of the server (with its PostgreSQL) and of this process (load generator). */
  cpuMsPerSuccess?: number;
  /** The same by part (server threads, its database, this process). */
  cpuSplit?: CpuSplit;
}

function startServer(dataDir: string): Promise<BenchServer> {
  return startProductionApi({ DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'warn' }, readyTimeoutMs);
}

/** As many verifications as `connections` concurrent loops finish in `seconds`. */
async function rawVerifies(
  hashing: PasswordHashing,
  passwordHash: string,
  seconds: number,
): Promise<Figures> {
  let done = 0;
  let failures = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        if (await hashing.verifyPassword(passwordHash, password)) done++;
        else failures++;
      }
    }),
  );
  return { perSecond: done / ((performance.now() - started) / 1000), successes: done, failures };
}

/** CPU milliseconds (user + system) by where they were spent; `total` is their sum. */
interface CpuSplit {
  /** The server's JavaScript thread: HTTP, hooks, routes, database driver, JSON. */
  main: number;
  /** The server's libuv pool threads: argon2id verifications and RS256 signatures. */
  pool: number;
  /** The server's other threads (V8 garbage collection and compilation). */
  other: number;
  /** The server's descendants: its embedded PostgreSQL. */
  database: number;
  /** This process: the load generator (and the raw verifications of the raw run). */
  bench: number;
  total: number;
}

const cpuParts = ['main', 'pool', 'other', 'database', 'bench'] as const;

const ticksPerSecond = 100; // USER_HZ, 100 on every Linux this runs on

/** User + system ticks and the parent of a `/proc/…/stat` line. */
function statTicks(stat: string): { parent: number; ticks: number } {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
}

/**
 * CPU milliseconds used so far by this process and by `pid` (the server, by thread) with all its
 * descendants (its PostgreSQL); undefined where `/proc` is missing (not Linux).
 */
function cpuMilliseconds(pid: number): CpuSplit | undefined {
  const processes = new Map<number, { parent: number; ticks: number }>();
  const server = { main: 0, pool: 0, other: 0 };
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        processes.set(Number(entry), statTicks(readFileSync(`/proc/${entry}/stat`, 'utf8')));
      } catch {
        // The process ended while we looked.
      }
    }
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      try {
        const name = readFileSync(`/proc/${pid}/task/${task}/comm`, 'utf8').trim();
        const { ticks } = statTicks(readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8'));
        const part = Number(task) === pid ? 'main' : name === 'libuv-worker' ? 'pool' : 'other';
        server[part] += ticks;
      } catch {
        // The thread ended while we looked.
      }
    }
  } catch {
    return undefined;
  }
  // Threads that ended are only in the process's total: count them as `other`.
  const serverTicks = processes.get(pid)?.ticks ?? 0;
  server.other += Math.max(0, serverTicks - server.main - server.pool - server.other);
  let databaseTicks = 0;
  const pending = [...processes].filter(([, { parent }]) => parent === pid).map(([child]) => child);
  while (pending.length > 0) {
    const current = pending.pop() as number;
    databaseTicks += processes.get(current)?.ticks ?? 0;
    for (const [child, { parent }] of processes) if (parent === current) pending.push(child);
  }
  const own = process.cpuUsage();
  const ms = (ticks: number) => (ticks * 1000) / ticksPerSecond;
  const split = {
    main: ms(server.main),
    pool: ms(server.pool),
    other: ms(server.other),
    database: ms(databaseTicks),
    bench: (own.user + own.system) / 1000,
  };
  return { ...split, total: cpuParts.reduce((sum, part) => sum + split[part], 0) };
}

/** `run` with the CPU time all processes of the bench spent per success, in total and by part. */
async function withCpu(pid: number, run: () => Promise<Figures>): Promise<Figures> {
  const before = cpuMilliseconds(pid);
  const figures = await run();
  const after = cpuMilliseconds(pid);
  if (before === undefined || after === undefined || figures.successes === 0) return figures;
  const perSuccess = (part: keyof CpuSplit) => (after[part] - before[part]) / figures.successes;
  return {
    ...figures,
    cpuMsPerSuccess: perSuccess('total'),
    cpuSplit: Object.fromEntries(
      [...cpuParts, 'total'].map((part) => [part, perSuccess(part as keyof CpuSplit)]),
    ) as unknown as CpuSplit,
  };
}

function tokenForm(fields: Record<string, string>): string {
  return new URLSearchParams({ client_id: 'web', ...fields }).toString();
}

const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };

async function load(options: autocannon.Options): Promise<Figures> {
  const result = await autocannon({ connections, pipelining: 1, ...options });
  return {
    perSecond: result['2xx'] / result.duration,
    successes: result['2xx'],
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors,
  };
}

/**
 * Runs `a` and `b` in `alternations` alternating slices of `seconds / alternations` each; per side the
 * rate over all its slices, the median slice p50, the worst slice p99 and all failures.
 */
async function alternating(
  seconds: number,
  a: (seconds: number) => Promise<Figures>,
  b: (seconds: number) => Promise<Figures>,
): Promise<[Figures, Figures]> {
  const slice = seconds / alternations;
  const slices: [Figures[], Figures[]] = [[], []];
  for (let round = 0; round < alternations; round++) {
    slices[0].push(await a(slice));
    slices[1].push(await b(slice));
  }
  const combine = (figures: Figures[]): Figures => {
    const p50s = figures.flatMap((f) => (f.p50 === undefined ? [] : [f.p50])).sort((x, y) => x - y);
    const p99s = figures.flatMap((f) => (f.p99 === undefined ? [] : [f.p99]));
    const successes = figures.reduce((sum, f) => sum + f.successes, 0);
    const cpu = figures.map((f) => (f.cpuMsPerSuccess ?? Number.NaN) * f.successes);
    const cpuMs = cpu.reduce((sum, value) => sum + value, 0);
    return {
      perSecond: figures.reduce((sum, f) => sum + f.perSecond, 0) / figures.length,
      successes,
      p50: p50s.length > 0 ? p50s[Math.floor(p50s.length / 2)] : undefined,
      p99: p99s.length > 0 ? Math.max(...p99s) : undefined,
      failures: figures.reduce((sum, f) => sum + f.failures, 0),
      ...(Number.isFinite(cpuMs) && successes > 0 ? { cpuMsPerSuccess: cpuMs / successes } : {}),
      ...(successes > 0 && figures.every((f) => f.cpuSplit !== undefined)
        ? {
            cpuSplit: Object.fromEntries(
              [...cpuParts, 'total'].map((part) => [
                part,
                figures.reduce(
                  (sum, f) => sum + (f.cpuSplit?.[part as keyof CpuSplit] ?? 0) * f.successes,
                  0,
                ) / successes,
              ]),
            ) as unknown as CpuSplit,
          }
        : {}),
    };
  };
  return [combine(slices[0]), combine(slices[1])];
}

async function passwordGrants(tokenUrl: string, seconds: number): Promise<Figures> {
  return load({
    url: tokenUrl,
    duration: seconds,
    method: 'POST',
    headers: formHeaders,
    body: tokenForm({ grant_type: 'password', username, password, scope }),
  });
}

async function newSession(tokenUrl: string): Promise<string> {
  const response = await fetch(tokenUrl, {
    method: 'POST',
    headers: formHeaders,
    body: tokenForm({ grant_type: 'password', username, password, scope }),
  });
  const body = (await response.json()) as { refresh_token?: string };
  if (!response.ok || !body.refresh_token) throw new Error(`password grant failed: ${response.status}`);
  return body.refresh_token;
}

/**
 * Rotation makes every refresh token single-use, so the connections share a pool of live ones: a
 * request takes one, its answer puts the successor back. Spare sessions keep the pool from running
 * dry when a refresh fails.
 */
async function refreshGrants(tokenUrl: string, seconds: number): Promise<Figures> {
  const pool = await Promise.all(Array.from({ length: connections * 2 }, () => newSession(tokenUrl)));
  return load({
    url: tokenUrl,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        headers: formHeaders,
        setupRequest: (request) => ({
          ...request,
          body: tokenForm({ grant_type: 'refresh_token', refresh_token: pool.shift() ?? 'pool-ran-dry' }),
        }),
        onResponse: (status, body) => {
          if (status !== 200) return;
          const { refresh_token: next } = JSON.parse(body) as { refresh_token?: string };
          if (next) pool.push(next);
        },
      },
    ],
  });
}

const perSecond = (value: number) =>
  value.toLocaleString('en', { maximumFractionDigits: value < 100 ? 1 : 0 });
const ms = (value: number | undefined) => (value === undefined ? '' : value.toFixed(1));

export async function benchIdentity(): Promise<void> {
  const hashing = await import('@opora/api/passwords');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'opora-bench-identity-'));
  let server: BenchServer | undefined;
  try {
    console.log('Starting the server (embedded PostgreSQL, demo accounts)…');
    server = await startServer(dataDir);
    const tokenUrl = `${server.origin}/realms/opora/protocol/openid-connect/token`;

    console.log(
      `Measuring: ${warmUpSeconds} s warm-up, then ${measureSeconds} s per run, ${connections} concurrent…`,
    );
    const passwordHash = await hashing.hashPassword(password);
    await rawVerifies(hashing, passwordHash, warmUpSeconds);
    await passwordGrants(tokenUrl, warmUpSeconds);
    const { pid } = server;
    const [raw, grants] = await alternating(
      measureSeconds,
      (seconds) => withCpu(pid, () => rawVerifies(hashing, passwordHash, seconds)),
      (seconds) => withCpu(pid, () => passwordGrants(tokenUrl, seconds)),
    );
    await refreshGrants(tokenUrl, warmUpSeconds);
    const refreshes = await withCpu(pid, () => refreshGrants(tokenUrl, measureSeconds));

    const rows: [string, Figures][] = [
      ['raw argon2id verify (issuer parameters)', raw],
      ['password grant', grants],
      ['refresh grant (rotation on)', refreshes],
    ];
    console.log(
      `\nEmbedded issuer, NODE_ENV=production, ${cores} cores, ${connections} concurrent, ${measureSeconds} s per run` +
        ` (raw verifies and password grants in ${alternations} alternating slices each)\n`,
    );
    console.log(
      `${'run'.padEnd(42)}${'per s'.padStart(10)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'failed'.padStart(8)}` +
        `${'CPU ms/op'.padStart(11)}`,
    );
    for (const [label, figures] of rows) {
      console.log(
        `${label.padEnd(42)}${perSecond(figures.perSecond).padStart(10)}${ms(figures.p50).padStart(9)}` +
          `${ms(figures.p99).padStart(9)}${String(figures.failures).padStart(8)}` +
          `${(figures.cpuMsPerSuccess === undefined ? '' : figures.cpuMsPerSuccess.toFixed(2)).padStart(11)}`,
      );
    }
    const ratio = (grants.perSecond / raw.perSecond) * 100;
    console.log(`\npassword grants / raw argon2id verifies: ${ratio.toFixed(0)} %   (target ≥ 85 %)`);
    if (raw.cpuMsPerSuccess !== undefined && grants.cpuMsPerSuccess !== undefined) {
      const cpuRatio = (raw.cpuMsPerSuccess / grants.cpuMsPerSuccess) * 100;
      console.log(`  the same by CPU time per operation: ${cpuRatio.toFixed(0)} %`);
    }
    console.log(
      `refresh grants: ${perSecond(refreshes.perSecond)}/s on ${cores} cores   (target ≥ 2,000/s on 2 cores)`,
    );
    if (grants.failures + refreshes.failures > 0) {
      console.log('\nSome requests failed (non-2xx or connection errors): the figures count successes only.');
    }
    if (raw.cpuMsPerSuccess !== undefined) {
      console.log(
        '\nCPU ms/op: CPU time of the server (all threads), its PostgreSQL and the load generator per success;' +
          '\nit moves much less than the rates when other work shares the machine. By part:\n',
      );
      const labels: Record<(typeof cpuParts)[number], string> = {
        main: 'API main',
        pool: 'API pool',
        other: 'API other',
        database: 'PostgreSQL',
        bench: 'bench',
      };
      console.log(`${'run'.padEnd(42)}${cpuParts.map((part) => labels[part].padStart(11)).join('')}`);
      for (const [label, figures] of rows) {
        const split = figures.cpuSplit;
        if (split === undefined) continue;
        console.log(
          `${label.padEnd(42)}${cpuParts.map((part) => split[part].toFixed(3).padStart(11)).join('')}`,
        );
      }
      console.log(
        '\nAPI main: the JavaScript thread; API pool: libuv workers (argon2id, RS256); API other: V8 GC and' +
          "\ncompiler threads; bench: this process (load generator, and the raw run's own verifications).",
      );
      console.log(
        `load average: ${os
          .loadavg()
          .map((value) => value.toFixed(2))
          .join(' ')}`,
      );
    }
  } finally {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
