/**
 * `pnpm bench catalogue`: the public catalogue API over a large catalogue, measured in one run
 * against `GET /api/health` of the same server.
 *
 *   1. A database of its own (embedded PostgreSQL in a temporary directory, or a new database on
 *      `DATABASE_URL`'s server, dropped afterwards; never the development database), migrated,
 *      reference data seeded, then 20,000 facilities and 100,000 services over all 156 counties
 *      generated in SQL (packages/db/src/bench), vacuumed and analyzed.
 *   2. The SQL the API runs for a county list, a region list and a detail, captured from an
 *      in-process app (`inject`, the pool's queries recorded), then `EXPLAIN (ANALYZE, BUFFERS)`.
 *   3. `node apps/api/src/server.ts` with NODE_ENV=production on that database (rate limit lifted,
 *      log level as production's default unless BENCH_LOG_LEVEL says otherwise), and autocannon
 *      with 50 connections: a warm-up (one pass over the endpoint's URLs, then 3 s), then 10 s per
 *      endpoint. Lists and details rotate over many URLs (every county × six filters, 22 regions ×
 *      six filters, 1,000 active services). SQL/req shows how many requests still reached PostgreSQL.
 *
 * Printed: requests/s (2xx only), p50 and p99 latency, the ratio to /api/health (mean of the runs
 * before and after), non-2xx and connection errors, and PASS/FAIL against ratio ≥ 0.5 and
 * p99 ≤ 20 ms. Figures are printed, never asserted.
 *
 * The suite runs twice: the API as configured (guest response cache on), then with
 * CATALOGUE_CACHE_SECONDS=0, so every request runs its SQL — the figure the database path earns.
 *
 * Environment: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50), BENCH_LOG_LEVEL,
 * BENCH_CACHE (`on,off` default; `on` or `off` for one suite), BENCH_FACILITIES / BENCH_SERVICES
 * (default 20000 / 100000), DATABASE_URL (see 1).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { type BenchServer, startProductionApi } from './bench-support.ts';

const root = path.resolve(import.meta.dirname, '..');
const readyTimeoutMs = 120_000;
const warmUpSeconds = 3;
const measureSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const logLevel = process.env.BENCH_LOG_LEVEL ?? 'info';
const targetRatio = 0.5;
const targetP99Ms = 20;
const detailSampleSize = 1000;
/** `on`: the API as configured (guest response cache); `off`: CATALOGUE_CACHE_SECONDS=0. */
const cacheModes = (process.env.BENCH_CACHE ?? 'on,off').split(',');

// The modules below belong to other TypeScript projects (packages/db, apps/api); they are imported
// by URL and typed here by what this script uses.
interface BenchDbModule {
  openBenchDatabase(options: {
    databaseUrl?: string | undefined;
    tempDir: string;
  }): Promise<{ url: string; description: string; close: () => Promise<void> }>;
  generateBenchCatalogue(
    url: string,
    options?: { facilities?: number; services?: number },
  ): Promise<Record<string, number>>;
  explainAnalyze(url: string, text: string, values?: readonly unknown[]): Promise<string>;
  queryRows<T>(url: string, text: string, values?: readonly unknown[]): Promise<T[]>;
}

interface PgClientLike {
  query: (...args: unknown[]) => unknown;
}

interface DbModule {
  createDb(
    url: string,
    options?: { max?: number; applicationName?: string },
  ): {
    db: unknown;
    pool: { on(event: 'connect', listener: (client: PgClientLike) => void): void };
    close: () => Promise<void>;
  };
}

interface InjectResponse {
  statusCode: number;
  body: string;
}

interface ApiModules {
  buildApp(options: { config: unknown; db: unknown }): Promise<{
    inject(options: { method: 'GET'; url: string }): Promise<InjectResponse>;
    close(): Promise<unknown>;
  }>;
  loadConfig(env: NodeJS.ProcessEnv): unknown;
}

const importByPath = <T>(relative: string) =>
  import(pathToFileURL(path.join(root, relative)).href) as Promise<T>;

interface Samples {
  counties: string[];
  regions: string[];
  healthCategoryId: string;
  homeCareTypeId: string;
  serviceIds: string[];
}

