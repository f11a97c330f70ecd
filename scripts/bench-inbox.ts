/**
 * `pnpm bench inbox`: the provider's inbox at a million requests, measured in one run against
 * baselines of the same run.
 *
 *   1. A database of its own (embedded PostgreSQL in a temporary directory, or a new database on
 *      `DATABASE_URL`'s server, dropped afterwards), migrated, reference data seeded, then 1,000,000
 *      care requests over 5,000 providers generated in SQL (packages/db/src/bench/inbox.ts: the largest
 *      provider has 100,000, four more 55,000 each, the rest share 680,000 skewed), vacuumed and analyzed.
 *      Two members of the largest provider sign in: a coordinator (the whole provider) and a worker
 *      (two of its 20 facilities).
 *   2. The SQL of the grid, recorded while `listProviderCareRequests` answers each measured query in
 *      this process, then `EXPLAIN (ANALYZE, BUFFERS)` of it (a summary line per statement;
 *      BENCH_PLANS=full prints the plans), and of the deadline sweep's due query.
 *   3. `node apps/api/src/server.ts` in production mode without its job workers (the deadline sweep
 *      would start reminding the generated requests). Per row — `GET /api/health` before and after,
 *      and the grid's first page (25 rows) as each member: no filters, statuses, client text, a
 *      creation month, "assigned to me", sorted by client — a 3 s warm-up, then BENCH_SECONDS (10)
 *      twice: BENCH_CONNECTIONS (20) users who each wait for their answer and think BENCH_THINK_MS
 *      (1000 ± 50 %) before the next click (what the target is judged on), and as many autocannon
 *      connections with no pause (the throughput; p95 there is queueing). p95 from every response.
 *   4. Exports of the largest provider's 100,000 requests (Czech), each in a child process of its own
 *      that loads only what an export needs (the pool, the scope, the export's modules): XLSX and CSV
 *      through the real code path (scope, the export's SQL through a server-side cursor, `writeExport`)
 *      into a sink that drops the bytes, against a bare `exceljs` streaming write / `csv-stringify` of
 *      the same file — the same rows read first and made into the same cells, written with the export's
 *      own writer options (`xlsxWriterOptions`, `xlsxColumns`, `shareColumnStyles`, `csvOptions`); and
 *      the XLSX job (`runProviderExport`: the file stored in PostgreSQL; its e-mail is not queued). RSS:
 *      "modules" before the first row, "+export" the highest RSS above it while writing (sampled every
 *      20 ms), "peak" the child's `maxRSS` (module loading included) — what the target is judged on.
 *
 * Targets (issue 13): grid p95 ≤ 15 ms at 20 concurrent users; exports at ≥ 80 % of the bare write's speed
 * with peak RSS ≤ 250 MiB. Figures are printed, never asserted.
 *
 * Environment: BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_THINK_MS, BENCH_PLANS (`full`), BENCH_ONLY (`grid`, `exports`,
 * `plans`, comma-separated; all by default), BENCH_REQUESTS (1000000), DATABASE_URL (see 1),
 * BENCH_NODE_FLAGS (Node flags of the API and the export children; production's by default, scripts/node-flags.ts).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { ProviderScope, resolveProviderScope } from '@opora/api/provider-scope';
import autocannon from 'autocannon';
import {
  type BenchAccount,
  type BenchDbModule,
  benchAccessToken,
  benchNodeFlags,
  type CapturedQuery,
  exited,
  recordStatements,
  startProductionApi,
} from './bench-support.ts';

const root = path.resolve(import.meta.dirname, '..');
const readyTimeoutMs = 120_000;
const warmUpSeconds = 3;
const measureSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const thinkMs = Number(process.env.BENCH_THINK_MS ?? 1000);
const requestCount = Number(process.env.BENCH_REQUESTS ?? 1_000_000);
const fullPlans = process.env.BENCH_PLANS === 'full';
const parts = new Set((process.env.BENCH_ONLY ?? 'plans,grid,exports').split(',').map((part) => part.trim()));
const targets = { p95Ms: 15, exportSpeed: 0.8, exportRssMiB: 250 };

type Principal = Parameters<typeof resolveProviderScope>[1];
type BenchInbox = Awaited<ReturnType<BenchDbModule['generateBenchInbox']>>;

// ── the measured grid queries ─────────────────────────────────────────────────────────────────────

interface GridRow {
  label: string;
  who: 'coordinator' | 'worker';
  /** Query strings rotated over (a few values of the same filter, so no single one stays cached). */
  queries: string[];
}

