import { randomBytes, randomInt } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { withDatabase } from './database.ts';
import { newPerson, signUpByApi, type TestPerson } from './identity.ts';

// Staff of the test's own (a provider with its people and requests, platform staff), so the specs
// run in any order, again and again on the same database, without reading or changing the demo seed.
// Staff roles come from a provider's membership or the identity server's realm roles, which no screen grants: the
// people sign up through the API and their roles are written into the test server's database.

export interface OwnProvider {
  id: string;
  name: string;
  administrator: TestPerson;
  /** A worker (`providerUser`) assigned to the Vršovice centre only. */
  worker: TestPerson;
  /** A coordinator (`providerCoordinator`), Lucie Malá. */
  coordinator: TestPerson;
  /** The home care service at Chodov, which asks its own questionnaire with every request. */
  serviceId: string;
  /** The home care service at the Vršovice centre, which asks none of its own. */
  vrsoviceServiceId: string;
  /** The client every request is for. */
  clientName: string;
}

/** Where the test's own providers serve: Chrudim, away from the carers' journeys (Prague, Brno). */
const ownProviderCounty = 'CZ0531';

/** The facilities and what their requests are, as the demo seed's provider has them (README). */
const facilities = { chodov: 'Pobočka Chodov', vrsovice: 'Centrum denních služeb Vršovice' } as const;
const requests = [
  { facility: 'chodov', status: 'new', hoursAgo: 2, answeredAfter: null },
  { facility: 'vrsovice', status: 'new', hoursAgo: 5, answeredAfter: null },
  { facility: 'chodov', status: 'in-progress', hoursAgo: 30, answeredAfter: 5 },
  { facility: 'chodov', status: 'rejected', hoursAgo: 50, answeredAfter: 5 },
] as const;

/**
 * A new verified provider with two facilities (Chodov and the Vršovice centre), an administrator and
 * a worker of the Vršovice centre and a coordinator (signed up through the API), and four requests of Marie
 * Nováková: new at Chodov, new at Vršovice, in progress and declined (waiting list), the last two
 * first answered 5 hours after they were sent (the declined one closed then). The services serve
 * Chrudim (`ownProviderCounty`), a county no carer's journey browses, so the catalogue the journeys
 * see stays the demo seed's however many providers the specs make; requests reach the services by
 * id, which the API allows for a client anywhere. Chodov's asks the provider's questionnaire, a copy of the demo provider's form (the one
 * questionnaire document the seed has; its requests and people are not used).
 */
