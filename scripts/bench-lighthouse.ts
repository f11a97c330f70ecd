/**
 * `pnpm bench lighthouse`: Lighthouse (mobile profile, its default simulated throttling) on the four
 * pages issue 22 names — home, a services list, a carer's client page and the provider's request
 * grid — served by `pnpm start`'s production server. The signed-in pages are audited as the demo
 * carer and the demo provider's administrator: their tokens (a password grant, fresh for every run)
 * are put into the browser's cookies, where the web app keeps them, before Lighthouse loads the page;
 * Lighthouse's storage reset leaves cookies alone and clears the caches.
 *
 * The server is `node scripts/start.ts` (which builds the web app first when its build is stale) with
 * NODE_ENV=production on a free port, an embedded PostgreSQL in a temporary DATA_DIR and the demo
 * seed. It is measured the way it is deployed (docker-compose.prod.yml): behind a TLS-terminating
 * reverse proxy that speaks HTTP/2 to browsers — here a small Node one (`node:http2`, a self-signed
 * certificate made with `openssl` for the run) that PUBLIC_URL names. The same pages are also
 * measured straight from the server over plain HTTP/1.1, as a reference without a target: there a
 * browser opens at most six connections, so every extra file of a page costs a round trip.
 * Chromium (CHROME_PATH, default /usr/bin/chromium) runs headless with a DevTools port and a
 * throwaway profile. Every page is audited BENCH_LIGHTHOUSE_RUNS times (default 3) per transport
 * (BENCH_LIGHTHOUSE_REFERENCE=off leaves the HTTP/1.1 reference out); the
 * run with the median performance score is reported, as Lighthouse's own guidance suggests for a
 * noisy metric. Printed: performance, accessibility and best-practices scores per page against the
 * targets (≥ 95, 100, ≥ 95), the metrics, and the failing audits of every missed category. The
 * HTML and JSON reports stay in a temporary directory whose path is printed.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import lighthouse, { type Result } from 'lighthouse';
import {
  answers,
  type BenchAccount,
  type BenchTokens,
  benchAccessToken,
  benchTokens,
  exited,
  freePort,
} from './bench-support.ts';
import { chromiumArgs, chromiumPath } from './chromium.ts';

const root = path.resolve(import.meta.dirname, '..');
const readyTimeoutMs = 300_000;
const runs = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));

/** Demo accounts of the seed (README "Demo accounts"). */
const demoCarer: BenchAccount = { email: 'klient@opora.test', password: 'Opora2026!' };
const demoProviderAdmin: BenchAccount = { email: 'poskytovatel@opora.test', password: 'Opora2026!' };

interface BenchPage {
  label: string;
  /** The page's path, or how to find it with the server's API (`origin`) as `account`. */
  path: string | ((origin: string, account: BenchAccount) => Promise<string>);
  /** Signed in as this account; signed out without one. */
  account?: BenchAccount;
}

/** The page of the account's first client. */
async function firstClientPage(origin: string, account: BenchAccount): Promise<string> {
  const response = await fetch(`${origin}/api/v1/web/clients/my-enum`, {
    headers: { authorization: `Bearer ${await benchAccessToken(origin, account)}` },
  });
  const body = (await response.json()) as { id: string }[] | { items: { id: string }[] };
  const id = (Array.isArray(body) ? body : body.items)[0]?.id;
  if (!response.ok || !id) throw new Error(`${account.email} has no client (${response.status})`);
  return `/dashboard/client/${id}`;
}

const pages: BenchPage[] = [
  { label: 'home', path: '/' },
  { label: 'services list (South Moravia)', path: '/anon-new-client/services/list/CZ064' },
  { label: 'client page (demo carer)', path: firstClientPage, account: demoCarer },
  { label: 'provider grid (demo administrator)', path: '/provider/requests', account: demoProviderAdmin },
];

/** The web app's token cookies (contracts' `cookieNames`). */
const tokenCookies = { access_token: 'access_token', refresh_token: 'refresh_token' } as const;

