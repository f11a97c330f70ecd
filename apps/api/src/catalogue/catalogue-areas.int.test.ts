import {
  type DbExecutor,
  facilities,
  facilityServiceCounties,
  facilityServices,
  priceColumns,
  providers,
} from '@opora/db';
import {
  createFacility,
  createFacilityService,
  createProvider,
  createTestDatabase,
  type TestDatabase,
} from '@opora/db/testing';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `catalogue_area_services` and `catalogue_area_counts` are kept by triggers (migration 0006). After
// every kind of write they must hold exactly what the public list used to compute per request from
// the tables themselves: the reference queries below are that computation, written plainly.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

type AreaRow = {
  area_code: string;
  id: string;
  verified: boolean;
  name: string;
  service_type_id: string;
  service_category_id: string;
  form: string;
  price_in_other_currency: boolean | null;
  price_amount_minor: number | null;
};

const sortedRows = <T extends Record<string, unknown>>(rows: T[]) =>
  rows.map((row) => JSON.stringify(row)).toSorted();

/** The area rows' stated capacity: 0 accepting, 1 never stated, 2 full. */
const capacityState = sql.raw(
  'case fs.accepting_clients when true then 0 when false then 2 else 1 end::smallint as capacity_state',
);

/**
 * Active services of each county (its links), and of each region (links to any of its counties); a
 * price's currency is the area's own when it is its country's (CZK in Czechia, EUR in Slovakia).
 */
async function expectedRows(db: DbExecutor) {
  const { rows } = await db.execute<AreaRow>(sql`
    select c.code as area_code, fs.id, fs.verified, fs.name, fs.service_type_id, fs.service_category_id, fs.form,
      fs.price_currency::text <> (case left(c.code, 2) when 'SK' then 'EUR' else 'CZK' end) as price_in_other_currency,
      fs.price_amount_minor, ${capacityState}, fs.capacity_confirmed_at
    from counties c
    join facility_services fs on fs.status = 'active'
      and fs.id in (select fsc.facility_service_id from facility_service_counties fsc where fsc.county_code = c.code)
    union all
    select r.code, fs.id, fs.verified, fs.name, fs.service_type_id, fs.service_category_id, fs.form,
      fs.price_currency::text <> (case left(r.code, 2) when 'SK' then 'EUR' else 'CZK' end), fs.price_amount_minor,
      ${capacityState}, fs.capacity_confirmed_at
    from regions r
    join facility_services fs on fs.status = 'active'
      and fs.id in (select fsc.facility_service_id from facility_service_counties fsc
                    join counties c on c.code = fsc.county_code where c.region_code = r.code)
  `);
  return rows;
}

async function maintainedRows(db: DbExecutor) {
  const { rows } = await db.execute<AreaRow>(sql`
    select area_code, facility_service_id as id, verified, name, service_type_id, service_category_id, form,
      price_in_other_currency, price_amount_minor, capacity_state, capacity_confirmed_at
    from catalogue_area_services
  `);
  return rows;
}

/** What a list item showed, joined per row as the public list did: active services with links. */
async function expectedItems(db: DbExecutor) {
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select fs.id, fs.name, fs.form, fs.price_amount_minor, fs.price_currency, fs.price_vat_rate_percent,
      fs.place, fs.sponsored, fs.verified,
      f.id as facility_id, f.name as facility_name, f.street, f.city, f.zipcode,
      fc.code as county_code, fc.name as county_name,
      p.id as provider_id, p.name as provider_name, p.verified as provider_verified,
      st.id as service_type_id, st.code as service_type_code, st.form as service_type_form,
      sc.id as service_category_id, sc.code as service_category_code,
      fs.accepting_clients, fs.free_places, fs.waiting_weeks, fs.capacity_confirmed_at
    from facility_services fs
    join facilities f on f.id = fs.facility_id
    join providers p on p.id = fs.provider_id
    join service_types st on st.id = fs.service_type_id
    join service_categories sc on sc.id = fs.service_category_id
    left join counties fc on fc.code = f.county_code
    where fs.status = 'active' and fs.id in (select facility_service_id from facility_service_counties)
  `);
  return rows;
}

async function maintainedItems(db: DbExecutor) {
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select facility_service_id as id, name, form, price_amount_minor, price_currency, price_vat_rate_percent,
      place, sponsored, verified,
      facility_id, facility_name, street, city, zipcode, county_code, county_name,
      provider_id, provider_name, provider_verified, service_type_id, service_type_code, service_type_form,
      service_category_id, service_category_code,
      accepting_clients, free_places, waiting_weeks, capacity_confirmed_at
    from catalogue_services
  `);
  return rows;
}

