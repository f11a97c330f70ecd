/**
 * `pnpm start`: builds the web app when its build is missing or older than its sources, then
 * runs the API server (which serves the build) in this process. `SKIP_WEB_BUILD=1` skips the
 * build check, e.g. when only the API is needed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const webSources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
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

function webBuildIsStale(): boolean {
  if (!existsSync(builtIndex)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return webSources.some((source) => newestMtime(path.join(root, source)) > builtAt);
}

if (process.env.SKIP_WEB_BUILD !== '1' && webBuildIsStale()) {
  console.log('Building the web app (apps/web/dist is missing or older than its sources)…');
  const build = spawnSync('pnpm', ['--filter', '@opora/web', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The web app build failed; fix it or start with SKIP_WEB_BUILD=1 to run the API alone.');
    process.exit(build.status ?? 1);
  }
}

// Imported by URL: the server belongs to the apps/api TypeScript project, not to scripts/.
const serverModule = pathToFileURL(path.join(root, 'apps/api/src/server.ts')).href;
const { startServer } = (await import(serverModule)) as { startServer: () => Promise<void> };
await startServer();
