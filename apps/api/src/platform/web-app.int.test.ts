import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { createTestDatabase, type TestDatabase } from '@opora/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { testConfig } from '../testing/test-app.ts';
import { matchRoute, matchScore, pageHtml } from './web-app.ts';

let database: TestDatabase;
let distDir: string;
let app: App;

const indexHtml =
  '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd.js"></script></head><body><div id="root"></div></body></html>';
const routePreloads = [
  {
    path: '/anon-new-client/services/list/:regionCode',
    scripts: ['assets/list-page-Aa11.js', 'assets/Card-Bb22.js'],
    styles: ['assets/list-page-Cc33.css'],
  },
  {
    path: '/anon-new-client/services/:serviceId/:regionCode?',
    scripts: ['assets/detail-Dd44.js'],
    styles: [],
  },
];
const sessionPreloads = { scripts: ['assets/session-runtime-Ee55.js', 'assets/operations-Ff66.js'] };
const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

/** What the server adds to index.html's head: preload links and the web config's data block. */
const headAdditions =
  /\s*(<link rel="(module)?preload"[^>]*>|<script type="application\/json" id="opora-web-config">[^<]*<\/script>)\s*/g;

/** The page as the build wrote it, without what the server adds. */
function asBuilt(body: string): string {
  return body.replace(headAdditions, '');
}

