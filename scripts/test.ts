// `pnpm test`: the one command a newcomer and CI run. Lint, import boundaries, typecheck, locale and
// compose checks, unit + integration tests (Vitest, real PostgreSQL), the bundle budget, browser tests
// (Playwright + Chromium against the real server), then the same identity against real Keycloak
// (fetched from Maven Central, started once for the steps that need it): the embedded issuer compared
// with it, the API's account flows and the browser's identity journeys. Every step runs even after a
// failure, so one run shows everything that is wrong; the last line is `N passed, N failed`.
// Keycloak (a JVM, mostly waiting once up) starts in the background during the step before the first
// one that needs it, so its start-up overlaps that step instead of adding to the run.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { type RunningKeycloak, startKeycloak } from './keycloak-server.ts';
import { startRedis } from './redis-server.ts';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, '.test-data');
mkdirSync(out, { recursive: true });
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

type Step = {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** Test counts from a report file; a step without one counts as a single check. */
  counts?: () => { passed: number; failed: number } | undefined;
  /** Runs against the run's one real Keycloak (started before the first step that needs it). */
  keycloak?: boolean;
  /** Gets REDIS_URL of a throwaway redis-server when the machine has one. */
  redis?: boolean;
};

const vitestReport = path.join(out, 'vitest.json');
const playwrightReport = path.join(out, 'playwright.json');

/** The browser tests' app against Keycloak listens here; Keycloak's `web` client allows this origin. */
const keycloakAppPort = 3101;

function vitestCounts() {
  const report = readJson<{ numPassedTests: number; numFailedTests: number }>(vitestReport);
  return report && { passed: report.numPassedTests, failed: report.numFailedTests };
}

function playwrightCounts() {
  const report = readJson<{ stats: { expected: number; unexpected: number; flaky: number } }>(
    playwrightReport,
  );
  return report && { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected };
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

const steps: Step[] = [
  { name: 'lint', command: bin('biome'), args: ['check', '--error-on-warnings', '.'] },
  { name: 'boundaries', command: process.execPath, args: ['scripts/check-boundaries.ts'] },
  { name: 'typecheck', command: bin('tsc'), args: ['-b'] },
  { name: 'locales', command: process.execPath, args: ['scripts/check-locales.ts'] },
  { name: 'compose', command: process.execPath, args: ['scripts/check-compose.ts'] },
  {
    name: 'unit + integration',
    command: bin('vitest'),
    args: ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
    counts: vitestCounts,
    redis: true,
  },
  { name: 'fuzz: schemathesis, every role', command: process.execPath, args: ['scripts/fuzz.ts', '--quick'] },
  { name: 'bundle size', command: process.execPath, args: ['scripts/size.ts'] },
  {
    name: 'browser',
    command: bin('playwright'),
    args: ['test', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport, E2E_SCREENSHOTS: 'off' },
    counts: playwrightCounts,
  },
  {
    name: 'keycloak: embedded vs keycloak, api against keycloak',
    command: bin('vitest'),
    args: [
      'run',
      '--config',
      'vitest.keycloak.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestReport}`,
    ],
    counts: vitestCounts,
    keycloak: true,
  },
  {
    name: 'keycloak: browser',
    command: bin('playwright'),
    args: ['test', '--config', 'playwright.keycloak.config.ts', '--reporter=list,json'],
    env: {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
      E2E_KEYCLOAK_APP_PORT: String(keycloakAppPort),
      E2E_SCREENSHOTS: 'off',
    },
    counts: playwrightCounts,
    keycloak: true,
  },
];

const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
const results: string[] = [];
let keycloak: Promise<RunningKeycloak | Error> | undefined;
/** The start's summary line, until the first step that needs Keycloak counts it. */
let keycloakStartLine: string | undefined;

/** Starts the run's one Keycloak, once; a failed start fails the steps that need it. */
function startKeycloakOnce(): Promise<RunningKeycloak | Error> {
  if (keycloak) return keycloak;
  console.log('\n▶ keycloak: start (in the background)');
  const started = performance.now();
  const line = (ok: boolean) =>
    `${ok ? '✔' : '✘'} keycloak: start (${((performance.now() - started) / 1000).toFixed(1)} s)`;
  keycloak = startKeycloak({
    webOrigin: `http://localhost:${keycloakAppPort}`,
    logFile: path.join(out, 'keycloak.log'),
    // It may start beside a busy step: the deadline is for a hung start, not a slow one.
    readyTimeoutMs: 600_000,
  })
    .then(
      (running) => ({ running, line: line(true) }),
      (error: Error) => ({ running: error, line: line(false) }),
    )
    .then(({ running, line: result }) => {
      keycloakStartLine = result;
      return running;
    });
  return keycloak;
}

/** Keycloak's variables for a step, once it is up; the start's own line is counted the first time. */
async function keycloakEnv(): Promise<Record<string, string> | undefined> {
  const running = await startKeycloakOnce();
  if (keycloakStartLine) {
    results.push(keycloakStartLine);
    if (running instanceof Error) {
      console.error(running.message);
      failed += 1;
    } else {
      passed += 1;
    }
    keycloakStartLine = undefined;
  }
  if (running instanceof Error) return undefined;
  return {
    KEYCLOAK_URL: running.url,
    KEYCLOAK_WEB_ORIGIN: running.webOrigin,
    KEYCLOAK_API_CLIENT_SECRET: running.apiClientSecret,
  };
}

/** The machine's CPU time so far, busy and in all, summed over its cores (milliseconds). */
function cpuTimes(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const { times } of cpus()) {
    const all = times.user + times.nice + times.sys + times.irq + times.idle;
    total += all;
    busy += all - times.idle;
  }
  return { busy, total };
}