async function readSamples(dbModule: BenchDbModule, url: string): Promise<Samples> {
  const counties = await dbModule.queryRows<{ code: string }>(url, 'select code from counties order by code');
  const regions = await dbModule.queryRows<{ code: string }>(url, 'select code from regions order by code');
  const [health] = await dbModule.queryRows<{ id: string }>(
    url,
    "select id from service_categories where code = 'health'",
  );
  const [homeCare] = await dbModule.queryRows<{ id: string }>(
    url,
    "select id from service_types where code = 'home-care-service'",
  );
  // A fixed pseudo-random sample of active services across the whole catalogue.
  const services = await dbModule.queryRows<{ id: string }>(
    url,
    "select id from facility_services where status = 'active' order by md5(id::text) limit $1",
    [detailSampleSize],
  );
  if (!health || !homeCare) throw new Error('reference data is missing the health category or home care');
  return {
    counties: counties.map((row) => row.code),
    regions: regions.map((row) => row.code),
    healthCategoryId: health.id,
    homeCareTypeId: homeCare.id,
    serviceIds: services.map((row) => row.id),
  };
}

/** The filters a visitor combines with an area: none, a form, a category, a type, a sort, page 2. */
function listFilters(samples: Samples): string[] {
  return [
    '',
    '&form=field',
    `&categoryId=${samples.healthCategoryId}`,
    `&serviceTypeId=${samples.homeCareTypeId}`,
    '&sort=price',
    '&page=2',
  ];
}

/** Area × filter, interleaved so that consecutive requests hit different areas. */
function listPaths(parameter: 'countyCode' | 'regionCode', codes: string[], filters: string[]): string[] {
  return filters.flatMap((filter) =>
    codes.map((code) => `/api/v1/web/services?${parameter}=${code}${filter}`),
  );
}

const randomUuidLike = () => `00000000-0000-4000-8000-${randomBytes(6).toString('hex')}`;

interface CapturedQuery {
  text: string;
  values: unknown[];
}

/**
 * Builds the app in this process on the bench database, records every statement its pool runs while
 * it answers each path, and returns `EXPLAIN (ANALYZE, BUFFERS)` of them.
 */
async function explainPaths(
  dbModule: BenchDbModule,
  url: string,
  paths: [label: string, path: string][],
): Promise<string[]> {
  const [{ buildApp }, { loadConfig }, { createDb }] = await Promise.all([
    importByPath<Pick<ApiModules, 'buildApp'>>('apps/api/src/app.ts'),
    importByPath<Pick<ApiModules, 'loadConfig'>>('apps/api/src/platform/config.ts'),
    importByPath<DbModule>('packages/db/src/index.ts'),
  ]);
  let recorded: CapturedQuery[] = [];
  const handle = createDb(url, { max: 2, applicationName: 'opora-bench-explain' });
  handle.pool.on('connect', (client) => {
    const query = client.query.bind(client);
    client.query = (...args: unknown[]) => {
      const [first, second] = args;
      if (typeof first === 'string')
        recorded.push({ text: first, values: Array.isArray(second) ? second : [] });
      else if (first && typeof first === 'object' && 'text' in first) {
        const config = first as { text: string; values?: unknown[] };
        recorded.push({ text: config.text, values: config.values ?? (Array.isArray(second) ? second : []) });
      }
      return query(...args);
    };
  });
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: url,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    RATE_LIMIT_MAX: '1000000000',
    IDENTITY_ADMIN_CLIENT_SECRET: randomBytes(24).toString('hex'),
    WEB_DIST_DIR: path.join(os.tmpdir(), 'opora-bench-no-web-build'),
    CATALOGUE_CACHE_SECONDS: '0',
  });
  const app = await buildApp({ config, db: handle.db });
  const sections: string[] = [];
  try {
    // The first request loads what the app loads lazily (signing keys, taxonomy); not what we look at.
    await app.inject({ method: 'GET', url: '/api/v1/web/services?countyCode=CZ0201&pageSize=1' });
    await app.inject({ method: 'GET', url: `/api/v1/web/services/${randomUuidLike()}` });
    for (const [label, requestPath] of paths) {
      recorded = [];
      const response = await app.inject({ method: 'GET', url: requestPath });
      const queries = recorded.filter((query) => /^\s*(select|with)\b/i.test(query.text));
      recorded = [];
      sections.push(
        `── ${label}: GET ${requestPath} → ${response.statusCode}, ${queries.length} statement(s)`,
      );
      for (const [index, query] of queries.entries()) {
        const plan = await dbModule.explainAnalyze(url, query.text, query.values);
        sections.push(
          `\n[${index + 1}] ${query.text}\n    parameters: ${JSON.stringify(query.values)}\n${plan}\n`,
        );
      }
    }
  } finally {
    await app.close();
    await handle.close();
  }
  return sections;
}

function startServer(
  databaseUrl: string,
  dataDir: string,
  extraEnv: NodeJS.ProcessEnv,
): Promise<BenchServer> {
  return startProductionApi(
    { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SEED_DEMO: 'false', LOG_LEVEL: logLevel, ...extraEnv },
    readyTimeoutMs,
  );
}

interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  statuses: string;
  requests: number;
  /** SQL transactions the database committed per request during the run (see `committed`). */
  sqlPerRequest?: number;
}

/**
 * autocannon over `paths` in rotation. Every run, the health baseline included, builds each request
 * in `setupRequest`, so the client spends the same per request on every line of the table.
 */
async function load(
  origin: string,
  paths: string[],
  run: { seconds: number } | { amount: number },
): Promise<Figures> {
  let next = 0;
  const result = await autocannon({
    url: origin,
    connections,
    pipelining: 1,
    ...('seconds' in run ? { duration: run.seconds } : { amount: run.amount }),
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const requestPath = paths[next++ % paths.length] ?? '/';
          return { ...request, path: requestPath };
        },
      },
    ],
  });
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .filter(([status]) => !status.startsWith('2'))
    .map(([status, stats]) => `${status}×${stats.count ?? 0}`)
    .join(' ');
  return {
    perSecond: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statuses,
    requests: result.requests.total,
  };
}

const perSecondText = (value: number) => value.toLocaleString('en', { maximumFractionDigits: 0 });

/**
 * Transactions committed in the bench database so far. Every statement the API runs outside a
 * transaction is one, so the difference over a run tells how many requests reached PostgreSQL (0
 * when the response cache answered everything). Backends report their counts when idle, within
 * about a second, hence the pause before reading.
 */
async function committed(dbModule: BenchDbModule, databaseUrl: string): Promise<number> {
  await sleep(1500);
  const [row] = await dbModule.queryRows<{ commits: string }>(
    databaseUrl,
    'select xact_commit as commits from pg_stat_database where datname = current_database()',
  );
  return Number(row?.commits ?? 0);
}

interface Target {
  origin: string;
  dbModule: BenchDbModule;
  databaseUrl: string;
}

async function measure(label: string, target: Target, paths: string[]): Promise<Figures> {
  process.stdout.write(`  ${label} (${paths.length} URLs)… `);
  // Warm-up: one pass over every URL (a site in use has its popular pages cached), then a few seconds.
  await load(target.origin, paths, { amount: Math.max(paths.length, connections) });
  await load(target.origin, paths, { seconds: warmUpSeconds });
  const before = await committed(target.dbModule, target.databaseUrl);
  const figures = await load(target.origin, paths, { seconds: measureSeconds });
  // The reading itself commits one transaction.
  const statements = (await committed(target.dbModule, target.databaseUrl)) - before - 1;
  console.log(`${perSecondText(figures.perSecond)}/s`);
  return { ...figures, sqlPerRequest: Math.max(0, statements) / Math.max(1, figures.requests) };
}

interface Suite {
  title: string;
  rows: [label: string, figures: Figures, judged: boolean][];
  baseline: number;
}

/** One server configuration: health before, the three catalogue runs, health after. */
async function runSuite(
  title: string,
  dbModule: BenchDbModule,
  databaseUrl: string,
  dataDir: string,
  extraEnv: NodeJS.ProcessEnv,
  paths: { county: string[]; region: string[]; detail: string[] },
): Promise<Suite> {
  console.log(`Starting the API: ${title}…`);
  const server = await startServer(databaseUrl, dataDir, extraEnv);
  const target: Target = { origin: server.origin, dbModule, databaseUrl };
  try {
    const healthBefore = await measure('GET /api/health', target, ['/api/health']);
    const byCounty = await measure('services by county', target, paths.county);
    const byRegion = await measure('services by region', target, paths.region);
    const detail = await measure('service detail', target, paths.detail);
    const healthAfter = await measure('GET /api/health again', target, ['/api/health']);
    return {
      title,
      baseline: (healthBefore.perSecond + healthAfter.perSecond) / 2,
      rows: [
        ['GET /api/health (before)', healthBefore, false],
        [`services by county (${paths.county.length} URLs)`, byCounty, true],
        [`services by region (${paths.region.length} URLs)`, byRegion, true],
        [`service detail (${paths.detail.length} ids)`, detail, true],
        ['GET /api/health (after)', healthAfter, false],
      ],
    };
  } finally {
    await server.stop();
  }
}

