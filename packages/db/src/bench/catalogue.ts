import pg from 'pg';

/**
 * A large fictional catalogue for `pnpm bench catalogue`, generated inside PostgreSQL with
 * `generate_series` and `insert … select` (seconds, not minutes). Reference data (regions, counties,
 * service taxonomy) must already be seeded. Ids are fixed functions of the row number, so a run is
 * reproducible in shape; the mix is drawn with a seeded `random()`.
 *
 * The mix: every one of the 156 counties has facilities (one in ten facilities sits in Prague, the
 * biggest list); a service's type is any of the 11; field and home-nursing services reach 1–4
 * counties of their facility's region; 85 % of services are active, 10 % draft, 5 % archived;
 * 60 % of providers are verified and most of their services with them; 3 % of services are
 * sponsored; a quarter have no price (priced individually); Slovak facilities' services price in euro,
 * emergency care with the standard VAT rate, the rest without VAT. Capacity: 55 % accepting and
 * confirmed in the last 30 days, 15 % full and confirmed, 15 % confirmed 31–200 days ago (stale,
 * shown as unknown), 15 % never stated.
 */
export interface BenchCatalogueOptions {
  providers?: number;
  facilities?: number;
  services?: number;
}

export interface BenchCatalogueSummary {
  providers: number;
  facilities: number;
  services: number;
  activeServices: number;
  serviceCounties: number;
  countiesWithServices: number;
  milliseconds: number;
}

/** A uuid whose last 12 hex digits are the row number, under a prefix naming the table. */
const benchUuid = (prefix: string, column: string) =>
  `('${prefix}-0000-4000-8000-' || lpad(to_hex(${column}), 12, '0'))::uuid`;

const statements = (providers: number, facilities: number, services: number): string[] => [
  'select setseed(0.4242)',
  `create temp table bench_county as
     select code, region_code,
            (row_number() over (order by code) - 1)::int as n,
            (row_number() over (partition by region_code order by code) - 1)::int as rn,
            (count(*) over (partition by region_code))::int as region_size
       from counties`,
  `create temp table bench_type as
     select id, category_id, form, code, (row_number() over (order by sort_order, code) - 1)::int as n
       from service_types`,
  // Facility f belongs to provider f % providers; every tenth one is in Prague, the rest go round
  // all counties.
  `create temp table bench_facility as
     select f, ${benchUuid('b1000000', 'f')} as id, ${benchUuid('b0000000', `f % ${providers}`)} as provider_id,
            c.code as county_code, c.region_code, c.rn, c.region_size
       from generate_series(0, ${facilities - 1}) as f
       join bench_county c
         on c.n = case when f % 10 = 9 then (select n from bench_county where code = 'CZ0100')
                       else f % (select count(*) from bench_county) end`,
  `insert into providers (id, name, country, street, city, zipcode, identification_code, tax_code,
                          requests_email, contact_phone, contact_email, url, description, verified, verified_at)
     select ${benchUuid('b0000000', 'v.p')},
            (array['Domov', 'Péče', 'Pečovatelská služba', 'Asistence', 'Charita', 'Zdraví doma'])[1 + p % 6]
              || ' ' || c.region_code || ' ' || p,
            left(c.code, 2)::country, 'Ulice ' || (p % 200 + 1), 'Město ' || c.code, '100 00',
            lpad((20000000 + p)::text, 8, '0'), left(c.code, 2) || lpad((20000000 + p)::text, 8, '0'),
            'zadosti' || p || '@bench.test', '+420' || (600000000 + p), 'info' || p || '@bench.test',
            'https://p' || p || '.bench.test', 'Poskytovatel sociálních a zdravotních služeb číslo ' || p || '.',
            v.verified, case when v.verified then now() end
       from (select p, random() < 0.6 as verified from generate_series(0, ${providers - 1}) as p) v
       join bench_facility bf on bf.f = v.p
       join bench_county c on c.code = bf.county_code`,
  `insert into facilities (id, provider_id, name, street, city, zipcode, county_code, type, web, description,
                           same_as_provider)
     select id, provider_id,
            (array['Domov', 'Centrum', 'Středisko', 'Dům', 'Pobočka'])[1 + f % 5] || ' ' || county_code || ' ' || f,
            'Náměstí ' || (f % 50 + 1), 'Město ' || county_code, '100 00', county_code,
            (array['domov pro seniory', 'denní centrum', 'terénní středisko', 'ambulance'])[1 + f % 4],
            'https://f' || f || '.bench.test', 'Zařízení číslo ' || f || '.', f % 7 = 0
       from bench_facility`,
  `insert into contacts (provider_id, first_name, last_name, email, phone, type)
     select ${benchUuid('b0000000', 'p')}, 'Jana', 'Nováková ' || p, 'kontakt' || p || '@bench.test',
            '+420' || (700000000 + p), case when k = 0 then 'public' else 'private' end::contact_type
       from generate_series(0, ${providers - 1}) as p cross join generate_series(0, 1) as k`,
  `create temp table bench_service as
     select s.s, ${benchUuid('b2000000', 's.s')} as id, bf.provider_id, bf.id as facility_id,
            bf.county_code, bf.region_code, bf.rn, bf.region_size,
            t.id as type_id, t.category_id, t.form, t.code as type_code, s.r_status, s.r_flag, s.r_price, s.r_reach,
            s.r_capacity, p.verified as provider_verified
       from (select g as s, floor(random() * ${facilities})::int as f, floor(random() * 11)::int as t,
                    random() as r_status, random() as r_flag, random() as r_price, random() as r_reach,
                    random() as r_capacity
               from generate_series(0, ${services - 1}) as g) s
       join bench_facility bf on bf.f = s.f
       join bench_type t on t.n = s.t
       join providers p on p.id = bf.provider_id`,
  `insert into facility_services (id, provider_id, facility_id, service_type_id, service_category_id, name,
                                  form, description, place, status, sponsored, verified, price_amount_minor,
                                  price_currency, price_vat_rate_percent, url, accepting_clients, free_places,
                                  waiting_weeks, capacity_confirmed_at)
     select id, provider_id, facility_id, type_id, category_id,
            (array['Služba', 'Péče', 'Podpora', 'Pomoc', 'Program'])[1 + s % 5] || ' ' || type_code || ' ' || s,
            form,
            'Popis služby ' || s || ': komu je určena, jak probíhá a co stojí.',
            case when form in ('field', 'health') then 'V domácnosti klienta' end,
            (case when r_status < 0.85 then 'active' when r_status < 0.95 then 'draft' else 'archive' end)::service_status,
            r_flag < 0.03, provider_verified and r_flag < 0.9,
            -- Whole hundreds of crowns, in hellers; in Slovakia the same in euro cents at 25 CZK/EUR.
            case when r_price < 0.25 then null
                 else (100 + floor(r_price * 400) * 100)::int * case when sk then 4 else 100 end end,
            case when r_price >= 0.25 then (case when sk then 'EUR' else 'CZK' end)::currency end,
            case when r_price >= 0.25 then (case when type_code <> 'emergency-care' then 0 when sk then 23 else 21 end) end,
            'https://s' || s || '.bench.test',
            case when r_capacity < 0.55 then true when r_capacity < 0.70 then false
                 when r_capacity < 0.85 then r_capacity < 0.775 end,
            case when r_capacity < 0.55 then (s % 6) when r_capacity < 0.85 then 0 end,
            case when r_capacity >= 0.55 and r_capacity < 0.85 then (s % 12) end,
            case when r_capacity < 0.70 then now() - (s % 30) * interval '1 day' + interval '1 hour'
                 when r_capacity < 0.85 then now() - (31 + s % 170) * interval '1 day' end
       from (select *, county_code like 'SK%' as sk from bench_service) bs`,
  // The county links' trigger would lock (and rewrite) every service row to keep the catalogue's area
  // table; for a bulk load into a database nobody else uses, it is off and the rows are built once,
  // by the function the migration's backfill calls.
  'alter table facility_service_counties disable trigger catalogue_areas_links_inserted',
  `insert into facility_service_counties (county_code, facility_service_id)
     select distinct c.code, s.id
       from bench_service s
       cross join lateral generate_series(0, case when s.form in ('field', 'health') then floor(s.r_reach * 4)::int else 0 end) as j
       join bench_county c on c.region_code = s.region_code and c.rn = (s.rn + j) % s.region_size
     on conflict do nothing`,
  'select catalogue_areas_refresh(array(select distinct facility_service_id from facility_service_counties))',
  'alter table facility_service_counties enable trigger catalogue_areas_links_inserted',
];