/** A step's command with the terminal as its output; resolves with its exit status. */
function runStep(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
    child.once('error', (error) => {
      console.error(error.message);
      resolve(null);
    });
    child.once('close', (status) => resolve(status));
  });
}

const selected = steps.filter((step) => !only.length || only.some((name) => step.name.startsWith(name)));
const firstKeycloakStep = selected.findIndex((step) => step.keycloak);

for (const [index, step] of selected.entries()) {
  for (const report of [vitestReport, playwrightReport]) if (existsSync(report)) rmSync(report);
  const extraEnv = step.keycloak ? await keycloakEnv() : {};
  if (!extraEnv) {
    results.push(`✘ ${step.name} (not run: no Keycloak)`);
    failed += 1;
    continue;
  }
  const redis = step.redis && !process.env.REDIS_URL ? await startRedis() : undefined;
  if (redis) extraEnv.REDIS_URL = redis.url;
  console.log(`\n▶ ${step.name}`);
  const started = performance.now();
  const cpuBefore = cpuTimes();
  const running = runStep(step.command, step.args, { ...process.env, ...step.env, ...extraEnv });
  // Started after the step's own process, so the step is not held up by Keycloak's download.
  if (index === firstKeycloakStep - 1) void startKeycloakOnce();
  const status = await running;
  await redis?.stop();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  // How busy the machine's cores were during the step (all processes): near 100 % the step is bound by
  // the CPU, and only less work makes it faster; well under, it waits and could run beside another.
  const cpuAfter = cpuTimes();
  const cpuShare = Math.round(
    (100 * (cpuAfter.busy - cpuBefore.busy)) / Math.max(1, cpuAfter.total - cpuBefore.total),
  );
  const ok = status === 0;
  const counts = step.counts?.();
  if (counts) {
    passed += counts.passed;
    // A runner that crashed before reporting still counts as a failure.
    failed += counts.failed || (ok ? 0 : 1);
  } else if (ok) {
    passed += 1;
  } else {
    failed += 1;
  }
  results.push(
    `${ok ? '✔' : '✘'} ${step.name} (${seconds} s, CPU ${cpuShare} %)${counts ? ` — ${counts.passed} passed, ${counts.failed} failed` : ''}`,
  );
}

const running = await keycloak;
if (running && !(running instanceof Error)) await running.stop();

const summary = `${passed} passed, ${failed} failed`;
console.log(`\n${results.join('\n')}\n\n${summary}`);
writeFileSync(path.join(out, 'summary.txt'), `${summary}\n`);
process.exit(failed === 0 ? 0 : 1);
