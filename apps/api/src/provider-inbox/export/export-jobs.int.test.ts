import type { ProviderExport, ProviderExportJob } from '@opora/contracts';
import { emailOutbox, jobQueueSchema } from '@opora/db';
import {
  createCareRequest,
  createCase,
  createClient,
  createFacility,
  createFacilityService,
  createProvider,
} from '@opora/db/testing';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTestServer,
  startAccountTestServer,
} from '../../accounts/testing/account-test-server.ts';
import type { Principal } from '../../platform/auth.ts';
import { waitFor } from '../../testing/wait-for.ts';
import { type ProviderMember, providerMember } from '../testing/provider-member.ts';
import {
  createProviderExportJob,
  deleteExpiredProviderExports,
  type ExportRunContext,
  providerExportKeepDays,
  runProviderExport,
} from './export-jobs.ts';
import { exportCursorName } from './export-rows.ts';

// Background exports on a real port and the embedded PostgreSQL: the job's handler is run here as
// the worker runs it (no workers in this app, so nothing runs behind the test's back), its e-mail read
// from the outbox, its file downloaded and opened.

const poolSize = 4;
let server: AccountTestServer;

beforeAll(async () => {
  server = await startAccountTestServer({
    pool: { max: poolSize },
    env: { RATE_LIMIT_MAX: '100000', JOBS_WORKER: 'false' },
  });
});

afterAll(async () => {
  await server.close();
});

/** What the routes would resolve for the member, to call the use case without one. */
function principalOf(who: ProviderMember): Principal {
  return { subject: who.subject, userId: who.userId, email: who.email, roles: ['client'] };
}

const hostileNames = ['=HYPERLINK("https://evil.example","klik")', '+420 601 123 456', '-2+3', '@SUM(A1)'];

interface Inbox {
  providerId: string;
  admin: ProviderMember;
  /** Another administrator of the same provider. */
  colleague: ProviderMember;
  /** A worker of the first facility only. */
  worker: ProviderMember;
  /** The first facility's requests (clients named like formulas), then the second's (Žofie Čápová). */
  first: { id: string; code: string }[];
  second: { id: string; code: string }[];
}

async function inbox(): Promise<Inbox> {
  const db = server.database.db;
  const provider = await createProvider(db, { name: 'Domov U Lípy, o.p.s.' });
  const facilities = [
    await createFacility(db, { providerId: provider.id, name: 'Domov Lípa' }),
    await createFacility(db, { providerId: provider.id, name: 'Středisko Jih' }),
  ];
  const services = [
    await createFacilityService(db, {
      facilityId: facilities[0]?.id ?? '',
      name: 'Pečovatelská služba Lípa',
    }),
    await createFacilityService(db, { facilityId: facilities[1]?.id ?? '', name: 'Osobní asistence Jih' }),
  ];
  const made = async (facilityIndex: number, firstName: string, lastName: string, createdAt: string) => {
    const client = await createClient(db, { firstName, lastName });
    const careCase = await createCase(db, { clientId: client.id });
    const request = await createCareRequest(db, {
      caseId: careCase.id,
      facilityServiceId: services[facilityIndex]?.id ?? '',
      careFrom: '2026-12-01',
      createdAt: new Date(createdAt),
      updatedAt: new Date(createdAt),
    });
    return { id: request.id, code: careCase.code };
  };
  const first = [];
  for (const [index, name] of hostileNames.entries()) {
    first.push(await made(0, name, 'Formulová', `2026-01-1${index}T09:30:00Z`));
  }
  const second = [await made(1, 'Žofie', 'Čápová', '2026-07-01T06:05:00Z')];
  return {
    providerId: provider.id,
    admin: await providerMember(server, provider.id, ['providerAdmin']),
    colleague: await providerMember(server, provider.id, ['providerAdmin']),
    worker: await providerMember(server, provider.id, ['providerUser'], {
      facilityIds: [facilities[0]?.id ?? ''],
    }),
    first,
    second,
  };
}

