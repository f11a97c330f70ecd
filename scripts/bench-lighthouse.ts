/**
 * `pnpm bench lighthouse`: Lighthouse (mobile profile, its default simulated throttling) on the home
 * page and a services list, served by `pnpm start`'s production server.
 *
 * The server is `node scripts/start.ts` (which builds the web app first when its build is stale) with
 * NODE_ENV=production on a free port, an embedded PostgreSQL in a temporary DATA_DIR and the demo
 * seed. Chromium (CHROME_PATH, default /usr/bin/chromium) runs headless with a DevTools port and a
 * throwaway profile. Every page is audited BENCH_LIGHTHOUSE_RUNS times (default 3); the run with
 * the median performance score is reported, as Lighthouse's own guidance suggests for a noisy
 * metric. Printed: performance, accessibility and best-practices scores per page against the
 * targets (≥ 95, 100, ≥ 95), the metrics, and the failing audits of every missed category. The
 * HTML and JSON reports stay in a temporary directory whose path is printed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import lighthouse, { type Result } from 'lighthouse';
import { answers, exited, freePort } from './bench-support.ts';

const root = path.resolve(import.meta.dirname, '..');
const readyTimeoutMs = 300_000;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const runs = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));

const pages: [label: string, path: string][] = [
  ['home', '/'],
  ['services list (South Moravia)', '/anon-new-client/services/list/CZ064'],
];

const categories = ['performance', 'accessibility', 'best-practices'] as const;
type Category = (typeof categories)[number];
const targets: Record<Category, number> = { performance: 95, accessibility: 100, 'best-practices': 95 };
const metricAudits = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

interface Running {
  child: ChildProcess;
  stop: () => Promise<void>;
}

function launch(command: string, args: string[], env: NodeJS.ProcessEnv, cwd = root) {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const running: Running = {
    child,
    stop: async () => {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
  return { running, stderr: () => stderr };
}

async function waitUntil(url: string, what: string, process: ReturnType<typeof launch>): Promise<void> {
  const started = performance.now();
  while (!(await answers(url))) {
    if (process.running.child.exitCode !== null) {
      throw new Error(`${what} exited with ${process.running.child.exitCode}:\n${process.stderr()}`);
    }
    if (performance.now() - started > readyTimeoutMs) {
      await process.running.stop();
      throw new Error(`${what} was not ready within ${readyTimeoutMs} ms:\n${process.stderr()}`);
    }
    await sleep(100);
  }
}

/** `pnpm start` as a newcomer runs it, in production mode, with demo data in a temporary DATA_DIR. */
async function startServer(dataDir: string): Promise<{ origin: string; server: Running }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'IDENTITY_URL', 'IDENTITY_INTERNAL_URL', 'SMTP_URL']) {
    delete env[name];
  }
  Object.assign(env, {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    IDENTITY_ADMIN_CLIENT_SECRET: randomBytes(24).toString('hex'),
    LOG_LEVEL: 'warn',
  });
  const started = launch(process.execPath, [path.join(root, 'scripts/start.ts')], env);
  await waitUntil(`${origin}/api/ready`, 'the server', started);
  return { origin, server: started.running };
}

async function startChromium(profileDir: string): Promise<{ port: number; chromium: Running }> {
  const port = await freePort();
  const started = launch(
    chromePath,
    [...chromeFlags, `--remote-debugging-port=${port}`, `--user-data-dir=${profileDir}`, 'about:blank'],
    process.env,
  );
  await waitUntil(`http://127.0.0.1:${port}/json/version`, 'Chromium', started);
  return { port, chromium: started.running };
}

const score = (result: Result, category: Category) =>
  Math.round((result.categories[category]?.score ?? 0) * 100);

/** Audits of a category that lost points, the costliest first. */
function failingAudits(result: Result, category: Category): string[] {
  const refs = result.categories[category]?.auditRefs ?? [];
  const lines: [cost: number, line: string][] = [];
  for (const ref of refs) {
    const audit = result.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 1) continue;
    if (audit.scoreDisplayMode === 'notApplicable' || audit.scoreDisplayMode === 'informative') continue;
    // Unweighted performance audits (insights, diagnostics) matter only when clearly failing.
    if (ref.weight === 0 && audit.score >= 0.9) continue;
    const cost = ref.weight * (1 - audit.score) + (1 - audit.score) / 100;
    const value = audit.displayValue ? ` — ${audit.displayValue}` : '';
    lines.push([
      cost,
      `${audit.id} (score ${audit.score.toFixed(2)}, weight ${ref.weight}): ${audit.title}${value}`,
    ]);
  }
  return lines
    .sort((a, b) => b[0] - a[0])
    .slice(0, 8)
    .map(([, line]) => line);
}

