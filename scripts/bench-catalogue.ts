/**
 * `pnpm bench catalogue`: the public catalogue API and a client's services pool over a large
 * catalogue, measured in one run against `GET /api/health` of the same server.
 *
 *   1. A database of its own (embedded PostgreSQL in a temporary directory, or a new database on
 *      `DATABASE_URL`'s server, dropped afterwards; never the development database), migrated,
 *      reference data seeded, then 20,000 facilities and 100,000 services over all 156 counties
 *      generated in SQL (packages/db/src/bench), vacuumed and analyzed; then a signed-in person with one
 *      client per county, each with a case whose case survey asks for some help.
 *   2. The SQL the API runs for county lists, a region list, a detail and a pool, captured from an
 *      in-process app (`inject`, the pool's queries recorded), then `EXPLAIN (ANALYZE, BUFFERS)`.
 *   3. `node apps/api/src/server.ts` with NODE_ENV=production on that database (rate limit lifted,
 *      log level as production's default unless BENCH_LOG_LEVEL says otherwise), and autocannon
 *      with 50 connections: a warm-up (one pass over the endpoint's URLs, then 3 s), then 10 s per
 *      endpoint. Lists are measured once per sort (recommended, name, price, -price), each rotating
 *      over every county (or the 22 regions) × five filters (none, a form, a category, a type, page 2);
 *      details over 1,000 active services; the pool over the 156 clients × (county, region, page 2),
 *      signed in (a bearer token from the embedded issuer). SQL/req shows how many requests still
 *      reached PostgreSQL.
 *
 * Printed: requests/s (2xx only), p50 and p99 latency, the ratio to /api/health (mean of the runs
 * before and after), non-2xx and connection errors, and PASS/FAIL against the suite's targets.
 * Figures are printed, never asserted; but a row that answered anything but 2xx measured that answer,
 * not the endpoint: the bench then ends with ✘ lines and exit code 1 (and stops at once when a path
 * of step 2 answers so).
 *
 * The suite runs three times: the API as configured (guest response cache on; targets ratio ≥ 0.5,
 * p99 ≤ 20 ms); the same while providers edit (issue 23 "Figures"): a writer commits 10 updates a second
 * to active services' `place` during every measured run, and after each commit asks the detail
 * until it shows the new value — "a change is visible to the next request after it commits", p99
 * ≤ 1 s — with each row's req/s and p99 against the no-edit suite of the same run, and the
 * transactions its requests committed per edit (SQL/edit: the reloads each edit cost); then with
 * CATALOGUE_CACHE_SECONDS=0, so every request runs its SQL — the figure the database path earns
 * (targets ratio ≥ 0.10, p99 ≤ 50 ms).
 *
 * Environment: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50), BENCH_LOG_LEVEL,
 * BENCH_CACHE (`on,edits,off` default; any of them, comma-separated), BENCH_EDITS_PER_SECOND (default 10),
 * BENCH_FACILITIES / BENCH_SERVICES
 * (default 20000 / 100000), BENCH_ONLY (comma-separated row names to measure, e.g.
 * `county,detail,pool`: county, region, detail, pool), DATABASE_URL (see 1).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import {
  type BenchAccount,
  type BenchDbModule,
  type BenchServer,
  benchAccessToken,
  type CapturedQuery,
  recordStatements,
  startProductionApi,
} from './bench-support.ts';

const readyTimeoutMs = 120_000;
const warmUpSeconds = 3;
const measureSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const logLevel = process.env.BENCH_LOG_LEVEL ?? 'info';
const detailSampleSize = 1000;
/**
 * `on`: the API as configured (guest response cache); `edits`: the same while a writer edits services;
 * `off`: CATALOGUE_CACHE_SECONDS=0.
 */