/** The maintained tables (area rows, their counts, list items) match the reference computation. */
async function expectConsistent(db: DbExecutor = database.db) {
  const expected = await expectedRows(db);
  expect(sortedRows(await maintainedRows(db))).toEqual(sortedRows(expected));
  expect(sortedRows(await maintainedItems(db))).toEqual(sortedRows(await expectedItems(db)));
  const expectedCounts = new Map<string, number>();
  for (const row of expected) {
    const key = JSON.stringify([row.area_code, row.service_type_id, row.service_category_id, row.form]);
    expectedCounts.set(key, (expectedCounts.get(key) ?? 0) + 1);
  }
  const { rows: counts } = await db.execute<{
    area_code: string;
    service_type_id: string;
    service_category_id: string;
    form: string;
    services: number;
  }>(sql`select area_code, service_type_id, service_category_id, form, services
         from catalogue_area_counts where services <> 0`);
  expect(
    Object.fromEntries(
      counts.map((row) => [
        JSON.stringify([row.area_code, row.service_type_id, row.service_category_id, row.form]),
        row.services,
      ]),
    ),
  ).toEqual(Object.fromEntries(expectedCounts));
  return expected;
}

async function areasOf(serviceId: string, db: DbExecutor = database.db) {
  const { rows } = await db.execute<{ area_code: string }>(
    sql`select area_code from catalogue_area_services where facility_service_id = ${serviceId} order by area_code`,
  );
  return rows.map((row) => row.area_code);
}

async function areaRowOf(serviceId: string, areaCode: string) {
  return (await maintainedRows(database.db)).find(
    (candidate) => candidate.id === serviceId && candidate.area_code === areaCode,
  );
}

async function itemOf(serviceId: string, db: DbExecutor = database.db) {
  const { rows } = await db.execute<Record<string, unknown>>(
    sql`select * from catalogue_services where facility_service_id = ${serviceId}`,
  );
  return rows[0];
}

async function setCounties(serviceId: string, countyCodes: string[], db: DbExecutor = database.db) {
  await db.delete(facilityServiceCounties).where(eq(facilityServiceCounties.facilityServiceId, serviceId));
  if (countyCodes.length > 0) {
    await db
      .insert(facilityServiceCounties)
      .values(countyCodes.map((countyCode) => ({ countyCode, facilityServiceId: serviceId })));
  }
}

