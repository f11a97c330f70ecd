import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { createDb } from '../client.ts';
import { insertIdentityUser } from '../identity/identity-users.ts';

/**
 * A large fictional provider side for `pnpm bench inbox`, generated inside PostgreSQL with
 * `generate_series` and `insert … select`. Reference data (counties, service taxonomy, request
 * statuses) must already be seeded. Ids are fixed functions of the row number; the mix is drawn with a
 * seeded `random()`.
 *
 * The shape: `providers` providers (default 5,000); the first five are large — 20 facilities each, the
 * first with exactly `bigRequests` requests (default 100,000: the export's 100,000 rows), the next four
 * with `largeRequests` each (default 55,000) — the others have one or two facilities and share the rest
 * of `requests` (default 1,000,000), skewed towards the lower numbers (the busiest small one gets about
 * 10,000). Every facility offers four services. 250,000 client accounts each own a client with one case;
 * a case's requests go to different services (the live-request unique index holds). Requests were
 * sent over the last two years, those still `new` in the last twelve days (so the reminder sweep has
 * work); statuses: 8 % new, 10 % in progress, 5 % waiting list, 27 % accepted, 25 % declined (with a
 * reason), 13 % withdrawn, 12 % expired. The five large providers have ten colleagues each; 30 % of
 * their requests are assigned to one, 10 % to a facility team. No history events, notes or documents:
 * the grid and the exports do not read them.
 */
export interface BenchInboxOptions {
  providers?: number;
  requests?: number;
  clients?: number;
  bigRequests?: number;
  largeRequests?: number;
}

export interface BenchInboxSummary {
  providers: number;
  facilities: number;
  services: number;
  clients: number;
  requests: number;
  /** The five large providers' request counts, largest first. */
  largest: number[];
  milliseconds: number;
}

/** A signed-in member of the largest provider (`bench` provider 0). */
export interface BenchProviderAccount {
  email: string;
  password: string;
  userId: string;
  providerUserId: string;
}

export interface BenchInbox {
  summary: BenchInboxSummary;
  providerId: string;
  /** Coordinator of provider 0: sees all its requests; 3 % of them are assigned to them. */
  coordinator: BenchProviderAccount;
  /** Worker of provider 0 on two of its 20 facilities (facility scope). */
  worker: BenchProviderAccount & { facilityIds: string[] };
}

/** A uuid whose last 12 hex digits are the row number, under a prefix naming the table. */
const benchUuid = (prefix: string, column: string) =>
  `('${prefix}-0000-4000-8000-' || lpad(to_hex(${column}), 12, '0'))::uuid`;

const largeProviders = 5;
const largeFacilities = 20;
const colleagues = 10;

const firstNames = [
  'Marie',
  'Jana',
  'Eva',
  'Anna',
  'Hana',
  'Věra',
  'Alena',
  'Zdeňka',
  'Ludmila',
  'Jiřina',
  'Jan',
  'Josef',
  'Jiří',
  'Václav',
  'František',
  'Karel',
  'Miroslav',
  'Zdeněk',
  'Ľubomír',
  'Štefan',
];
const lastNames = [
  'Nováková',
  'Svobodová',
  'Novotná',
  'Dvořáková',
  'Černá',
  'Procházková',
  'Kučerová',
  'Veselá',
  'Horáková',
  'Němcová',
  'Marková',
  'Pokorná',
  'Pospíšilová',
  'Hájková',
  'Králová',
  'Jelínková',
  'Růžičková',
  'Benešová',
  'Fialová',
  'Sedláčková',
  'Doležalová',
  'Zemanová',
  'Kolářová',
  'Navrátilová',
  'Čermáková',
  'Urbanová',
  'Vaněková',
  'Blažková',
  'Křížová',
  'Kováčová',
  'Baláž',
  'Horváth',
  'Tóth',
  'Varga',
  'Šimko',
  'Lukáč',
  'Molnár',
  'Kováč',
  'Polák',
  'Ďurica',
];
const sqlArray = (values: string[]) => `array[${values.map((value) => `'${value}'`).join(', ')}]`;

