import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as runMigrations } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb, type Db } from './client.ts';
import { quoteIdentifier, withDatabase } from './connection-string.ts';
import { migrate, migrationsFolder } from './migrate.ts';
import { dropDatabase, withAdminClient } from './testing/admin.ts';

// Migration 0007_service_prices on a database that has prices in whole crowns: the database is
// migrated up to 0006, filled, then migrated to the end, as a deployed database would be. The rows are
// written in plain SQL: the seed and the factories follow the current schema, not 0006's.

const adminUrl = inject('oporaDbAdminUrl');
const name = `${inject('oporaDbPrefix')}_prices_${randomBytes(3).toString('hex')}`;
const url = withDatabase(adminUrl, name);
let scratch: string;
let handle: ReturnType<typeof createDb>;
let db: Db;

/** A copy of the migrations that ends before `tag`. */
async function migrationsBefore(tag: string): Promise<string> {
  scratch = await mkdtemp(path.join(tmpdir(), 'opora-migrations-'));
  await cp(migrationsFolder, scratch, { recursive: true });
  const journalFile = path.join(scratch, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const end = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(end).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, end);
  await writeFile(journalFile, JSON.stringify(journal));
  return scratch;
}

async function rows<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await db.$client.query<T>(text, values)).rows;
}

beforeAll(async () => {
  await withAdminClient(adminUrl, (client) => client.query(`create database ${quoteIdentifier(name)}`));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await runMigrations(drizzle({ client }), {
      migrationsFolder: await migrationsBefore('0007_service_prices'),
    });
  } finally {
    await client.end();
  }
  handle = createDb(url, { max: 2 });
  db = handle.db;
});

afterAll(async () => {
  await handle?.close();
  await withAdminClient(adminUrl, (client) => dropDatabase(client, name));
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('0007_service_prices', () => {
  it('turns whole crowns into hellers in CZK without VAT, keeps unpriced services unpriced, and the lists follow', async () => {
    await rows(`insert into regions (code, name, country) values ('CZ064', 'Jihomoravský kraj', 'CZ');
                insert into counties (code, name, region_code) values ('CZ0642', 'Brno-město', 'CZ064');`);
    const [type] = await rows<{ id: string; category_id: string; form: string }>(
      `with category as (insert into service_categories (code) values ('social') returning id)
       insert into service_types (code, category_id, form) select 'home-care-service', id, 'field' from category
       returning id, category_id, form`,
    );
    const [facility] = await rows<{ id: string; providerId: string }>(
      `with provider as (insert into providers (name) values ('Pečovatelská služba Brno') returning id)
       insert into facilities (provider_id, name, county_code) select id, 'Středisko', 'CZ0642' from provider
       returning id, provider_id as "providerId"`,
    );
    const insert = async (serviceName: string, priceCzk: number | null, status = 'active') => {
      const [row] = await rows<{ id: string }>(
        `insert into facility_services (provider_id, facility_id, service_type_id, service_category_id, name,
                                        form, status, price_czk)
         values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
        [
          facility?.providerId,
          facility?.id,
          type?.id,
          type?.category_id,
          serviceName,
          type?.form,
          status,
          priceCzk,
        ],
      );
      await rows(
        "insert into facility_service_counties (county_code, facility_service_id) values ('CZ0642', $1)",
        [row?.id],
      );
      return row?.id ?? '';
    };
    const priced = await insert('Pečovatelská služba', 165);
    const free = await insert('Sociální poradenství', 0);
    const unpriced = await insert('Na dotaz', null);
    const draft = await insert('Připravovaná', 21_500, 'draft');
    expect(
      await rows(
        "select price_czk from catalogue_area_services where facility_service_id = $1 and area_code = 'CZ064'",
        [priced],
      ),
    ).toEqual([{ price_czk: 165 }]);

    await migrate(url);

    const services = await rows<Record<string, unknown>>(
      `select id, price_amount_minor, price_currency, price_vat_rate_percent from facility_services
       where id = any($1) order by name`,
      [[priced, free, unpriced, draft]],
    );
    expect(services).toEqual([
      { id: unpriced, price_amount_minor: null, price_currency: null, price_vat_rate_percent: null },
      { id: priced, price_amount_minor: 16_500, price_currency: 'CZK', price_vat_rate_percent: 0 },
      { id: draft, price_amount_minor: 2_150_000, price_currency: 'CZK', price_vat_rate_percent: 0 },
      { id: free, price_amount_minor: 0, price_currency: 'CZK', price_vat_rate_percent: 0 },
    ]);
    expect(
      await rows(
        `select facility_service_id as id, price_amount_minor, price_currency, price_vat_rate_percent
         from catalogue_services where facility_service_id = any($1) order by name`,
        [[priced, free, unpriced, draft]],
      ),
    ).toEqual(services.filter((service) => service.id !== draft));
    expect(
      await rows(
        `select facility_service_id as id, price_in_other_currency, price_amount_minor from catalogue_area_services
         where area_code = 'CZ0642' order by price_amount_minor nulls last`,
      ),
    ).toEqual([
      { id: free, price_in_other_currency: false, price_amount_minor: 0 },
      { id: priced, price_in_other_currency: false, price_amount_minor: 16_500 },
      { id: unpriced, price_in_other_currency: null, price_amount_minor: null },
    ]);
    expect(
      await rows(
        `select table_name from information_schema.columns
         where table_schema = 'public' and column_name = 'price_czk'`,
      ),
    ).toEqual([]);

    // The replaced triggers carry a changed price into the lists.
    await rows(
      "update facility_services set price_amount_minor = 990, price_currency = 'EUR', price_vat_rate_percent = 23 where id = $1",
      [priced],
    );
    expect(
      await rows(
        `select cs.price_amount_minor, cs.price_currency, cs.price_vat_rate_percent, cas.price_in_other_currency
         from catalogue_services cs join catalogue_area_services cas using (facility_service_id)
         where cs.facility_service_id = $1 and cas.area_code = 'CZ0642'`,
        [priced],
      ),
    ).toEqual([
      {
        price_amount_minor: 990,
        price_currency: 'EUR',
        price_vat_rate_percent: 23,
        price_in_other_currency: true,
      },
    ]);
  });
});