const cacheModes = (process.env.BENCH_CACHE ?? 'on,edits,off').split(',');
const editsPerSecond = Number(process.env.BENCH_EDITS_PER_SECOND ?? 10);
/** An edit not visible after this long counts as never visible (and fails the row). */
const visibleTimeoutMs = 10_000;
const visibleTargetMs = 1_000;
/** Which rows to measure (BENCH_ONLY); all by default. */
const rowKinds = ['county', 'region', 'detail', 'pool'] as const;
type RowKind = (typeof rowKinds)[number];
const onlyRows = new Set(
  (process.env.BENCH_ONLY ?? rowKinds.join(',')).split(',').map((name) => name.trim()) as RowKind[],
);
const sorts = ['recommended', 'name', 'price', '-price'] as const;

interface Targets {
  ratio: number;
  p99Ms: number;
}
/** With the response cache: what a visitor's browsing costs. Without: every request runs its SQL. */
const cachedTargets: Targets = { ratio: 0.5, p99Ms: 20 };
const uncachedTargets: Targets = { ratio: 0.1, p99Ms: 50 };

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

/** The filters a visitor combines with an area: none, a form, a category, a type, page 2. */
function listFilters(samples: Samples): string[] {
  return [
    '',
    '&form=field',
    `&categoryId=${samples.healthCategoryId}`,
    `&serviceTypeId=${samples.homeCareTypeId}`,
    '&page=2',
  ];
}

/** Area × filter in one order, interleaved so that consecutive requests hit different areas. */
function listPaths(
  parameter: 'countyCode' | 'regionCode',
  codes: string[],
  filters: string[],
  sort: (typeof sorts)[number],
): string[] {
  const order = sort === 'recommended' ? '' : `&sort=${sort}`;
  return filters.flatMap((filter) =>
    codes.map((code) => `/api/v1/web/services?${parameter}=${code}${filter}${order}`),
  );
}

/** Each client's pool by the county where care is provided, by region, and its second page. */
function poolPaths(clientIds: string[]): string[] {
  return ['', '?area=region', '?page=2'].flatMap((query) =>
    clientIds.map((id) => `/api/v1/web/clients/${id}/service-offer${query}`),
  );
}

const randomUuidLike = () => `00000000-0000-4000-8000-${randomBytes(6).toString('hex')}`;

/**
 * Builds the app in this process on the bench database, records every statement its pool runs while
 * it answers each path (signed in as `account` where asked), and returns `EXPLAIN (ANALYZE, BUFFERS)`
 * of them.
 */