const exportsUrl = (providerId: string) => `/api/v1/provider/providers/${providerId}/exports`;

function create(who: ProviderMember, providerId: string, body: ProviderExport) {
  return server.app.inject({
    method: 'POST',
    url: exportsUrl(providerId),
    headers: who.headers,
    payload: body,
  });
}

async function created(
  who: ProviderMember,
  providerId: string,
  body: ProviderExport,
): Promise<ProviderExportJob> {
  const response = await create(who, providerId, body);
  expect(response.statusCode).toBe(201);
  return response.json<ProviderExportJob>();
}

function list(who: ProviderMember, providerId: string) {
  return server.app.inject({ method: 'GET', url: exportsUrl(providerId), headers: who.headers });
}

function download(who: ProviderMember, providerId: string, exportId: string) {
  return server.app.inject({
    method: 'GET',
    url: `${exportsUrl(providerId)}/${exportId}`,
    headers: who.headers,
  });
}

const runContext = (overrides: Partial<ExportRunContext> = {}): ExportRunContext => ({
  db: server.db,
  mailer: server.app.mailer,
  config: server.config,
  ...overrides,
});
const run = (exportId: string, overrides: Partial<ExportRunContext> = {}) =>
  runProviderExport(runContext(overrides), exportId, { final: false });

interface StoredExportRow extends Record<string, unknown> {
  state: string;
  row_count: number | null;
  size: number | null;
  expires_in_days: number | null;
}

async function stored(exportId: string): Promise<StoredExportRow | undefined> {
  const { rows } = await server.database.db.execute<StoredExportRow>(sql`
    select state, row_count, octet_length(content) as size,
      round(extract(epoch from expires_at - finished_at) / 86400)::int as expires_in_days
    from provider_exports where id = ${exportId}`);
  return rows[0];
}

async function exportJobs(exportId: string): Promise<number> {
  const { rows } = await server.database.db.execute<{ n: number }>(sql`
    select count(*)::int as n from ${sql.identifier(jobQueueSchema)}.job
    where name = 'provider-export' and data->>'exportId' = ${exportId}`);
  return rows[0]?.n ?? 0;
}

async function readyMails(to: string) {
  return server.database.db
    .select({ id: emailOutbox.id, locale: emailOutbox.locale, params: emailOutbox.params })
    .from(emailOutbox)
    .where(sql`${emailOutbox.toAddress} = ${to} and ${emailOutbox.template} = 'provider-export-ready'`);
}

