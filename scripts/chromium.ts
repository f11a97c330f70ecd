/**
 * Debian's Chromium as the browser tests and `pnpm bench lighthouse` start it (never a downloaded
 * one): no sandbox (CI runs as root), no GPU, no /dev/shm (small in containers), and none of the
 * background connections this machine's closed network refuses.
 */
export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