/** One DevTools command to the browser itself (not a tab), over its WebSocket. */
async function browserCommand(port: number, method: string, params: object): Promise<void> {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  try {
    await new Promise((resolve, reject) => {
      socket.onopen = resolve;
      socket.onerror = reject;
    });
    await new Promise<void>((resolve, reject) => {
      socket.onmessage = (event) => {
        const message = JSON.parse(String(event.data)) as { id: number; error?: { message: string } };
        if (message.id !== 1) return;
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve();
      };
      socket.send(JSON.stringify({ id: 1, method, params }));
    });
  } finally {
    socket.close();
  }
}

/** The browser signed in with `tokens` on `url`'s site, or signed out without them. */
async function signInBrowser(port: number, url: string, tokens: BenchTokens | null): Promise<void> {
  await browserCommand(port, 'Storage.clearCookies', {});
  if (!tokens) return;
  await browserCommand(port, 'Storage.setCookies', {
    cookies: Object.entries(tokenCookies).map(([field, name]) => ({
      name,
      value: tokens[field as keyof BenchTokens],
      url,
      path: '/',
      sameSite: 'Lax',
    })),
  });
}

const categories = ['performance', 'accessibility', 'best-practices'] as const;
type Category = (typeof categories)[number];
const targets: Record<Category, number> = { performance: 95, accessibility: 100, 'best-practices': 95 };
const metricAudits = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

const chromeFlags = [
  '--headless=new',
  ...chromiumArgs,
  // The proxy's certificate is self-signed for the run.
  '--ignore-certificate-errors',
];

interface Running {
  child: ChildProcess;
  stop: () => Promise<void>;
}

function launch(command: string, args: string[], env: NodeJS.ProcessEnv, cwd = root) {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const running: Running = {
    child,
    stop: async () => {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
  return { running, stderr: () => stderr };
}

async function waitUntil(url: string, what: string, process: ReturnType<typeof launch>): Promise<void> {
  const started = performance.now();
  while (!(await answers(url))) {
    if (process.running.child.exitCode !== null) {
      throw new Error(`${what} exited with ${process.running.child.exitCode}:\n${process.stderr()}`);
    }
    if (performance.now() - started > readyTimeoutMs) {
      await process.running.stop();
      throw new Error(`${what} was not ready within ${readyTimeoutMs} ms:\n${process.stderr()}`);
    }
    await sleep(100);
  }
}

/**
 * `pnpm start` as a newcomer runs it, in production mode, with demo data in a temporary DATA_DIR;
 * `publicUrl` is where browsers reach it (the proxy's address).
 */
async function startServer(dataDir: string, publicUrl: string): Promise<{ origin: string; server: Running }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'IDENTITY_URL', 'IDENTITY_INTERNAL_URL', 'SMTP_URL']) {
    delete env[name];
  }
  Object.assign(env, {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: publicUrl,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    IDENTITY_ADMIN_CLIENT_SECRET: randomBytes(24).toString('hex'),
    TEST_GATEWAY_SECRET: randomBytes(24).toString('hex'),
    LOG_LEVEL: 'warn',
  });
  const started = launch(process.execPath, [path.join(root, 'scripts/start.ts')], env);
  await waitUntil(`${origin}/api/ready`, 'the server', started);
  return { origin, server: started.running };
}

/** Headers of one connection, which HTTP/2 forbids (RFC 9113 §8.2.2) and a proxy never forwards. */
const hopByHop = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade'];

/**
 * A TLS-terminating reverse proxy in front of `upstream`, as production has one: HTTP/2 to browsers
 * (HTTP/1.1 to clients that ask for it), HTTP/1.1 with keep-alive to the server, bodies streamed both
 * ways, X-Forwarded-* set. Its certificate is self-signed for this run (Chromium is told to accept it).
 */