async function explainPaths(
  dbModule: BenchDbModule,
  url: string,
  account: BenchAccount,
  paths: [label: string, path: string, signedIn?: boolean][],
): Promise<string[]> {
  const [{ buildApp }, { loadConfig }, { createDb }] = await Promise.all([
    import('@opora/api'),
    import('@opora/api/config'),
    import('@opora/db'),
  ]);
  let recorded: CapturedQuery[] = [];
  const handle = createDb(url, { max: 2, applicationName: 'opora-bench-explain' });
  recordStatements(handle.pool, (query) => recorded.push(query));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: url,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    RATE_LIMIT_MAX: '1000000000',
    IDENTITY_ADMIN_CLIENT_SECRET: randomBytes(24).toString('hex'),
    TEST_GATEWAY_SECRET: randomBytes(24).toString('hex'),
    WEB_DIST_DIR: path.join(os.tmpdir(), 'opora-bench-no-web-build'),
    CATALOGUE_CACHE_SECONDS: '0',
  });
  const app = await buildApp({ config, db: handle.db });
  const sections: string[] = [];
  try {
    // A token from the in-process issuer: the same app checks it.
    const grant = await app.inject({
      method: 'POST',
      url: '/realms/opora/protocol/openid-connect/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'password',
        client_id: 'web',
        username: account.email,
        password: account.password,
        scope: 'profile email',
      }).toString(),
    });
    const accessToken = (JSON.parse(grant.body) as { access_token?: string }).access_token ?? '';
    const authorization = { authorization: `Bearer ${accessToken}` };
    // The first request loads what the app loads lazily (signing keys, taxonomy); not what we look at.
    await app.inject({ method: 'GET', url: '/api/v1/web/services?countyCode=CZ0201&pageSize=1' });
    await app.inject({ method: 'GET', url: `/api/v1/web/services/${randomUuidLike()}` });
    for (const [label, requestPath, signedIn] of paths) {
      recorded = [];
      const response = await app.inject({
        method: 'GET',
        url: requestPath,
        ...(signedIn ? { headers: authorization } : {}),
      });
      if (response.statusCode < 200 || response.statusCode > 299) {
        throw new Error(
          `✘ ${label}: GET ${requestPath} answered ${response.statusCode}, so its row would measure ` +
            `that answer: ${response.body.slice(0, 300)}`,
        );
      }
      const queries = recorded.filter((query) => /^\s*(select|with)\b/i.test(query.text));
      recorded = [];
      sections.push(
        `── ${label}: GET ${requestPath} → ${response.statusCode}, ${queries.length} statement(s)`,
      );
      for (const [index, query] of queries.entries()) {
        // A named statement is the API's prepared one: explained as the generic plan it settles on.
        const plan = await dbModule.explainAnalyze(
          url,
          query.text,
          query.values,
          query.name ? { preparedAs: query.name } : {},
        );
        const prepared = query.name ? `    prepared as "${query.name}" (generic plan)\n` : '';
        sections.push(
          `\n[${index + 1}] ${query.text}\n    parameters: ${JSON.stringify(query.values)}\n${prepared}${plan}\n`,
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
  /** With providers editing: how long after each commit the next request showed it. */
  visibility?: Visibility;
}

interface Visibility {
  edits: number;
  p50: number;
  p99: number;
  max: number;
  /** Edits not visible within `visibleTimeoutMs`. */
  missed: number;
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}

/**
 * A provider editing at `editsPerSecond`: each tick commits `place = 'bench edit <n>'` on the next
 * sampled active service (its own connection, autocommit), then asks the service's detail over HTTP,
 * again and again, until it answers the new value; the time from the commit's acknowledgement to that
 * answer is the edit's visibility. Ticks do not wait for earlier probes.
 */
function startEditor(origin: string, databaseUrl: string, serviceIds: string[]) {
  let stopped = false;
  let sequence = 0;
  const latencies: number[] = [];
  let missed = 0;
  const probes: Promise<void>[] = [];
  const pool = import('@opora/db').then(({ createDb }) =>
    createDb(databaseUrl, { max: 1, applicationName: 'opora-bench-editor' }),
  );
  const probe = async (id: string, value: string, committedAt: number) => {
    while (performance.now() - committedAt < visibleTimeoutMs) {
      const response = await fetch(`${origin}/api/v1/web/services/${id}`);
      const body = (await response.json()) as { place?: string | null };
      if (body.place === value) {
        latencies.push(performance.now() - committedAt);
        return;
      }
      await sleep(2);
    }
    missed += 1;
  };
  const loop = (async () => {
    const { pool: client } = await pool;
    const intervalMs = 1000 / editsPerSecond;
    const started = performance.now();
    while (!stopped) {
      sequence += 1;
      const id = serviceIds[sequence % serviceIds.length] ?? '';
      const value = `bench edit ${sequence}`;
      await client.query('update facility_services set place = $2 where id = $1', [id, value]);
      probes.push(probe(id, value, performance.now()));
      const wait = started + sequence * intervalMs - performance.now();
      if (wait > 0) await sleep(wait);
    }
  })();
  return {
    async stop(): Promise<Visibility> {
      stopped = true;
      await loop;
      await Promise.all(probes);
      await (await pool).close();
      const sorted = latencies.toSorted((a, b) => a - b);
      return {
        edits: sequence,
        p50: percentile(sorted, 0.5),
        p99: percentile(sorted, 0.99),
        max: sorted.at(-1) ?? 0,
        missed,
      };
    },
  };
}

/**
 * autocannon over `paths` in rotation. Every run, the health baseline included, builds each request
 * in `setupRequest`, so the client spends the same per request on every line of the table.
 */
async function load(
  origin: string,
  paths: string[],
  run: { seconds: number } | { amount: number },
  headers: Record<string, string> = {},
): Promise<Figures> {
  let next = 0;
  const result = await autocannon({
    url: origin,
    connections,
    pipelining: 1,
    headers,
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
  /** Providers edit during each measured run (services whose edits are probed). */
  editing?: string[];
}

async function measure(
  label: string,
  target: Target,
  paths: string[],
  headers: () => Promise<Record<string, string>> = async () => ({}),
): Promise<Figures> {
  process.stdout.write(`  ${label} (${paths.length} URLs)… `);
  // Warm-up: one pass over every URL (a site in use has its popular pages cached), then a few seconds.
  await load(target.origin, paths, { amount: Math.max(paths.length, connections) }, await headers());
  await load(target.origin, paths, { seconds: warmUpSeconds }, await headers());
  const measuredHeaders = await headers();
  const before = await committed(target.dbModule, target.databaseUrl);
  const editor = target.editing && startEditor(target.origin, target.databaseUrl, target.editing);
  const figures = await load(target.origin, paths, { seconds: measureSeconds }, measuredHeaders);
  const visibility = await editor?.stop();
  // The reading itself commits one transaction; the editor's commits and probes are not the row's.
  const editorCommits = visibility ? visibility.edits : 0;
  const statements = (await committed(target.dbModule, target.databaseUrl)) - before - 1 - editorCommits;
  console.log(
    `${perSecondText(figures.perSecond)}/s` +
      (visibility ? `; ${visibility.edits} edits visible after p99 ${visibility.p99.toFixed(0)} ms` : ''),
  );
  return {
    ...figures,
    sqlPerRequest: Math.max(0, statements) / Math.max(1, figures.requests),
    ...(visibility && { visibility }),
  };
}

interface Suite {
  title: string;
  rows: [label: string, figures: Figures, judged: boolean][];
  baseline: number;
  targets: Targets;
}

interface Workload {
  lists: { kind: 'county' | 'region'; label: string; paths: string[] }[];
  detail: string[];
  pool: string[];
  account: BenchAccount;
}

/** One server configuration: health before, the catalogue and pool runs, health after. */
async function runSuite(
  title: string,
  targets: Targets,
  dbModule: BenchDbModule,
  databaseUrl: string,
  dataDir: string,
  extraEnv: NodeJS.ProcessEnv,
  workload: Workload,
  editing?: string[],
): Promise<Suite> {
  console.log(`Starting the API: ${title}…`);
  const server = await startServer(databaseUrl, dataDir, extraEnv);
  const target: Target = { origin: server.origin, dbModule, databaseUrl, ...(editing && { editing }) };
  try {
    // The health baseline without edits: the ratios say what the edits cost the catalogue.
    const healthBefore = await measure('GET /api/health', { ...target, editing: undefined }, ['/api/health']);
    const rows: Suite['rows'] = [['GET /api/health (before)', healthBefore, false]];
    for (const list of workload.lists) {
      if (!onlyRows.has(list.kind)) continue;
      rows.push([
        `${list.label} (${list.paths.length} URLs)`,
        await measure(list.label, target, list.paths),
        true,
      ]);
    }
    if (onlyRows.has('detail')) {
      const detail = await measure('service detail', target, workload.detail);
      rows.push([`service detail (${workload.detail.length} ids)`, detail, true]);
    }
    if (onlyRows.has('pool')) {
      // A fresh token for each autocannon run (they live 5 minutes).
      const signedIn = async () => ({
        authorization: `Bearer ${await benchAccessToken(server.origin, workload.account)}`,
      });
      const pool = await measure('client’s services pool, signed in', target, workload.pool, signedIn);
      rows.push([`client’s pool (${workload.pool.length} URLs)`, pool, true]);
    }
    const healthAfter = await measure('GET /api/health again', { ...target, editing: undefined }, [
      '/api/health',
    ]);
    rows.push(['GET /api/health (after)', healthAfter, false]);
    return {
      title,
      targets,
      baseline: (healthBefore.perSecond + healthAfter.perSecond) / 2,
      rows,
    };
  } finally {
    await server.stop();
  }
}

function printSuite({ title, rows, baseline, targets }: Suite): void {
  console.log(`\n${title}\n`);
  console.log(
    `${'endpoint'.padEnd(44)}${'req/s'.padStart(9)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}` +
      `${'ratio'.padStart(7)}${'non-2xx'.padStart(9)}${'errors'.padStart(8)}${'SQL/req'.padStart(9)}   result`,
  );
  let failed = 0;
  for (const [label, figures, judged] of rows) {
    const ratio = figures.perSecond / baseline;
    const pass =
      ratio >= targets.ratio && figures.p99 <= targets.p99Ms && figures.non2xx + figures.errors === 0;
    if (judged && !pass) failed++;
    console.log(
      `${label.padEnd(44)}${perSecondText(figures.perSecond).padStart(9)}${figures.p50.toFixed(1).padStart(8)}` +
        `${figures.p99.toFixed(1).padStart(8)}${ratio.toFixed(2).padStart(7)}${String(figures.non2xx).padStart(9)}` +
        `${String(figures.errors).padStart(8)}${(figures.sqlPerRequest ?? 0).toFixed(2).padStart(9)}   ${judged ? (pass ? 'PASS' : 'FAIL') : 'baseline'}` +
        `${figures.statuses ? `  (${figures.statuses})` : ''}`,
    );
  }
  console.log(
    `ratio = 2xx/s ÷ /api/health 2xx/s (mean of before and after: ${perSecondText(baseline)}/s); ` +
      `targets: ratio ≥ ${targets.ratio}, p99 ≤ ${targets.p99Ms} ms, no non-2xx → ${failed} endpoint(s) miss them.\n` +
      'SQL/req = transactions the database committed during the run ÷ requests (0: all from the response cache).',
  );
}

/**
 * With providers editing: per row, how soon each edit was visible, and req/s and p99 against the same
 * row of the no-edit suite of this run. Answers how many rows miss a visibility p99 ≤ 1 s.
 */
function printEditing(editing: Suite, baseline: Suite | undefined): number {
  console.log(
    `
While providers edit (${editsPerSecond} edits/s): a change visible to the next request after it commits, ` +
      `against ${baseline ? 'the no-edit suite above' : '(no no-edit suite in this run)'}
`,
  );
  console.log(
    `${'endpoint'.padEnd(44)}${'edits'.padStart(6)}${'vis p50'.padStart(9)}${'vis p99'.padStart(9)}${'vis max'.padStart(9)}` +
      `${'missed'.padStart(8)}${'req/s ×'.padStart(9)}${'p99 ms'.padStart(8)}${'was'.padStart(7)}${'SQL/edit'.padStart(10)}   result`,
  );
  let failed = 0;
  for (const [label, figures, judged] of editing.rows) {
    const visibility = figures.visibility;
    if (!judged || !visibility) continue;
    const before = baseline?.rows.find(([other]) => other === label)?.[1];
    const pass = visibility.missed === 0 && visibility.p99 <= visibleTargetMs;
    if (!pass) failed++;
    console.log(
      `${label.padEnd(44)}${String(visibility.edits).padStart(6)}${visibility.p50.toFixed(0).padStart(9)}` +
        `${visibility.p99.toFixed(0).padStart(9)}${visibility.max.toFixed(0).padStart(9)}${String(visibility.missed).padStart(8)}` +
        `${(before ? (figures.perSecond / before.perSecond).toFixed(2) : '–').padStart(9)}` +
        `${figures.p99.toFixed(1).padStart(8)}${(before ? before.p99.toFixed(1) : '–').padStart(7)}` +
        `${(((figures.sqlPerRequest ?? 0) * figures.requests) / Math.max(1, visibility.edits)).toFixed(1).padStart(10)}` +
        `   ${pass ? 'PASS' : 'FAIL'}`,
    );
  }
  console.log(
    `vis = ms from an edit's commit to the first answer showing it (probed over HTTP, under the load); ` +
      `req/s × = this row's 2xx/s ÷ the same row without edits; SQL/edit = transactions the run's requests ` +
      `committed (the probes' included) ÷ edits: what each edit cost in reloads; target: vis p99 ≤ ${visibleTargetMs} ms, none missed ` +
      `→ ${failed} row(s) miss it.`,
  );
  return failed;
}

/** Rows whose requests were not all answered 2xx (a 402 or 500 is fast: their req/s say nothing). */
function rowsNotAnswered(suites: Suite[]): string[] {
  return suites.flatMap(({ title, rows }) =>
    rows
      .filter(([, figures]) => figures.non2xx + figures.errors > 0)
      .map(([label, figures]) => {
        const what = [figures.statuses, figures.errors ? `${figures.errors} errors/timeouts` : '']
          .filter((part) => part !== '')
          .join(', ');
        return `✘ ${label}: ${what} of ${figures.requests} requests (${title.split(';')[0]})`;
      }),
  );
}

export async function benchCatalogue(): Promise<void> {
  const dbModule = await import('@opora/db/bench');
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
    const account = await dbModule.createBenchClientAccount(database.url);
    console.log(
      `  a signed-in person with ${account.clientIds.length} clients (one per county), each with a case`,
    );

    const samples = await readSamples(dbModule, database.url);
    const filters = listFilters(samples);
    const workload: Workload = {
      lists: (['county', 'region'] as const).flatMap((kind) =>
        sorts.map((sort) => ({
          kind,
          label: `services by ${kind}, ${sort}`,
          paths:
            kind === 'county'
              ? listPaths('countyCode', samples.counties, filters, sort)
              : listPaths('regionCode', samples.regions, filters, sort),
        })),
      ),
      detail: samples.serviceIds.map((id) => `/api/v1/web/services/${id}`),
      pool: poolPaths(account.clientIds),
      account,
    };

    console.log('Capturing the SQL of the catalogue endpoints and their plans…');
    const pragueClient = account.clientIds[samples.counties.indexOf('CZ0100')] ?? account.clientIds[0];
    const plans = await explainPaths(dbModule, database.url, account, [
      ['services by county (Prague, the largest list)', '/api/v1/web/services?countyCode=CZ0100'],
      [
        'services by county (Brno-venkov, a typical one), a form, by name',
        '/api/v1/web/services?countyCode=CZ0643&form=field&sort=name',
      ],
      [
        'services by region (Central Bohemia, 12 counties), a type, by price descending, page 2',
        `/api/v1/web/services?regionCode=CZ020&serviceTypeId=${samples.homeCareTypeId}&sort=-price&page=2`,
      ],
      ['service detail', workload.detail[0] ?? `/api/v1/web/services/${randomUuidLike()}`],
      [
        'client’s services pool (Prague), signed in',
        `/api/v1/web/clients/${pragueClient}/service-offer`,
        true,
      ],
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
          cachedTargets,
          dbModule,
          database.url,
          tempDir,
          {},
          workload,
        ),
      );
    }
    if (cacheModes.includes('edits')) {
      suites.push(
        await runSuite(
          `As configured, while providers edit (${editsPerSecond} edits/s to services); ${common}`,
          cachedTargets,
          dbModule,
          database.url,
          tempDir,
          {},
          workload,
          samples.serviceIds,
        ),
      );
    }
    if (cacheModes.includes('off')) {
      suites.push(
        await runSuite(
          `Response cache off (CATALOGUE_CACHE_SECONDS=0: every request runs its queries); ${common}`,
          uncachedTargets,
          dbModule,
          database.url,
          tempDir,
          { CATALOGUE_CACHE_SECONDS: '0' },
          workload,
        ),
      );
    }
    for (const suite of suites) printSuite(suite);
    const editingSuite = suites.find((suite) => suite.rows.some(([, figures]) => figures.visibility));
    if (editingSuite) {
      printEditing(
        editingSuite,
        suites.find((suite) => suite !== editingSuite && suite.targets === cachedTargets),
      );
    }
    console.log(
      '\nQuery plans (EXPLAIN (ANALYZE, BUFFERS) of the statements the API ran for one request, each on a ' +
        'new connection; prepared statements as their generic plan after one execution):\n',
    );
    console.log(plans.join('\n'));
    const notAnswered = rowsNotAnswered(suites);
    if (notAnswered.length > 0) {
      console.error(`\n${notAnswered.join('\n')}\nThese rows measured failing requests, not the endpoint.`);
      process.exitCode = 1;
    }
  } finally {
    await database?.close();
    await rm(tempDir, { recursive: true, force: true });
  }
}
