import {
  type ProviderCareRequest,
  type ProviderRole,
  ProviderServiceCapacityListSchema,
  ProviderServiceCapacitySchema,
  ServiceDetailSchema,
  ServiceListSchema,
} from '@opora/contracts';
import { careRequests, facilityServices } from '@opora/db';
import { createCareRequest, createFacility, createFacilityService, createProvider } from '@opora/db/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountTestServer, startAccountTestServer } from '../accounts/testing/account-test-server.ts';
import { type ProviderMember, providerMember } from '../provider-inbox/testing/provider-member.ts';

// The app's clock is the test's: staleness (30 days) is crossed by moving it, not by sleeping. The
// app's pool is smaller than the concurrent bursts, so updates queue for connections and row locks.

let now = new Date('2026-12-02T10:00:00Z');
const day = 24 * 60 * 60 * 1000;
let server: AccountTestServer;

beforeAll(async () => {
  server = await startAccountTestServer({
    pool: { max: 4 },
    env: { RATE_LIMIT_MAX: '100000', CATALOGUE_CACHE_SECONDS: '0' },
    clock: () => now,
  });
});

afterAll(async () => {
  await server.close();
});

const db = () => server.database.db;
const base = (providerId: string) => `/api/v1/provider/providers/${providerId}`;

function call(
  who: { headers: Record<string, string> },
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
) {
  return server.app.inject({
    method,
    url,
    headers: who.headers,
    ...(payload !== undefined && { payload: payload as object }),
  });
}

const capacityUrl = (providerId: string, serviceId: string) =>
  `${base(providerId)}/services/${serviceId}/capacity`;

async function update(who: ProviderMember, providerId: string, serviceId: string, body: object) {
  const response = await call(who, 'POST', capacityUrl(providerId, serviceId), body);
  expect(response.statusCode, response.body).toBe(200);
  return ProviderServiceCapacitySchema.parse(response.json());
}

async function publicCapacity(serviceId: string) {
  const response = await server.app.inject({ method: 'GET', url: `/api/v1/web/services/${serviceId}` });
  expect(response.statusCode, response.body).toBe(200);
  return ServiceDetailSchema.parse(response.json()).capacity;
}

async function stored(serviceId: string) {
  const [row] = await db().select().from(facilityServices).where(eq(facilityServices.id, serviceId));
  return row;
}

let counties = 0;
/** A county no other test lists in (each test's services are alone in their lists). */
function ownCounty() {
  const codes = ['CZ0201', 'CZ0202', 'CZ0203', 'CZ0204', 'CZ0205', 'CZ0206', 'CZ0207', 'CZ0208', 'CZ0209'];
  counties += 1;
  return codes[counties % codes.length] as string;
}

/** A provider with facilities A and B, a service at each, and a member of each role. */
async function world() {
  const provider = await createProvider(db(), { verified: true });
  const facilityA = await createFacility(db(), { providerId: provider.id, name: 'Středisko Jih' });
  const facilityB = await createFacility(db(), { providerId: provider.id, name: 'Středisko Sever' });
  const county = ownCounty();
  const serviceA = await createFacilityService(db(), { facilityId: facilityA.id, counties: [county] });
  const serviceB = await createFacilityService(db(), { facilityId: facilityB.id, counties: [county] });
  const as = (roles: ProviderRole[], facilityIds: string[] = []) =>
    providerMember(server, provider.id, roles, { facilityIds, firstName: 'Jana', lastName: roles.join(' ') });
  return {
    providerId: provider.id,
    facilityA: facilityA.id,
    serviceA: serviceA.id,
    serviceB: serviceB.id,
    county,
    admin: await as(['providerAdmin']),
    coordinator: await as(['providerCoordinator']),
    workerA: await as(['providerUser'], [facilityA.id]),
    workerNone: await as(['providerUser']),
  };
}