async function startTlsProxy(
  port: number,
  upstream: string,
  certDir: string,
): Promise<{ stop: () => Promise<void> }> {
  const keyFile = path.join(certDir, 'key.pem');
  const certFile = path.join(certDir, 'cert.pem');
  await promisify(execFile)('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-keyout',
    keyFile,
    '-out',
    certFile,
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1,DNS:localhost',
  ]);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http2.createSecureServer(
    { key: await readFile(keyFile), cert: await readFile(certFile), allowHTTP1: true },
    (request, response) => {
      const headers: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (!name.startsWith(':') && !hopByHop.includes(name)) headers[name] = value;
      }
      const host = request.headers[':authority'] ?? request.headers.host;
      Object.assign(headers, {
        host,
        'x-forwarded-host': host,
        'x-forwarded-proto': 'https',
        'x-forwarded-for': request.socket.remoteAddress,
      });
      const forwarded = http.request(
        new URL(request.url, upstream),
        { method: request.method, headers, agent },
        (answer) => {
          for (const name of hopByHop) delete answer.headers[name];
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      forwarded.on('error', () => {
        if (!response.headersSent) response.writeHead(502);
        response.end();
      });
      request.pipe(forwarded);
    },
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    stop: async () => {
      agent.destroy();
      // Open HTTP/2 sessions would keep close() waiting; Chromium is gone by now anyway.
      await Promise.race([new Promise((resolve) => server.close(resolve)), sleep(2000)]);
    },
  };
}

async function startChromium(profileDir: string): Promise<{ port: number; chromium: Running }> {
  const port = await freePort();
  const started = launch(
    chromiumPath,
    [...chromeFlags, `--remote-debugging-port=${port}`, `--user-data-dir=${profileDir}`, 'about:blank'],
    process.env,
  );
  await waitUntil(`http://127.0.0.1:${port}/json/version`, 'Chromium', started);
  return { port, chromium: started.running };
}

const score = (result: Result, category: Category) =>
  Math.round((result.categories[category]?.score ?? 0) * 100);

/** Audits of a category that lost points, the costliest first. */
function failingAudits(result: Result, category: Category): string[] {
  const refs = result.categories[category]?.auditRefs ?? [];
  const lines: [cost: number, line: string][] = [];
  for (const ref of refs) {
    const audit = result.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 1) continue;
    if (audit.scoreDisplayMode === 'notApplicable' || audit.scoreDisplayMode === 'informative') continue;
    // Unweighted performance audits (insights, diagnostics) matter only when clearly failing.
    if (ref.weight === 0 && audit.score >= 0.9) continue;
    const cost = ref.weight * (1 - audit.score) + (1 - audit.score) / 100;
    const value = audit.displayValue ? ` — ${audit.displayValue}` : '';
    lines.push([
      cost,
      `${audit.id} (score ${audit.score.toFixed(2)}, weight ${ref.weight}): ${audit.title}${value}`,
    ]);
  }
  return lines
    .sort((a, b) => b[0] - a[0])
    .slice(0, 8)
    .map(([, line]) => line);
}

function metricsLine(result: Result): string {
  return metricAudits
    .map((id) => {
      const audit = result.audits[id];
      return audit ? `${audit.title} ${audit.displayValue ?? '?'}` : undefined;
    })
    .filter((text) => text !== undefined)
    .join(' · ');
}

/** One Lighthouse run; a run that fails to record (NO_NAVSTART and the like happen) is retried twice. */
async function audit(url: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    const outcome = await lighthouse(url, {
      port,
      hostname: '127.0.0.1',
      logLevel: 'error',
      output: ['html', 'json'],
      onlyCategories: [...categories],
    });
    if (!outcome) throw new Error(`Lighthouse returned nothing for ${url}`);
    const error = outcome.lhr.runtimeError;
    if (!error) return outcome;
    if (attempt === 3) throw new Error(`Lighthouse failed on ${url}: ${error.message}`);
    process.stdout.write(`(${error.code}, again) `);
  }
}

interface Transport {
  label: string;
  origin: string;
  /** Whether the targets apply (the deployed transport) or the figures are a reference only. */
  target: boolean;
}

interface Reported {
  label: string;
  url: string;
  target: boolean;
  result: Result;
  performanceScores: number[];
}