const benchTables = [
  'providers',
  'facilities',
  'contacts',
  'facility_services',
  'facility_service_counties',
  'catalogue_area_services',
  'catalogue_area_counts',
  'catalogue_services',
];

/** Generates the catalogue in one transaction, then vacuums and analyzes the tables it filled. */
export async function generateBenchCatalogue(
  connectionString: string,
  options: BenchCatalogueOptions = {},
): Promise<BenchCatalogueSummary> {
  const facilities = options.facilities ?? 20_000;
  const providers = options.providers ?? Math.ceil(facilities / 4);
  const services = options.services ?? 100_000;
  if (providers > facilities) throw new Error('every provider needs a facility: providers ≤ facilities');
  const started = performance.now();
  const client = new pg.Client({ connectionString, application_name: 'opora-bench-generate' });
  await client.connect();
  try {
    await client.query('begin');
    for (const statement of statements(providers, facilities, services)) await client.query(statement);
    await client.query('commit');
    // A production catalogue has been vacuumed and analyzed: the visibility map lets index-only scans
    // skip the table. A vacuum can set it only for rows older than every open snapshot, and an
    // autovacuum worker that started during the insert holds one for a moment: vacuum until it is set.
    for (let attempt = 0; ; attempt++) {
      for (const table of benchTables) await client.query(`vacuum (analyze) ${table}`);
      const { rows } = await client.query<{ pending: string }>(
        'select count(*) as pending from pg_class where relname = any($1) and relallvisible < relpages',
        [benchTables],
      );
      if (Number(rows[0]?.pending) === 0 || attempt === 20) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const { rows } = await client.query<Record<string, string>>(`
      select (select count(*) from providers) as providers,
             (select count(*) from facilities) as facilities,
             (select count(*) from facility_services) as services,
             (select count(*) from facility_services where status = 'active') as active,
             (select count(*) from facility_service_counties) as service_counties,
             (select count(distinct county_code) from facility_service_counties) as counties`);
    const row = rows[0] ?? {};
    return {
      providers: Number(row.providers),
      facilities: Number(row.facilities),
      services: Number(row.services),
      activeServices: Number(row.active),
      serviceCounties: Number(row.service_counties),
      countiesWithServices: Number(row.counties),
      milliseconds: performance.now() - started,
    };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