async function sheetOf(payload: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

const allRows = { mode: 'filter', filter: {} } as const;

let setup: Inbox;
beforeAll(async () => {
  setup = await inbox();
});

describe('an export made in the background', () => {
  it('is queued with its job, made into an XLSX file, e-mailed and downloaded by its requester', async () => {
    const job = await created(setup.admin, setup.providerId, {
      format: 'xlsx',
      locale: 'cs',
      selection: allRows,
    });
    expect(job).toMatchObject({ format: 'xlsx', state: 'queued', rowCount: null, expiresDate: null });
    expect(await exportJobs(job.id)).toBe(1);

    const early = await download(setup.admin, setup.providerId, job.id);
    expect(early.statusCode).toBe(409);
    expect(early.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(early.json()).toMatchObject({ status: 409, code: 'Conflict' });

    await run(job.id);
    expect(await stored(job.id)).toMatchObject({
      state: 'ready',
      row_count: 5,
      expires_in_days: providerExportKeepDays,
    });
    const listed = (await list(setup.admin, setup.providerId)).json<{ items: ProviderExportJob[] }>().items;
    expect(listed.find((each) => each.id === job.id)).toMatchObject({ state: 'ready', rowCount: 5 });

    // The e-mail, in the export's language, links to the requests grid of this provider.
    const mails = await readyMails(setup.admin.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.locale).toBe('cs');
    expect(mail?.params.subject).toBe('Export poptávek je připraven ke stažení');
    const link = `${server.config.publicUrl}/provider/requests?provider=${setup.providerId}`;
    expect(String(mail?.params.text)).toContain(link);
    expect(String(mail?.params.text)).toContain('Bude tam 7 dní.');
    // Queued with its delivery job in the transaction that made the export ready.
    const { rows: deliveries } = await server.database.db.execute<{ n: number }>(sql`
      select count(*)::int as n from ${sql.identifier(jobQueueSchema)}.job
      where name = 'email-delivery' and data->>'outboxId' = ${mail?.id ?? ''}`);
    expect(deliveries[0]?.n).toBe(1);

    const response = await download(setup.admin, setup.providerId, job.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="poptavky-domov-u-lipy-o-p-s-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.byteLength);
    expect((await stored(job.id))?.size).toBe(response.rawPayload.byteLength);

    const sheet = await sheetOf(response.rawPayload);
    expect(sheet.name).toBe('Poptávky');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Kód',
      'Klient',
      'Služba',
      'Druh služby',
      'Zařízení',
      'Péče od',
      'Stav',
      'Přiděleno',
      'Tým zařízení',
      'Odesílatel',
      'Vytvořeno',
      'Upraveno',
    ]);
    expect(sheet.rowCount).toBe(6);
    // Newest first: Žofie Čápová's request, with its dates as date cells in Prague time.
    const newest = sheet.getRow(2);
    expect(newest.getCell(1).value).toBe(setup.second[0]?.code);
    expect(newest.getCell(2).value).toBe('Žofie Čápová');
    expect(newest.getCell(6).value).toEqual(new Date(Date.UTC(2026, 11, 1)));
    expect(newest.getCell(6).numFmt).toBe('dd.mm.yyyy');
    expect(newest.getCell(11).value).toEqual(new Date(Date.UTC(2026, 6, 1, 8, 5)));
    expect(newest.getCell(11).numFmt).toBe('dd.mm.yyyy hh:mm');
    const clients = [3, 4, 5, 6].map((rowNumber) => sheet.getRow(rowNumber).getCell(2).value);
    expect(clients.toSorted()).toEqual(hostileNames.map((name) => `'${name} Formulová`).toSorted());
    for (let rowNumber = 2; rowNumber <= 6; rowNumber++) {
      for (const value of (sheet.getRow(rowNumber).values as unknown[]).slice(1)) {
        if (typeof value === 'string') expect(value).not.toMatch(/^[=+\-@\t\r]/);
        expect(typeof value === 'object' && value !== null && 'formula' in value).toBe(false);
      }
    }

    // Run again (a redelivered job): nothing changes, no second e-mail.
    await run(job.id);
    expect(await readyMails(setup.admin.email)).toHaveLength(1);
  });

  it('makes a CSV of the selected rows in Slovak, within the requester’s scope', async () => {
    const ids = [setup.first[0]?.id ?? '', setup.first[1]?.id ?? '', setup.second[0]?.id ?? ''];
    const job = await created(setup.worker, setup.providerId, {
      format: 'csv',
      locale: 'sk',
      selection: { mode: 'ids', ids },
    });
    await run(job.id);
    const response = await download(setup.worker, setup.providerId, job.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/filename="dopyty-domov-u-lipy-o-p-s-.*\.csv"/);
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(
      'Kód;Klient;Služba;Druh služby;Zariadenie;Starostlivosť od;Stav;Pridelené;Tím zariadenia;Odosielateľ;Vytvorené;Upravené',
    );
    // The worker sees the first facility only: the second's request is left out, not an error.
    expect(lines).toHaveLength(1 + 2 + 1);
    expect(lines.some((line) => line.includes('Čápová'))).toBe(false);
    expect(lines.find((line) => line.includes('HYPERLINK'))).toContain(
      `;"'=HYPERLINK(""https://evil.example"",""klik"") Formulová";`,
    );
    expect(lines.find((line) => line.includes('601'))).toContain(";'+420 601 123 456 Formulová;");
    expect(lines.find((line) => line.includes('601'))).toContain(';2026-12-01;Nová;');
    expect(lines.find((line) => line.includes('601'))).toMatch(
      /;2026-01-11T10:30:00\+01:00;2026-01-11T10:30:00\+01:00$/,
    );
    expect((await stored(job.id))?.row_count).toBe(2);
    const [mail] = await readyMails(setup.worker.email);
    expect(mail?.locale).toBe('sk');
    expect(mail?.params.subject).toBe('Export dopytov je pripravený na stiahnutie');
  });
});

describe('asking twice', () => {
  it('answers a double submit with the first export and one job', async () => {
    const body = {
      format: 'csv',
      locale: 'en',
      selection: { mode: 'filter', filter: { client: 'capova' } },
    } as const;
    const [one, two] = await Promise.all([
      created(setup.admin, setup.providerId, body),
      created(setup.admin, setup.providerId, body),
    ]);
    expect(two?.id).toBe(one?.id);
    expect(await exportJobs(one?.id ?? '')).toBe(1);
    // Another format is another file.
    const other = await created(setup.admin, setup.providerId, { ...body, format: 'xlsx' });
    expect(other.id).not.toBe(one?.id);
  });

  it('makes one export per distinct selection of more simultaneous requests than the pool has connections', async () => {
    const who = await providerMember(server, setup.providerId, ['providerCoordinator']);
    const bodies: ProviderExport[] = [
      { format: 'xlsx', locale: 'cs', selection: allRows },
      { format: 'csv', locale: 'cs', selection: allRows },
      { format: 'xlsx', locale: 'en', selection: allRows },
      { format: 'xlsx', locale: 'cs', selection: { mode: 'filter', filter: { status: 'new' } } },
    ];
    const asked = Array.from(
      { length: poolSize * 4 },
      (_, index) => bodies[index % bodies.length] as ProviderExport,
    );
    const responses = await Promise.all(asked.map((body) => create(who, setup.providerId, body)));
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 201));
    const ids = responses.map((response) => response.json<ProviderExportJob>().id);
    for (const [index, id] of ids.entries()) expect(id).toBe(ids[index % bodies.length]);
    expect(new Set(ids).size).toBe(bodies.length);
    for (const id of new Set(ids)) expect(await exportJobs(id)).toBe(1);
    const listed = (await list(who, setup.providerId)).json<{ items: ProviderExportJob[] }>().items;
    expect(listed.map((each) => each.id).toSorted()).toEqual([...new Set(ids)].toSorted());
  });
});

