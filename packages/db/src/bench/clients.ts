import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { createDb } from '../client.ts';
import { insertIdentityUser } from '../identity/identity-users.ts';
import { createSubscription } from '../testing/factories.ts';

export interface BenchClientAccount {
  /** Signs in at the embedded issuer with these. */
  email: string;
  password: string;
  userId: string;
  /** One client per county, in county code order. */
  clientIds: string[];
}

/**
 * A signed-in person for `pnpm bench catalogue`'s services pool: an account of the embedded identity
 * server (password credential, `client` role, as the test factories make one) with its application
 * user, a live subscription (the pool answers 402 without one), and the clients below.
 */
export async function createBenchClientAccount(connectionString: string): Promise<BenchClientAccount> {
  const email = `bench-${randomBytes(4).toString('hex')}@example.cz`;
  const password = `bench-${randomBytes(8).toString('hex')}`;
  const handle = createDb(connectionString, { max: 1, applicationName: 'opora-bench-clients' });
  let userId: string;
  try {
    const identity = await insertIdentityUser(handle.db, {
      email,
      firstName: 'Jana',
      lastName: 'Zátěžová',
      passwordHash: await hash(password),
      emailVerified: true,
    });
    if (!identity) throw new Error(`the identity user ${email} exists already`);
    const { rows } = await handle.pool.query<{ id: string }>(
      `insert into users (email, first_name, last_name, identity_subject)
       values ($1, 'Jana', 'Zátěžová', $2) returning id`,
      [email, identity.id],
    );
    userId = rows[0]?.id ?? '';
    await createSubscription(handle.db, { userId });
  } finally {
    await handle.close();
  }
  return { email, password, userId, clientIds: await createBenchClients(connectionString, userId) };
}

/**
 * Clients of one signed-in user for `pnpm bench catalogue`'s services pool: one client per county (the
 * permanent residence; every fifth one receives care at another county of its region), each with a case
 * whose case survey asks for help that maps to one to three service types (cycling through the answers),
 * so the pool orders by need as real pools do.
 */
export async function createBenchClients(connectionString: string, ownerUserId: string): Promise<string[]> {
  const client = new pg.Client({ connectionString, application_name: 'opora-bench-clients' });
  await client.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query<{ id: string }>(
      `with county as (
         select code, region_code, (row_number() over (order by code) - 1)::int as n,
                lead(code) over (partition by region_code order by code) as neighbour
         from counties
       ),
       made as (
         insert into clients (owner_user_id, first_name, last_name, date_of_birth, street, city, zipcode,
                              county_code, service_address_differs, service_city, service_county_code)
         select $1, 'Marie', 'Zátěžová ' || n, date '1940-01-01' + n, 'Ulice ' || n, 'Město ' || code, '100 00',
                code, n % 5 = 4 and neighbour is not null,
                case when n % 5 = 4 and neighbour is not null then 'Jinde ' || neighbour end,
                case when n % 5 = 4 and neighbour is not null then neighbour end
         from county order by n
         returning id, last_name
       ),
       opened as (
         insert into cases (name, owner_user_id, client_id)
         select 'Péče ' || last_name, $1, id from made
         returning id, client_id
       ),
       answered as (
         insert into survey_answers (survey_definition_id, survey_type, case_id, answers, created_by_user_id)
         select d.id, 'case', o.id,
                jsonb_build_object('help-needed', jsonb_build_array(
                  (array['personal-care-at-home', 'nursing-at-home', 'day-programme', 'residential-care',
                         'carer-break', 'emergency-button', 'advice'])[1 + (row_number() over (order by o.id))::int % 7])),
                $1
         from opened o
         cross join (select id from survey_definitions
                     where type = 'case' and status = 'published' and provider_id is null
                     order by version desc limit 1) d
       )
       select id from made order by last_name`,
      [ownerUserId],
    );
    await client.query('commit');
    await client.query('analyze clients; analyze cases; analyze survey_answers');
    return rows.map((row) => row.id);
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
