/**
 * `pnpm start`: builds the web app when its build is missing or older than its sources, then
 * runs the API server (which serves the build) in this process. `SKIP_WEB_BUILD=1` skips the
 * build check, e.g. when only the API is needed.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildWeb, webBuildIsStale } from './web-build.ts';

const root = path.resolve(import.meta.dirname, '..');
if (process.env.SKIP_WEB_BUILD !== '1' && webBuildIsStale()) {
  console.log('Building the web app (apps/web/dist is missing or older than its sources)…');
  const status = buildWeb();
  if (status !== 0) {
    console.error('The web app build failed; fix it or start with SKIP_WEB_BUILD=1 to run the API alone.');
    process.exit(status);
  }
}

// Imported by URL: the server belongs to the apps/api TypeScript project, not to scripts/.
const serverModule = pathToFileURL(path.join(root, 'apps/api/src/server.ts')).href;
const { startServer } = (await import(serverModule)) as { startServer: () => Promise<void> };
await startServer();
