import { existsSync } from 'node:fs';

/**
 * Debian's Chromium as the browser tests and `pnpm bench lighthouse` start it (never a downloaded
 * one): no sandbox (CI runs as root), no GPU, no /dev/shm (small in containers), and none of the
 * background connections this machine's closed network refuses.
 */
export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * The browser tests' Chromium: Debian's `chromium-headless-shell` (the same Blink and V8 build as
 * `chromium`, without the browser's window and UI layers), else the full browser. On the 2-core
 * machine the same specs took ~30 % less time with it (docs/decisions/0128). Lighthouse keeps the full
 * browser: its figures are a phone's Chrome. `CHROME_PATH` names one binary for both.
 */
export const headlessShellPath =
  process.env.CHROME_PATH ??
  ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium-headless-shell'].find((candidate) =>
    existsSync(candidate),
  ) ??
  chromiumPath;

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