describe('catalogue_area_services and catalogue_area_counts', () => {
  it('hold an inserted active service once per county and once per region of those counties', async () => {
    const service = await createFacilityService(database.db, {
      counties: ['CZ0642', 'CZ0643', 'CZ0711'],
    });
    await createFacilityService(database.db, { status: 'draft', counties: ['CZ0642'] });
    await createFacilityService(database.db, { status: 'archive', counties: ['CZ0642'] });
    await createFacilityService(database.db, { counties: [] });
    expect(await areasOf(service.id)).toEqual(['CZ064', 'CZ0642', 'CZ0643', 'CZ071', 'CZ0711']);
    await expectConsistent();
  });

  it('follow a status change: active → draft leaves every area, draft → active comes back', async () => {
    const service = await createFacilityService(database.db, { counties: ['CZ0521', 'CZ0522'] });
    await database.db
      .update(facilityServices)
      .set({ status: 'draft' })
      .where(eq(facilityServices.id, service.id));
    expect(await areasOf(service.id)).toEqual([]);
    await expectConsistent();
    await database.db
      .update(facilityServices)
      .set({ status: 'active' })
      .where(eq(facilityServices.id, service.id));
    expect(await areasOf(service.id)).toEqual(['CZ052', 'CZ0521', 'CZ0522']);
    await database.db
      .update(facilityServices)
      .set({ status: 'archive' })
      .where(eq(facilityServices.id, service.id));
    await expectConsistent();
  });

  it('follow the name, price, verification, type and form the lists sort and filter by', async () => {
    const service = await createFacilityService(database.db, {
      counties: ['CZ0311'],
      price: { amountMinor: 10_000, currency: 'CZK', vatRatePercent: 0 },
    });
    const [nursing] = await database.db
      .execute<{ id: string; category_id: string }>(
        sql`select id, category_id from service_types where code = 'home-nursing'`,
      )
      .then((result) => result.rows);
    await database.db
      .update(facilityServices)
      .set({ priceAmountMinor: 12_345 })
      .where(eq(facilityServices.id, service.id));
    await expectConsistent();
    expect(await itemOf(service.id)).toMatchObject({ price_amount_minor: 12_345, price_currency: 'CZK' });
    // Euro in a Czech county: the other currency, listed after the crowns; then the VAT rate alone.
    await database.db
      .update(facilityServices)
      .set({ ...priceColumns({ amountMinor: 990, currency: 'EUR', vatRatePercent: 23 }) })
      .where(eq(facilityServices.id, service.id));
    await expectConsistent();
    expect(await areaRowOf(service.id, 'CZ0311')).toMatchObject({ price_in_other_currency: true });
    await database.db
      .update(facilityServices)
      .set({ priceVatRatePercent: 5 })
      .where(eq(facilityServices.id, service.id));
    expect(await itemOf(service.id)).toMatchObject({ price_amount_minor: 990, price_vat_rate_percent: 5 });
    await database.db
      .update(facilityServices)
      .set({ name: 'Čistá péče', ...priceColumns(null), verified: false })
      .where(eq(facilityServices.id, service.id));
    await expectConsistent();
    await database.db
      .update(facilityServices)
      .set({
        serviceTypeId: nursing?.id ?? '',
        serviceCategoryId: nursing?.category_id ?? '',
        form: 'health',
      })
      .where(eq(facilityServices.id, service.id));
    await expectConsistent();
    expect(await areaRowOf(service.id, 'CZ0311')).toMatchObject({
      name: 'Čistá péče',
      price_in_other_currency: null,
      price_amount_minor: null,
      verified: false,
      form: 'health',
    });
    expect(await itemOf(service.id)).toMatchObject({
      price_amount_minor: null,
      price_currency: null,
      price_vat_rate_percent: null,
    });
  });

  it('follow a capacity update, and a confirmation that only moves its time', async () => {
    const service = await createFacilityService(database.db, { counties: ['CZ0312'] });
    const confirmedAt = new Date('2026-11-30T08:00:00Z');
    await database.db
      .update(facilityServices)
      .set({ acceptingClients: true, freePlaces: 2, waitingWeeks: 3, capacityConfirmedAt: confirmedAt })
      .where(eq(facilityServices.id, service.id));
    await expectConsistent();
    await database.db
      .update(facilityServices)
      .set({ capacityConfirmedAt: new Date('2026-12-01T08:00:00Z') })
      .where(eq(facilityServices.id, service.id));
    await expectConsistent();
    const { rows } = await database.db.execute<{ capacity_state: number; confirmed: string }>(
      sql`select capacity_state, capacity_confirmed_at::text as confirmed from catalogue_area_services
          where facility_service_id = ${service.id} and area_code = 'CZ031'`,
    );
    expect(rows).toEqual([{ capacity_state: 0, confirmed: '2026-12-01 08:00:00+00' }]);
    await database.db
      .update(facilityServices)
      .set({ acceptingClients: false })
      .where(eq(facilityServices.id, service.id));
    await expectConsistent();
  });

  it('do not rewrite a service’s rows when nothing the lists use changed', async () => {
    const service = await createFacilityService(database.db, { counties: ['CZ0312'] });
    const versions = async () =>
      (
        await database.db.execute<{ xmin: string }>(
          sql`select xmin::text from catalogue_area_services where facility_service_id = ${service.id} order by area_code`,
        )
      ).rows;
    const before = await versions();
    await database.db
      .update(facilityServices)
      .set({ description: 'Nový popis', place: 'Jinde', url: 'https://example.cz' })
      .where(eq(facilityServices.id, service.id));
    expect(await versions()).toEqual(before);
  });

  it('follow county links added, removed, moved and replaced', async () => {
    const service = await createFacilityService(database.db, { counties: ['CZ0421'] });
    await database.db
      .insert(facilityServiceCounties)
      .values({ countyCode: 'CZ0422', facilityServiceId: service.id });
    expect(await areasOf(service.id)).toEqual(['CZ042', 'CZ0421', 'CZ0422']);
    await database.db
      .delete(facilityServiceCounties)
      .where(
        and(
          eq(facilityServiceCounties.facilityServiceId, service.id),
          eq(facilityServiceCounties.countyCode, 'CZ0421'),
        ),
      );
    expect(await areasOf(service.id)).toEqual(['CZ042', 'CZ0422']);
    // A link moved to a county of another region takes the region row with it.
    await database.db
      .update(facilityServiceCounties)
      .set({ countyCode: 'CZ0531' })
      .where(eq(facilityServiceCounties.facilityServiceId, service.id));
    expect(await areasOf(service.id)).toEqual(['CZ053', 'CZ0531']);
    await setCounties(service.id, ['CZ0532', 'CZ0533', 'CZ0424']);
    expect(await areasOf(service.id)).toEqual(['CZ042', 'CZ0424', 'CZ053', 'CZ0532', 'CZ0533']);
    await setCounties(service.id, []);
    expect(await areasOf(service.id)).toEqual([]);
    await expectConsistent();
  });

  it('keep a service of an unverified provider where it was (the provider’s check neither hides nor orders it)', async () => {
    const provider = await createProvider(database.db, { verified: true });
    const facility = await createFacility(database.db, { providerId: provider.id });
    const service = await createFacilityService(database.db, {
      facilityId: facility.id,
      counties: ['CZ0411'],
    });
    await database.db
      .update(providers)
      .set({ verified: false, verifiedAt: null })
      .where(eq(providers.id, provider.id));
    expect(await areasOf(service.id)).toEqual(['CZ041', 'CZ0411']);
    expect(await itemOf(service.id)).toMatchObject({ provider_verified: false });
    await expectConsistent();
  });

  it('show a renamed provider and a facility’s new name, address and county on the service’s item', async () => {
    const provider = await createProvider(database.db, { name: 'Původní' });
    const facility = await createFacility(database.db, { providerId: provider.id, countyCode: 'CZ0412' });
    const service = await createFacilityService(database.db, {
      facilityId: facility.id,
      counties: ['CZ0412'],
    });
    await database.db.update(providers).set({ name: 'Nový název' }).where(eq(providers.id, provider.id));
    await database.db
      .update(facilities)
      .set({
        name: 'Dům U Lípy',
        street: 'Lipová 2',
        city: 'Sokolov',
        zipcode: '356 01',
        countyCode: 'CZ0413',
      })
      .where(eq(facilities.id, facility.id));
    expect(await itemOf(service.id)).toMatchObject({
      provider_name: 'Nový název',
      facility_name: 'Dům U Lípy',
      street: 'Lipová 2',
      city: 'Sokolov',
      zipcode: '356 01',
      county_code: 'CZ0413',
    });
    await database.db
      .update(facilities)
      .set({ countyCode: null, street: null })
      .where(eq(facilities.id, facility.id));
    expect(await itemOf(service.id)).toMatchObject({ county_code: null, county_name: null, street: null });
    await database.db
      .update(facilityServices)
      .set({ place: 'V domácnosti', sponsored: true })
      .where(eq(facilityServices.id, service.id));
    expect(await itemOf(service.id)).toMatchObject({ place: 'V domácnosti', sponsored: true });
    await expectConsistent();
  });

  it('lose a deleted service, and the services of a deleted facility or provider', async () => {
    const service = await createFacilityService(database.db, { counties: ['CZ0631', 'CZ0632'] });
    const provider = await createProvider(database.db);
    const facility = await createFacility(database.db, { providerId: provider.id });
    const first = await createFacilityService(database.db, { facilityId: facility.id, counties: ['CZ0633'] });
    const second = await createFacilityService(database.db, {
      facilityId: facility.id,
      counties: ['CZ0634'],
    });
    const other = await createFacility(database.db, { providerId: provider.id });
    const third = await createFacilityService(database.db, { facilityId: other.id, counties: ['CZ0635'] });
    await database.db.delete(facilityServices).where(eq(facilityServices.id, service.id));
    expect(await areasOf(service.id)).toEqual([]);
    await database.db.delete(facilities).where(eq(facilities.id, facility.id));
    expect([...(await areasOf(first.id)), ...(await areasOf(second.id))]).toEqual([]);
    expect(await areasOf(third.id)).toEqual(['CZ063', 'CZ0635']);
    await database.db.delete(providers).where(eq(providers.id, provider.id));
    expect(await areasOf(third.id)).toEqual([]);
    await expectConsistent();
  });

  it('follow a code-list revision: a county moved to another region or renamed, a type recoded (rolled back here)', async () => {
    const facility = await createFacility(database.db, { countyCode: 'CZ0721' });
    const service = await createFacilityService(database.db, {
      facilityId: facility.id,
      counties: ['CZ0721', 'CZ0722'],
    });
    await database.db
      .transaction(async (tx) => {
        // A county's code starts with its region's: the revision renames it (links follow by cascade).
        await tx.execute(
          sql`update counties set code = 'CZ0809', region_code = 'CZ080' where code = 'CZ0722'`,
        );
        expect(await areasOf(service.id, tx)).toEqual(['CZ072', 'CZ0721', 'CZ080', 'CZ0809']);
        await tx.execute(sql`update counties set name = 'Přejmenovaný' where code = 'CZ0721'`);
        expect(await itemOf(service.id, tx)).toMatchObject({
          county_code: 'CZ0721',
          county_name: 'Přejmenovaný',
        });
        await tx.execute(sql`update service_types set code = 'recoded' where code = 'home-care-service'`);
        expect(await itemOf(service.id, tx)).toMatchObject({ service_type_code: 'recoded' });
        await expectConsistent(tx);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message === 'Rollback')) throw error;
      });
    expect(await areasOf(service.id)).toEqual(['CZ072', 'CZ0721', 'CZ0722']);
    await expectConsistent();
  });
});

