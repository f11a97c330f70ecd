// Helpers shared by the `pnpm bench` scripts.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { productionNodeFlags } from './node-flags.ts';

const root = path.resolve(import.meta.dirname, '..');
// Resolved through the API package's exports; `require.resolve`, not `import.meta.resolve`, which
// vitest's module runner lacks (the Keycloak suites load this file through keycloak-server.ts).
const apiServerPath = createRequire(import.meta.url).resolve('@opora/api/server');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Whether `url` answers 2xx within a second. */
export async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/**
 * Node's flags for the API and the processes a bench measures: production's (`node-flags.ts`), or
 * BENCH_NODE_FLAGS to compare (`BENCH_NODE_FLAGS=` for none).
 */
export const benchNodeFlags: readonly string[] =
  process.env.BENCH_NODE_FLAGS === undefined
    ? productionNodeFlags
    : process.env.BENCH_NODE_FLAGS.split(' ').filter((flag) => flag !== '');

export interface BenchServer {
  origin: string;
  pid: number;
  stop: () => Promise<void>;
}

/**
 * The API alone (`apps/api/src/server.ts`) in production mode on a free loopback port, with no web
 * build, no outside services (Redis, Keycloak, SMTP) and a rate limit no benchmark reaches; `env`
 * adds or overrides variables (DATA_DIR, DATABASE_URL, LOG_LEVEL, SEED_DEMO…). Resolves when
 * `/api/ready` answers. Logs go nowhere: a pipe nobody drains would stall the server.
 */
export async function startProductionApi(
  env: NodeJS.ProcessEnv & { DATA_DIR: string },
  readyTimeoutMs: number,
): Promise<BenchServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [
    'DATABASE_URL',
    'REDIS_URL',
    'IDENTITY_URL',
    'IDENTITY_INTERNAL_URL',
    'SMTP_URL',
    'WEB_ORIGINS',
  ]) {
    delete childEnv[name];
  }
  Object.assign(childEnv, {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    WEB_DIST_DIR: path.join(env.DATA_DIR, 'no-web-build'),
    IDENTITY_ADMIN_CLIENT_SECRET: randomBytes(24).toString('hex'),
    TEST_GATEWAY_SECRET: randomBytes(24).toString('hex'),
    RATE_LIMIT_MAX: '1000000000',
    ...env,
  });
  const child = spawn(process.execPath, [...benchNodeFlags, apiServerPath], {
    cwd: root,
    env: childEnv,
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
  return { origin, pid: child.pid ?? 0, stop };
}

/** A statement a pool sent, as `recordStatements` saw it. */
export interface CapturedQuery {
  text: string;
  values: unknown[];
  /** Set when it ran as a named prepared statement. */
  name?: string;
}

type Pool = ReturnType<typeof import('@opora/db')['createDb']>['pool'];

/** Hands `record` every statement the pool's clients send from now on, before sending it. */
export function recordStatements(pool: Pool, record: (query: CapturedQuery) => void): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const [first, second] = args;
      if (typeof first === 'string') record({ text: first, values: Array.isArray(second) ? second : [] });
      else if (first && typeof first === 'object' && 'text' in first) {
        const config = first as { text: string; values?: unknown[]; name?: string };
        record({
          text: config.text,
          values: config.values ?? (Array.isArray(second) ? second : []),
          ...(config.name ? { name: config.name } : {}),
        });
      }
      return query(...args);
    };
  });
}

/** The data layer's benchmark helpers, loaded when a benchmark starts rather than with `pnpm bench`. */
export type BenchDbModule = typeof import('@opora/db/bench');

/**
 * `startProductionApi` on a database of its own (DATABASE_URL's server, else an embedded one in a
 * temporary folder), no demo data, logs at `warn`, loopback as the only trusted proxy; `stop` ends the
 * API, the database and the folder.
 */
export async function startApiOnOwnDatabase(
  name: string,
  env: NodeJS.ProcessEnv,
  readyTimeoutMs: number,
): Promise<{
  server: BenchServer;
  database: { url: string; description: string };
  dbModule: BenchDbModule;
  stop: () => Promise<void>;
}> {
  const tempDir = await mkdtemp(path.join(os.tmpdir(), `opora-bench-${name}-`));
  const dbModule = await import('@opora/db/bench');
  const database = await dbModule.openBenchDatabase({ databaseUrl: process.env.DATABASE_URL, tempDir });
  const server = await startProductionApi(
    {
      DATA_DIR: tempDir,
      DATABASE_URL: database.url,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'loopback',
      ...env,
    },
    readyTimeoutMs,
  );
  return {
    server,
    database,
    dbModule,
    stop: async () => {
      await server.stop();
      await database.close();
      await rm(tempDir, { recursive: true, force: true });
    },
  };
}

export interface BenchAccount {
  email: string;
  password: string;
}

/** The tokens a password grant answers: what the web app keeps in its cookies. */
export interface BenchTokens {
  access_token: string;
  refresh_token: string;
}

/**
 * Tokens of the account: a password grant of the web app's client at the embedded issuer's token
 * endpoint (realm `opora`). Access tokens live 5 minutes: take them right before the run.
 */
export async function benchTokens(origin: string, account: BenchAccount): Promise<BenchTokens> {
  const response = await fetch(`${origin}/realms/opora/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'web',
      username: account.email,
      password: account.password,
      scope: 'profile email',
    }).toString(),
  });
  const body = (await response.json()) as Partial<BenchTokens>;
  if (!response.ok || !body.access_token || !body.refresh_token) {
    throw new Error(`password grant answered ${response.status}`);
  }
  return { access_token: body.access_token, refresh_token: body.refresh_token };
}

/** An access token of the account (`benchTokens`). */
export async function benchAccessToken(origin: string, account: BenchAccount): Promise<string> {
  return (await benchTokens(origin, account)).access_token;
}