const clientTexts = ['nov', 'dvořák', 'kuč', 'horv', 'OP-0012'];
const months = ['2025-03', '2025-07', '2025-11', '2026-02'];

function monthRange(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return `createdFrom=${month}-01&createdTo=${month}-${String(last).padStart(2, '0')}`;
}

const gridRows: GridRow[] = [
  { label: 'coordinator: first page', who: 'coordinator', queries: [''] },
  { label: 'coordinator: status new,in-progress', who: 'coordinator', queries: ['status=new,in-progress'] },
  {
    label: 'coordinator: client text',
    who: 'coordinator',
    queries: clientTexts.map((text) => `client=${encodeURIComponent(text)}`),
  },
  { label: 'coordinator: created in a month', who: 'coordinator', queries: months.map(monthRange) },
  { label: 'coordinator: assigned to me', who: 'coordinator', queries: ['assignedToMe=true'] },
  { label: 'coordinator: sorted by client', who: 'coordinator', queries: ['sort=client'] },
  { label: 'worker: first page', who: 'worker', queries: [''] },
  { label: 'worker: status new', who: 'worker', queries: ['status=new'] },
  {
    label: 'worker: client text',
    who: 'worker',
    queries: clientTexts.map((text) => `client=${encodeURIComponent(text)}`),
  },
  { label: 'worker: sorted by client', who: 'worker', queries: ['sort=client'] },
];

const gridPath = (providerId: string, query: string) =>
  `/api/v1/provider/providers/${providerId}/requests${query ? `?${query}` : ''}`;

// ── plans ─────────────────────────────────────────────────────────────────────────────────────────

/** The plan's first line, its execution time and the indexes it reads: enough to see what changed. */
function planSummary(plan: string): string {
  const lines = plan.split('\n');
  const top = lines[0]?.replace(/\s+\(cost=[^)]*\)/, '').trim() ?? '';
  const time = lines.find((line) => line.includes('Execution Time'))?.trim() ?? '';
  const scans = [
    ...new Set(
      lines.flatMap((line) => {
        const match =
          /(Seq Scan|Index Only Scan|Index Scan|Bitmap Index Scan)(?: Backward)?(?: using (\S+))? on (\S+)/.exec(
            line,
          );
        return match && /care_requests|clients|cases/.test(line)
          ? [`${match[1]}${match[2] ? ` ${match[2]}` : ` on ${match[3]}`}`]
          : [];
      }),
    ),
  ];
  const sorts = lines.filter((line) => /Sort Method/.test(line)).map((line) => line.trim());
  return `      ${time}; ${top}\n      reads: ${scans.join(', ') || '—'}${sorts.length > 0 ? `\n      ${sorts[0]}` : ''}`;
}

/**
 * Runs `listProviderCareRequests` in this process for each grid row (its first query string) as its
 * member, records the statements on `care_requests` it sends, and explains them.
 */
