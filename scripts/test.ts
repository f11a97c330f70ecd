// `pnpm test`: the one command a newcomer and CI run. Lint, typecheck, locale and compose checks,
// unit + integration tests (Vitest, real PostgreSQL), the bundle budget, then browser tests
// (Playwright + Chromium against the real server). Every step runs even after a failure, so one
// run shows everything that is wrong; the last line is `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

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
};

const vitestReport = path.join(out, 'vitest.json');
const playwrightReport = path.join(out, 'playwright.json');

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

const steps: Step[] = [
  { name: 'lint', command: bin('biome'), args: ['check', '--error-on-warnings', '.'] },
  { name: 'typecheck', command: bin('tsc'), args: ['-b'] },
  { name: 'locales', command: process.execPath, args: ['scripts/check-locales.ts'] },
  { name: 'compose', command: process.execPath, args: ['scripts/check-compose.ts'] },
  {
    name: 'unit + integration',
    command: bin('vitest'),
    args: ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
    counts: () => {
      const report = readJson<{ numPassedTests: number; numFailedTests: number }>(vitestReport);
      return report && { passed: report.numPassedTests, failed: report.numFailedTests };
    },
  },
  { name: 'bundle size', command: process.execPath, args: ['scripts/size.ts'] },
  {
    name: 'browser',
    command: bin('playwright'),
    args: ['test', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
    counts: () => {
      const report = readJson<{ stats: { expected: number; unexpected: number; flaky: number } }>(
        playwrightReport,
      );
      return (
        report && { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected }
      );
    },
  },
];

const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
const results: string[] = [];

for (const step of steps) {
  if (only.length && !only.some((name) => step.name.startsWith(name))) continue;
  for (const report of [vitestReport, playwrightReport]) if (existsSync(report)) rmSync(report);
  console.log(`\n▶ ${step.name}`);
  const started = performance.now();
  const run = spawnSync(step.command, step.args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const ok = run.status === 0;
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
    `${ok ? '✔' : '✘'} ${step.name} (${seconds} s)${counts ? ` — ${counts.passed} passed, ${counts.failed} failed` : ''}`,
  );
}

const summary = `${passed} passed, ${failed} failed`;
console.log(`\n${results.join('\n')}\n\n${summary}`);
writeFileSync(path.join(out, 'summary.txt'), `${summary}\n`);
process.exit(failed === 0 ? 0 : 1);
