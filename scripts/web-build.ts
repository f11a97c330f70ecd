/**
 * The web app's build, shared by `pnpm start` and `pnpm size`: is `apps/web/dist` older than what
 * it is built from, and build it when it is.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
export const webRoot = path.join(root, 'apps/web');
export const webDist = path.join(webRoot, 'dist');
/** Written last by every build, so its time is the build's time. */
const builtMarker = path.join(webDist, '.vite/manifest.json');
const webSources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'locales',
  'packages/contracts/src',
];

/** Newest modification time under `target` (a file or a folder), 0 when it does not exist. */
function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

export function webBuildIsStale(): boolean {
  if (!existsSync(builtMarker) || !existsSync(path.join(webDist, 'index.html'))) return true;
  const builtAt = statSync(builtMarker).mtimeMs;
  return webSources.some((source) => newestMtime(path.join(root, source)) > builtAt);
}

/** Runs `vite build` for apps/web; returns the exit status. */
export function buildWeb(): number {
  const build = spawnSync(path.join(webRoot, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    cwd: webRoot,
    stdio: 'inherit',
  });
  return build.status ?? 1;
}