async function explainGrid(dbModule: BenchDbModule, url: string, inbox: BenchInbox): Promise<string[]> {
  const [
    { createDb },
    { listProviderCareRequests },
    { resolveProviderScope },
    contracts,
    { getProviderDashboard },
  ] = await Promise.all([
    import('@opora/db'),
    import('@opora/api/provider-inbox/list-provider-care-requests'),
    import('@opora/api/provider-scope'),
    import('@opora/contracts'),
    import('@opora/api/provider-inbox/dashboard'),
  ]);
  let recorded: CapturedQuery[] = [];
  const handle = createDb(url, { max: 2, applicationName: 'opora-bench-explain' });
  recordStatements(handle.pool, (query) => recorded.push(query));
  const sections: string[] = [];
  const scopeOf = (who: 'coordinator' | 'worker') => {
    const account = inbox[who];
    const principal: Principal = { subject: '', userId: account.userId, email: account.email, roles: [] };
    return resolveProviderScope(handle.db, principal, inbox.providerId);
  };
  /** Runs `work`, then explains the statements on `care_requests` it sent, each named by `kindOf`. */
  const explainRecorded = async <T>(work: () => Promise<T>, kindOf: (text: string) => string) => {
    recorded = [];
    const result = await work();
    const statements = recorded.filter((statement) => /"care_requests" "cr"/.test(statement.text));
    recorded = [];
    const lines: string[] = [];
    for (const statement of statements) {
      const plan = await dbModule.explainAnalyze(url, statement.text, statement.values);
      const kind = kindOf(statement.text);
      lines.push(
        fullPlans
          ? `    ${kind}: ${statement.text}\n      ${JSON.stringify(statement.values)}\n${plan}\n`
          : `    ${kind}\n${planSummary(plan)}`,
      );
    }
    return { result, lines };
  };
  try {
    for (const row of gridRows) {
      const scope = await scopeOf(row.who);
      const query = contracts.ProviderRequestListQuerySchema.parse(
        Object.fromEntries(new URLSearchParams(row.queries[0])),
      );
      const { result: page, lines } = await explainRecorded(
        () => listProviderCareRequests(handle.db, scope, query),
        (text) =>
          /with matching/.test(text) ? 'page and count' : /count\(\*\)/.test(text) ? 'count' : 'page',
      );
      sections.push(`  ${row.label} (${row.queries[0] || 'no filters'}; ${page.total} match)`, ...lines);
    }
    // The dashboard (its three statements run at once; each is explained alone).
    for (const who of ['coordinator', 'worker'] as const) {
      const scope = await scopeOf(who);
      const { lines } = await explainRecorded(
        () => getProviderDashboard(handle.db, scope, 90),
        (text) =>
          /percentile_cont/.test(text) ? 'answered' : /closed_at/.test(text) ? 'outcomes' : 'by status',
      );
      sections.push(`  ${who}: dashboard, 90 days`, ...lines);
    }
  } finally {
    await handle.close();
  }
  // The deadline sweep's due query (its reminder step; apps/api/src/provider-inbox/reminders), with
  // a plain cut-off for the per-country one: the shape the status-and-date index must serve.
  const sweep = `select cr.id from care_requests cr join providers p on p.id = cr.provider_id
    where cr.status_id = (select id from request_statuses where code = 'new') and cr.reminded_at is null
      and cr.created_at <= now() - interval '2 days'
    order by cr.created_at limit 100 for update of cr skip locked`;
  const plan = await dbModule.explainAnalyze(url, sweep);
  sections.push('  deadline sweep, reminder step (due query)');
  sections.push(fullPlans ? `${sweep}\n${plan}\n` : planSummary(plan));
  return sections;
}

// ── load ──────────────────────────────────────────────────────────────────────────────────────────

interface LoadFigures {
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** autocannon over `paths` in rotation; percentiles from every response's time (autocannon has no p95). */
function load(origin: string, paths: string[], seconds: number, headers: Record<string, string> = {}) {
  return new Promise<LoadFigures>((resolve, reject) => {
    let next = 0;
    const times: number[] = [];
    const instance = autocannon(
      {
        url: origin,
        connections,
        pipelining: 1,
        duration: seconds,
        headers,
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] ?? '/' }),
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        const sorted = times.toSorted((a, b) => a - b);
        resolve({
          perSecond: result['2xx'] / result.duration,
          p50: percentile(sorted, 50),
          p95: percentile(sorted, 95),
          p99: percentile(sorted, 99),
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      times.push(responseTime);
    });
  });
}

/**
 * A token once the server has worked off the previous row: autocannon stops sending, but requests it
 * left queued for a pooled connection still run, and the grant's own queries would wait behind them.
 */