export async function benchLighthouse(): Promise<void> {
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'opora-bench-lighthouse-'));
  const reportDir = path.join(
    os.tmpdir(),
    `opora-lighthouse-${new Date().toISOString().replace(/[:.]/g, '-')}`,
  );
  await mkdir(reportDir, { recursive: true });
  let server: Running | undefined;
  let proxy: { stop: () => Promise<void> } | undefined;
  let chromium: Running | undefined;
  try {
    const proxyPort = await freePort();
    const publicOrigin = `https://127.0.0.1:${proxyPort}`;
    console.log('Starting `pnpm start` (NODE_ENV=production, embedded PostgreSQL, demo data)…');
    const started = await startServer(path.join(tempDir, 'data'), publicOrigin);
    server = started.server;
    proxy = await startTlsProxy(proxyPort, started.origin, tempDir);
    const browser = await startChromium(path.join(tempDir, 'chromium-profile'));
    chromium = browser.chromium;

    const transports: Transport[] = [
      { label: 'HTTPS, HTTP/2 proxy', origin: publicOrigin, target: true },
      { label: 'HTTP/1.1 direct', origin: started.origin, target: false },
    ].filter((transport) => transport.target || process.env.BENCH_LIGHTHOUSE_REFERENCE !== 'off');
    const paths = await Promise.all(
      pages.map(async ({ label, path: pagePath, account }) => {
        if (typeof pagePath === 'string') return pagePath;
        if (!account) throw new Error(`${label}: a path found through the API needs an account`);
        return await pagePath(started.origin, account);
      }),
    );
    const reported: Reported[] = [];
    for (const transport of transports) {
      for (const [index, { label: page, account }] of pages.entries()) {
        const label = `${page}, ${transport.label}`;
        const url = `${transport.origin}${paths[index]}`;
        const results: Result[] = [];
        for (let run = 1; run <= runs; run++) {
          process.stdout.write(`  ${label}: run ${run}/${runs}… `);
          const tokens = account ? await benchTokens(started.origin, account) : null;
          await signInBrowser(browser.port, url, tokens);
          const outcome = await audit(url, browser.port);
          const result = outcome.lhr;
          const [html, json] = outcome.report as string[];
          const base = path.join(
            reportDir,
            `${page.split(' ')[0]}-${index}-${transport.target ? 'https' : 'http1'}-${run}`,
          );
          await writeFile(`${base}.html`, html ?? '');
          await writeFile(`${base}.json`, json ?? '');
          console.log(categories.map((category) => `${category} ${score(result, category)}`).join(', '));
          results.push(result);
        }
        const byPerformance = results.toSorted((a, b) => score(a, 'performance') - score(b, 'performance'));
        const median = byPerformance[Math.floor((byPerformance.length - 1) / 2)] ?? byPerformance[0];
        if (median) {
          reported.push({
            label,
            url,
            target: transport.target,
            result: median,
            performanceScores: results.map((result) => score(result, 'performance')),
          });
        }
      }
    }

    const first = reported[0]?.result;
    console.log(
      `\nLighthouse ${first?.lighthouseVersion ?? ''}, mobile profile (simulated slow 4G, 4× CPU), ` +
        `Chromium ${first?.environment.hostUserAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? ''}, ` +
        `median of ${runs} run(s) by performance; targets apply to the deployed transport ` +
        '(HTTPS with HTTP/2), the direct HTTP/1.1 rows are a reference\n',
    );
    const width = 58;
    console.log(
      `${'page'.padEnd(width)}${categories.map((category) => `${category} (≥ ${targets[category]})`.padStart(22)).join('')}`,
    );
    let missed = 0;
    for (const { label, target, result } of reported) {
      const cells = categories.map((category) => {
        const value = score(result, category);
        const pass = value >= targets[category];
        if (target && !pass) missed++;
        return `${value} ${target ? (pass ? 'PASS' : 'FAIL') : 'ref.'}`.padStart(22);
      });
      console.log(`${label.padEnd(width)}${cells.join('')}`);
    }
    console.log(`\n${missed} score(s) below target. Reports: ${reportDir}`);

    for (const { label, url, target, result, performanceScores } of reported) {
      console.log(`\n── ${label}: ${url}`);
      console.log(`   performance of every run: ${performanceScores.join(', ')}`);
      console.log(`   ${metricsLine(result)}`);
      for (const category of categories) {
        if (score(result, category) >= targets[category]) continue;
        console.log(
          `   ${category} ${score(result, category)} < ${targets[category]}${target ? '' : ' (reference)'}; audits losing points:`,
        );
        for (const line of failingAudits(result, category)) console.log(`     - ${line}`);
      }
    }
  } finally {
    await chromium?.stop();
    await proxy?.stop();
    await server?.stop();
    await rm(tempDir, { recursive: true, force: true });
  }
}