function metricsLine(result: Result): string {
  return metricAudits
    .map((id) => {
      const audit = result.audits[id];
      return audit ? `${audit.title} ${audit.displayValue ?? '?'}` : undefined;
    })
    .filter((text) => text !== undefined)
    .join(' · ');
}

/** One Lighthouse run; a run that fails to record (NO_NAVSTART and the like happen) is retried twice. */
async function audit(url: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    const outcome = await lighthouse(url, {
      port,
      hostname: '127.0.0.1',
      logLevel: 'error',
      output: ['html', 'json'],
      onlyCategories: [...categories],
    });
    if (!outcome) throw new Error(`Lighthouse returned nothing for ${url}`);
    const error = outcome.lhr.runtimeError;
    if (!error) return outcome;
    if (attempt === 3) throw new Error(`Lighthouse failed on ${url}: ${error.message}`);
    process.stdout.write(`(${error.code}, again) `);
  }
}

export async function benchLighthouse(): Promise<void> {
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'opora-bench-lighthouse-'));
  const reportDir = path.join(
    os.tmpdir(),
    `opora-lighthouse-${new Date().toISOString().replace(/[:.]/g, '-')}`,
  );
  await mkdir(reportDir, { recursive: true });
  let server: Running | undefined;
  let chromium: Running | undefined;
  try {
    console.log('Starting `pnpm start` (NODE_ENV=production, embedded PostgreSQL, demo data)…');
    const started = await startServer(path.join(tempDir, 'data'));
    server = started.server;
    const browser = await startChromium(path.join(tempDir, 'chromium-profile'));
    chromium = browser.chromium;

    const reported: [label: string, url: string, result: Result, scores: number[]][] = [];
    for (const [label, pagePath] of pages) {
      const url = `${started.origin}${pagePath}`;
      const results: Result[] = [];
      for (let run = 1; run <= runs; run++) {
        process.stdout.write(`  ${label}: run ${run}/${runs}… `);
        const outcome = await audit(url, browser.port);
        const result = outcome.lhr;
        const [html, json] = outcome.report as string[];
        const base = path.join(reportDir, `${label.split(' ')[0]}-${run}`);
        await writeFile(`${base}.html`, html ?? '');
        await writeFile(`${base}.json`, json ?? '');
        console.log(categories.map((category) => `${category} ${score(result, category)}`).join(', '));
        results.push(result);
      }
      const byPerformance = results.toSorted((a, b) => score(a, 'performance') - score(b, 'performance'));
      const median = byPerformance[Math.floor((byPerformance.length - 1) / 2)] ?? byPerformance[0];
      if (median) reported.push([label, url, median, results.map((result) => score(result, 'performance'))]);
    }

    console.log(
      `\nLighthouse ${reported[0]?.[2].lighthouseVersion ?? ''}, mobile profile (simulated slow 4G, 4× CPU), ` +
        `Chromium ${reported[0]?.[2].environment.hostUserAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? ''}, ` +
        `median of ${runs} run(s) by performance\n`,
    );
    console.log(
      `${'page'.padEnd(34)}${categories.map((category) => `${category} (≥ ${targets[category]})`.padStart(22)).join('')}`,
    );
    let missed = 0;
    for (const [label, , result] of reported) {
      const cells = categories.map((category) => {
        const value = score(result, category);
        const pass = value >= targets[category];
        if (!pass) missed++;
        return `${value} ${pass ? 'PASS' : 'FAIL'}`.padStart(22);
      });
      console.log(`${label.padEnd(34)}${cells.join('')}`);
    }
    console.log(`\n${missed} score(s) below target. Reports: ${reportDir}`);

    for (const [label, url, result, performanceScores] of reported) {
      console.log(`\n── ${label}: ${url}`);
      console.log(`   performance of every run: ${performanceScores.join(', ')}`);
      console.log(`   ${metricsLine(result)}`);
      for (const category of categories) {
        if (score(result, category) >= targets[category]) continue;
        console.log(
          `   ${category} ${score(result, category)} < ${targets[category]}; audits losing points:`,
        );
        for (const line of failingAudits(result, category)) console.log(`     - ${line}`);
      }
    }
  } finally {
    await chromium?.stop();
    await server?.stop();
    await rm(tempDir, { recursive: true, force: true });
  }
}