async function accessTokenAfterDrain(origin: string, account: BenchAccount): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    await sleep(1000);
    try {
      return await benchAccessToken(origin, account);
    } catch (error) {
      if (attempt === 30) throw error;
    }
  }
}

/**
 * `users` people, each sending a request, waiting for its answer, then thinking `thinkMs` (±50 %,
 * uniform) before the next — the issue's "20 concurrent users" as people at work, where autocannon's
 * connections (`load`) send again the instant an answer comes (the machine's throughput, not a crowd).
 * Percentiles from every response time.
 */
async function paced(
  origin: string,
  paths: string[],
  seconds: number,
  headers: Record<string, string> = {},
): Promise<LoadFigures> {
  const times: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let next = 0;
  const end = performance.now() + seconds * 1000;
  const person = async () => {
    // People arrive over the first think time, not all in the same millisecond.
    await sleep(Math.random() * thinkMs);
    while (performance.now() < end) {
      const started = performance.now();
      try {
        const response = await fetch(`${origin}${paths[next++ % paths.length] ?? '/'}`, { headers });
        await response.arrayBuffer();
        times.push(performance.now() - started);
        if (response.status >= 300) non2xx++;
      } catch {
        errors++;
      }
      await sleep(thinkMs * (0.5 + Math.random()));
    }
  };
  await Promise.all(Array.from({ length: connections }, person));
  const sorted = times.toSorted((a, b) => a - b);
  return {
    perSecond: times.length / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    non2xx,
    errors,
  };
}

async function measureGrid(origin: string, inbox: BenchInbox): Promise<string[]> {
  const health = async () => {
    await load(origin, ['/api/health'], warmUpSeconds);
    return {
      saturated: await load(origin, ['/api/health'], measureSeconds),
      users: await paced(origin, ['/api/health'], measureSeconds),
    };
  };
  const before = await health();
  const rows: [string, { saturated: LoadFigures; users: LoadFigures }][] = [];
  for (const row of gridRows) {
    // Access tokens live 5 minutes: a fresh one per row.
    const token = await accessTokenAfterDrain(origin, inbox[row.who]);
    const headers = { authorization: `Bearer ${token}` };
    const paths = row.queries.map((query) => gridPath(inbox.providerId, query));
    await load(origin, paths, warmUpSeconds, headers);
    const users = await paced(origin, paths, measureSeconds, headers);
    const saturated = await load(origin, paths, measureSeconds, headers);
    rows.push([row.label, { saturated, users }]);
  }
  await accessTokenAfterDrain(origin, inbox.coordinator);
  const after = await health();
  const ms = (value: number) => value.toFixed(1).padStart(8);
  const table = (title: string, kind: 'users' | 'saturated', judged: boolean) => {
    const baseP95 = (before[kind].p95 + after[kind].p95) / 2;
    const lines = [
      title,
      `${'GET …/requests (first page, 25 rows)'.padEnd(40)}${'req/s'.padStart(8)}${'p50'.padStart(8)}${'p95'.padStart(8)}` +
        `${'p99'.padStart(8)}${'p95 ÷'.padStart(8)}${'non-2xx'.padStart(9)}${judged ? `  p95 ≤ ${targets.p95Ms} ms` : ''}`,
      `${''.padEnd(40)}${''.padStart(8)}${'ms'.padStart(8)}${'ms'.padStart(8)}${'ms'.padStart(8)}${'health'.padStart(8)}`,
    ];
    const line = (label: string, figures: LoadFigures, verdict: string) =>
      `${label.padEnd(40)}${figures.perSecond.toFixed(0).padStart(8)}${ms(figures.p50)}${ms(figures.p95)}${ms(figures.p99)}` +
      `${`${(figures.p95 / baseP95).toFixed(1)}×`.padStart(8)}${String(figures.non2xx + figures.errors).padStart(9)}  ${verdict}`;
    lines.push(line('GET /api/health (before)', before[kind], ''));
    for (const [label, figures] of rows) {
      const verdict = judged ? (figures[kind].p95 <= targets.p95Ms ? 'PASS' : 'MISS') : '';
      lines.push(line(label, figures[kind], verdict));
    }
    lines.push(line('GET /api/health (after)', after[kind], ''));
    return lines;
  };
  return [
    ...table(
      `${connections} users, each waiting for the answer, then ${thinkMs} ms (±50 %) before the next request:`,
      'users',
      true,
    ),
    '',
    ...table(
      `${connections} autocannon connections, no pause (the machine's throughput; p95 = queueing):`,
      'saturated',
      false,
    ),
  ];
}