function printSuite({ title, rows, baseline }: Suite): void {
  console.log(`\n${title}\n`);
  console.log(
    `${'endpoint'.padEnd(36)}${'req/s'.padStart(9)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}` +
      `${'ratio'.padStart(7)}${'non-2xx'.padStart(9)}${'errors'.padStart(8)}${'SQL/req'.padStart(9)}   result`,
  );
  let failed = 0;
  for (const [label, figures, judged] of rows) {
    const ratio = figures.perSecond / baseline;
    const pass = ratio >= targetRatio && figures.p99 <= targetP99Ms && figures.non2xx + figures.errors === 0;
    if (judged && !pass) failed++;
    console.log(
      `${label.padEnd(36)}${perSecondText(figures.perSecond).padStart(9)}${figures.p50.toFixed(1).padStart(8)}` +
        `${figures.p99.toFixed(1).padStart(8)}${ratio.toFixed(2).padStart(7)}${String(figures.non2xx).padStart(9)}` +
        `${String(figures.errors).padStart(8)}${(figures.sqlPerRequest ?? 0).toFixed(2).padStart(9)}   ${judged ? (pass ? 'PASS' : 'FAIL') : 'baseline'}` +
        `${figures.statuses ? `  (${figures.statuses})` : ''}`,
    );
  }
  console.log(
    `ratio = 2xx/s ÷ /api/health 2xx/s (mean of before and after: ${perSecondText(baseline)}/s); ` +
      `targets: ratio ≥ ${targetRatio}, p99 ≤ ${targetP99Ms} ms, no non-2xx → ${failed} endpoint(s) miss them.\n` +
      'SQL/req = transactions the database committed during the run ÷ requests (0: all from the response cache).',
  );
}

export async function benchCatalogue(): Promise<void> {
  const dbModule = await importByPath<BenchDbModule>('packages/db/src/bench/index.ts');
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'opora-bench-catalogue-'));
  let database: Awaited<ReturnType<BenchDbModule['openBenchDatabase']>> | undefined;
  try {
    console.log('Preparing the bench database (migrations, reference data)…');
    database = await dbModule.openBenchDatabase({ databaseUrl: process.env.DATABASE_URL, tempDir });
    console.log(`  ${database.description}`);
    console.log('Generating the catalogue…');
    const summary = await dbModule.generateBenchCatalogue(database.url, {
      ...(process.env.BENCH_FACILITIES ? { facilities: Number(process.env.BENCH_FACILITIES) } : {}),
      ...(process.env.BENCH_SERVICES ? { services: Number(process.env.BENCH_SERVICES) } : {}),
    });
    console.log(
      `  ${summary.providers} providers, ${summary.facilities} facilities, ${summary.services} services ` +
        `(${summary.activeServices} active), ${summary.serviceCounties} service–county links over ` +
        `${summary.countiesWithServices} counties, in ${((summary.milliseconds ?? 0) / 1000).toFixed(1)} s ` +
        '(incl. VACUUM ANALYZE)',
    );

    const samples = await readSamples(dbModule, database.url);
    const filters = listFilters(samples);
    const paths = {
      county: listPaths('countyCode', samples.counties, filters),
      region: listPaths('regionCode', samples.regions, filters),
      detail: samples.serviceIds.map((id) => `/api/v1/web/services/${id}`),
    };

    console.log('Capturing the SQL of the catalogue endpoints and their plans…');
    const plans = await explainPaths(dbModule, database.url, [
      ['services by county (Prague, the largest list)', '/api/v1/web/services?countyCode=CZ0100'],
      ['services by county (Brno-venkov, a typical one)', '/api/v1/web/services?countyCode=CZ0643'],
      ['services by region (Central Bohemia, 12 counties)', '/api/v1/web/services?regionCode=CZ020'],
      ['service detail', paths.detail[0] ?? '/api/v1/web/services/00000000-0000-4000-8000-000000000000'],
    ]);

    console.log(
      `Measuring: ${connections} connections; per endpoint a warm-up (one pass over its URLs, then ${warmUpSeconds} s), then ${measureSeconds} s…`,
    );
    const suites: Suite[] = [];
    const common = `NODE_ENV=production, LOG_LEVEL=${logLevel}, ${os.availableParallelism()} cores shared with the load generator, ${connections} connections, ${measureSeconds} s per run`;
    if (cacheModes.includes('on')) {
      suites.push(
        await runSuite(
          `As configured (guest response cache on, default TTL); ${common}`,
          dbModule,
          database.url,
          tempDir,
          {},
          paths,
        ),
      );
    }
    if (cacheModes.includes('off')) {
      suites.push(
        await runSuite(
          `Response cache off (CATALOGUE_CACHE_SECONDS=0: every request runs its queries); ${common}`,
          dbModule,
          database.url,
          tempDir,
          { CATALOGUE_CACHE_SECONDS: '0' },
          paths,
        ),
      );
    }
    for (const suite of suites) printSuite(suite);
    console.log(
      '\nQuery plans (EXPLAIN (ANALYZE, BUFFERS) of the statements the API ran for one request):\n',
    );
    console.log(plans.join('\n'));
  } finally {
    await database?.close();
    await rm(tempDir, { recursive: true, force: true });
  }
}
