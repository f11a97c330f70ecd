import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client.ts';
import { databaseName, redactConnectionString } from '../connection-string.ts';
import {
  counties,
  facilities,
  facilityServices,
  places,
  providers,
  regions,
  relationshipTypes,
  requestStatuses,
  serviceCategories,
  serviceTypes,
  subscriptionTypes,
  users,
} from '../schema/index.ts';
import { hashDemoPassword, seedDemoData } from './demo-data.ts';
import { seedPlaces } from './places.ts';
import { seedReferenceData } from './reference-data.ts';
import { seedRegions } from './regions.ts';
import { seedSurveyDefinitions } from './surveys/index.ts';

export interface SeedOptions {
  /** Also load the demo catalogue and demo accounts. */
  demo: boolean;
  /**
   * The connection string the application is configured with. The seed refuses to run when `db` is
   * connected to another database.
   */
  expectedUrl: string;
  /** Where `NODE_ENV` and `SEED_DEMO` are read from; default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
}

export interface SeedSummary {
  regions: number;
  counties: number;
  places: number;
  relationshipTypes: number;
  serviceCategories: number;
  serviceTypes: number;
  requestStatuses: number;
  subscriptionTypes: number;
  providers: number;
  facilities: number;
  facilityServices: number;
  users: number;
}

export class SeedRefusedError extends Error {
  override name = 'SeedRefusedError';
}

// Serialises concurrent seeds of one database (two processes starting at once).
const seedLockKey = 7_241_905_114;

/**
 * Loads reference data (regions, counties and places, relationship types, service taxonomy, request statuses,
 * subscription types, the platform's published questionnaires) and, with `demo`, the demo catalogue and
 * accounts. Idempotent: rows are keyed by codes or fixed ids, so a second run changes nothing.
 */
export async function seed(db: Db, options: SeedOptions): Promise<SeedSummary> {
  assertSeedAllowed(options.demo, options.env ?? process.env);
  await assertConfiguredDatabase(db, options.expectedUrl);
  const passwordHash = options.demo ? await hashDemoPassword() : undefined;
  await db.transaction(async (tx) => {
    // A lock on a key, no table: raw SQL with nothing of the schema to check.
    await tx.execute(sql`select pg_advisory_xact_lock(${seedLockKey})`);
    await seedRegions(tx);
    await seedPlaces(tx);
    await seedReferenceData(tx);
    await seedSurveyDefinitions(tx);
    if (passwordHash) await seedDemoData(tx, passwordHash);
  });
  return countSeededRows(db);
}

/** Refuses a production seed unless `SEED_DEMO` states the intent explicitly. */
export function assertSeedAllowed(demo: boolean, env: Readonly<Record<string, string | undefined>>): void {
  if (env.NODE_ENV !== 'production') return;
  if (env.SEED_DEMO === undefined) {
    throw new SeedRefusedError(
      'Refusing to seed with NODE_ENV=production: set SEED_DEMO=false to load reference data only ' +
        '(or SEED_DEMO=true to also create the demo accounts, which have a published password).',
    );
  }
  if (demo && env.SEED_DEMO !== 'true') {
    throw new SeedRefusedError('Refusing to load demo data with NODE_ENV=production unless SEED_DEMO=true.');
  }
}

const loopbackHosts = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

function isLoopback(host: string): boolean {
  return loopbackHosts.has(host) || host.startsWith('127.');
}

/**
 * Refuses when `db` is connected to another database than `connectionString` names: a seed must never
 * land in the wrong database. The database name is always compared; host and port only when the server
 * reports a loopback address (behind NAT or a pooler the server's own address says nothing).
 */
export async function assertConfiguredDatabase(db: Db, connectionString: string): Promise<void> {
  // The server's own facts, no table: raw SQL with nothing of the schema to check.
  const result = await db.execute<{ database: string; address: string | null; port: number | null }>(
    sql`select current_database() as database, host(inet_server_addr()) as address, inet_server_port() as port`,
  );
  const actual = result.rows[0];
  if (!actual) throw new SeedRefusedError('Could not read the name of the connected database.');
  const expectedName = databaseName(connectionString);
  const url = new URL(connectionString);
  const expectedHost = url.hostname;
  const expectedPort = Number(url.port || 5432);
  const where = actual.address ? ` on ${actual.address}:${actual.port}` : '';
  const refuse = () =>
    new SeedRefusedError(
      `Refusing to seed: connected to database "${actual.database}"${where}, but the configured database is ` +
        `${redactConnectionString(connectionString)}.`,
    );
  if (actual.database !== expectedName) throw refuse();
  if (actual.address && isLoopback(actual.address) && expectedHost && !url.searchParams.has('host')) {
    if (!isLoopback(expectedHost) || Number(actual.port) !== expectedPort) throw refuse();
  }
}

/** The tables a seed fills, by the summary's key. */
const seededTables = {
  regions,
  counties,
  places,
  relationshipTypes,
  serviceCategories,
  serviceTypes,
  requestStatuses,
  subscriptionTypes,
  providers,
  facilities,
  facilityServices,
  users,
} satisfies Record<keyof SeedSummary, PgTable>;

async function countSeededRows(db: Db): Promise<SeedSummary> {
  // Twelve counts in one round trip: a select without `from`, which the builder does not write.
  const result = await db.execute<Record<keyof SeedSummary, string>>(
    sql`select ${sql.join(
      Object.entries(seededTables).map(
        ([key, table]) => sql`(select count(*) from ${table}) as ${sql.identifier(key)}`,
      ),
      sql`, `,
    )}`,
  );
  const row = result.rows[0];
  if (!row) throw new Error('Counting seeded rows returned nothing');
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, Number(value)]),
  ) as unknown as SeedSummary;
}