// ── exports, each in a child process ──────────────────────────────────────────────────────────────

type ExportKind = 'bare-xlsx' | 'real-xlsx' | 'bare-csv' | 'real-csv' | 'job-xlsx' | 'db-csv';

interface ExportTask {
  kind: ExportKind;
  url: string;
  providerId: string;
  account: BenchInbox['coordinator'];
}

interface ExportFigures {
  rows: number;
  bytes: number;
  ms: number;
  /** RSS once the modules are loaded and the scope resolved, before the first row. */
  modulesMiB: number;
  /** The highest RSS seen while the file was written (sampled every 20 ms). */
  exportPeakMiB: number;
  /** The process's peak RSS (`maxRSS`: module loading included). */
  maxRssMiB: number;
  /** CPU seconds while the file was written: this process (all its threads) … */
  nodeCpuS: number;
  /** … and the database backends it opened, when they run on this machine (else null). */
  dbCpuS: number | null;
}

/** A writable that drops what it is given: the export's speed, not a disk's. */
class Sink extends Writable {
  bytes = 0;
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void) {
    this.bytes += chunk.byteLength;
    callback();
  }
}

const everything = { mode: 'filter', filter: {} } as const;
const exportLocale = 'cs';

const rssMiB = () => process.memoryUsage.rss() / 1048576;
const maxRssMiB = () => process.resourceUsage().maxRSS / 1024;

/** CPU seconds so far of this process and of the backends `pids` (from /proc: null when not local). */
async function cpuClock(pids: Set<number>): Promise<{ node: number; db: number | null }> {
  const { readFileSync } = await import('node:fs');
  const { user, system } = process.cpuUsage();
  let db: number | null = 0;
  for (const pid of pids) {
    try {
      // utime and stime, fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 a second).
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      db += (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      db = null;
      break;
    }
  }
  return { node: (user + system) / 1e6, db };
}

/** The highest RSS while `work` runs, sampled every 20 ms (the export yields to timers between batches). */
async function sampledPeak<T>(work: () => Promise<T>): Promise<[T, number]> {
  let peak = rssMiB();
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMiB());
  }, 20);
  try {
    const result = await work();
    return [result, Math.max(peak, rssMiB())];
  } finally {
    clearInterval(timer);
  }
}

/**
 * The export `task.kind` in this (child) process; answers its figures. The child loads only what an
 * export needs (the pool, the scope, the export's modules; the job's for the job), not the whole API.
 */
