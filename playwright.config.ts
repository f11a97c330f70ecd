import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, headlessShellPath } from './scripts/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;

/**
 * Browser tests drive Debian's Chromium (`CHROME_PATH` overrides) against the real server that
 * `pnpm start` runs, on its own port and data directory, with the demo data seeded.
 */
export default defineConfig({
  testDir: 'e2e',
  // Cleared at each run's start: a second run beside this one (another port) names its own.
  outputDir: process.env.E2E_OUTPUT_DIR ?? '.test-data/playwright-results',
  // Two files at a time (the tests of a file in order): every spec makes its own people, providers and
  // requests (e2e/staff.ts, e2e/carer-data.ts) and reads the demo seed only, so files do not meet. On
  // the 2-core machine: 96 tests in 385 s with two workers against 485 s with one (load average 10).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL,
    locale: 'cs-CZ',
    // A failed test keeps its trace (DOM snapshots of every step, network, console) and its screenshot;
    // the trace's screencast is left out: recording it for every passing test costs a 2-core machine
    // time and shows nothing the snapshots and the failure screenshot do not.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    video: 'off',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: headlessShellPath,
          args: chromiumArgs,
        },
      },
    },
  ],
  webServer: {
    command: 'node scripts/start.ts',
    url: `${baseURL}/api/ready`,
    timeout: 180_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR ?? '.test-data/e2e',
      SEED_DEMO: 'true',
      // Every journey registers its own people, all from this machine's one address.
      SIGN_UP_RATE_LIMIT_MAX: '1000',
      // …and drives pages faster than a person: every page load refreshes the tokens and loads the
      // user, and a return from the payment gateway polls; 300 calls a minute from one address is a
      // person's budget, not a test run's.
      RATE_LIMIT_MAX: '5000',
    },
  },
});