function statements(options: Required<BenchInboxOptions>): string[] {
  const { providers, requests, clients, bigRequests, largeRequests } = options;
  const spread = bigRequests + (largeProviders - 1) * largeRequests;
  const small = providers - largeProviders;
  return [
    'select setseed(0.1313)',
    `create temp table bi_provider as
       select p, ${benchUuid('c0000000', 'p')} as id,
              case when p < ${largeProviders} then ${largeFacilities} else 1 + p % 2 end as facility_count
         from generate_series(0, ${providers - 1}) as p`,
    `insert into providers (id, name, country, city, zipcode, identification_code, requests_email, verified,
                            verified_at)
       select id, 'Poskytovatel péče ' || p, (case when p % 5 = 4 then 'SK' else 'CZ' end)::country,
              'Město ' || p, '100 00', lpad((30000000 + p)::text, 8, '0'), 'zadosti' || p || '@bench.test',
              true, now()
         from bi_provider`,
    `create temp table bi_facility as
       select bp.p, j, ${benchUuid('c1000000', 'bp.p * 100 + j')} as id, bp.id as provider_id, c.code as county_code
         from bi_provider bp
         cross join lateral generate_series(0, bp.facility_count - 1) as j
         join (select code, (row_number() over (order by code) - 1)::int as n, count(*) over () as total
                 from counties) c on c.n = (bp.p * 7 + j) % c.total`,
    `insert into facilities (id, provider_id, name, street, city, zipcode, county_code)
       select id, provider_id, 'Středisko ' || p || '/' || j, 'Náměstí ' || (j + 1), 'Město ' || p, '100 00',
              county_code
         from bi_facility`,
    // Service `sn` of a provider: facility j offers 4j … 4j + 3.
    `create temp table bi_service as
       select f.p, f.j * 4 + k as sn, ${benchUuid('c2000000', 'f.p * 1000 + f.j * 4 + k')} as id,
              f.provider_id, f.id as facility_id, t.id as type_id, t.category_id, t.form, t.code as type_code
         from bi_facility f
         cross join generate_series(0, 3) as k
         join (select id, category_id, form, code, (row_number() over (order by sort_order, code) - 1)::int as n,
                      count(*) over () as total
                 from service_types) t on t.n = (f.p + f.j * 4 + k) % t.total`,
    `insert into facility_services (id, provider_id, facility_id, service_type_id, service_category_id, name,
                                    form, status, verified)
       select id, provider_id, facility_id, type_id, category_id, 'Služba ' || type_code || ' ' || p || '/' || sn,
              form, 'active', true
         from bi_service`,
    // Client accounts: user c owns client c and its case c.
    `insert into users (id, email, first_name, last_name, locale, email_verified_at)
       select ${benchUuid('c3000000', 'c')}, 'klient' || c || '@bench.test',
              (${sqlArray(firstNames)})[1 + (c * 7) % ${firstNames.length}],
              (${sqlArray(lastNames)})[1 + (c * 13) % ${lastNames.length}], 'cs', now()
         from generate_series(0, ${clients - 1}) as c`,
    `insert into clients (id, owner_user_id, first_name, last_name, date_of_birth, city, zipcode, is_self)
       select ${benchUuid('c4000000', 'c')}, ${benchUuid('c3000000', 'c')},
              (${sqlArray(firstNames)})[1 + (c * 11) % ${firstNames.length}],
              (${sqlArray(lastNames)})[1 + (c * 17 + c / ${lastNames.length}) % ${lastNames.length}],
              date '1930-01-01' + c % 15000, 'Město ' || c % 500, '100 00', false
         from generate_series(0, ${clients - 1}) as c`,
    `insert into cases (id, code, name, owner_user_id, client_id)
       select ${benchUuid('c5000000', 'c')}, 'OP-' || lpad((c + 1)::text, 6, '0'), 'Péče ' || c,
              ${benchUuid('c3000000', 'c')}, ${benchUuid('c4000000', 'c')}
         from generate_series(0, ${clients - 1}) as c`,
    `select setval('case_code_seq', ${clients + 1})`,
    // Staff of the large providers: colleague 0 coordinates, 1 is a worker, 2 administers.
    `insert into users (id, email, first_name, last_name, locale)
       select ${benchUuid('c6000000', 'p * 100 + i')}, 'kolega' || p || '-' || i || '@bench.test',
              (${sqlArray(firstNames)})[1 + (p + i) % ${firstNames.length}],
              'Kolegová ' || i, 'cs'
         from generate_series(0, ${largeProviders - 1}) as p cross join generate_series(0, ${colleagues - 1}) as i`,
    `insert into provider_users (id, provider_id, user_id, roles)
       select ${benchUuid('c7000000', 'p * 100 + i')}, ${benchUuid('c0000000', 'p')},
              ${benchUuid('c6000000', 'p * 100 + i')},
              (case i when 0 then '{providerCoordinator}' when 2 then '{providerAdmin}' else '{providerUser}' end)::provider_role[]
         from generate_series(0, ${largeProviders - 1}) as p cross join generate_series(0, ${colleagues - 1}) as i`,
    // Workers (1, 3, 4, …) on two facilities each.
    `insert into facility_assignments (provider_id, facility_id, provider_user_id)
       select ${benchUuid('c0000000', 'p')}, ${benchUuid('c1000000', `p * 100 + (i * 2 + d) % ${largeFacilities}`)},
              ${benchUuid('c7000000', 'p * 100 + i')}
         from generate_series(0, ${largeProviders - 1}) as p
         cross join generate_series(0, ${colleagues - 1}) as i
         cross join generate_series(0, 1) as d
        where i not in (0, 2)`,
    // Request r: case r % clients, its k-th request (k = r / clients) goes to a service number ≡ k (mod 4),
    // so one case never asks one service twice.
    `create temp table bi_request as
       select r, x.p, r % ${clients} as c, r / ${clients} as k, random() as r_service, random() as r_status,
              random() as r_date, random() as r_assign, random() as r_extra
         from (select r,
                      case when r < ${bigRequests} then 0
                           when r < ${spread} then 1 + (r - ${bigRequests}) / ${largeRequests}
                           else ${largeProviders} + least(${small - 1}, floor(${small} * power(random(), 2))::int) end as p
                 from generate_series(0, ${requests - 1}) as r) x`,
    `create temp table bi_request_status as
       select r.*, bp.facility_count,
              case when r_status < 0.08 then 'new' when r_status < 0.18 then 'in-progress'
                   when r_status < 0.23 then 'waiting-list' when r_status < 0.50 then 'accepted'
                   when r_status < 0.75 then 'rejected' when r_status < 0.88 then 'withdrawn' else 'expired' end as status,
              case when r_status < 0.08 then now() - r_date * interval '12 days'
                   else now() - interval '12 days' - r_date * interval '718 days' end as created_at
         from bi_request r join bi_provider bp on bp.p = r.p`,
    `insert into care_requests (id, case_id, provider_id, facility_service_id, facility_id, client_id, status_id,
                                note, contractor_user_id, created_by_user_id, allows_new_request, care_from,
                                assignee_provider_user_id, assignee_facility_id, decline_reason,
                                first_answered_at, closed_at, created_at, updated_at,
                                client_first_name, client_last_name, client_search, case_code,
                                creator_first_name, creator_last_name)
       select ${benchUuid('c8000000', 'r.r')}, ${benchUuid('c5000000', 'r.c')}, s.provider_id, s.id, s.facility_id,
              ${benchUuid('c4000000', 'r.c')}, st.id, 'Maminka potřebuje pomoc od příštího měsíce.',
              ${benchUuid('c3000000', 'r.c')}, ${benchUuid('c3000000', 'r.c')},
              r.status in ('withdrawn', 'expired'),
              case when r.r_extra >= 0.1 then (r.created_at::date + (r.r_extra * 60)::int) end,
              case when r.p < ${largeProviders} and r.r_assign < 0.3
                   then ${benchUuid('c7000000', `r.p * 100 + floor(r.r_assign / 0.3 * ${colleagues})::int`)} end,
              case when r.p < ${largeProviders} and r.r_assign >= 0.9
                   then ${benchUuid('c1000000', 'r.p * 100 + floor(r.r_extra * r.facility_count)::int')} end,
              case when r.status = 'rejected'
                   then (array['no-capacity', 'waiting-list', 'outside-area', 'not-eligible',
                               'client-unreachable'])[1 + floor(r.r_extra * 5)::int]::care_request_decline_reason end,
              case when r.status <> 'new' then r.created_at + r.r_extra * interval '3 days' end,
              case when r.status in ('accepted', 'rejected', 'withdrawn', 'expired')
                   then r.created_at + r.r_extra * interval '10 days' end,
              r.created_at,
              case when r.status = 'new' then r.created_at else r.created_at + r.r_extra * interval '10 days' end,
              -- What the copy trigger (off with the foreign keys' during the load) would store.
              cl.first_name, cl.last_name, care_request_client_search(cl.first_name, cl.last_name, k.code), k.code,
              coalesce(u.first_name, ''), coalesce(u.last_name, '')
         from bi_request_status r
         join bi_service s on s.p = r.p and s.sn = r.k % 4 + 4 * floor(r.r_service * r.facility_count)::int
         join request_statuses st on st.code = r.status
         join clients cl on cl.id = ${benchUuid('c4000000', 'r.c')}
         join cases k on k.id = ${benchUuid('c5000000', 'r.c')}
         join users u on u.id = ${benchUuid('c3000000', 'r.c')}
        -- Stored in the order they arrived, every provider's requests interleaved, as in production.
        order by r.created_at`,
  ];
}

