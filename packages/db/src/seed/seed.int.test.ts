import { verify } from '@node-rs/argon2';
import { ProviderJoinOrganisationSchema } from '@opora/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../connection-string.ts';
import { identityCredentials, identityUsers } from '../schema/identity.ts';
import {
  cases,
  clients,
  contacts,
  counties,
  facilities,
  facilityServiceCounties,
  facilityServices,
  providers,
  providerUsers,
  regions,
  requestStatuses,
  serviceTypes,
  surveyAnswers,
  surveyDefinitions,
  users,
} from '../schema/index.ts';
import { createTestDatabase, type TestDatabase } from '../testing.ts';
import { demoEmptyCountyCode } from './demo-catalogue.ts';
import { demoAccounts, demoPassword } from './demo-data.ts';
import { SeedRefusedError, seed } from './index.ts';

let database: TestDatabase;
// Host and port are only comparable when the server is reached on a loopback address.
const serverIsLocal = ['localhost', '127.0.0.1', '[::1]'].includes(
  new URL(inject('oporaDbAdminUrl')).hostname,
);

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

/** Every seeded table's full content, to prove a repeated seed changes nothing. */
async function snapshot(): Promise<Record<string, string>> {
  const tables = [
    'regions',
    'counties',
    'relationship_types',
    'service_categories',
    'service_types',
    'request_statuses',
    'subscription_types',
    'providers',
    'contacts',
    'facilities',
    'facility_services',
    'facility_service_counties',
    'users',
    'identity.users',
    'identity.credentials',
    'provider_users',
    'facility_assignments',
    'clients',
    'client_persons',
    'cases',
    'consents',
    'subscriptions',
    'care_requests',
    'care_request_events',
  ];
  const result: Record<string, string> = {};
  for (const table of tables) {
    const rows = await database.db.execute<{ digest: string | null; count: string }>(
      sql.raw(
        `select md5(string_agg(t::text, '|' order by t::text)) as digest, count(*) as count from ${table} t`,
      ),
    );
    result[table] = `${rows.rows[0]?.count}:${rows.rows[0]?.digest}`;
  }
  const sequence = await database.db.execute<{ last_value: string }>(
    sql`select last_value from case_code_seq`,
  );
  result.case_code_seq = String(sequence.rows[0]?.last_value);
  return result;
}

describe('reference seed (loaded into every test database)', () => {
  it('loads all 22 regions and 156 counties with their NUTS 3 and LAU 1 codes', async () => {
    const db = database.db;
    expect(await db.$count(regions)).toBe(22);
    expect(await db.$count(counties)).toBe(156);
    expect(await db.$count(regions, eq(regions.country, 'CZ'))).toBe(14);
    expect(await db.$count(regions, eq(regions.country, 'SK'))).toBe(8);

    const [prague] = await db.select().from(counties).where(eq(counties.code, 'CZ0100'));
    expect(prague).toEqual({ code: 'CZ0100', name: 'Hlavní město Praha', regionCode: 'CZ010' });
    const [bratislavaRegion] = await db.select().from(regions).where(eq(regions.code, 'SK010'));
    expect(bratislavaRegion).toEqual({ code: 'SK010', name: 'Bratislavský kraj', country: 'SK' });
    const [bratislavaI] = await db.select().from(counties).where(eq(counties.code, 'SK0101'));
    expect(bratislavaI).toEqual({ code: 'SK0101', name: 'Bratislava I', regionCode: 'SK010' });
    const [southMoravia] = await db.select().from(regions).where(eq(regions.code, 'CZ064'));
    expect(southMoravia?.name).toBe('Jihomoravský kraj');
  });

  it('loads the legal service taxonomy and the request statuses of the provider inbox', async () => {
    const types = await database.db
      .select({ code: serviceTypes.code, form: serviceTypes.form })
      .from(serviceTypes);
    expect(types).toHaveLength(11);
    expect(types).toEqual(
      expect.arrayContaining([
        { code: 'personal-assistance', form: 'field' },
        { code: 'home-for-seniors', form: 'residential' },
        { code: 'day-care-centre', form: 'day' },
        { code: 'home-nursing', form: 'health' },
      ]),
    );
    const statuses = await database.db
      .select({ code: requestStatuses.code, isTerminal: requestStatuses.isTerminal })
      .from(requestStatuses)
      .orderBy(requestStatuses.sortOrder);
    expect(statuses.map((status) => status.code)).toEqual([
      'new',
      'in-progress',
      'waiting-list',
      'accepted',
      'rejected',
      'withdrawn',
      'expired',
    ]);
    expect(statuses.filter((status) => !status.isTerminal).map((status) => status.code)).toEqual([
      'new',
      'in-progress',
      'waiting-list',
    ]);
  });

  it('changes nothing when run again', async () => {
    const before = await snapshot();
    const summary = await seed(database.db, { demo: false, expectedUrl: database.url, env: {} });
    expect(summary).toMatchObject({ regions: 22, counties: 156, providers: 0, users: 0 });
    expect(await snapshot()).toEqual(before);
  });

  it('leaves a platform questionnaire staff retired as it is (decision 0125)', async () => {
    const db = database.db;
    await db
      .update(surveyDefinitions)
      .set({ status: 'retired' })
      .where(eq(surveyDefinitions.code, 'case-v1'));
    try {
      await seed(db, { demo: false, expectedUrl: database.url, env: {} });
      const [row] = await db.select().from(surveyDefinitions).where(eq(surveyDefinitions.code, 'case-v1'));
      expect(row?.status).toBe('retired');
    } finally {
      // The database lets a retired definition go nowhere else: this one goes back by recreating it.
      await db.execute(sql`alter table ${surveyDefinitions} disable trigger survey_definitions_frozen`);
      await db
        .update(surveyDefinitions)
        .set({ status: 'published' })
        .where(eq(surveyDefinitions.code, 'case-v1'));
      await db.execute(sql`alter table ${surveyDefinitions} enable trigger survey_definitions_frozen`);
    }
  });
});