export async function ownProvider(request: APIRequestContext): Promise<OwnProvider> {
  const suffix = randomBytes(4).toString('hex');
  const administrator = newPerson({ firstName: 'Petr', lastName: 'Dvořák' });
  const worker = newPerson({ firstName: 'Tomáš', lastName: 'Král' });
  const coordinator = newPerson({ firstName: 'Lucie', lastName: 'Malá' });
  for (const person of [administrator, worker, coordinator]) await signUpByApi(request, person);
  const name = `Pečovatelé ${suffix}`;
  const { id, serviceId, vrsoviceServiceId } = await withDatabase(async (client) => {
    const one = async (text: string, values: unknown[]) => {
      const { rows } = await client.query<{ id: string }>(text, values);
      if (!rows[0]) throw new Error(`Nothing written: ${text}`);
      return rows[0].id;
    };
    const providerId = await one(
      `insert into providers (name, city, requests_email, verified, verified_at)
       values ($1, 'Praha', $2, true, now()) returning id`,
      [name, `poptavky-${suffix}@opora.test`],
    );
    const services: Record<string, { facilityId: string; serviceId: string }> = {};
    for (const [key, facilityName] of Object.entries(facilities)) {
      const facilityId = await one(
        'insert into facilities (provider_id, name) values ($1, $2) returning id',
        [providerId, facilityName],
      );
      const serviceId = await one(
        `insert into facility_services (provider_id, facility_id, service_type_id, service_category_id, name,
                                        form, status, verified)
         select $1, $2, t.id, t.category_id, $3, t.form, 'active', true
         from service_types t where t.code = 'home-care-service' returning id`,
        [providerId, facilityId, `Pečovatelská služba ${facilityName}`],
      );
      await client.query(
        'insert into facility_service_counties (facility_service_id, county_code) values ($1, $2)',
        [serviceId, ownProviderCounty],
      );
      services[key] = { facilityId, serviceId };
    }
    const surveyId = await one(
      `insert into survey_definitions (type, version, code, definition, provider_id, status, published_at)
       select type, 1, $2, definition, $1, 'published', now() from survey_definitions
       where code = 'vlidna-pece-before-admission-v1' returning id`,
      [providerId, `pecovatele-${suffix}-before-admission-v1`],
    );
    await client.query(
      'insert into facility_service_surveys (facility_service_id, survey_definition_id) values ($1, $2)',
      [services.chodov?.serviceId, surveyId],
    );
    const member = (email: string, role: string) =>
      one(
        `insert into provider_users (provider_id, user_id, roles)
         select $1, u.id, array[$3]::provider_role[] from users u where lower(u.email) = lower($2) returning id`,
        [providerId, email, role],
      );
    await member(administrator.email, 'providerAdmin');
    const workerId = await member(worker.email, 'providerUser');
    await member(coordinator.email, 'providerCoordinator');
    await client.query(
      'insert into facility_assignments (provider_id, facility_id, provider_user_id) values ($1, $2, $3)',
      [providerId, services.vrsovice?.facilityId, workerId],
    );
    const carerId = await one(
      `insert into users (email, first_name, last_name) values ($1, 'Jana', 'Nováková') returning id`,
      [`pecujici-${suffix}@opora.test`],
    );
    const clientId = await one(
      `insert into clients (owner_user_id, first_name, last_name, date_of_birth, county_code)
       values ($1, 'Marie', 'Nováková', '1941-03-12', 'CZ0100') returning id`,
      [carerId],
    );
    for (const [index, { facility, status, hoursAgo, answeredAfter }] of requests.entries()) {
      const caseId = await one(
        'insert into cases (name, owner_user_id, client_id) values ($1, $2, $3) returning id',
        [`Péče o maminku ${index + 1}`, carerId, clientId],
      );
      const { facilityId, serviceId } = services[facility] ?? {};
      await one(
        `insert into care_requests (case_id, provider_id, facility_service_id, facility_id, client_id, status_id,
                                    created_by_user_id, contractor_user_id, decline_reason, created_at, updated_at,
                                    first_answered_at, closed_at)
         select $1, $2, $3, $4, $5, s.id, $6, $6, $7::care_request_decline_reason,
                now() - $8 * interval '1 hour', now() - $8 * interval '1 hour',
                now() - ($8 - $10::int) * interval '1 hour',
                case when s.is_terminal then now() - ($8 - $10::int) * interval '1 hour' end
         from request_statuses s where s.code = $9 returning id`,
        [
          caseId,
          providerId,
          serviceId,
          facilityId,
          clientId,
          carerId,
          status === 'rejected' ? 'waiting-list' : null,
          hoursAgo,
          status,
          answeredAfter,
        ],
      );
    }
    return {
      id: providerId,
      serviceId: services.chodov?.serviceId ?? '',
      vrsoviceServiceId: services.vrsovice?.serviceId ?? '',
    };
  });
  return {
    id,
    name,
    administrator,
    worker,
    coordinator,
    serviceId,
    vrsoviceServiceId,
    clientName: 'Marie Nováková',
  };
}

/**
 * A new person (signed up through the API) who is platform staff: the realm role `admin` at the
 * embedded identity server, in their tokens from the next sign-in.
 */
export async function ownPlatformStaff(request: APIRequestContext): Promise<TestPerson> {
  const person = newPerson({ firstName: 'Alena', lastName: 'Horáková' });
  await signUpByApi(request, person);
  const { rowCount } = await withDatabase((client) =>
    client.query(
      `update identity.users set realm_roles = array['client', 'admin'] where lower(email) = lower($1)`,
      [person.email],
    ),
  );
  if (rowCount !== 1) throw new Error(`No platform role written for ${person.email}`);
  return person;
}

/** An IČO no other run has used: seven random digits and their mod-11 check digit. */
export function freshIdentificationCode(): string {
  const first = String(randomInt(1_000_000, 9_999_999));
  const sum = [...first].reduce((total, digit, index) => total + Number(digit) * (8 - index), 0);
  return `${first}${(11 - (sum % 11)) % 10}`;
}