describe('who gets an export', () => {
  let job: ProviderExportJob;

  beforeAll(async () => {
    job = await created(setup.admin, setup.providerId, { format: 'csv', locale: 'cs', selection: allRows });
    await run(job.id);
  });

  it('not a colleague: it is not in their list, and its download is a 404', async () => {
    const listed = await list(setup.colleague, setup.providerId);
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ items: ProviderExportJob[] }>().items.map((each) => each.id)).not.toContain(job.id);
    expect((await download(setup.colleague, setup.providerId, job.id)).statusCode).toBe(404);
    expect((await download(setup.worker, setup.providerId, job.id)).statusCode).toBe(404);
  });

  it('not a member of another provider: 404 for its list, its download and a new export', async () => {
    const stranger = await providerMember(server, (await createProvider(server.database.db)).id, [
      'providerAdmin',
    ]);
    expect((await list(stranger, setup.providerId)).statusCode).toBe(404);
    expect((await download(stranger, setup.providerId, job.id)).statusCode).toBe(404);
    const asked = await create(stranger, setup.providerId, {
      format: 'csv',
      locale: 'cs',
      selection: allRows,
    });
    expect(asked.statusCode).toBe(404);
    // Nor through the provider of their own in the path.
    const { rows } = await server.database.db.execute<{ provider_id: string }>(sql`
      select pu.provider_id from provider_users pu where pu.user_id = ${stranger.userId}`);
    expect((await download(stranger, rows[0]?.provider_id ?? '', job.id)).statusCode).toBe(404);
  });

  it('an unknown export is a 404', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await download(setup.admin, setup.providerId, unknown)).statusCode).toBe(404);
  });

  it('a requester who left the provider since asking gets a failed export and no file', async () => {
    const leaving = await providerMember(server, setup.providerId, ['providerAdmin']);
    const asked = await created(leaving, setup.providerId, {
      format: 'csv',
      locale: 'cs',
      selection: allRows,
    });
    await server.database.db.execute(sql`delete from provider_users where user_id = ${leaving.userId}`);
    await run(asked.id);
    expect(await stored(asked.id)).toMatchObject({ state: 'failed', size: null });
    expect(await readyMails(leaving.email)).toHaveLength(0);
  });
});