async function runExportTask(task: ExportTask): Promise<ExportFigures> {
  const format = task.kind.endsWith('xlsx') ? 'xlsx' : 'csv';
  const [{ createDb }, { resolveProviderScope }] = await Promise.all([
    import('@opora/db/client'),
    import('@opora/api/provider-scope'),
  ]);
  const handle = createDb(task.url, { max: 3, applicationName: 'opora-bench-export' });
  const backends = new Set<number>();
  handle.pool.on('connect', (client) => {
    backends.add((client as unknown as { processID: number }).processID);
  });
  /** The highest RSS and the CPU used while `work` runs. */
  const measured = async <T>(work: () => Promise<T>) => {
    const before = await cpuClock(backends);
    const [result, exportPeakMiB] = await sampledPeak(work);
    const after = await cpuClock(backends);
    const dbCpuS = before.db === null || after.db === null ? null : after.db - before.db;
    return { result, exportPeakMiB, nodeCpuS: after.node - before.node, dbCpuS };
  };
  const principal: Principal = {
    subject: '',
    userId: task.account.userId,
    email: task.account.email,
    roles: [],
  };
  const sink = new Sink();
  try {
    if (task.kind === 'job-xlsx') {
      const { runProviderExport } = await import('@opora/api/provider-inbox/export/export-jobs');
      const [made] = (
        await handle.pool.query<{ id: string }>(
          `insert into provider_exports (provider_id, requested_by_user_id, format, locale, selection)
           values ($1, $2, 'xlsx', $3, $4) returning id`,
          [task.providerId, task.account.userId, exportLocale, JSON.stringify(everything)],
        )
      ).rows;
      if (!made) throw new Error('no export row');
      await resolveProviderScope(handle.db, principal, task.providerId);
      const modulesMiB = rssMiB();
      const started = performance.now();
      const { exportPeakMiB, nodeCpuS, dbCpuS } = await measured(() =>
        runProviderExport(
          {
            db: handle.db,
            mailer: { queue: async () => 'not sent' },
            config: { publicUrl: 'http://127.0.0.1' },
          },
          made.id,
          { final: true },
        ),
      );
      const ms = performance.now() - started;
      const [stored] = (
        await handle.pool.query<{ rows: number; bytes: number }>(
          'select row_count as rows, octet_length(content) as bytes from provider_exports where id = $1',
          [made.id],
        )
      ).rows;
      return {
        rows: stored?.rows ?? 0,
        bytes: stored?.bytes ?? 0,
        ms,
        modulesMiB,
        exportPeakMiB,
        maxRssMiB: maxRssMiB(),
        nodeCpuS,
        dbCpuS,
      };
    }
    const [{ openExportCursor, exportStatement }, writers] = await Promise.all([
      import('@opora/api/provider-inbox/export/export-rows'),
      import('@opora/api/provider-inbox/export/export-writers'),
    ]);
    /** `work` over the caller's scope, timed once the scope was resolved before (as in a running API). */
    const timed = async (work: (scope: ProviderScope) => Promise<{ rows: number; bytes: number }>) => {
      await resolveProviderScope(handle.db, principal, task.providerId);
      const modulesMiB = rssMiB();
      const started = performance.now();
      const { result, exportPeakMiB, nodeCpuS, dbCpuS } = await measured(async () =>
        work(await resolveProviderScope(handle.db, principal, task.providerId)),
      );
      const ms = performance.now() - started;
      return { ...result, ms, modulesMiB, exportPeakMiB, maxRssMiB: maxRssMiB(), nodeCpuS, dbCpuS };
    };
    if (task.kind === 'db-csv') {
      // The database's share alone: the CSV cursor's statement run to its end in PostgreSQL, no row sent.
      return await timed(async (scope) => {
        const statement = exportStatement(scope, everything, 'csv');
        const client = await handle.pool.connect();
        try {
          await client.query(`begin read only; set local time zone 'Europe/Prague'`);
          await client.query(`declare bench_rows no scroll cursor for ${statement.sql}`, statement.params);
          const moved = await client.query('move forward all in bench_rows');
          await client.query('rollback');
          return { rows: moved.rowCount ?? 0, bytes: 0 };
        } finally {
          client.release();
        }
      });
    }
    if (task.kind === 'real-xlsx' || task.kind === 'real-csv') {
      return await timed(async (scope) => {
        const cursor = await openExportCursor(handle.db, scope, everything, {
          format,
          statementTimeoutMs: 600_000,
        });
        try {
          const rows = await writers.writeExport({
            format,
            locale: exportLocale,
            rows: cursor.rows,
            output: sink,
          });
          return { rows, bytes: sink.bytes };
        } finally {
          await cursor.close();
        }
      });
    }
    // Bare: the same rows read first through the same cursor and made into the same cell values (not
    // timed), then written by the library alone with the export's own options: the same file.
    const columns = await import('@opora/api/provider-inbox/export/export-columns');
    const scope = await resolveProviderScope(handle.db, principal, task.providerId);
    const cursor = await openExportCursor(handle.db, scope, everything, {
      format,
      statementTimeoutMs: 600_000,
    });
    const texts = columns.exportTexts(exportLocale);
    const cells = columns.exportCells(texts);
    const values: unknown[][] = [];
    try {
      for await (const batch of cursor.rows) for (const row of batch) values.push(cells(row));
    } finally {
      await cursor.close();
    }
    const modulesMiB = rssMiB();
    const started = performance.now();
    const { exportPeakMiB, nodeCpuS, dbCpuS } = await measured(async () => {
      if (task.kind === 'bare-xlsx') {
        const { default: ExcelJS } = await import('exceljs');
        const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
          stream: sink,
          ...writers.xlsxWriterOptions,
        });
        workbook.creator = 'Opora';
        const sheet = workbook.addWorksheet(texts.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
        sheet.columns = writers.xlsxColumns(exportLocale);
        const header = sheet.getRow(1);
        header.font = { bold: true };
        header.commit();
        const styled = writers.shareColumnStyles(sheet);
        for (const row of values) {
          const sheetRow = sheet.addRow(row);
          styled(sheetRow);
          sheetRow.commit();
        }
        sheet.commit();
        await workbook.commit();
      } else {
        const { stringify } = await import('csv-stringify');
        const stringifier = stringify(writers.csvOptions(exportLocale));
        stringifier.pipe(sink);
        const done = new Promise((resolve) => sink.once('finish', resolve));
        stringifier.write(columns.exportColumnKeys.map((key) => texts.columns[key]));
        for (const row of values) {
          if (!stringifier.write(row)) await new Promise((resolve) => stringifier.once('drain', resolve));
        }
        stringifier.end();
        await done;
      }
    });
    return {
      rows: values.length,
      bytes: sink.bytes,
      ms: performance.now() - started,
      modulesMiB,
      exportPeakMiB,
      maxRssMiB: maxRssMiB(),
      nodeCpuS,
      dbCpuS,
    };
  } finally {
    await handle.close();
  }
}