const benchTables = [
  'providers',
  'facilities',
  'facility_services',
  'users',
  'clients',
  'cases',
  'provider_users',
  'facility_assignments',
  'care_requests',
];

/**
 * Generates the provider side in one transaction (foreign keys are not checked row by row when the
 * role may skip them: the generator makes them hold by construction), then vacuums and analyzes the
 * tables it filled, and makes the two signed-in members of provider 0.
 */
export async function generateBenchInbox(
  connectionString: string,
  options: BenchInboxOptions = {},
): Promise<BenchInbox> {
  const resolved: Required<BenchInboxOptions> = {
    providers: options.providers ?? 5_000,
    requests: options.requests ?? 1_000_000,
    clients: options.clients ?? 250_000,
    bigRequests: options.bigRequests ?? 100_000,
    largeRequests: options.largeRequests ?? 55_000,
  };
  if (resolved.bigRequests + (largeProviders - 1) * resolved.largeRequests >= resolved.requests) {
    throw new Error('the large providers take every request: raise `requests`');
  }
  const started = performance.now();
  const client = new pg.Client({ connectionString, application_name: 'opora-bench-generate' });
  await client.connect();
  try {
    await client.query('begin');
    const { rows: role } = await client.query<{ super: boolean }>(
      'select rolsuper as super from pg_roles where rolname = current_user',
    );
    // Skips the foreign-key triggers (and the client-copy ones, whose copies the insert writes itself)
    // for this bulk load only (a superuser's session setting).
    if (role[0]?.super) await client.query('set local session_replication_role = replica');
    for (const statement of statements(resolved)) await client.query(statement);
    await client.query('commit');
    for (let attempt = 0; ; attempt++) {
      for (const table of benchTables) await client.query(`vacuum (analyze) ${table}`);
      const { rows } = await client.query<{ pending: string }>(
        'select count(*) as pending from pg_class where relname = any($1) and relallvisible < relpages',
        [benchTables],
      );
      if (Number(rows[0]?.pending) === 0 || attempt === 10) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const { rows } = await client.query<Record<string, string>>(`
      select (select count(*) from providers) as providers,
             (select count(*) from facilities) as facilities,
             (select count(*) from facility_services) as services,
             (select count(*) from clients) as clients,
             (select count(*) from care_requests) as requests,
             (select array_agg(n order by n desc)::text from (
                select count(*) as n from care_requests group by provider_id order by n desc limit 5) l) as largest`);
    const row = rows[0] ?? {};
    const summary: BenchInboxSummary = {
      providers: Number(row.providers),
      facilities: Number(row.facilities),
      services: Number(row.services),
      clients: Number(row.clients),
      requests: Number(row.requests),
      largest: String(row.largest ?? '{}')
        .replace(/[{}]/g, '')
        .split(',')
        .map(Number),
      milliseconds: 0,
    };
    const providerId = idOf('c0000000', 0);
    const coordinator = await signInAccount(connectionString, 0, 'koordinatorka');
    const worker = await signInAccount(connectionString, 1, 'pracovnice');
    const facilityIds = (
      await client.query<{ id: string }>(
        'select facility_id as id from facility_assignments where provider_user_id = $1 order by 1',
        [worker.providerUserId],
      )
    ).rows.map((facility) => facility.id);
    summary.milliseconds = performance.now() - started;
    return { summary, providerId, coordinator, worker: { ...worker, facilityIds } };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

const idOf = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** An identity account (password credential) for colleague `index` of provider 0. */
async function signInAccount(
  connectionString: string,
  index: number,
  name: string,
): Promise<BenchProviderAccount> {
  const email = `${name}-${randomBytes(4).toString('hex')}@bench.test`;
  const password = `bench-${randomBytes(8).toString('hex')}`;
  const userId = idOf('c6000000', index);
  const handle = createDb(connectionString, { max: 1, applicationName: 'opora-bench-accounts' });
  try {
    const identity = await insertIdentityUser(handle.db, {
      email,
      firstName: 'Jana',
      lastName: 'Zátěžová',
      passwordHash: await hash(password),
      emailVerified: true,
    });
    if (!identity) throw new Error(`the identity user ${email} exists already`);
    await handle.pool.query('update users set email = $1, identity_subject = $2 where id = $3', [
      email,
      identity.id,
      userId,
    ]);
  } finally {
    await handle.close();
  }
  return { email, password, userId, providerUserId: idOf('c7000000', index) };
}