describe('limits, failures and the sweep', () => {
  it('refuses a selection over the limit with ExportTooLarge, and fails a job whose rows grew past it', async () => {
    const context = { db: server.db, jobs: server.app.jobs, rowLimit: 4 };
    await expect(
      createProviderExportJob(context, principalOf(setup.admin), setup.providerId, {
        format: 'xlsx',
        locale: 'cs',
        selection: allRows,
      }),
    ).rejects.toMatchObject({ code: 'ExportTooLarge', status: 422 });
    const within = await createProviderExportJob(context, principalOf(setup.admin), setup.providerId, {
      format: 'xlsx',
      locale: 'en',
      selection: { mode: 'filter', filter: { client: 'formulova' } },
    });
    expect(within.state).toBe('queued');
    // Run with a lower limit, as if requests had arrived since: failed at once, no retry, no e-mail.
    const mailsBefore = (await readyMails(setup.admin.email)).length;
    await run(within.id, { rowLimit: 3 });
    expect(await stored(within.id)).toMatchObject({ state: 'failed', size: null, row_count: null });
    expect((await readyMails(setup.admin.email)).length).toBe(mailsBefore);
    const response = await download(setup.admin, setup.providerId, within.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'Conflict' });
  });

  describe('a large export', () => {
    let large: { providerId: string; admin: ProviderMember };
    const rowCount = 8_001;

    beforeAll(async () => {
      const db = server.database.db;
      const provider = await createProvider(db, { name: 'Velký poskytovatel' });
      const service = await createFacilityService(db, {
        facilityId: (await createFacility(db, { providerId: provider.id })).id,
      });
      const request = await createCareRequest(db, { facilityServiceId: service.id, allowsNewRequest: true });
      await db.execute(sql`
        insert into care_requests (case_id, provider_id, facility_service_id, facility_id, client_id, status_id,
                                   created_by_user_id, allows_new_request, created_at)
        select ${request.caseId}, ${provider.id}, ${service.id}, ${service.facilityId}, ${request.clientId},
               (select id from request_statuses where code = 'new'),
               ${request.createdByUserId}, true, now() - make_interval(secs => g)
        from generate_series(1, ${rowCount - 1}) as g`);
      large = {
        providerId: provider.id,
        admin: await providerMember(server, provider.id, ['providerAdmin']),
      };
    });

    it('fails when its cursor’s connection dies half-way, leaves no file, and a retry makes it whole', async () => {
      const job = await created(large.admin, large.providerId, {
        format: 'xlsx',
        locale: 'cs',
        selection: allRows,
      });
      const running = run(job.id);
      // The cursor's backend, found by its statements (the cursor's declaration, then its fetches)
      // while it streams, is ended as a restart would.
      const pid = await waitFor(
        'the export’s cursor',
        async () => {
          const { rows } = await server.database.db.execute<{ pid: number }>(sql`
            select pid from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid()
              and query like ${`%${exportCursorName}%`}`);
          return rows[0]?.pid;
        },
        { intervalMs: 5 },
      );
      const writtenBefore = await stored(job.id);
      expect(writtenBefore).toMatchObject({ state: 'running', size: null });
      await server.database.db.execute(sql`select pg_terminate_backend(${pid})`);
      await expect(running).rejects.toThrow();
      // Back in the queue for pg-boss's retry, with nothing of the file kept.
      expect(await stored(job.id)).toMatchObject({ state: 'queued', size: null, row_count: null });
      expect(await readyMails(large.admin.email)).toHaveLength(0);
      expect((await download(large.admin, large.providerId, job.id)).statusCode).toBe(409);
      const pool = server.db.$client;
      await waitFor('the export’s connections back in the pool', () =>
        pool.totalCount - pool.idleCount === 0 ? true : undefined,
      );

      await run(job.id);
      expect(await stored(job.id)).toMatchObject({ state: 'ready', row_count: rowCount });
      expect(await readyMails(large.admin.email)).toHaveLength(1);
      const response = await download(large.admin, large.providerId, job.id);
      expect(response.statusCode).toBe(200);
      const sheet = await sheetOf(response.rawPayload);
      expect(sheet.rowCount).toBe(1 + rowCount);
    });

    it('a failure of the last attempt marks the export failed', async () => {
      const job = await created(large.admin, large.providerId, {
        format: 'csv',
        locale: 'en',
        selection: allRows,
      });
      await server.database.db.execute(sql`
        update provider_exports set selection = '{"mode":"filter","filter":{"createdFrom":"not a day"}}'::jsonb
        where id = ${job.id}`);
      await expect(runProviderExport(runContext(), job.id, { final: true })).rejects.toThrow();
      expect(await stored(job.id)).toMatchObject({ state: 'failed', size: null });
    });
  });

  it('deletes exports past their days with their files; abandoned ones fail first', async () => {
    const who = await providerMember(server, setup.providerId, ['providerAdmin']);
    const ready = await created(who, setup.providerId, { format: 'csv', locale: 'cs', selection: allRows });
    await run(ready.id);
    const abandoned = await created(who, setup.providerId, {
      format: 'xlsx',
      locale: 'cs',
      selection: allRows,
    });
    const day = 86_400_000;

    // Tomorrow: the ready file stays; the export stuck in the queue since yesterday's morning is failed.
    expect(await deleteExpiredProviderExports(server.db, new Date(Date.now() + day))).toBe(0);
    expect((await download(who, setup.providerId, ready.id)).statusCode).toBe(200);
    expect(await stored(abandoned.id)).toMatchObject({ state: 'failed' });

    // Past its days the download is a 404 even before the sweep, and it is gone from the list.
    await server.database.db.execute(
      sql`update provider_exports set expires_at = now() - interval '1 second' where id = ${ready.id}`,
    );
    expect((await download(who, setup.providerId, ready.id)).statusCode).toBe(404);
    const listed = (await list(who, setup.providerId)).json<{ items: ProviderExportJob[] }>().items;
    expect(listed.map((each) => each.id)).not.toContain(ready.id);

    // The sweep, a day past the failed one's days too, deletes both rows.
    const later = new Date(Date.now() + (providerExportKeepDays + 2) * day);
    expect(await deleteExpiredProviderExports(server.db, later)).toBeGreaterThanOrEqual(2);
    const { rows } = await server.database.db.execute<{ n: number }>(sql`
      select count(*)::int as n from provider_exports where id in (${ready.id}, ${abandoned.id})`);
    expect(rows[0]?.n).toBe(0);
  });
});

describe('the worker', () => {
  it('registers the export and sweep queues', async () => {
    const queues = await server.app.jobs.boss.getQueues();
    const names = queues.map((queue) => queue.name);
    expect(names).toEqual(expect.arrayContaining(['provider-export', 'provider-export-sweep']));
  });
});
