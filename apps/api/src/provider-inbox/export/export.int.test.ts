import type { ProviderExport } from '@opora/contracts';
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
import { waitFor } from '../../testing/wait-for.ts';
import { type ProviderMember, providerMember } from '../testing/provider-member.ts';

// The streamed export (`exportProviderCareRequests`) on a real port: file contents in each language,
// dates, injection, scope, the size limit, and a client that leaves half-way.

const poolSize = 6;
let server: AccountTestServer;

beforeAll(async () => {
  server = await startAccountTestServer({ pool: { max: poolSize }, env: { RATE_LIMIT_MAX: '100000' } });
});

afterAll(async () => {
  await server.close();
});

interface Inbox {
  providerId: string;
  admin: ProviderMember;
  /** A worker of the first facility only. */
  worker: ProviderMember;
  /** Requests of the first facility, then the second, each as [id, client's last name]. */
  first: { id: string; code: string }[];
  second: { id: string; code: string }[];
}

const hostileNames = ['=HYPERLINK("https://evil.example","klik")', '+420 601 123 456', '-2+3', '@SUM(A1)'];

/**
 * A provider "Domov U Lípy" with two facilities; the first facility's requests come from clients named
 * like formulas, the second's from Žofie Čápová. Each request was created at a fixed moment.
 */
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
  const admin = await providerMember(server, provider.id, ['providerAdmin']);
  const worker = await providerMember(server, provider.id, ['providerUser'], {
    facilityIds: [facilities[0]?.id ?? ''],
  });
  return { providerId: provider.id, admin, worker, first, second };
}

function exportRequest(who: ProviderMember, providerId: string, body: ProviderExport) {
  return server.app.inject({
    method: 'POST',
    url: `/api/v1/provider/providers/${providerId}/export`,
    headers: who.headers,
    payload: body,
  });
}