beforeAll(async () => {
  database = await createTestDatabase();
  distDir = await mkdtemp(path.join(os.tmpdir(), 'opora-web-dist-'));
  await mkdir(path.join(distDir, 'assets'));
  await writeFile(path.join(distDir, 'index.html'), indexHtml);
  await writeFile(path.join(distDir, 'assets', 'index-Ab12Cd.js'), 'console.log("opora");');
  // What the build's precompress step writes beside a file (apps/web/vite.config.ts).
  await writeFile(
    path.join(distDir, 'assets', 'index-Ab12Cd.js.br'),
    brotliCompressSync('console.log("opora");'),
  );
  // What the build writes for each page path (apps/web/vite.config.ts `routePreloads`).
  await mkdir(path.join(distDir, '.vite'));
  await writeFile(path.join(distDir, '.vite', 'route-preloads.json'), JSON.stringify(routePreloads));
  await writeFile(path.join(distDir, '.vite', 'session-preloads.json'), JSON.stringify(sessionPreloads));
  await writeFile(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = await buildApp({ config: testConfig({ WEB_DIST_DIR: distDir }), db: database.db });
});

afterAll(async () => {
  await app.close();
  await database.close();
  await rm(distDir, { recursive: true, force: true });
});

describe('built web app', () => {
  it('serves index.html at / without long-lived caching', async () => {
    const response = await app.inject({ method: 'GET', url: '/', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(asBuilt(response.body)).toBe(indexHtml);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('serves hashed assets as immutable for a year', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-Ab12Cd.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the precompressed file to a browser that accepts Brotli, the plain one otherwise', async () => {
    const compressed = await app.inject({
      method: 'GET',
      url: '/assets/index-Ab12Cd.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toContain('accept-encoding');
    expect(compressed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log("opora");');

    const plain = await app.inject({
      method: 'GET',
      url: '/assets/index-Ab12Cd.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("opora");');
  });

  it('revalidates unhashed files at the root', async () => {
    const response = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers any other page navigation with index.html so the app routes it', async () => {
    for (const url of ['/contact', '/dashboard/client/42?tab=details', '/en/no-such-page']) {
      const response = await app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(asBuilt(response.body), url).toBe(indexHtml);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers a page path with the app for clients that accept anything, like curl', async () => {
    for (const headers of [{ accept: '*/*' }, {}, { accept: 'text/plain, */*;q=0.1' }]) {
      for (const url of ['/', '/contact', '/dashboard/client/42']) {
        const response = await app.inject({ method: 'GET', url, headers });
        expect(response.statusCode, `${url} ${headers.accept}`).toBe(200);
        expect(response.headers['content-type'], url).toMatch(/^text\/html/);
        expect(asBuilt(response.body), url).toBe(indexHtml);
      }
    }
  });

  it('answers a request that asks for JSON only with the JSON 404', async () => {
    for (const accept of ['application/json', 'application/problem+json, application/json;q=0.9']) {
      for (const url of ['/', '/contact']) {
        const response = await app.inject({ method: 'GET', url, headers: { accept } });
        expect(response.statusCode, `${url} ${accept}`).toBe(404);
        expect(response.json(), url).toMatchObject({ code: 'RouteNotFound' });
      }
    }
    const both = await app.inject({
      method: 'GET',
      url: '/contact',
      headers: { accept: 'application/json, text/html;q=0.5' },
    });
    expect(both.statusCode).toBe(200);
    expect(asBuilt(both.body)).toBe(indexHtml);
  });

  it("names the matched page's chunks in the HTML so they download beside the shell", async () => {
    const list = await app.inject({
      method: 'GET',
      url: '/anon-new-client/services/list/CZ064?page=2',
      headers: { ...html, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toMatch(/^text\/html/);
    expect(list.headers['cache-control']).toBe('no-cache');
    expect(list.headers['content-encoding']).toBe('br');
    expect(list.headers.vary).toContain('accept-encoding');
    const body = brotliDecompressSync(list.rawPayload).toString();
    expect(body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/list-page-Aa11.js">\n    <link rel="modulepreload" crossorigin href="/assets/Card-Bb22.js">',
    );
    expect(body).toContain('<link rel="preload" as="style" crossorigin href="/assets/list-page-Cc33.css">');
    expect(asBuilt(body)).toBe(indexHtml);

    const detail = await app.inject({
      method: 'GET',
      url: '/anon-new-client/services/4f6c8c1e-0000-4000-8000-000000000000',
      headers: { ...html, 'accept-encoding': 'identity' },
    });
    expect(detail.headers['content-encoding']).toBeUndefined();
    expect(detail.body).toContain('href="/assets/detail-Dd44.js"');
    expect(detail.body).not.toContain('list-page');
  });

  it("carries the web config's answer in every page, as a JSON block the CSP does not run", async () => {
    const config = await app.inject({ method: 'GET', url: '/api/v1/web/config' });
    for (const url of ['/', '/anon-new-client/services/list/CZ064', '/no-such-page']) {
      const response = await app.inject({ method: 'GET', url, headers: html });
      const block =
        /<script type="application\/json" id="opora-web-config">([^<]*)<\/script>\s*<\/head>/.exec(
          response.body,
        );
      expect(block, url).not.toBeNull();
      expect(JSON.parse(block?.[1] ?? ''), url).toEqual(config.json());
      expect(String(response.headers['content-security-policy']).split(';'), url).toContain(
        "script-src 'self'",
      );
    }
  });

  it('writes the config so that no text in it can close the script element', () => {
    const page = pageHtml(
      indexHtml,
      {
        appVersion: '</script><script>alert(1)</script>',
        identity: { url: null, realm: 'opora', clientId: 'web' },
        images: { proxyBase: '/api/v1/images', sourceBase: null },
        locales: ['cs'],
        defaultLocale: 'cs',
      },
      [],
      [],
    );
    expect(page.match(/<\/script>/g)).toHaveLength(2);
    const block = /id="opora-web-config">([^<]*)<\/script>/.exec(page)?.[1] ?? '';
    expect(JSON.parse(block).appVersion).toBe('</script><script>alert(1)</script>');
  });

  it("names the session's code too when the request carries the access token cookie", async () => {
    const session = '<link rel="modulepreload" crossorigin href="/assets/session-runtime-Ee55.js">';
    const guest = await app.inject({ method: 'GET', url: '/dashboard/client/42', headers: html });
    expect(guest.body).not.toContain('session-runtime');
    expect(guest.headers.vary).toContain('cookie');
    const cookies = ['access_token=eyJ.a.b; refresh_token=r', 'lang=cs;  access_token=eyJ.a.b'];
    for (const cookie of cookies) {
      const signedIn = await app.inject({ method: 'GET', url: '/', headers: { ...html, cookie } });
      expect(signedIn.body, cookie).toContain(session);
      expect(signedIn.body, cookie).toContain('href="/assets/operations-Ff66.js"');
      expect(asBuilt(signedIn.body), cookie).toBe(indexHtml);
    }
    const list = await app.inject({
      method: 'GET',
      url: '/anon-new-client/services/list/CZ064',
      headers: { ...html, cookie: 'access_token=eyJ.a.b' },
    });
    // The page's code first: the shell asks for it at once, the session's after a token check.
    expect(list.body.indexOf('list-page-Aa11.js')).toBeLessThan(list.body.indexOf('session-runtime'));
    const emptied = await app.inject({
      method: 'GET',
      url: '/',
      headers: { ...html, cookie: 'access_token=' },
    });
    expect(emptied.body).not.toContain('session-runtime');
  });

  it('matches paths as React Router ranks them', () => {
    expect(matchScore('/', '/')).toBe(0);
    expect(matchScore('/', '/contact')).toBe(-1);
    expect(matchScore('/a/:b', '/a')).toBe(-1);
    expect(matchScore('/a/:b?', '/a')).toBe(1);
    expect(matchScore('/a/:b?', '/a/x/y')).toBe(-1);
    expect(matchScore('/a/*', '/a/x/y')).toBe(1);
    expect(matchRoute(routePreloads, '/anon-new-client/services/list/CZ064')?.scripts).toEqual(
      routePreloads[0]?.scripts,
    );
    expect(matchRoute(routePreloads, '/anon-new-client/services/42/CZ064')?.scripts).toEqual(
      routePreloads[1]?.scripts,
    );
    expect(matchRoute(routePreloads, '/anon-new-client/services/42/CZ064/extra')).toBeUndefined();
  });

  it('never falls back to the app for API or identity paths, or for non-HTML requests', async () => {
    for (const url of ['/api/nope', '/api', '/realms/opora/nope']) {
      const response = await app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ code: 'RouteNotFound' });
    }
    for (const url of ['/assets/old-Zz99.js', '/robots.txt', '/icons/missing.png']) {
      const missingFile = await app.inject({ method: 'GET', url, headers: { accept: '*/*' } });
      expect(missingFile.statusCode, url).toBe(404);
      expect(missingFile.json(), url).toMatchObject({ code: 'RouteNotFound' });
    }
    const api = await app.inject({ method: 'GET', url: '/api/nope', headers: { accept: '*/*' } });
    expect(api.json()).toMatchObject({ code: 'RouteNotFound' });
    const post = await app.inject({ method: 'POST', url: '/contact', headers: html });
    expect(post.statusCode).toBe(404);
  });
});

describe('web app not built', () => {
  it('answers / with a 503 page that says how to build it', async () => {
    const unbuilt = await buildApp({ config: testConfig(), db: database.db });
    const response = await unbuilt.inject({ method: 'GET', url: '/', headers: html });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('pnpm build');
    const curl = await unbuilt.inject({ method: 'GET', url: '/', headers: { accept: '*/*' } });
    expect(curl.statusCode).toBe(503);
    expect(curl.body).toContain('pnpm build');
    const json = await unbuilt.inject({ method: 'GET', url: '/', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(404);
    const api = await unbuilt.inject({ method: 'GET', url: '/api/health' });
    expect(api.statusCode).toBe(200);
    await unbuilt.close();
  });
});