describe('demo seed', () => {
  beforeAll(async () => {
    await seed(database.db, { demo: true, expectedUrl: database.url, env: {} });
  });

  it('creates a catalogue of verified and unverified providers in every one of the 22 regions', async () => {
    const db = database.db;
    expect(await db.$count(providers)).toBe(24);
    expect(await db.$count(providers, eq(providers.verified, false))).toBe(4);
    expect(await db.$count(facilities)).toBe(30);
    expect(await db.$count(facilityServices)).toBeGreaterThanOrEqual(90);

    const activeByRegion = await db.execute<{ region_code: string; services: string; types: string }>(sql`
      select c.region_code, count(distinct fs.id) as services, count(distinct fs.service_type_id) as types
      from facility_service_counties fsc
      join counties c on c.code = fsc.county_code
      join facility_services fs on fs.id = fsc.facility_service_id and fs.status = 'active'
      group by c.region_code`);
    expect(activeByRegion.rows).toHaveLength(22);
    for (const region of activeByRegion.rows) {
      expect(Number(region.types), region.region_code).toBeGreaterThanOrEqual(2);
    }
    // Every region has a facility of its own, not only services reaching into it.
    const facilityRegions = await db.execute<{ region_code: string }>(sql`
      select distinct c.region_code from facilities f join counties c on c.code = f.county_code`);
    expect(facilityRegions.rows).toHaveLength(22);

    const statuses = await db.selectDistinct({ status: facilityServices.status }).from(facilityServices);
    expect(statuses.map((row) => row.status).sort()).toEqual(['active', 'archive', 'draft']);
    expect(await db.$count(facilityServices, eq(facilityServices.sponsored, true))).toBeGreaterThan(0);
  });

  it('gives verified social services a number in the register the carers’ detail shows, health care none', async () => {
    const rows = await database.db.execute<{
      country: string;
      category: string;
      register_number: string | null;
    }>(sql`
      select p.country, sc.code as category, fs.register_number
      from facility_services fs
      join providers p on p.id = fs.provider_id
      join service_categories sc on sc.id = fs.service_category_id
      where p.verified and fs.verified`);
    const social = rows.rows.filter((row) => row.category === 'social');
    expect(social.length).toBeGreaterThan(0);
    for (const row of social) {
      expect(row.register_number).toMatch(row.country === 'CZ' ? /^999[0-9]{4}$/ : /^[0-9]{4}\/2019$/);
    }
    expect(rows.rows.filter((row) => row.category === 'health').map((row) => row.register_number)).toEqual(
      rows.rows.filter((row) => row.category === 'health').map(() => null),
    );
    const numbers = social.map((row) => row.register_number);
    expect(new Set(numbers).size, 'one number per service').toBe(numbers.length);
  });

  it('leaves Jeseník without services while the rest of its region has some (the county fallback demo)', async () => {
    const db = database.db;
    expect(demoEmptyCountyCode).toBe('CZ0711');
    expect(await db.$count(facilityServiceCounties, eq(facilityServiceCounties.countyCode, 'CZ0711'))).toBe(
      0,
    );
    const olomoucRegion = await db.execute<{ services: string }>(sql`
      select count(*) as services from facility_service_counties fsc
      join counties c on c.code = fsc.county_code
      join facility_services fs on fs.id = fsc.facility_service_id and fs.status = 'active'
      where c.region_code = 'CZ071'`);
    expect(Number(olomoucRegion.rows[0]?.services)).toBeGreaterThan(0);
  });

  it('gives every provider an IČO and a DIČ that pass the checks the join applies', async () => {
    const rows = await database.db.select().from(providers);
    expect(rows.filter((row) => row.country === 'SK' && row.taxCode !== null).length).toBeGreaterThan(0);
    const taxCodes = rows.flatMap((row) => (row.taxCode === null ? [] : [row.taxCode]));
    expect(new Set(taxCodes).size, 'one provider per DIČ').toBe(taxCodes.length);
    for (const row of rows) {
      // The whole organisation as the join form would send it; only the codes' checks are asked for.
      const result = ProviderJoinOrganisationSchema.safeParse({
        name: row.name,
        country: row.country,
        identificationCode: row.identificationCode,
        taxCode: row.taxCode ?? '',
        address: {
          street: row.street ?? '',
          city: row.city,
          zipcode: row.zipcode,
          countyCode: row.countyCode,
        },
        billingAddress: {},
        requestsEmail: row.requestsEmail,
      });
      const codeIssues = (result.error?.issues ?? []).filter((issue) =>
        ['identificationCode', 'taxCode'].includes(String(issue.path[0])),
      );
      expect(codeIssues, `${row.name}: ${row.identificationCode} ${row.taxCode}`).toEqual([]);
    }
  });

  it('gives providers public and private contacts', async () => {
    const db = database.db;
    expect(await db.$count(contacts, eq(contacts.type, 'public'))).toBe(24);
    expect(await db.$count(contacts, eq(contacts.type, 'private'))).toBe(24);
  });

  it('creates the demo accounts as identity users with argon2id hashes of the published password', async () => {
    const expectedRealmRoles = {
      client: ['client'],
      provider: ['client'],
      admin: ['client', 'admin'],
      coordinator: ['client'],
      worker: ['client'],
      assistant: ['client', 'assistant'],
    };
    for (const [key, account] of Object.entries(demoAccounts)) {
      const [appUser] = await database.db
        .select({ subject: users.identitySubject })
        .from(users)
        .where(eq(users.email, account.email));
      const [row] = await database.db
        .select({
          hash: identityCredentials.passwordHash,
          username: identityUsers.username,
          emailVerified: identityUsers.emailVerified,
          realmRoles: identityUsers.realmRoles,
        })
        .from(identityUsers)
        .innerJoin(identityCredentials, eq(identityCredentials.userId, identityUsers.id))
        .where(eq(identityUsers.id, appUser?.subject ?? '00000000-0000-0000-0000-000000000000'));
      expect(row?.username).toBe(account.email);
      expect(row?.emailVerified).toBe(true);
      expect(row?.realmRoles).toEqual(expectedRealmRoles[key as keyof typeof demoAccounts]);
      expect(row?.hash).toMatch(/^\$argon2id\$/);
      expect(await verify(row?.hash ?? '', demoPassword)).toBe(true);
    }
    const [admin] = await database.db.select().from(users).where(eq(users.email, demoAccounts.admin.email));
    expect(admin?.platformRoles).toEqual(['admin']);
  });

  it('gives the client account one client with one case, and makes the provider account a provider admin', async () => {
    const [client] = await database.db.select().from(users).where(eq(users.email, demoAccounts.client.email));
    expect(await database.db.$count(clients, eq(clients.ownerUserId, client?.id ?? ''))).toBe(1);
    expect(await database.db.$count(cases, eq(cases.ownerUserId, client?.id ?? ''))).toBe(1);

    const [providerAccount] = await database.db
      .select({ roles: providerUsers.roles })
      .from(users)
      .innerJoin(providerUsers, eq(providerUsers.userId, users.id))
      .where(eq(users.email, demoAccounts.provider.email));
    expect(providerAccount?.roles).toEqual(['providerAdmin']);

    // The colleagues of the same provider: a coordinator without facilities, a worker of one.
    const colleagues = await database.db
      .select({
        email: users.email,
        roles: providerUsers.roles,
        facilities: sql<number>`(
          select count(*)::int from facility_assignments fa where fa.provider_user_id = ${providerUsers.id})`,
      })
      .from(users)
      .innerJoin(providerUsers, eq(providerUsers.userId, users.id))
      .where(inArray(users.email, [demoAccounts.coordinator.email, demoAccounts.worker.email]))
      .orderBy(users.email);
    expect(colleagues).toEqual([
      { email: demoAccounts.coordinator.email, roles: ['providerCoordinator'], facilities: 0 },
      { email: demoAccounts.worker.email, roles: ['providerUser'], facilities: 1 },
    ]);
  });

  it('describes the demo case’s need in both of its questionnaires, and every demo request carries them', async () => {
    const caseAnswers = await database.db
      .select({ type: surveyAnswers.surveyType, submittedAt: surveyAnswers.submittedAt })
      .from(surveyAnswers)
      .innerJoin(cases, eq(cases.id, surveyAnswers.caseId))
      .innerJoin(users, eq(users.id, cases.ownerUserId))
      .where(eq(users.email, demoAccounts.client.email))
      .orderBy(surveyAnswers.surveyType);
    // Complete: the demo shows submitted questionnaires, not drafts.
    expect(caseAnswers.map((row) => [row.type, row.submittedAt !== null])).toEqual([
      ['extended-case', true],
      ['case', true],
    ]);
    const { rows } = await database.db.execute<{ copies: number }>(sql`
      select (select count(*)::int from survey_answers a
              where a.care_request_id = cr.id and a.survey_type in ('extended-case', 'case')) as copies
      from care_requests cr join cases k on k.id = cr.case_id join users u on u.id = k.owner_user_id
      where u.email = ${demoAccounts.client.email}
    `);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.copies === 2)).toBe(true);
  });

  it('gives every demo service whose name states a form that form (a day or field respite service is not residential)', async () => {
    const rows = await database.db
      .select({ name: facilityServices.name, form: facilityServices.form })
      .from(facilityServices);
    const stated = (name: string) =>
      /denn|ambulantn/i.test(name)
        ? 'day'
        : /terénn/i.test(name)
          ? 'field'
          : /pobyt/i.test(name)
            ? 'residential'
            : null;
    const mismatched = rows.filter((row) => stated(row.name) !== null && stated(row.name) !== row.form);
    expect(mismatched).toEqual([]);
    expect(rows.filter((row) => stated(row.name) !== null).length).toBeGreaterThanOrEqual(10);
    const formOf = (name: string) => rows.find((row) => row.name === name)?.form;
    expect(formOf('Odlehčovací služba – denní')).toBe('day');
    expect(formOf('Terénní odlehčovací služba Doteky')).toBe('field');
    expect(formOf('Odlehčovací pobyty Chodov')).toBe('residential');
  });

  it('corrects the form of a demo service seeded before the catalogue stated it', async () => {
    const name = 'Odlehčovací služba – denní';
    await database.db
      .update(facilityServices)
      .set({ form: 'residential' })
      .where(eq(facilityServices.name, name));
    await seed(database.db, { demo: true, expectedUrl: database.url, env: {} });
    const [row] = await database.db
      .select({ form: facilityServices.form })
      .from(facilityServices)
      .where(eq(facilityServices.name, name));
    expect(row?.form).toBe('day');
  });

  it('prices Czech providers’ services in crowns and Slovak ones’ in euro, VAT only on emergency care', async () => {
    const rows = await database.db
      .select({
        country: providers.country,
        type: serviceTypes.code,
        amountMinor: facilityServices.priceAmountMinor,
        currency: facilityServices.priceCurrency,
        vatRatePercent: facilityServices.priceVatRatePercent,
      })
      .from(facilityServices)
      .innerJoin(providers, eq(providers.id, facilityServices.providerId))
      .innerJoin(serviceTypes, eq(serviceTypes.id, facilityServices.serviceTypeId));
    const priced = rows.filter((row) => row.amountMinor !== null);
    expect(priced.filter((row) => row.currency !== (row.country === 'CZ' ? 'CZK' : 'EUR'))).toEqual([]);
    expect(
      priced.filter(
        (row) => row.vatRatePercent !== (row.type !== 'emergency-care' ? 0 : row.country === 'CZ' ? 21 : 23),
      ),
    ).toEqual([]);
    expect(new Set(priced.map((row) => row.currency))).toEqual(new Set(['CZK', 'EUR']));
    expect(rows.some((row) => row.amountMinor === null && row.currency === null)).toBe(true);
  });

  it('corrects a Slovak demo price seeded in crowns before prices had a currency', async () => {
    const name = 'Zariadenie pre seniorov Ružinov';
    const [before] = await database.db
      .select({ amountMinor: facilityServices.priceAmountMinor })
      .from(facilityServices)
      .where(eq(facilityServices.name, name));
    expect(before?.amountMinor).toBe(98_000);
    await database.db
      .update(facilityServices)
      .set({ priceAmountMinor: 2_450_000, priceCurrency: 'CZK', priceVatRatePercent: 0 })
      .where(eq(facilityServices.name, name));
    await seed(database.db, { demo: true, expectedUrl: database.url, env: {} });
    const [row] = await database.db
      .select({
        amountMinor: facilityServices.priceAmountMinor,
        currency: facilityServices.priceCurrency,
        vatRatePercent: facilityServices.priceVatRatePercent,
      })
      .from(facilityServices)
      .where(eq(facilityServices.name, name));
    expect(row).toEqual({ amountMinor: 98_000, currency: 'EUR', vatRatePercent: 0 });
  });

  it('changes nothing when run again', async () => {
    const before = await snapshot();
    await seed(database.db, { demo: true, expectedUrl: database.url, env: {} });
    expect(await snapshot()).toEqual(before);
  });
});