describe('updating a service’s capacity', () => {
  it('lets administrators and coordinators update every facility’s services, a worker only their facility’s', async () => {
    const w = await world();
    const set = { action: 'set', acceptingClients: true, freePlaces: 2, waitingWeeks: 3 };
    for (const who of [w.admin, w.coordinator]) {
      expect((await update(who, w.providerId, w.serviceB, set)).freePlaces).toBe(2);
    }
    expect((await update(w.workerA, w.providerId, w.serviceA, set)).status).toBe('accepting');
    for (const [who, serviceId] of [
      [w.workerA, w.serviceB],
      [w.workerNone, w.serviceA],
    ] as const) {
      const refused = await call(who, 'POST', capacityUrl(w.providerId, serviceId), { action: 'full' });
      expect(refused.statusCode).toBe(404);
      expect((await call(who, 'GET', capacityUrl(w.providerId, serviceId))).statusCode).toBe(404);
    }
    expect((await stored(w.serviceB))?.acceptingClients).toBe(true);
    const list = ProviderServiceCapacityListSchema.parse(
      (await call(w.workerA, 'GET', `${base(w.providerId)}/capacity`)).json(),
    );
    expect(list.items.map((item) => item.serviceId)).toEqual([w.serviceA]);
  });

  it('answers another provider’s service 404, and never touches it', async () => {
    const w = await world();
    const other = await world();
    for (const who of [w.admin, w.coordinator, w.workerA]) {
      const viaOwn = await call(who, 'POST', capacityUrl(w.providerId, other.serviceA), { action: 'full' });
      expect(viaOwn.statusCode).toBe(404);
      const viaOther = await call(who, 'POST', capacityUrl(other.providerId, other.serviceA), {
        action: 'full',
      });
      expect(viaOther.statusCode).toBe(404);
    }
    expect((await stored(other.serviceA))?.acceptingClients).toBeNull();
  });

  it('records who confirmed and when on every update, even “confirm as is”, and shows it publicly at once', async () => {
    const w = await world();
    expect(await publicCapacity(w.serviceA)).toEqual({
      status: 'unknown',
      freePlaces: null,
      waitingWeeks: null,
      confirmedAt: null,
    });
    const nothing = await call(w.admin, 'POST', capacityUrl(w.providerId, w.serviceA), { action: 'confirm' });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json<{ code: string }>().code).toBe('ServiceCapacityNotStated');

    const set = await update(w.admin, w.providerId, w.serviceA, {
      action: 'set',
      acceptingClients: true,
      freePlaces: 2,
      waitingWeeks: null,
    });
    expect(set).toMatchObject({ confirmedAt: now.toISOString(), confirmedBy: 'Jana providerAdmin' });
    expect(await publicCapacity(w.serviceA)).toEqual({
      status: 'accepting',
      freePlaces: 2,
      waitingWeeks: null,
      confirmedAt: now.toISOString(),
    });

    now = new Date(now.getTime() + 3 * day);
    const confirmed = await update(w.coordinator, w.providerId, w.serviceA, { action: 'confirm' });
    expect(confirmed).toMatchObject({
      acceptingClients: true,
      freePlaces: 2,
      confirmedAt: now.toISOString(),
      confirmedBy: 'Jana providerCoordinator',
    });
    const full = await update(w.workerA, w.providerId, w.serviceA, { action: 'full' });
    expect(full).toMatchObject({ acceptingClients: false, freePlaces: 0, status: 'full' });
    expect((await publicCapacity(w.serviceA)).status).toBe('full');
  });

  it('shows a capacity unconfirmed for 30 days as unknown, and lists the stale first on the capacity page', async () => {
    const w = await world();
    await update(w.admin, w.providerId, w.serviceA, {
      action: 'set',
      acceptingClients: true,
      freePlaces: 4,
      waitingWeeks: 2,
    });
    now = new Date(now.getTime() + 10 * day);
    await update(w.admin, w.providerId, w.serviceB, { action: 'full' });
    now = new Date(now.getTime() + 20 * day + 1000); // A: 30 days and a second; B: 20 days
    const stale = await publicCapacity(w.serviceA);
    expect(stale).toMatchObject({ status: 'unknown', freePlaces: null, waitingWeeks: null });
    expect(stale.confirmedAt).not.toBeNull();
    expect((await publicCapacity(w.serviceB)).status).toBe('full');
    const page = ProviderServiceCapacityListSchema.parse(
      (await call(w.admin, 'GET', `${base(w.providerId)}/capacity`)).json(),
    );
    expect(page.items.map((item) => [item.serviceId, item.stale, item.status])).toEqual([
      [w.serviceA, true, 'unknown'],
      [w.serviceB, false, 'full'],
    ]);
    await update(w.admin, w.providerId, w.serviceA, { action: 'confirm' });
    expect(await publicCapacity(w.serviceA)).toMatchObject({ status: 'accepting', freePlaces: 4 });
  });

  it('refuses hostile input with 400 and writes nothing', async () => {
    const w = await world();
    const bodies: unknown[] = [
      { action: 'set', acceptingClients: true, freePlaces: -1, waitingWeeks: null },
      { action: 'set', acceptingClients: true, freePlaces: 1.5, waitingWeeks: null },
      { action: 'set', acceptingClients: true, freePlaces: 1e12, waitingWeeks: null },
      { action: 'set', acceptingClients: true, freePlaces: 2, waitingWeeks: 521 },
      { action: 'set', acceptingClients: 'yes\u0000', freePlaces: 2, waitingWeeks: null },
      { action: 'set', acceptingClients: true, freePlaces: '\ud800', waitingWeeks: null },
      { action: 'x'.repeat(1024 * 1024) },
      { action: 'set' },
      {},
    ];
    for (const body of bodies) {
      const response = await call(w.admin, 'POST', capacityUrl(w.providerId, w.serviceA), body);
      expect([400, 413], response.body.slice(0, 200)).toContain(response.statusCode);
    }
    const bad = await call(w.admin, 'POST', `${base(w.providerId)}/services/not-a-uuid/capacity`, {
      action: 'full',
    });
    expect(bad.statusCode).toBe(400);
    expect(await stored(w.serviceA)).toMatchObject({ acceptingClients: null, capacityConfirmedAt: null });
  });

  it('ends 20 concurrent updates (more than the pool) in one whole update’s state, the lists in step', async () => {
    const w = await world();
    const bodies = Array.from({ length: 20 }, (_, index) =>
      index % 4 === 3
        ? { action: 'full' }
        : { action: 'set', acceptingClients: true, freePlaces: index, waitingWeeks: index % 5 },
    );
    const responses = await Promise.all(
      bodies.map((body) => call(w.coordinator, 'POST', capacityUrl(w.providerId, w.serviceA), body)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(bodies.map(() => 200));
    const row = await stored(w.serviceA);
    const possible = bodies.map((body) =>
      body.action === 'full'
        ? { acceptingClients: false, freePlaces: 0 }
        : { acceptingClients: true, freePlaces: body.freePlaces, waitingWeeks: body.waitingWeeks },
    );
    expect(possible).toContainEqual(
      possible.find((state) =>
        Object.entries(state).every(([key, value]) => row?.[key as 'freePlaces'] === value),
      ),
    );
    const { rows } = await db().execute<{ accepting_clients: boolean; free_places: number }>(
      sql`select accepting_clients, free_places from catalogue_services where facility_service_id = ${w.serviceA}`,
    );
    expect(rows).toEqual([{ accepting_clients: row?.acceptingClients, free_places: row?.freePlaces }]);
    // A double submit is two confirmations: the same state, the later time.
    now = new Date(now.getTime() + 1000);
    const twice = await Promise.all([
      call(w.coordinator, 'POST', capacityUrl(w.providerId, w.serviceA), { action: 'confirm' }),
      call(w.coordinator, 'POST', capacityUrl(w.providerId, w.serviceA), { action: 'confirm' }),
    ]);
    expect(twice.map((response) => response.statusCode)).toEqual([200, 200]);
    expect((await stored(w.serviceA))?.capacityConfirmedAt?.toISOString()).toBe(now.toISOString());
  });
});

describe('the recommended order', () => {
  it('ranks accepting services first, then unknown ones (never stated or stale), then full ones; verified, then by name within each', async () => {
    const provider = await createProvider(db());
    const facility = await createFacility(db(), { providerId: provider.id });
    const admin = await providerMember(server, provider.id, ['providerAdmin']);
    const county = 'CZ0531';
    const make = (name: string, verified = false) =>
      createFacilityService(db(), { facilityId: facility.id, name, verified, counties: [county] });
    const staleAccepting = await make('A stale accepting');
    const fullVerified = await make('B full verified', true);
    await make('C never stated');
    const accepting = await make('D accepting');
    const acceptingVerified = await make('E accepting verified', true);
    const full = await make('F full');
    const set = { action: 'set', acceptingClients: true, freePlaces: 1, waitingWeeks: null };
    await update(admin, provider.id, staleAccepting.id, set);
    now = new Date(now.getTime() + 31 * day);
    for (const service of [accepting, acceptingVerified]) await update(admin, provider.id, service.id, set);
    for (const service of [fullVerified, full])
      await update(admin, provider.id, service.id, { action: 'full' });
    const names = async (query: string) => {
      const response = await server.app.inject({ method: 'GET', url: `/api/v1/web/services?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return ServiceListSchema.parse(response.json()).items.map((item) => item.name);
    };
    const expected = [
      'E accepting verified',
      'D accepting',
      'A stale accepting',
      'C never stated',
      'B full verified',
      'F full',
    ];
    expect(await names(`countyCode=${county}&sort=recommended`)).toEqual(expected);
    expect(await names('regionCode=CZ053&sort=recommended&pageSize=4')).toEqual(expected.slice(0, 4));
    expect(await names('regionCode=CZ053&sort=recommended&pageSize=4&page=2')).toEqual(expected.slice(4));
    expect(await names(`countyCode=${county}&sort=name`)).toEqual(expected.toSorted());
  });
});

describe('declining with “no capacity”', () => {
  it('marks the service full in the same transaction when asked', async () => {
    const w = await world();
    const request = await createCareRequest(db(), { facilityServiceId: w.serviceA });
    const response = await call(w.workerA, 'POST', `${base(w.providerId)}/requests/${request.id}/status`, {
      status: 'rejected',
      fromStatus: 'new',
      reason: 'no-capacity',
      markServiceFull: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ProviderCareRequest>().status).toBe('rejected');
    expect(await stored(w.serviceA)).toMatchObject({ acceptingClients: false, freePlaces: 0 });
    expect((await publicCapacity(w.serviceA)).status).toBe('full');
  });

  it('writes neither when the caller may not update the service’s capacity (403)', async () => {
    const w = await world();
    // Assigned to worker A personally, but the service is facility B's.
    const request = await createCareRequest(db(), {
      facilityServiceId: w.serviceB,
      assigneeProviderUserId: w.workerA.providerUserId,
    });
    const response = await call(w.workerA, 'POST', `${base(w.providerId)}/requests/${request.id}/status`, {
      status: 'rejected',
      fromStatus: 'new',
      reason: 'no-capacity',
      markServiceFull: true,
    });
    expect(response.statusCode, response.body).toBe(403);
    const [row] = await db()
      .select({ declineReason: careRequests.declineReason })
      .from(careRequests)
      .where(eq(careRequests.id, request.id));
    expect(row?.declineReason).toBeNull();
    expect((await stored(w.serviceB))?.acceptingClients).toBeNull();
  });

  it('leaves the capacity alone without the box, or with another reason', async () => {
    const w = await world();
    for (const body of [{ reason: 'no-capacity' }, { reason: 'outside-area', markServiceFull: true }]) {
      const request = await createCareRequest(db(), { facilityServiceId: w.serviceA });
      const response = await call(w.admin, 'POST', `${base(w.providerId)}/requests/${request.id}/status`, {
        status: 'rejected',
        fromStatus: 'new',
        ...body,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    expect((await stored(w.serviceA))?.acceptingClients).toBeNull();
  });
});
