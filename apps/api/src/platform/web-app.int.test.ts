import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { createTestDatabase, type TestDatabase } from '@opora/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { testConfig } from '../testing/test-app.ts';

let database: TestDatabase;
let distDir: string;
let app: App;

const indexHtml =
  '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd.js"></script></head><body><div id="root"></div></body></html>';
const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

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
    expect(response.body).toBe(indexHtml);
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
      expect(response.body, url).toBe(indexHtml);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('never falls back to the app for API or identity paths, or for non-HTML requests', async () => {
    for (const url of ['/api/nope', '/api', '/realms/opora/nope']) {
      const response = await app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ code: 'RouteNotFound' });
    }
    const missingAsset = await app.inject({
      method: 'GET',
      url: '/assets/old-Zz99.js',
      headers: { accept: '*/*' },
    });
    expect(missingAsset.statusCode).toBe(404);
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
    const api = await unbuilt.inject({ method: 'GET', url: '/api/health' });
    expect(api.statusCode).toBe(200);
    await unbuilt.close();
  });
});