describe('seed safety', () => {
  it('refuses a database other than the configured one and writes nothing', async () => {
    const before = await snapshot();
    const otherDatabase = withDatabase(database.url, 'opora_production');
    await expect(seed(database.db, { demo: false, expectedUrl: otherDatabase, env: {} })).rejects.toThrow(
      SeedRefusedError,
    );
    await expect(seed(database.db, { demo: false, expectedUrl: otherDatabase, env: {} })).rejects.toThrow(
      /connected to database "opora_test_[^"]+".*, but the configured database is .*opora_production/,
    );
    expect(await snapshot()).toEqual(before);
  });

  it.skipIf(!serverIsLocal)('refuses the same database name on another local server', async () => {
    const url = new URL(database.url);
    url.port = String(Number(url.port || 5432) === 5432 ? 5433 : 5432);
    await expect(seed(database.db, { demo: false, expectedUrl: url.toString(), env: {} })).rejects.toThrow(
      SeedRefusedError,
    );
  });

  it('refuses to seed with NODE_ENV=production unless SEED_DEMO is set explicitly', async () => {
    const options = { expectedUrl: database.url };
    await expect(
      seed(database.db, { ...options, demo: false, env: { NODE_ENV: 'production' } }),
    ).rejects.toThrow(/SEED_DEMO=false/);
    await expect(
      seed(database.db, { ...options, demo: true, env: { NODE_ENV: 'production', SEED_DEMO: 'false' } }),
    ).rejects.toThrow(SeedRefusedError);
    await expect(
      seed(database.db, { ...options, demo: false, env: { NODE_ENV: 'production', SEED_DEMO: 'false' } }),
    ).resolves.toMatchObject({ counties: 156 });
  });
});
