import { verify } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../connection-string.ts';
import { identityCredentials, identityUsers } from '../schema/identity.ts';
import {
  cases,
  clients,
  counties,
  facilities,
  facilityServiceCounties,
  facilityServices,
  providers,
  providerUsers,
  regions,
  requestStatuses,
  serviceTypes,
  users,
} from '../schema/index.ts';
import { createTestDatabase, type TestDatabase } from '../testing.ts';
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
      'no-capacity',
      'accepted',
      'rejected',
      'cancelled',
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
});

describe('demo seed', () => {
  beforeAll(async () => {
    await seed(database.db, { demo: true, expectedUrl: database.url, env: {} });
  });

  it('creates a catalogue of verified and unverified providers over at least six regions', async () => {
    const db = database.db;
    expect(await db.$count(providers)).toBe(8);
    expect(await db.$count(providers, eq(providers.verified, false))).toBe(1);
    expect(await db.$count(facilities)).toBe(14);
    expect(await db.$count(facilityServices)).toBeGreaterThanOrEqual(40);

    const servedRegions = await db
      .selectDistinct({ regionCode: counties.regionCode })
      .from(facilityServiceCounties)
      .innerJoin(counties, eq(counties.code, facilityServiceCounties.countyCode));
    const regionCodes = servedRegions.map((row) => row.regionCode);
    expect(regionCodes.length).toBeGreaterThanOrEqual(6);
    expect(regionCodes).toEqual(expect.arrayContaining(['CZ010', 'CZ064', 'CZ080', 'SK010', 'SK042']));

    const statuses = await db.selectDistinct({ status: facilityServices.status }).from(facilityServices);
    expect(statuses.map((row) => row.status).sort()).toEqual(['active', 'archive', 'draft']);
    expect(await db.$count(facilityServices, eq(facilityServices.sponsored, true))).toBeGreaterThan(0);
  });

  it('creates the demo accounts as identity users with argon2id hashes of the published password', async () => {
    const expectedRealmRoles = { client: ['client'], provider: ['client'], admin: ['client', 'admin'] };
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
