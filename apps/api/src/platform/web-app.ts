import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from './config.ts';

/** Vite writes content-hashed files under `assets/`: a changed file gets a new name. */
const hashedAssetCache = 'public, max-age=31536000, immutable';
/** Everything else (index.html, favicon) is revalidated so a deploy is seen at once. */
const revalidateCache = 'no-cache';

/** Paths the browser app never owns: the API, the identity server's Keycloak paths, development pages. */
const serverPrefixes = ['/api', '/realms', '/dev'];

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** A browser navigation the client-side router should answer (its own 404 page included). */
function isAppNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?', 1)[0] ?? '/';
  if (serverPrefixes.some((prefix) => isUnder(pathname, prefix))) return false;
  return request.headers.accept?.includes('text/html') ?? false;
}

const notBuiltPage = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Opora is not built yet</title></head>
<body>
<h1>The web app is not built yet</h1>
<p>Run <code>pnpm build</code> (or start with <code>pnpm start</code>, which builds it), then reload.</p>
<p>The API is running: <a href="/api/docs">/api/docs</a>.</p>
</body>
</html>
`;

/**
 * Serves the Vite build of apps/web with long-lived caching for hashed assets, and answers
 * every other browser navigation with index.html so deep links work.
 */
export const webAppPlugin = fp<{ config: Pick<Config, 'webDistDir'> }>(
  async (app, { config }) => {
    const built = existsSync(path.join(config.webDistDir, 'index.html'));
    if (built) {
      await app.register(fastifyStatic, {
        root: config.webDistDir,
        prefix: '/',
        // Routes for the files present at start: a build is immutable while it is served.
        wildcard: false,
        index: false,
        dotfiles: 'ignore',
        // The build writes `.br` and `.gz` beside each text file (apps/web/vite.config.ts).
        preCompressed: true,
        cacheControl: false,
        setHeaders: (reply, filePath) => {
          const relative = path.relative(config.webDistDir, filePath).split(path.sep);
          reply.header('cache-control', relative[0] === 'assets' ? hashedAssetCache : revalidateCache);
        },
      });
    } else {
      app.log.warn({ webDistDir: config.webDistDir }, 'web app not built; run `pnpm build`');
    }

    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      if (!isAppNavigation(request)) return reply.callNotFound();
      if (!built) {
        return reply
          .code(503)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(notBuiltPage);
      }
      return reply.header('cache-control', revalidateCache).sendFile('index.html');
    });
  },
  { name: 'web-app', fastify: '5.x' },
);
