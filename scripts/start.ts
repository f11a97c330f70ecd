/**
 * `pnpm start`: builds the web app when its build is missing or older than its sources, then
 * runs the API server (which serves the build) in this process. `SKIP_WEB_BUILD=1` skips the
 * build check, e.g. when only the API is needed.
 */
import { buildWeb, webBuildIsStale } from './web-build.ts';

if (process.env.SKIP_WEB_BUILD !== '1' && webBuildIsStale()) {
  console.log('Building the web app (apps/web/dist is missing or older than its sources)…');
  const status = buildWeb();
  if (status !== 0) {
    console.error('The web app build failed; fix it or start with SKIP_WEB_BUILD=1 to run the API alone.');
    process.exit(status);
  }
}

// Imported once the build is done: loading the API takes a while and needs none of it.
const { startServer } = await import('@opora/api/server');
await startServer();
