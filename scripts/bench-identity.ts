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
 * 2 connections per core. Figures are printed, never asserted.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { answers, exited, freePort } from './bench-support.ts';

const root = path.resolve(import.meta.dirname, '..');
const readyTimeoutMs = 180_000;
const warmUpSeconds = 2;
const measureSeconds = 10;
const cores = os.availableParallelism();
const connections = 2 * cores;

// The demo client account the seed creates (packages/db/src/seed/demo-data.ts).
const username = 'klient@opora.test';
const password = 'Opora2026!';
const scope = 'profile email';

interface PasswordHashing {
  hashPassword(password: string): Promise<string>;
  verifyPassword(passwordHash: string, password: string): Promise<boolean>;
}

interface Figures {
  perSecond: number;
  p50?: number;
  p99?: number;
  failures: number;
}

interface Server {
  origin: string;
  stop: () => Promise<void>;
}

async function startServer(dataDir: string): Promise<Server> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [
    'DATABASE_URL',
    'REDIS_URL',
    'IDENTITY_URL',
    'IDENTITY_INTERNAL_URL',
    'SMTP_URL',
    'WEB_ORIGINS',
  ]) {
    delete env[name];
  }
  Object.assign(env, {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    SEED_DEMO: 'true',
    IDENTITY_ADMIN_CLIENT_SECRET: randomBytes(24).toString('hex'),
    RATE_LIMIT_MAX: '1000000000',
    LOG_LEVEL: 'warn',
  });
  const child = spawn(process.execPath, [path.join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const stop = async () => {
    child.kill('SIGTERM');
    await exited(child);
  };
  const started = performance.now();
  while (!(await answers(`${origin}/api/ready`))) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${stderr}`);
    if (performance.now() - started > readyTimeoutMs) {
      await stop();
      throw new Error(`the server was not ready within ${readyTimeoutMs} ms:\n${stderr}`);
    }
    await sleep(50);
  }
  return { origin, stop };
}

/** As many verifications as `concurrency` loops finish in `seconds`. */
async function rawVerifies(hashing: PasswordHashing, seconds: number): Promise<Figures> {
  const passwordHash = await hashing.hashPassword(password);
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
  return { perSecond: done / ((performance.now() - started) / 1000), failures };
}

function tokenForm(fields: Record<string, string>): string {
  return new URLSearchParams({ client_id: 'web', ...fields }).toString();
}

const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };

async function load(options: autocannon.Options): Promise<Figures> {
  const result = await autocannon({ connections, pipelining: 1, ...options });
  return {
    perSecond: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors,
  };
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
  const hashing = (await import(
    pathToFileURL(path.join(root, 'apps/api/src/identity/passwords.ts')).href
  )) as PasswordHashing;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'opora-bench-identity-'));
  let server: Server | undefined;
  try {
    console.log('Starting the server (embedded PostgreSQL, demo accounts)…');
    server = await startServer(dataDir);
    const tokenUrl = `${server.origin}/realms/opora/protocol/openid-connect/token`;

    console.log(
      `Measuring: ${warmUpSeconds} s warm-up, then ${measureSeconds} s per run, ${connections} concurrent…`,
    );
    await rawVerifies(hashing, warmUpSeconds);
    const raw = await rawVerifies(hashing, measureSeconds);
    await passwordGrants(tokenUrl, warmUpSeconds);
    const grants = await passwordGrants(tokenUrl, measureSeconds);
    await refreshGrants(tokenUrl, warmUpSeconds);
    const refreshes = await refreshGrants(tokenUrl, measureSeconds);

    const rows: [string, Figures][] = [
      ['raw argon2id verify (issuer parameters)', raw],
      ['password grant', grants],
      ['refresh grant (rotation on)', refreshes],
    ];
    console.log(
      `\nEmbedded issuer, NODE_ENV=production, ${cores} cores, ${connections} concurrent, ${measureSeconds} s per run\n`,
    );
    console.log(
      `${'run'.padEnd(42)}${'per s'.padStart(10)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'failed'.padStart(8)}`,
    );
    for (const [label, figures] of rows) {
      console.log(
        `${label.padEnd(42)}${perSecond(figures.perSecond).padStart(10)}${ms(figures.p50).padStart(9)}` +
          `${ms(figures.p99).padStart(9)}${String(figures.failures).padStart(8)}`,
      );
    }
    const ratio = (grants.perSecond / raw.perSecond) * 100;
    console.log(`\npassword grants / raw argon2id verifies: ${ratio.toFixed(0)} %   (target ≥ 85 %)`);
    console.log(
      `refresh grants: ${perSecond(refreshes.perSecond)}/s on ${cores} cores   (target ≥ 2,000/s on 2 cores)`,
    );
    if (grants.failures + refreshes.failures > 0) {
      console.log('\nSome requests failed (non-2xx or connection errors): the figures count successes only.');
    }
  } finally {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