async function sheetOf(payload: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

function rowValues(sheet: ExcelJS.Worksheet, rowNumber: number): unknown[] {
  return (sheet.getRow(rowNumber).values as unknown[]).slice(1);
}

const allRows = { mode: 'filter', filter: {} } as const;

let setup: Inbox;
beforeAll(async () => {
  setup = await inbox();
});

describe('XLSX', () => {
  it.each([
    [
      'cs',
      'Poptávky',
      [
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
      ],
      'poptavky-domov-u-lipy-o-p-s-',
    ],
    [
      'en',
      'Requests',
      [
        'Code',
        'Client',
        'Service',
        'Service type',
        'Facility',
        'Care from',
        'Status',
        'Assigned to',
        'Facility team',
        'Sent by',
        'Created',
        'Edited',
      ],
      'requests-domov-u-lipy-o-p-s-',
    ],
    [
      'sk',
      'Dopyty',
      [
        'Kód',
        'Klient',
        'Služba',
        'Druh služby',
        'Zariadenie',
        'Starostlivosť od',
        'Stav',
        'Pridelené',
        'Tím zariadenia',
        'Odosielateľ',
        'Vytvorené',
        'Upravené',
      ],
      'dopyty-domov-u-lipy-o-p-s-',
    ],
  ] as const)(
    'writes the headers, sheet and file name in %s',
    async (locale, sheetName, headers, filePrefix) => {
      const response = await exportRequest(setup.admin, setup.providerId, {
        format: 'xlsx',
        locale,
        selection: allRows,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['content-disposition']).toMatch(
        new RegExp(`^attachment; filename="${filePrefix}\\d{4}-\\d{2}-\\d{2}\\.xlsx"`),
      );
      const sheet = await sheetOf(response.rawPayload);
      expect(sheet.name).toBe(sheetName);
      expect(rowValues(sheet, 1)).toEqual(headers);
      expect(sheet.rowCount).toBe(1 + setup.first.length + setup.second.length);
    },
  );

  it('writes dates as date cells in Prague time, translated statuses and service types', async () => {
    const response = await exportRequest(setup.admin, setup.providerId, {
      format: 'xlsx',
      locale: 'cs',
      selection: { mode: 'ids', ids: [setup.second[0]?.id ?? ''] },
    });
    const sheet = await sheetOf(response.rawPayload);
    expect(sheet.rowCount).toBe(2);
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe(setup.second[0]?.code);
    expect(row.getCell(2).value).toBe('Žofie Čápová');
    expect(row.getCell(4).value).toBe('Pečovatelská služba');
    expect(row.getCell(7).value).toBe('Nová');
    const careFrom = row.getCell(6);
    expect(careFrom.value).toEqual(new Date(Date.UTC(2026, 11, 1)));
    expect(careFrom.numFmt).toBe('dd.mm.yyyy');
    const created = row.getCell(11);
    // 06:05 UTC on 1 July is 08:05 in Prague (summer time); spreadsheets show the wall clock.
    expect(created.value).toEqual(new Date(Date.UTC(2026, 6, 1, 8, 5)));
    expect(created.numFmt).toBe('dd.mm.yyyy hh:mm');
    expect(row.getCell(12).value).toBeInstanceOf(Date);
  });

  it('neutralises formulas in every text cell', async () => {
    const response = await exportRequest(setup.admin, setup.providerId, {
      format: 'xlsx',
      locale: 'en',
      selection: { mode: 'ids', ids: setup.first.map((request) => request.id) },
    });
    const sheet = await sheetOf(response.rawPayload);
    const clients = [2, 3, 4, 5].map((rowNumber) => sheet.getRow(rowNumber).getCell(2).value);
    expect(clients.toSorted()).toEqual(hostileNames.map((name) => `'${name} Formulová`).toSorted());
    for (const rowNumber of [2, 3, 4, 5]) {
      for (const value of rowValues(sheet, rowNumber)) {
        if (typeof value === 'string') expect(value).not.toMatch(/^[=+\-@\t\r]/);
        // No cell became a formula.
        expect(typeof value === 'object' && value !== null && 'formula' in value).toBe(false);
      }
    }
  });
});

describe('CSV', () => {
  it('is UTF-8 with a byte order mark, ;-separated in Czech, ISO dates and neutralised text', async () => {
    const response = await exportRequest(setup.admin, setup.providerId, {
      format: 'csv',
      locale: 'cs',
      selection: allRows,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/filename="poptavky-domov-u-lipy-o-p-s-.*\.csv"/);
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(
      'Kód;Klient;Služba;Druh služby;Zařízení;Péče od;Stav;Přiděleno;Tým zařízení;Odesílatel;Vytvořeno;Upraveno',
    );
    // Newest first, as the grid.
    expect(lines[1]).toContain(';Žofie Čápová;');
    expect(lines[1]).toContain(';2026-12-01;Nová;');
    expect(lines[1]).toMatch(/;2026-07-01T08:05:00\+02:00;2026-07-01T08:05:00\+02:00$/);
    expect(lines.find((line) => line.includes('HYPERLINK'))).toContain(
      `;"'=HYPERLINK(""https://evil.example"",""klik"") Formulová";`,
    );
    expect(lines.find((line) => line.includes('SUM'))).toContain(";'@SUM(A1) Formulová;");
    expect(lines.find((line) => line.includes('2+3'))).toContain(";'-2+3 Formulová;");
    expect(lines.find((line) => line.includes('601'))).toContain(";'+420 601 123 456 Formulová;");
    expect(lines.find((line) => line.includes('Formulová') && line.includes('2026-01-10'))).toContain(
      '2026-01-10T10:30:00+01:00',
    );
    expect(lines.at(-1)).toBe('');
  });

  it('is ,-separated in English', async () => {
    const response = await exportRequest(setup.admin, setup.providerId, {
      format: 'csv',
      locale: 'en',
      selection: { mode: 'ids', ids: [setup.second[0]?.id ?? ''] },
    });
    const lines = response.rawPayload.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]?.startsWith('Code,Client,Service,Service type,')).toBe(true);
    expect(lines[1]).toContain(',New,');
  });
});

describe('what is exported', () => {
  async function exportedCodes(
    who: ProviderMember,
    providerId: string,
    selection: ProviderExport['selection'],
  ) {
    const response = await exportRequest(who, providerId, { format: 'xlsx', locale: 'cs', selection });
    expect(response.statusCode).toBe(200);
    const sheet = await sheetOf(response.rawPayload);
    const codes: string[] = [];
    for (let rowNumber = 2; rowNumber <= sheet.rowCount; rowNumber++) {
      codes.push(String(sheet.getRow(rowNumber).getCell(1).value));
    }
    return codes.toSorted();
  }

  it('an administrator exports every request of the provider; a worker those of their facility', async () => {
    const all = [...setup.first, ...setup.second].map((request) => request.code).toSorted();
    expect(await exportedCodes(setup.admin, setup.providerId, allRows)).toEqual(all);
    expect(await exportedCodes(setup.worker, setup.providerId, allRows)).toEqual(
      setup.first.map((request) => request.code).toSorted(),
    );
  });

  it('leaves out ids outside the caller’s scope and another provider’s', async () => {
    const other = await createCareRequest(server.database.db);
    const ids = [setup.first[0]?.id ?? '', setup.second[0]?.id ?? '', other.id];
    expect(await exportedCodes(setup.worker, setup.providerId, { mode: 'ids', ids })).toEqual([
      setup.first[0]?.code,
    ]);
    expect(await exportedCodes(setup.admin, setup.providerId, { mode: 'ids', ids })).toEqual(
      [setup.first[0]?.code, setup.second[0]?.code].toSorted(),
    );
  });

  it('applies the grid’s filters', async () => {
    expect(
      await exportedCodes(setup.admin, setup.providerId, {
        mode: 'filter',
        filter: { client: 'zofie capova' },
      }),
    ).toEqual([setup.second[0]?.code]);
    expect(
      await exportedCodes(setup.admin, setup.providerId, {
        mode: 'filter',
        filter: { createdFrom: '2026-01-11', createdTo: '2026-01-12' },
      }),
    ).toEqual([setup.first[1]?.code, setup.first[2]?.code].toSorted());
  });

  it('answers 404 for a provider the caller is not a member of', async () => {
    const stranger = await providerMember(server, (await createProvider(server.database.db)).id, [
      'providerAdmin',
    ]);
    const response = await exportRequest(stranger, setup.providerId, {
      format: 'csv',
      locale: 'cs',
      selection: allRows,
    });
    expect(response.statusCode).toBe(404);
  });

  it('refuses an unknown format or locale and an empty id list', async () => {
    for (const body of [
      { format: 'pdf', locale: 'cs', selection: allRows },
      { format: 'csv', locale: 'de', selection: allRows },
      { format: 'csv', locale: 'cs', selection: { mode: 'ids', ids: [] } },
    ]) {
      const response = await exportRequest(setup.admin, setup.providerId, body as unknown as ProviderExport);
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('a large selection', () => {
  let large: { providerId: string; admin: ProviderMember };

  beforeAll(async () => {
    // 20,001 requests of one case to one service (each already "allows a new request", so the live
    // request's unique index lets them be), 15,000 of them in progress.
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
             (select id from request_statuses where code = case when g <= 15000 then 'in-progress' else 'new' end),
             ${request.createdByUserId}, true, now() - make_interval(secs => g)
      from generate_series(1, 20000) as g`);
    large = { providerId: provider.id, admin: await providerMember(server, provider.id, ['providerAdmin']) };
  });

  it('refuses more than 20,000 rows with ExportTooLarge before sending anything', async () => {
    const response = await exportRequest(large.admin, large.providerId, {
      format: 'xlsx',
      locale: 'cs',
      selection: allRows,
    });
    expect(response.statusCode).toBe(422);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({ code: 'ExportTooLarge' });
  });

  it('streams up to the limit', async () => {
    const response = await exportRequest(large.admin, large.providerId, {
      format: 'csv',
      locale: 'en',
      selection: { mode: 'filter', filter: { status: 'in-progress' } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.toString('utf8').split('\r\n')).toHaveLength(1 + 15_000 + 1);
  });

  it('gives the connection back when the client leaves half-way', async () => {
    const pool = server.db.$client;
    const controller = new AbortController();
    const response = await fetch(
      `${server.config.publicUrl}/api/v1/provider/providers/${large.providerId}/export`,
      {
        method: 'POST',
        headers: { ...large.admin.headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          format: 'xlsx',
          locale: 'cs',
          selection: { mode: 'filter', filter: { status: 'in-progress' } },
        }),
        signal: controller.signal,
      },
    );
    expect(response.status).toBe(200);
    const reader = response.body?.getReader();
    const first = await reader?.read();
    expect(first?.value?.byteLength).toBeGreaterThan(0);
    // The export holds a connection of its own while it streams.
    expect(pool.totalCount - pool.idleCount).toBeGreaterThan(0);
    controller.abort();
    await waitFor('the export’s connection back in the pool', () =>
      pool.totalCount - pool.idleCount === 0 && pool.waitingCount === 0 ? true : undefined,
    );
    const { rows } = await server.database.db.execute<{ n: number }>(sql`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and application_name = 'opora-test-app' and state <> 'idle'`);
    expect(rows[0]?.n).toBe(0);
    // Every slot is free again: more exports than there are slots, one after another.
    for (let attempt = 0; attempt < 3; attempt++) {
      const again = await exportRequest(setup.admin, setup.providerId, {
        format: 'csv',
        locale: 'cs',
        selection: allRows,
      });
      expect(again.statusCode).toBe(200);
    }
  });
});