/** `runExportTask` in a child process of its own, so its `maxRSS` is the export's alone. */
async function exportInChild(task: ExportTask): Promise<ExportFigures> {
  const child = spawn(
    process.execPath,
    [...benchNodeFlags, fileURLToPath(import.meta.url), 'export-child', JSON.stringify(task)],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const code = await exited(child);
  if (code !== 0) throw new Error(`export child ${task.kind} exited with ${code}:\n${stderr}`);
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as ExportFigures;
}

async function measureExports(url: string, inbox: BenchInbox): Promise<string[]> {
  const task = (kind: ExportKind): ExportTask => ({
    kind,
    url,
    providerId: inbox.providerId,
    account: inbox.coordinator,
  });
  const figures = new Map<ExportKind, ExportFigures>();
  for (const kind of ['bare-xlsx', 'real-xlsx', 'job-xlsx', 'bare-csv', 'real-csv', 'db-csv'] as const) {
    figures.set(kind, await exportInChild(task(kind)));
  }
  const label: Record<ExportKind, string> = {
    'bare-xlsx': 'XLSX: bare exceljs streaming write',
    'real-xlsx': 'XLSX: export code path (stream)',
    'job-xlsx': 'XLSX: export job (stored in PostgreSQL)',
    'bare-csv': 'CSV: bare csv-stringify write',
    'real-csv': 'CSV: export code path (stream)',
    'db-csv': 'CSV: the database alone (no row sent)',
  };
  const lines = [
    `${'export of the largest provider'.padEnd(42)}${'rows'.padStart(8)}${'MiB'.padStart(7)}${'s'.padStart(7)}` +
      `${'rows/s'.padStart(9)}${'speed'.padStart(8)}${'CPU s'.padStart(11)}${'modules'.padStart(9)}${'+export'.padStart(9)}` +
      `${'peak'.padStart(7)}  target ≥ ${targets.exportSpeed * 100} %, peak ≤ ${targets.exportRssMiB} MiB`,
    `${''.padEnd(42)}${''.padStart(8)}${''.padStart(7)}${''.padStart(7)}${''.padStart(9)}${''.padStart(8)}` +
      `${'node+db'.padStart(11)}${'RSS MiB'.padStart(9)}${'MiB'.padStart(9)}${'MiB'.padStart(7)}`,
  ];
  for (const [kind, result] of figures) {
    const bare = figures.get(kind.endsWith('xlsx') ? 'bare-xlsx' : 'bare-csv');
    const speed = bare ? bare.ms / result.ms : Number.NaN;
    const verdict = kind.startsWith('bare')
      ? '(baseline: the same file from rows held in memory; its RSS is theirs)'
      : kind === 'db-csv'
        ? '(the reading alone: at most the speed any CSV export of these rows can reach here)'
        : speed >= targets.exportSpeed && result.maxRssMiB <= targets.exportRssMiB
          ? 'PASS'
          : 'MISS';
    lines.push(
      `${label[kind].padEnd(42)}${String(result.rows).padStart(8)}${(result.bytes / 1048576).toFixed(1).padStart(7)}` +
        `${(result.ms / 1000).toFixed(2).padStart(7)}${(result.rows / (result.ms / 1000)).toFixed(0).padStart(9)}` +
        `${`${(speed * 100).toFixed(0)} %`.padStart(8)}` +
        `${`${result.nodeCpuS.toFixed(2)}+${result.dbCpuS === null ? '?' : result.dbCpuS.toFixed(2)}`.padStart(11)}` +
        `${result.modulesMiB.toFixed(0).padStart(9)}` +
        `${`+${Math.max(0, result.exportPeakMiB - result.modulesMiB).toFixed(0)}`.padStart(9)}` +
        `${result.maxRssMiB.toFixed(0).padStart(7)}  ${verdict}`,
    );
  }
  return lines;
}

// ── the bench ─────────────────────────────────────────────────────────────────────────────────────

export async function benchInbox(): Promise<void> {
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'opora-bench-inbox-'));
  const dbModule = await import('@opora/db/bench');
  const database = await dbModule.openBenchDatabase({ databaseUrl: process.env.DATABASE_URL, tempDir });
  const output: string[] = [];
  try {
    console.log(`database: ${database.description}`);
    console.log(`generating ${requestCount.toLocaleString('en')} care requests…`);
    const inbox = await dbModule.generateBenchInbox(database.url, { requests: requestCount });
    const { summary } = inbox;
    output.push(
      `data: ${summary.requests.toLocaleString('en')} requests, ${summary.providers} providers ` +
        `(largest: ${summary.largest.map((n) => n.toLocaleString('en')).join(', ')}), ${summary.facilities} facilities, ` +
        `${summary.services} services, ${summary.clients.toLocaleString('en')} clients; generated, vacuumed and ` +
        `analyzed in ${(summary.milliseconds / 1000).toFixed(1)} s`,
      `members of the largest provider: a coordinator (all its requests) and a worker (facilities ` +
        `${inbox.worker.facilityIds.length} of 20)`,
    );
    console.log(output.join('\n'));

    if (parts.has('plans')) {
      const plans = await explainGrid(dbModule, database.url, inbox);
      output.push('\nEXPLAIN (ANALYZE, BUFFERS) of the grid statements:', ...plans);
      console.log(['', ...plans].join('\n'));
    }
    if (parts.has('grid')) {
      console.log(`\nmeasuring the grid: ${connections} connections, ${measureSeconds} s per row…`);
      const server = await startProductionApi(
        {
          DATA_DIR: tempDir,
          DATABASE_URL: database.url,
          SEED_DEMO: 'false',
          LOG_LEVEL: 'warn',
          JOBS_WORKER: 'false',
        },
        readyTimeoutMs,
      );
      try {
        output.push('', ...(await measureGrid(server.origin, inbox)));
      } finally {
        await server.stop();
      }
    }
    if (parts.has('exports')) {
      console.log('\nmeasuring the exports (one child process each)…');
      output.push('', ...(await measureExports(database.url, inbox)));
    }
    console.log(`\n${output.join('\n')}`);
  } finally {
    await database.close();
    await rm(tempDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'export-child' && process.argv[1] === fileURLToPath(import.meta.url)) {
  const figures = await runExportTask(JSON.parse(process.argv[3] ?? '{}') as ExportTask);
  console.log(JSON.stringify(figures));
}