describe('concurrent writes', () => {
  /** Two sessions of their own, each in a transaction, to interleave statements by hand. */
  async function sessions() {
    const first = await database.db.$client.connect();
    const second = await database.db.$client.connect();
    const pidOf = async (client: typeof first) =>
      Number((await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid);
    return {
      first,
      second,
      secondPid: await pidOf(second),
      // Destroyed, not returned: a failed test must not leave a transaction open in the pool.
      release: () => {
        first.release(true);
        second.release(true);
      },
    };
  }

  /** Resolves once the backend waits for a lock (the other transaction's). */
  async function waitsForLock(pid: number) {
    for (let attempt = 0; attempt < 200; attempt++) {
      const { rows } = await database.db.execute<{ waiting: boolean }>(
        sql`select wait_event_type = 'Lock' as waiting from pg_stat_activity where pid = ${pid}`,
      );
      if (rows[0]?.waiting) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`backend ${pid} never waited for a lock`);
  }

  it('two transactions changing one service’s counties take turns, and the later sees the earlier', async () => {
    const service = await createFacilityService(database.db, { counties: ['CZ0100', 'CZ0201'] });
    const { first, second, secondPid, release } = await sessions();
    try {
      await first.query('begin');
      await first.query(
        `delete from facility_service_counties where facility_service_id = $1 and county_code = 'CZ0201'`,
        [service.id],
      );
      await first.query(
        `insert into facility_service_counties (county_code, facility_service_id) values ('CZ0202', $1)`,
        [service.id],
      );
      await second.query('begin');
      // Its own insert does not conflict with the first's; its trigger waits for the service's lock.
      const secondInsert = second.query(
        `insert into facility_service_counties (county_code, facility_service_id) values ('CZ0311', $1)`,
        [service.id],
      );
      await waitsForLock(secondPid);
      await first.query('commit');
      await secondInsert;
      await second.query('commit');
    } finally {
      release();
    }
    expect(await areasOf(service.id)).toEqual(['CZ010', 'CZ0100', 'CZ020', 'CZ0202', 'CZ031', 'CZ0311']);
    await expectConsistent();
  });

  it('a service’s counties and its status changed at once end consistent', async () => {
    const service = await createFacilityService(database.db, { counties: ['CZ0203'] });
    const { first, second, secondPid, release } = await sessions();
    try {
      await first.query('begin');
      await first.query(
        `insert into facility_service_counties (county_code, facility_service_id) values ('CZ0204', $1)`,
        [service.id],
      );
      await second.query('begin');
      const archived = second.query(`update facility_services set status = 'draft' where id = $1`, [
        service.id,
      ]);
      await waitsForLock(secondPid);
      await first.query('commit');
      await archived;
      await second.query(`update facility_services set status = 'active', name = 'Zpět' where id = $1`, [
        service.id,
      ]);
      await second.query('commit');
    } finally {
      release();
    }
    expect(await areasOf(service.id)).toEqual(['CZ020', 'CZ0203', 'CZ0204']);
    await expectConsistent();
  });

  it('a repeatable-read transaction that would recompute from an older snapshot fails instead (40001)', async () => {
    const service = await createFacilityService(database.db, { counties: ['CZ0205'] });
    const { first, second, secondPid, release } = await sessions();
    try {
      await second.query('begin isolation level repeatable read');
      await second.query('select 1 from facility_services limit 1'); // takes its snapshot
      await first.query('begin');
      await first.query(
        `insert into facility_service_counties (county_code, facility_service_id) values ('CZ0206', $1)`,
        [service.id],
      );
      const stale = second
        .query(
          `insert into facility_service_counties (county_code, facility_service_id) values ('CZ0207', $1)`,
          [service.id],
        )
        .then(
          () => undefined,
          (error: { code?: string }) => error,
        );
      await waitsForLock(secondPid);
      await first.query('commit');
      expect((await stale)?.code).toBe('40001');
      await second.query('rollback');
    } finally {
      release();
    }
    expect(await areasOf(service.id)).toEqual(['CZ020', 'CZ0205', 'CZ0206']);
    await expectConsistent();
  });
});
