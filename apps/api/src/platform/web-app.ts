import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { cookieNames, type WebConfig, webConfigElementId } from '@opora/contracts';
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

/** The last path segment names a file (`/assets/old-Zz99.js`, `/robots.txt`), not a page. */
const namesFile = /\/[^/]*\.[a-z0-9]+$/i;

/**
 * A request the client-side router should answer (its own 404 page included): a GET of a page path,
 * unless the client asks for JSON only. A browser asks for HTML; `curl`, `wget` and link checkers accept
 * anything (or send no Accept) and get the page too. A missing file stays a 404 unless a browser
 * navigates to it.
 */
function isAppNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?', 1)[0] ?? '/';
  if (serverPrefixes.some((prefix) => isUnder(pathname, prefix))) return false;
  const accept = request.headers.accept ?? '';
  if (accept.includes('text/html')) return true;
  if (accept.includes('application/json') || accept.includes('+json')) return false;
  return !namesFile.test(pathname);
}

/** What the web build writes per page path (apps/web/vite.config.ts `routePreloads`). */
type RoutePreload = { path: string; scripts: string[]; styles: string[] };

/** What the web build writes for the session's code (apps/web/vite.config.ts `routePreloads`). */
type SessionPreload = { scripts: string[] };

/** No route of the app matched (its own 404 page): the shell alone. */
const noRoute: RoutePreload = { path: '*', scripts: [], styles: [] };

/** Whether the request carries the web app's access token cookie (someone signed in, SPEC §4). */
function hasAccessCookie(request: FastifyRequest): boolean {
  const cookie = request.headers.cookie ?? '';
  return cookie.split(';').some((part) => {
    const [name, value = ''] = part.split('=', 2);
    return name?.trim() === cookieNames.accessToken && value.trim() !== '';
  });
}

/**
 * How well a React Router pattern (`/a/:b/:c?`, `*` for the rest) matches a pathname: the number of
 * static segments it matched (more is more specific, as React Router ranks), or -1 when it does not.
 */
export function matchScore(pattern: string, pathname: string): number {
  const patternSegments = pattern.split('/').filter(Boolean);
  const segments = pathname.split('/').filter(Boolean);
  let score = 0;
  for (const [index, part] of patternSegments.entries()) {
    if (part === '*') return score;
    const segment = segments[index];
    if (part.startsWith(':')) {
      if (segment === undefined && !part.endsWith('?')) return -1;
      continue;
    }
    if (segment === undefined || segment !== part) return -1;
    score += 1;
  }
  return segments.length <= patternSegments.length ? score : -1;
}

/** The route of a pathname, the most specific pattern winning (the first on a tie). */
export function matchRoute<Route extends { path: string }>(routes: Route[], pathname: string) {
  let best: Route | undefined;
  let bestScore = -1;
  for (const route of routes) {
    const score = matchScore(route.path, pathname);
    if (score > bestScore) [best, bestScore] = [route, score];
  }
  return best;
}

type Page = { html: string; br: Buffer; gzip: Buffer };

function compressedPage(html: string): Page {
  return {
    html,
    br: brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(html, { level: 9 }),
  };
}

/** JSON inside `<script>`: `<` escaped, so no string in it can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * index.html naming the matched page's chunks (and, for someone signed in, the session's code), so
 * the browser fetches them with the shell rather than after the shell has run and the router has
 * asked for them (one round trip and a queue fewer), and carrying the web config as a JSON data block
 * (`<script type="application/json">` is never run, so the CSP's `script-src 'self'` holds), so the
 * session does not wait a round trip for `/web/config` before it can refresh its tokens.
 */
export function pageHtml(
  indexHtml: string,
  webConfig: WebConfig,
  scripts: string[],
  styles: string[],
): string {
  const head = [
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
    `<script type="application/json" id="${webConfigElementId}">${scriptJson(webConfig)}</script>`,
  ];
  return indexHtml.replace('</head>', `  ${head.join('\n    ')}\n  </head>`);
}

function readJson<T>(webDistDir: string, name: string, fallback: T): T {
  const file = path.join(webDistDir, '.vite', name);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : fallback;
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
export const webAppPlugin = fp<{ config: Pick<Config, 'webDistDir'>; webConfig: WebConfig }>(
  async (app, { config, webConfig }) => {
    const built = existsSync(path.join(config.webDistDir, 'index.html'));
    const routes = built ? readJson<RoutePreload[]>(config.webDistDir, 'route-preloads.json', []) : [];
    const session = readJson<SessionPreload>(config.webDistDir, 'session-preloads.json', { scripts: [] });
    const indexHtml = built ? readFileSync(path.join(config.webDistDir, 'index.html'), 'utf8') : '';
    // One page per route pattern and session state, built and compressed on first use: a build is
    // immutable while served.
    const pages = new Map<string, Page>();
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
      const route = matchRoute(routes, request.url.split('?', 1)[0] ?? '/') ?? noRoute;
      const signedIn = hasAccessCookie(request);
      const key = `${route.path} ${signedIn}`;
      let page = pages.get(key);
      if (!page) {
        // The session's code after the page's: a signed-in page load refreshes the tokens and loads
        // the user with it before the page can be shown (SPEC §4).
        const scripts = [...new Set([...route.scripts, ...(signedIn ? session.scripts : [])])];
        page = compressedPage(pageHtml(indexHtml, webConfig, scripts, route.styles));
        pages.set(key, page);
      }
      const accepted = request.headers['accept-encoding'] ?? '';
      const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
      // The HTML differs by the session cookie (the session's code named or not).
      reply.header('cache-control', revalidateCache).header('vary', 'accept-encoding, cookie');
      reply.type('text/html; charset=utf-8');
      if (!encoding) return reply.send(page.html);
      return reply.header('content-encoding', encoding).send(page[encoding]);
    });
  },
  { name: 'web-app', fastify: '5.x' },
);
