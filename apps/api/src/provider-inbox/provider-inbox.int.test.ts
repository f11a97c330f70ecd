import { randomUUID } from 'node:crypto';
import {
  CareRequestSchema,
  type ProviderCareRequest,
  ProviderCareRequestSchema,
  ProviderMembershipListSchema,
  ProviderNoteSavedSchema,
  type ProviderRequestPage,
  ProviderRequestPageSchema,
  type ProviderRole,
  ProviderTeamSchema,
} from '@opora/contracts';
import {
  careRequestEvents,
  careRequestNotes,
  careRequests,
  consents,
  documentContents,
  documents,
  emailOutbox,
  facilityAssignments,
  providerUsers,
} from '@opora/db';
import {
  createCareRequest,
  createCase,
  createClient,
  createFacility,
  createFacilityService,
  createProvider,
  createSubscription,
} from '@opora/db/testing';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTestServer,
  type SignedInAccount,
  startAccountTestServer,
} from '../accounts/testing/account-test-server.ts';
import { type ProviderMember, providerMember } from './testing/provider-member.ts';

// The app gets a pool of its own, smaller than the number of simultaneous calls the concurrency tests
// make, so changes queue for connections while another holds the request's lock.
const poolSize = 4;

let server: AccountTestServer;

beforeAll(async () => {
  server = await startAccountTestServer({ pool: { max: poolSize }, env: { RATE_LIMIT_MAX: '100000' } });
});

afterAll(async () => {
  await server.close();
});

const db = () => server.database.db;

interface Caller extends SignedInAccount {
  fullName: string;
}

interface Member extends ProviderMember {
  fullName: string;
}

let people = 0;

/** A name of its own for each person, so names tell people apart in lists, filters and the team. */
function uniqueName() {
  people += 1;
  const [firstName, lastName] = ['Eva', `Dvořáková ${people}`];
  return { name: { firstName, lastName }, fullName: `${firstName} ${lastName}` };
}

/** A signed-in person with a name of their own. */
async function signedIn(): Promise<Caller> {
  const { name, fullName } = uniqueName();
  return { ...(await server.signedIn(name)), fullName };
}

/** A signed-in member of a provider with these roles and facilities, with a name of their own. */
async function member(
  providerId: string,
  roles: ProviderRole[],
  facilityIds: string[] = [],
): Promise<Member> {
  const { name, fullName } = uniqueName();
  return { ...(await providerMember(server, providerId, roles, { facilityIds, ...name })), fullName };
}

interface World {
  providerId: string;
  facilityA: string;
  facilityB: string;
  serviceA: string;
  serviceB: string;
  admin: Member;
  coordinator: Member;
  /** A worker of facility A. */
  workerA: Member;
  /** A worker without facilities. */
  workerNone: Member;
}

/** A provider with two facilities (a home-care service at A, home nursing at B) and a member of each role. */
async function world(): Promise<World> {
  const provider = await createProvider(db());
  const facilityA = await createFacility(db(), { providerId: provider.id, name: 'Středisko Jih' });
  const facilityB = await createFacility(db(), { providerId: provider.id, name: 'Středisko Sever' });
  const serviceA = await createFacilityService(db(), {
    facilityId: facilityA.id,
    name: 'Pečovatelská služba',
  });
  const serviceB = await createFacilityService(db(), {
    facilityId: facilityB.id,
    name: 'Domácí zdravotní péče',
    serviceTypeCode: 'home-nursing',
  });
  return {
    providerId: provider.id,
    facilityA: facilityA.id,
    facilityB: facilityB.id,
    serviceA: serviceA.id,
    serviceB: serviceB.id,
    admin: await member(provider.id, ['providerAdmin']),
    coordinator: await member(provider.id, ['providerCoordinator']),
    workerA: await member(provider.id, ['providerUser'], [facilityA.id]),
    workerNone: await member(provider.id, ['providerUser']),
  };
}

interface SentRequest {
  id: string;
  code: string;
  owner: Caller;
}

/**
 * A request to a service as sending makes it: the `created` event and, unless `consent: false`, the
 * consent to share the requester's contacts. The requester is a signed-in person (they read the
 * client's side).
 */
async function requestTo(
  serviceId: string,
  options: {
    client?: { firstName: string; lastName: string };
    createdAt?: Date;
    careFrom?: string;
    consent?: boolean;
    owner?: Caller;
  } = {},
): Promise<SentRequest> {
  const owner = options.owner ?? (await signedIn());
  const client = await createClient(db(), {
    ownerUserId: owner.userId,
    firstName: 'Marie',
    lastName: 'Nováková',
    ...options.client,
  });
  const careCase = await createCase(db(), { ownerUserId: owner.userId, clientId: client.id });
  const request = await createCareRequest(db(), {
    caseId: careCase.id,
    facilityServiceId: serviceId,
    ...(options.createdAt && { createdAt: options.createdAt, updatedAt: options.createdAt }),
    ...(options.careFrom && { careFrom: options.careFrom }),
  });
  await db()
    .insert(careRequestEvents)
    .values({
      careRequestId: request.id,
      createdByUserId: owner.userId,
      kind: 'created',
      requestStatusId: request.statusId,
      ...(options.createdAt && { eventDate: options.createdAt }),
    });
  if (options.consent !== false) {
    await db().insert(consents).values({
      userId: owner.userId,
      onBehalfOfClientId: client.id,
      caseId: careCase.id,
      careRequestId: request.id,
      kind: 'provider-sharing',
      version: '2026-11',
    });
  }
  return { id: request.id, code: careCase.code, owner };
}

const base = (providerId: string) => `/api/v1/provider/providers/${providerId}`;

function call(
  who: { headers: Record<string, string> },
  method: 'GET' | 'POST' | 'PUT',
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

async function grid(who: Caller, providerId: string, query = ''): Promise<ProviderRequestPage> {
  const response = await call(who, 'GET', `${base(providerId)}/requests${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return ProviderRequestPageSchema.parse(response.json());
}

async function detail(who: Caller, providerId: string, careRequestId: string): Promise<ProviderCareRequest> {
  const response = await call(who, 'GET', `${base(providerId)}/requests/${careRequestId}`);
  expect(response.statusCode, response.body).toBe(200);
  return ProviderCareRequestSchema.parse(response.json());
}

function changeStatus(who: Caller, providerId: string, careRequestId: string, body: object) {
  return call(who, 'POST', `${base(providerId)}/requests/${careRequestId}/status`, body);
}

function saveNote(who: Caller, providerId: string, careRequestId: string, text: string, baseVersion: number) {
  return call(who, 'PUT', `${base(providerId)}/requests/${careRequestId}/note`, { text, baseVersion });
}

function assign(
  who: Caller,
  providerId: string,
  careRequestId: string,
  body: { providerUserId: string | null; facilityId: string | null },
) {
  return call(who, 'PUT', `${base(providerId)}/requests/${careRequestId}/assignment`, body);
}

/** `property code` of every error of a 400 answer. */
function fieldErrors(response: { statusCode: number; body: string; json: <T>() => T }): string[] {
  expect(response.statusCode, response.body).toBe(400);
  return response
    .json<{ errors: { property: string; code: string }[] }>()
    .errors.map((error) => `${error.property} ${error.code}`);
}

function problemCode(response: { json: <T>() => T }): string {
  return response.json<{ code: string }>().code;
}

const ids = (page: ProviderRequestPage) => page.items.map((item) => item.id).toSorted();

async function mailsTo(address: string, template?: string) {
  const rows = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));
  return rows.filter((row) => template === undefined || row.template === template);
}

async function eventsOf(careRequestId: string, kind?: string) {
  const rows = await db()
    .select()
    .from(careRequestEvents)
    .where(eq(careRequestEvents.careRequestId, careRequestId));
  return rows.filter((row) => kind === undefined || row.kind === kind);
}

describe('GET /api/v1/provider/memberships', () => {
  it('lists the caller’s providers with roles, facilities and the new requests in their scope', async () => {
    const first = await world();
    const second = await world();
    // The first provider's administrator is also a worker of facility A at the second.
    await db()
      .insert(providerUsers)
      .values({ providerId: second.providerId, userId: first.admin.userId, roles: ['providerUser'] });
    const [worker] = await db()
      .select({ id: providerUsers.id })
      .from(providerUsers)
      .where(
        and(eq(providerUsers.providerId, second.providerId), eq(providerUsers.userId, first.admin.userId)),
      );
    await db()
      .insert(facilityAssignments)
      .values({
        providerId: second.providerId,
        facilityId: second.facilityA,
        providerUserId: worker?.id ?? '',
      });
    await requestTo(first.serviceA);
    await requestTo(first.serviceB);
    const decided = await requestTo(first.serviceA);
    await db().execute(
      sql`update care_requests set status_id = (select id from request_statuses where code = 'accepted') where id = ${decided.id}`,
    );
    await requestTo(second.serviceA);
    await requestTo(second.serviceB);

    const response = await call(first.admin, 'GET', '/api/v1/provider/memberships');
    expect(response.statusCode, response.body).toBe(200);
    const { items } = ProviderMembershipListSchema.parse(response.json());
    const byProvider = new Map(items.map((item) => [item.providerId, item]));
    expect(byProvider.get(first.providerId)).toMatchObject({
      roles: ['providerAdmin'],
      facilities: [],
      newRequestsCount: 2,
    });
    expect(byProvider.get(second.providerId)).toMatchObject({
      roles: ['providerUser'],
      facilities: [{ id: second.facilityA, name: 'Středisko Jih' }],
      newRequestsCount: 1,
    });
    expect(items).toHaveLength(2);

    // Without any membership the provider area is not theirs at all.
    expect((await call(await signedIn(), 'GET', '/api/v1/provider/memberships')).statusCode).toBe(403);
  });
});

describe('GET /api/v1/provider/providers/{providerId}/team', () => {
  it('names the registered colleagues with roles and facilities, the facilities and the caller', async () => {
    const w = await world();
    await db()
      .insert(providerUsers)
      .values({
        providerId: w.providerId,
        inviteEmail: `pozvanka-${randomUUID()}@example.cz`,
        invitedAt: new Date(),
        roles: ['providerUser'],
      });
    const response = await call(w.workerA, 'GET', `${base(w.providerId)}/team`);
    expect(response.statusCode, response.body).toBe(200);
    const team = ProviderTeamSchema.parse(response.json());
    expect(team.meProviderUserId).toBe(w.workerA.providerUserId);
    expect(team.facilities.map((facility) => facility.name)).toEqual(['Středisko Jih', 'Středisko Sever']);
    expect(team.colleagues.toSorted((a, b) => a.fullName.localeCompare(b.fullName))).toEqual(
      [w.admin, w.coordinator, w.workerA, w.workerNone]
        .map((colleague, index) => ({
          providerUserId: colleague.providerUserId,
          fullName: colleague.fullName,
          email: colleague.email,
          roles: [['providerAdmin'], ['providerCoordinator'], ['providerUser'], ['providerUser']][index],
          facilityIds: colleague === w.workerA ? [w.facilityA] : [],
        }))
        .toSorted((a, b) => a.fullName.localeCompare(b.fullName)),
    );

    const other = await world();
    expect((await call(other.admin, 'GET', `${base(w.providerId)}/team`)).statusCode).toBe(404);
  });
});

describe('the facility filter’s options (`scopeFacilities` of the team)', () => {
  /** The team as the caller reads it. */
  async function team(who: Caller, providerId: string) {
    const response = await call(who, 'GET', `${base(providerId)}/team`);
    expect(response.statusCode, response.body).toBe(200);
    return ProviderTeamSchema.parse(response.json());
  }

  /** Every request the caller's grid shows (one page of 100 holds them all here). */
  async function everyRow(who: Caller, providerId: string) {
    const page = await grid(who, providerId, '?pageSize=100');
    expect(page.totalExact && page.total === page.items.length).toBe(true);
    return page.items;
  }

  const names = (facilities: { name: string }[]) => facilities.map((facility) => facility.name).toSorted();

  it('lists a worker’s own facilities and those of the requests in their scope, and no other', async () => {
    const w = await world();
    const facility = async (name: string) => {
      const made = await createFacility(db(), { providerId: w.providerId, name });
      return { id: made.id, service: (await createFacilityService(db(), { facilityId: made.id })).id };
    };
    const [c, d, e, quiet] = [
      await facility('Středisko Západ'),
      await facility('Středisko Východ'),
      await facility('Středisko Střed'),
      await facility('Středisko Klidné'),
    ];
    // A worker of A and of a facility without requests; a colleague without facilities.
    const worker = await member(w.providerId, ['providerUser'], [w.facilityA, quiet.id]);
    const assign = async (serviceId: string, to: { facilityId?: string; providerUserId?: string }) => {
      const request = await requestTo(serviceId);
      await db()
        .update(careRequests)
        .set({
          assigneeFacilityId: to.facilityId ?? null,
          assigneeProviderUserId: to.providerUserId ?? null,
        })
        .where(eq(careRequests.id, request.id));
    };
    await requestTo(w.serviceA);
    // B's request given to A's team; A's request given to C's team; D's request given to the worker.
    await assign(w.serviceB, { facilityId: w.facilityA });
    await assign(w.serviceA, { facilityId: c.id });
    await assign(d.service, { providerUserId: worker.providerUserId });
    // E's requests are nobody's of A: not in the worker's grid.
    await requestTo(e.service);
    await assign(e.service, { facilityId: w.facilityB, providerUserId: w.workerNone.providerUserId });

    const offered = (await team(worker, w.providerId)).scopeFacilities;
    expect(names(offered)).toEqual(
      [
        'Středisko Jih',
        'Středisko Klidné',
        'Středisko Sever',
        'Středisko Východ',
        'Středisko Západ',
      ].toSorted(),
    );
    // Exactly the worker's facilities and those their rows name (a service's, or a team's).
    const rows = await everyRow(worker, w.providerId);
    const occurring = new Set([
      w.facilityA,
      quiet.id,
      ...rows.flatMap((row) => [
        row.facility.id,
        ...(row.assignee.facility ? [row.assignee.facility.id] : []),
      ]),
    ]);
    expect(offered.map((option) => option.id).toSorted()).toEqual([...occurring].toSorted());
    // Each option other than the worker's own finds requests in their grid.
    for (const option of offered.filter((option) => option.id !== quiet.id)) {
      expect((await grid(worker, w.providerId, `?facilityId=${option.id}`)).total).toBeGreaterThan(0);
    }

    // A worker without facilities: those of what is assigned to them (E's service, B's team).
    expect(names((await team(w.workerNone, w.providerId)).scopeFacilities)).toEqual([
      'Středisko Sever',
      'Středisko Střed',
    ]);
    // Administrators and coordinators see the whole provider: every facility.
    const every = [
      'Středisko Jih',
      'Středisko Klidné',
      'Středisko Sever',
      'Středisko Střed',
      'Středisko Východ',
      'Středisko Západ',
    ];
    expect(names((await team(w.coordinator, w.providerId)).scopeFacilities)).toEqual(every.toSorted());
    expect(names((await team(w.admin, w.providerId)).scopeFacilities)).toEqual(every.toSorted());
    // The assignment picker's facility teams stay the provider's every facility, whoever asks.
    expect(names((await team(worker, w.providerId)).facilities)).toEqual(every.toSorted());
  });
});

describe('GET /api/v1/provider/providers/{providerId}/requests', () => {
  it('shows each role its scope: the whole provider, a worker’s facilities and assignments', async () => {
    const w = await world();
    const atA = await requestTo(w.serviceA);
    const atB = await requestTo(w.serviceB);
    const toTeamA = await requestTo(w.serviceB);
    const toWorkerNone = await requestTo(w.serviceB);
    await db()
      .update(careRequests)
      .set({ assigneeFacilityId: w.facilityA })
      .where(eq(careRequests.id, toTeamA.id));
    await db()
      .update(careRequests)
      .set({ assigneeProviderUserId: w.workerNone.providerUserId })
      .where(eq(careRequests.id, toWorkerNone.id));
    const elsewhere = await world();
    await requestTo(elsewhere.serviceA);

    const all = [atA.id, atB.id, toTeamA.id, toWorkerNone.id].toSorted();
    expect(ids(await grid(w.admin, w.providerId))).toEqual(all);
    expect(ids(await grid(w.coordinator, w.providerId))).toEqual(all);
    expect(ids(await grid(w.workerA, w.providerId))).toEqual([atA.id, toTeamA.id].toSorted());
    expect(ids(await grid(w.workerNone, w.providerId))).toEqual([toWorkerNone.id]);
    expect((await grid(w.workerNone, w.providerId)).total).toBe(1);

    // A member of another provider, even its administrator, is not told this provider exists.
    expect((await call(elsewhere.admin, 'GET', `${base(w.providerId)}/requests`)).statusCode).toBe(404);
    expect((await call(w.admin, 'GET', `${base(randomUUID())}/requests`)).statusCode).toBe(404);
  });

  it('lists a request a worker reaches twice (their facility, their team, themselves) once', async () => {
    const w = await world();
    const atA = await requestTo(w.serviceA);
    const alsoTeamAndMine = await requestTo(w.serviceA);
    await db()
      .update(careRequests)
      .set({ assigneeFacilityId: w.facilityA, assigneeProviderUserId: w.workerA.providerUserId })
      .where(eq(careRequests.id, alsoTeamAndMine.id));
    const page = await grid(w.workerA, w.providerId);
    expect(ids(page)).toEqual([atA.id, alsoTeamAndMine.id].toSorted());
    expect([page.total, page.totalExact]).toEqual([2, true]);
    expect(ids(await grid(w.workerA, w.providerId, '?assignedToMe=true'))).toEqual([alsoTeamAndMine.id]);
  });

  it('counts up to 1,000 (a text search 100) past the page’s first row, and further on a later page', async () => {
    const w = await world();
    const first = await requestTo(w.serviceA);
    // 1,009 more of the same case, each allowed beside the others (as withdrawn ones are).
    await db().execute(sql`
      insert into care_requests (case_id, provider_id, facility_service_id, facility_id, client_id, status_id,
                                 created_by_user_id, allows_new_request, created_at, updated_at)
      select case_id, provider_id, facility_service_id, facility_id, client_id, status_id, created_by_user_id,
             true, created_at - n * interval '1 minute', updated_at
      from care_requests, generate_series(1, 1009) n where id = ${first.id}`);
    const firstPage = await grid(w.coordinator, w.providerId);
    expect([firstPage.total, firstPage.totalExact, firstPage.items.length]).toEqual([1000, false, 25]);
    expect(firstPage.items[0]?.id).toBe(first.id);
    // Page 40 starts at 976: counted to 1,975, so all 1,010 are counted.
    const later = await grid(w.coordinator, w.providerId, '?page=40');
    expect([later.total, later.totalExact, later.items.length]).toEqual([1010, true, 25]);
    // A page past the end (an old link) still says how many there are.
    const past = await grid(w.coordinator, w.providerId, '?page=100');
    expect([past.total, past.totalExact, past.items]).toEqual([1010, true, []]);
    // A text search counts 100 past the page.
    const searched = await grid(w.coordinator, w.providerId, '?client=novakova');
    expect([searched.total, searched.totalExact]).toEqual([100, false]);
    expect((await grid(w.coordinator, w.providerId, '?client=novakova&page=40')).total).toBe(1010);
    // Every copy shows its client's name from the request's own copy of it.
    expect(new Set(firstPage.items.map((item) => item.client.fullName))).toEqual(new Set(['Marie Nováková']));
  });

  it('finds and sorts by a client’s new name after the client is renamed', async () => {
    const w = await world();
    const renamed = await requestTo(w.serviceA, { client: { firstName: 'Marie', lastName: 'Nováková' } });
    const other = await requestTo(w.serviceA, { client: { firstName: 'Jan', lastName: 'Malý' } });
    const clientId = (await grid(w.coordinator, w.providerId, '?client=novakova')).items[0]?.client.id;
    expect(clientId).toBeDefined();
    await db().execute(sql`update clients set last_name = 'Čechová' where id = ${clientId}`);
    const page = (query: string) => grid(w.coordinator, w.providerId, query);
    expect(ids(await page('?client=novakova'))).toEqual([]);
    expect(ids(await page('?client=cechova'))).toEqual([renamed.id]);
    // Czech order: Č after C, before M.
    expect((await page('?sort=client')).items.map((item) => item.id)).toEqual([renamed.id, other.id]);
    expect((await page('?sort=client')).items[0]?.client.fullName).toBe('Marie Čechová');
    // The code is still found, and a text across the name and the code is not.
    expect(ids(await page(`?client=${encodeURIComponent(renamed.code)}`))).toEqual([renamed.id]);
    expect(ids(await page(`?client=${encodeURIComponent(`cechova ${renamed.code}`)}`))).toEqual([]);
  });

  it('shows, finds and sorts a sender by their new name, a case by its new code, and an erased sender as none', async () => {
    const w = await world();
    const renamed = await requestTo(w.serviceA);
    const kept = await requestTo(w.serviceA);
    const erased = await requestTo(w.serviceA);
    await db().execute(
      sql`update users set first_name = 'Zora', last_name = 'Černá' where id = ${renamed.owner.userId}`,
    );
    await db().execute(sql`update cases set code = 'OP-990001' where code = ${kept.code}`);
    // Erasing an account keeps its requests without a sender (`on delete set null`).
    await db().execute(sql`update care_requests set created_by_user_id = null where id = ${erased.id}`);
    const page = (query: string) => grid(w.coordinator, w.providerId, query);
    const row = async (id: string) => (await page('')).items.find((item) => item.id === id);
    expect((await row(renamed.id))?.creator).toBe('Zora Černá');
    expect((await row(kept.id))?.creator).toBe(kept.owner.fullName);
    expect((await row(kept.id))?.code).toBe('OP-990001');
    expect((await row(erased.id))?.creator).toBe('');
    expect(ids(await page('?creator=cerna'))).toEqual([renamed.id]);
    expect(ids(await page(`?creator=${encodeURIComponent(renamed.owner.fullName)}`))).toEqual([]);
    expect(ids(await page('?client=op-990001'))).toEqual([kept.id]);
    // Czech order by last name (Černá before Dvořáková), no sender last; codes in order.
    expect((await page('?sort=creator')).items.map((item) => item.id)).toEqual([
      renamed.id,
      kept.id,
      erased.id,
    ]);
    expect((await page('?sort=-code')).items[0]?.id).toBe(kept.id);
  });

  it('answers the grid’s columns', async () => {
    const w = await world();
    const sent = await requestTo(w.serviceB, {
      client: { firstName: 'Božena', lastName: 'Čermáková' },
      careFrom: '2027-01-04',
    });
    await db()
      .update(careRequests)
      .set({ assigneeProviderUserId: w.workerA.providerUserId, assigneeFacilityId: w.facilityA })
      .where(eq(careRequests.id, sent.id));
    const [row] = (await grid(w.admin, w.providerId)).items;
    expect(row).toMatchObject({
      id: sent.id,
      code: sent.code,
      client: { fullName: 'Božena Čermáková' },
      service: { id: w.serviceB, name: 'Domácí zdravotní péče' },
      serviceType: 'home-nursing',
      facility: { id: w.facilityB, name: 'Středisko Sever' },
      date: '2027-01-04',
      status: 'new',
      creator: sent.owner.fullName,
      assignee: {
        colleague: { providerUserId: w.workerA.providerUserId, fullName: w.workerA.fullName },
        facility: { id: w.facilityA, name: 'Středisko Jih' },
      },
    });
  });

  it('filters, sorts and pages on the server', async () => {
    const w = await world();
    const day = (date: string) => new Date(`${date}T10:00:00+01:00`);
    const novakova = await requestTo(w.serviceA, {
      client: { firstName: 'Marie', lastName: 'Nováková' },
      createdAt: day('2026-11-02'),
      careFrom: '2026-12-01',
    });
    const cerny = await requestTo(w.serviceB, {
      client: { firstName: 'Jan', lastName: 'Černý' },
      createdAt: day('2026-11-05'),
      careFrom: '2026-11-20',
    });
    const adamova = await requestTo(w.serviceA, {
      client: { firstName: 'Alena', lastName: 'Adamová' },
      createdAt: day('2026-11-09'),
    });
    await db().execute(
      sql`update care_requests set status_id = (select id from request_statuses where code = 'waiting-list') where id = ${cerny.id}`,
    );
    await db()
      .update(careRequests)
      .set({ assigneeProviderUserId: w.coordinator.providerUserId })
      .where(eq(careRequests.id, adamova.id));
    const page = (query: string) => grid(w.coordinator, w.providerId, query);
    const order = async (query: string) => (await page(query)).items.map((item) => item.id);

    expect(await order('')).toEqual([adamova.id, cerny.id, novakova.id]);
    expect(await order('?status=waiting-list')).toEqual([cerny.id]);
    expect(await order('?status=new,waiting-list&sort=createdDate')).toEqual([
      novakova.id,
      cerny.id,
      adamova.id,
    ]);
    // Without accents and case, by name or code.
    expect(await order('?client=novakova')).toEqual([novakova.id]);
    expect(await order('?client=CERN')).toEqual([cerny.id]);
    expect(await order(`?client=${encodeURIComponent(adamova.code.toLowerCase())}`)).toEqual([adamova.id]);
    expect(await order('?serviceType=home-nursing')).toEqual([cerny.id]);
    expect(await order(`?creator=${encodeURIComponent(novakova.owner.fullName.toUpperCase())}`)).toEqual([
      novakova.id,
    ]);
    // The dates are whole days, both ends included.
    expect(await order('?createdFrom=2026-11-05&createdTo=2026-11-09')).toEqual([adamova.id, cerny.id]);
    expect(await order('?createdTo=2026-11-04')).toEqual([novakova.id]);
    expect(await order('?assignedToMe=true')).toEqual([adamova.id]);
    expect(await order(`?facilityId=${w.facilityB}`)).toEqual([cerny.id]);
    expect(await order('?client=novakova&status=accepted')).toEqual([]);
    // Sorting: by the client's last name, by the date care is wanted from (none last).
    expect(await order('?sort=client')).toEqual([adamova.id, cerny.id, novakova.id]);
    expect(await order('?sort=-client')).toEqual([novakova.id, cerny.id, adamova.id]);
    expect(await order('?sort=date')).toEqual([cerny.id, novakova.id, adamova.id]);
    expect(await order('?sort=status')).toEqual([adamova.id, novakova.id, cerny.id]);
    // Paging: the total is every match, pages never overlap.
    const first = await page('?pageSize=2');
    const second = await page('?pageSize=2&page=2');
    expect([first.total, second.total, first.items.length, second.items.length]).toEqual([3, 3, 2, 1]);
    expect([...first.items, ...second.items].map((item) => item.id)).toEqual([
      adamova.id,
      cerny.id,
      novakova.id,
    ]);
    expect((await page('?pageSize=2&page=3')).items).toEqual([]);

    for (const query of ['?status=bogus', '?sort=secret', '?pageSize=0', '?createdFrom=2026-02-30']) {
      expect(
        (await call(w.coordinator, 'GET', `${base(w.providerId)}/requests${query}`)).statusCode,
        query,
      ).toBe(400);
    }
  });
});

describe('GET /api/v1/provider/providers/{providerId}/requests/{careRequestId}', () => {
  it('answers what was sent, the allowed statuses, the assignment, the note and the history', async () => {
    const w = await world();
    const sent = await requestTo(w.serviceA, { careFrom: '2027-01-04' });
    const request = await detail(w.workerA, w.providerId, sent.id);
    expect(request).toMatchObject({
      id: sent.id,
      code: sent.code,
      status: 'new',
      allowedStatuses: ['in-progress', 'waiting-list', 'accepted', 'rejected'],
      reason: null,
      date: '2027-01-04',
      service: { id: w.serviceA },
      client: { fullName: 'Marie Nováková' },
      requester: { fullName: sent.owner.fullName, email: sent.owner.email },
      assignee: { colleague: null, facility: null },
      note: { text: '', version: 0, updatedDate: null, updatedBy: null },
      surveys: [],
      documents: [],
    });
    expect(request.providerConsentGrantedAt).not.toBeNull();
    expect(request.events).toEqual([
      expect.objectContaining({
        kind: 'created',
        status: 'new',
        actor: 'requester',
        createdBy: sent.owner.fullName,
      }),
    ]);
  });

  it('leaves the requester’s contacts out without their consent to share them', async () => {
    const w = await world();
    const sent = await requestTo(w.serviceA, { consent: false });
    const request = await detail(w.admin, w.providerId, sent.id);
    expect(request.requester).toMatchObject({ fullName: sent.owner.fullName, email: null, phone: null });
    expect(request.providerConsentGrantedAt).toBeNull();
  });

  it('answers 404 outside the scope: another provider’s request, a worker’s other facility', async () => {
    const w = await world();
    const atB = await requestTo(w.serviceB);
    const elsewhere = await world();
    const theirs = await requestTo(elsewhere.serviceA);
    expect((await call(w.admin, 'GET', `${base(w.providerId)}/requests/${theirs.id}`)).statusCode).toBe(404);
    expect(
      (await call(w.admin, 'GET', `${base(elsewhere.providerId)}/requests/${theirs.id}`)).statusCode,
    ).toBe(404);
    expect((await call(w.workerA, 'GET', `${base(w.providerId)}/requests/${atB.id}`)).statusCode).toBe(404);
    expect((await call(w.workerNone, 'GET', `${base(w.providerId)}/requests/${atB.id}`)).statusCode).toBe(
      404,
    );
    expect((await call(w.coordinator, 'GET', `${base(w.providerId)}/requests/${atB.id}`)).statusCode).toBe(
      200,
    );
  });
});

describe('POST /api/v1/provider/providers/{providerId}/requests/{careRequestId}/status', () => {
  it('changes the status, records it and tells the client, who sees it without the internal steps', async () => {
    const w = await world();
    const sent = await requestTo(w.serviceA);
    const accepted = await changeStatus(w.workerA, w.providerId, sent.id, {
      status: 'in-progress',
      fromStatus: 'new',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    await saveNote(w.workerA, w.providerId, sent.id, 'Zavolat dceři po 16. hodině.', 0);
    await assign(w.admin, w.providerId, sent.id, {
      providerUserId: w.workerA.providerUserId,
      facilityId: null,
    });
    const response = await changeStatus(w.workerA, w.providerId, sent.id, {
      status: 'rejected',
      fromStatus: 'in-progress',
      reason: 'no-capacity',
    });
    expect(response.statusCode, response.body).toBe(200);
    const request = ProviderCareRequestSchema.parse(response.json());
    expect(request).toMatchObject({
      status: 'rejected',
      allowedStatuses: [],
      reason: 'no-capacity',
      reasonText: null,
    });
    expect(request.events.filter((event) => event.kind === 'status-changed')).toEqual([
      expect.objectContaining({ fromStatus: 'new', status: 'in-progress', reason: null, actor: 'provider' }),
      expect.objectContaining({
        fromStatus: 'in-progress',
        status: 'rejected',
        reason: 'no-capacity',
        createdBy: w.workerA.fullName,
        actor: 'provider',
      }),
    ]);

    const [row] = await db().select().from(careRequests).where(eq(careRequests.id, sent.id));
    expect(row?.firstAnsweredAt).not.toBeNull();
    expect(row?.closedAt).not.toBeNull();
    expect(row?.declineReason).toBe('no-capacity');

    const mails = await mailsTo(sent.owner.email, 'care-request-status-changed');
    expect(mails).toHaveLength(2);
    const texts = mails.map((mail) => String(mail.params.text));
    expect(
      texts.some((text) => text.includes('na: zamítnuta. Důvod: poskytovatel teď nemá volnou kapacitu.')),
    ).toBe(true);

    // The client sees the decision and its reason, not the provider's note or assignment.
    const client = await call(sent.owner, 'GET', `/api/v1/web/care-requests/${sent.id}`);
    expect(client.statusCode, client.body).toBe(200);
    const seen = CareRequestSchema.parse(client.json());
    expect(seen).toMatchObject({ status: 'rejected', reason: 'no-capacity', reasonText: null });
    expect(seen.events.map((event) => event.kind)).toEqual(['created', 'status-changed', 'status-changed']);
    expect(JSON.stringify(seen)).not.toContain('Zavolat dceři');
  });

  it('needs a reason to decline, and the provider’s words with “other”, which the client is told', async () => {
    const w = await world();
    const sent = await requestTo(w.serviceA);
    const body = { status: 'rejected', fromStatus: 'new' };
    expect(fieldErrors(await changeStatus(w.admin, w.providerId, sent.id, body))).toEqual([
      'reason required',
    ]);
    expect(
      fieldErrors(await changeStatus(w.admin, w.providerId, sent.id, { ...body, reason: 'other' })),
    ).toEqual(['reasonText required']);
    expect(
      fieldErrors(
        await changeStatus(w.admin, w.providerId, sent.id, { ...body, reason: 'other', reasonText: '   ' }),
      ),
    ).toEqual(['reasonText required']);
    expect(
      fieldErrors(await changeStatus(w.admin, w.providerId, sent.id, { ...body, reason: 'because' })).map(
        (error) => error.split(' ')[0],
      ),
    ).toEqual(['reason']);
    expect(
      (
        await changeStatus(w.admin, w.providerId, sent.id, {
          ...body,
          reason: 'other',
          reasonText: 'x\u0000',
        })
      ).statusCode,
    ).toBe(400);
    expect(await eventsOf(sent.id, 'status-changed')).toEqual([]);

    const response = await changeStatus(w.admin, w.providerId, sent.id, {
      ...body,
      reason: 'other',
      reasonText: '  Pečujeme jen o klienty z Brna.  ',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(ProviderCareRequestSchema.parse(response.json())).toMatchObject({
      reason: 'other',
      reasonText: 'Pečujeme jen o klienty z Brna.',
    });
    const [mail] = await mailsTo(sent.owner.email, 'care-request-status-changed');
    expect(String(mail?.params.text)).toContain('Poskytovatel k tomu píše: „Pečujeme jen o klienty z Brna.“');
    expect(String(mail?.params.text)).not.toContain('jiný důvod');
  });

  it('keeps a reason only with a decline', async () => {
    const w = await world();
    const sent = await requestTo(w.serviceA);
    const response = await changeStatus(w.admin, w.providerId, sent.id, {
      status: 'waiting-list',
      fromStatus: 'new',
      reason: 'no-capacity',
      reasonText: 'Nic',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(ProviderCareRequestSchema.parse(response.json())).toMatchObject({
      status: 'waiting-list',
      reason: null,
      reasonText: null,
      allowedStatuses: ['in-progress', 'accepted', 'rejected'],
    });
    const [row] = await db().select().from(careRequests).where(eq(careRequests.id, sent.id));
    expect([row?.declineReason, row?.closedAt, row?.firstAnsweredAt === null]).toEqual([null, null, false]);
  });

  it('refuses moves the provider may not make and a status a colleague changed meanwhile (409)', async () => {
    const w = await world();
    const sent = await requestTo(w.serviceA);
    for (const status of ['withdrawn', 'expired', 'new']) {
      const response = await changeStatus(w.admin, w.providerId, sent.id, { status, fromStatus: 'new' });
      expect([response.statusCode, problemCode(response)], status).toEqual([
        409,
        'CareRequestStatusChangeNotAllowed',
      ]);
    }
    expect(
      (await changeStatus(w.admin, w.providerId, sent.id, { status: 'accepted', fromStatus: 'new' }))
        .statusCode,
    ).toBe(200);
    const late = await changeStatus(w.coordinator, w.providerId, sent.id, {
      status: 'in-progress',
      fromStatus: 'new',
    });
    expect([late.statusCode, problemCode(late)]).toEqual([409, 'CareRequestStatusChangeNotAllowed']);
    const decided = await changeStatus(w.coordinator, w.providerId, sent.id, {
      status: 'in-progress',
      fromStatus: 'accepted',
    });
    expect([decided.statusCode, problemCode(decided)]).toEqual([409, 'CareRequestStatusChangeNotAllowed']);
    expect(await eventsOf(sent.id, 'status-changed')).toHaveLength(1);
    expect(await mailsTo(sent.owner.email, 'care-request-status-changed')).toHaveLength(1);

    // Outside the scope it is not there at all.
    const atB = await requestTo(w.serviceB);
    expect(
      (await changeStatus(w.workerA, w.providerId, atB.id, { status: 'accepted', fromStatus: 'new' }))
        .statusCode,
    ).toBe(404);
    const elsewhere = await world();
    expect(
      (
        await changeStatus(elsewhere.admin, elsewhere.providerId, atB.id, {
          status: 'accepted',
          fromStatus: 'new',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('lets one of many simultaneous changes win through a smaller pool: one event, one e-mail', async () => {
    const w = await world();
    const sent = await requestTo(w.serviceA);
    const colleagues = [w.admin, w.coordinator, w.workerA];
    for (let index = colleagues.length; index < 2 * poolSize + 1; index += 1) {
      colleagues.push(await member(w.providerId, ['providerCoordinator']));
    }
    const targets = [
      { status: 'accepted' },
      { status: 'in-progress' },
      { status: 'waiting-list' },
      { status: 'rejected', reason: 'outside-area' },
    ];
    const responses = await Promise.all(
      colleagues.map((colleague, index) =>
        changeStatus(colleague, w.providerId, sent.id, {
          fromStatus: 'new',
          ...targets[index % targets.length],
        }),
      ),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(colleagues.length - 1);
    expect(await eventsOf(sent.id, 'status-changed')).toHaveLength(1);
    expect(await mailsTo(sent.owner.email, 'care-request-status-changed')).toHaveLength(1);
  });

  it('answers the same change sent again by the same person as done: one event, one e-mail', async () => {
    const w = await world();
    const sent = await requestTo(w.serviceA);
    const body = { status: 'rejected', fromStatus: 'new', reason: 'waiting-list' };
    const responses = await Promise.all(
      Array.from({ length: 2 * poolSize }, () => changeStatus(w.coordinator, w.providerId, sent.id, body)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    expect(await eventsOf(sent.id, 'status-changed')).toHaveLength(1);
    expect(await mailsTo(sent.owner.email, 'care-request-status-changed')).toHaveLength(1);
    // Another reason is another change: refused.
    const other = await changeStatus(w.coordinator, w.providerId, sent.id, {
      ...body,
      reason: 'no-capacity',
    });
    expect(other.statusCode).toBe(409);
  });
});

describe('PUT /api/v1/provider/providers/{providerId}/requests/{careRequestId}/note', () => {
  it('saves the note as typed, its author in the history at most once per ten minutes', async () => {
    const w = await world();
    const sent = await requestTo(w.serviceA);
    const first = await saveNote(w.workerA, w.providerId, sent.id, 'Volat', 0);
    expect(first.statusCode, first.body).toBe(200);
    expect(ProviderNoteSavedSchema.parse(first.json())).toMatchObject({
      text: 'Volat',
      version: 1,
      updatedBy: w.workerA.fullName,
      overwritten: null,
    });
    const second = ProviderNoteSavedSchema.parse(
      (await saveNote(w.workerA, w.providerId, sent.id, 'Volat dceři', 1)).json(),
    );
    expect(second).toMatchObject({ text: 'Volat dceři', version: 2, overwritten: null });
    // The same text again (a retry) changes nothing.
    expect(
      ProviderNoteSavedSchema.parse(
        (await saveNote(w.workerA, w.providerId, sent.id, 'Volat dceři', 1)).json(),
      ),
    ).toMatchObject({ version: 2, overwritten: null });
    expect(await eventsOf(sent.id, 'note-changed')).toHaveLength(1);

    await db()
      .update(careRequestEvents)
      .set({ eventDate: sql`now() - interval '11 minutes'` })
      .where(and(eq(careRequestEvents.careRequestId, sent.id), eq(careRequestEvents.kind, 'note-changed')));
    await saveNote(w.workerA, w.providerId, sent.id, 'Volat dceři po 16 h', 2);
    await saveNote(w.coordinator, w.providerId, sent.id, 'Volat dceři po 16 h.', 3);
    const events = await eventsOf(sent.id, 'note-changed');
    expect(events.map((event) => event.createdByUserId).toSorted()).toEqual(
      [w.workerA.userId, w.workerA.userId, w.coordinator.userId].toSorted(),
    );
    expect(events.every((event) => Object.keys(event.payload).length === 0)).toBe(true);
    const request = await detail(w.admin, w.providerId, sent.id);
    expect(request.note).toMatchObject({
      text: 'Volat dceři po 16 h.',
      version: 4,
      updatedBy: w.coordinator.fullName,
    });
  });

  it('lets the last of two tabs win and keeps what it replaced in the history', async () => {
    const w = await world();
    const sent = await requestTo(w.serviceA);
    // Both opened the request before either typed.
    expect((await saveNote(w.workerA, w.providerId, sent.id, 'Klientka má psa.', 0)).statusCode).toBe(200);
    const later = await saveNote(w.coordinator, w.providerId, sent.id, 'Objednat na pondělí.', 0);
    expect(later.statusCode, later.body).toBe(200);
    expect(ProviderNoteSavedSchema.parse(later.json())).toMatchObject({
      text: 'Objednat na pondělí.',
      version: 2,
      overwritten: { text: 'Klientka má psa.', updatedBy: w.workerA.fullName },
    });
    const request = await detail(w.workerA, w.providerId, sent.id);
    expect(request.note.text).toBe('Objednat na pondělí.');
    expect(request.events.filter((event) => event.replacedNote !== null)).toEqual([
      expect.objectContaining({
        kind: 'note-changed',
        replacedNote: 'Klientka má psa.',
        createdBy: w.coordinator.fullName,
      }),
    ]);
  });

  it('makes one note of simultaneous first saves, each replaced text kept', async () => {
    const w = await world();
    const sent = await requestTo(w.serviceA);
    const texts = Array.from({ length: 2 * poolSize + 2 }, (_, index) => `Poznámka ${index + 1}`);
    const responses = await Promise.all(
      texts.map((text) => saveNote(w.admin, w.providerId, sent.id, text, 0)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    const saved = responses.map((response) => ProviderNoteSavedSchema.parse(response.json()));
    expect(saved.map((note) => note.version).toSorted((a, b) => a - b)).toEqual(
      texts.map((_, index) => index + 1),
    );
    const notes = await db()
      .select()
      .from(careRequestNotes)
      .where(eq(careRequestNotes.careRequestId, sent.id));
    expect(notes).toHaveLength(1);
    expect(notes[0]?.version).toBe(texts.length);
    // Every save but the first replaced another's text, and every replaced text is in the history.
    const replaced = saved.flatMap((note) => (note.overwritten ? [note.overwritten.text] : []));
    expect(replaced).toHaveLength(texts.length - 1);
    const last = saved.find((note) => note.version === texts.length);
    expect([...replaced, last?.text].toSorted()).toEqual(texts.toSorted());
    const kept = (await eventsOf(sent.id, 'note-changed')).flatMap((event) =>
      typeof event.payload.replacedText === 'string' ? [event.payload.replacedText] : [],
    );
    expect(kept.toSorted()).toEqual(replaced.toSorted());
  });

  it('refuses hostile text: NUL bytes, lone surrogates, too long, a megabyte — storing nothing', async () => {
    const w = await world();
    const sent = await requestTo(w.serviceA);
    for (const text of ['Pes\u0000', 'Pes\ud800', 'x'.repeat(10_001)]) {
      expect((await saveNote(w.admin, w.providerId, sent.id, text, 0)).statusCode).toBe(400);
    }
    const huge = await saveNote(w.admin, w.providerId, sent.id, 'x'.repeat(1024 * 1024), 0);
    expect([400, 413]).toContain(huge.statusCode);
    expect(
      await db().select().from(careRequestNotes).where(eq(careRequestNotes.careRequestId, sent.id)),
    ).toEqual([]);
    // Outside the scope: 404, nothing stored either.
    expect((await saveNote(w.workerNone, w.providerId, sent.id, 'Pes', 0)).statusCode).toBe(404);
    expect(await eventsOf(sent.id, 'note-changed')).toEqual([]);
  });
});

describe('PUT /api/v1/provider/providers/{providerId}/requests/{careRequestId}/assignment', () => {
  it('takes many simultaneous assignments through a smaller pool: the history matches the result', async () => {
    const w = await world();
    const sent = await requestTo(w.serviceA);
    // The same assignment sent again and again (a double click, a retry): one event, one e-mail.
    const same = await Promise.all(
      Array.from({ length: 2 * poolSize + 1 }, () =>
        assign(w.coordinator, w.providerId, sent.id, {
          providerUserId: w.workerNone.providerUserId,
          facilityId: null,
        }),
      ),
    );
    expect(same.map((response) => response.statusCode)).toEqual(same.map(() => 200));
    expect(await eventsOf(sent.id, 'assigned')).toHaveLength(1);
    expect(await mailsTo(w.workerNone.email, 'care-request-assigned')).toHaveLength(1);

    // Colleagues assigning it to different people at once: each change is recorded in the order it was
    // made, and the last one recorded is what the request holds.
    const choices = [w.workerA, w.workerNone, w.coordinator];
    const racing = await Promise.all(
      Array.from({ length: 2 * poolSize + 1 }, (_, index) =>
        assign(w.admin, w.providerId, sent.id, {
          providerUserId: choices[index % choices.length]?.providerUserId ?? null,
          facilityId: null,
        }),
      ),
    );
    expect(racing.map((response) => response.statusCode)).toEqual(racing.map(() => 200));
    const [row] = await db()
      .select({ assignee: careRequests.assigneeProviderUserId })
      .from(careRequests)
      .where(eq(careRequests.id, sent.id));
    const history = await db()
      .select({ payload: careRequestEvents.payload })
      .from(careRequestEvents)
      .where(and(eq(careRequestEvents.careRequestId, sent.id), eq(careRequestEvents.kind, 'assigned')))
      .orderBy(careRequestEvents.eventDate, careRequestEvents.id);
    const assignees = history.map(
      (event) => (event.payload as { providerUserId: string | null }).providerUserId,
    );
    expect(assignees.at(-1)).toBe(row?.assignee);
    // No event repeats the assignment before it: each one is a change.
    expect(assignees.every((assignee, index) => index === 0 || assignee !== assignees[index - 1])).toBe(true);
  });

  it('lets a coordinator assign to a colleague and a facility team, recorded and e-mailed', async () => {
    const w = await world();
    const sent = await requestTo(w.serviceA);
    const response = await assign(w.coordinator, w.providerId, sent.id, {
      providerUserId: w.workerNone.providerUserId,
      facilityId: w.facilityB,
    });
    expect(response.statusCode, response.body).toBe(200);
    const request = ProviderCareRequestSchema.parse(response.json());
    const expected = {
      colleague: { providerUserId: w.workerNone.providerUserId, fullName: w.workerNone.fullName },
      facility: { id: w.facilityB, name: 'Středisko Sever' },
    };
    expect(request.assignee).toEqual(expected);
    expect(request.events.filter((event) => event.kind === 'assigned')).toEqual([
      expect.objectContaining({ assignee: expected, createdBy: w.coordinator.fullName, actor: 'provider' }),
    ]);
    const mails = await mailsTo(w.workerNone.email, 'care-request-assigned');
    expect(mails).toHaveLength(1);
    const text = String(mails[0]?.params.text);
    expect(text).toContain(sent.code);
    expect(text).toContain(`/provider/requests/${sent.id}?provider=${w.providerId}`);
    expect(text).not.toContain('Nováková');
    // The colleague and the facility team see it now.
    expect(ids(await grid(w.workerNone, w.providerId))).toEqual([sent.id]);
    expect(ids(await grid(w.workerNone, w.providerId, '?assignedToMe=true'))).toEqual([sent.id]);

    // The same assignment again changes nothing; clearing it is recorded too.
    await assign(w.coordinator, w.providerId, sent.id, {
      providerUserId: w.workerNone.providerUserId,
      facilityId: w.facilityB,
    });
    expect(await eventsOf(sent.id, 'assigned')).toHaveLength(1);
    const cleared = await assign(w.admin, w.providerId, sent.id, { providerUserId: null, facilityId: null });
    expect(ProviderCareRequestSchema.parse(cleared.json()).assignee).toEqual({
      colleague: null,
      facility: null,
    });
    expect(await eventsOf(sent.id, 'assigned')).toHaveLength(2);
    expect(await mailsTo(w.workerNone.email, 'care-request-assigned')).toHaveLength(1);
  });

  it('writes to nobody who assigned it to themselves', async () => {
    const w = await world();
    const sent = await requestTo(w.serviceA);
    const response = await assign(w.admin, w.providerId, sent.id, {
      providerUserId: w.admin.providerUserId,
      facilityId: null,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await mailsTo(w.admin.email)).toEqual([]);
  });

  it('lets a worker only take a request for themselves or give up their own (else 403)', async () => {
    const w = await world();
    const sent = await requestTo(w.serviceA);
    const forbidden = [
      { providerUserId: w.workerNone.providerUserId, facilityId: null },
      { providerUserId: w.workerA.providerUserId, facilityId: w.facilityA },
    ];
    for (const body of forbidden) {
      const response = await assign(w.workerA, w.providerId, sent.id, body);
      expect([response.statusCode, problemCode(response)]).toEqual([403, 'Forbidden']);
    }
    const taken = await assign(w.workerA, w.providerId, sent.id, {
      providerUserId: w.workerA.providerUserId,
      facilityId: null,
    });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await mailsTo(w.workerA.email)).toEqual([]);

    // A worker cannot take away a colleague's assignment, but may give up their own.
    const another = await requestTo(w.serviceA);
    await assign(w.admin, w.providerId, another.id, {
      providerUserId: w.workerNone.providerUserId,
      facilityId: null,
    });
    expect(
      (await assign(w.workerA, w.providerId, another.id, { providerUserId: null, facilityId: null }))
        .statusCode,
    ).toBe(403);
    const givenUp = await assign(w.workerNone, w.providerId, another.id, {
      providerUserId: null,
      facilityId: null,
    });
    expect(givenUp.statusCode, givenUp.body).toBe(200);
    expect(ProviderCareRequestSchema.parse(givenUp.json()).assignee.colleague).toBeNull();
    // …after which it is outside their scope.
    expect((await call(w.workerNone, 'GET', `${base(w.providerId)}/requests/${another.id}`)).statusCode).toBe(
      404,
    );
  });

  it('answers 404 for a colleague or facility of another provider, or an invitation', async () => {
    const w = await world();
    const sent = await requestTo(w.serviceA);
    const elsewhere = await world();
    const [invitation] = await db()
      .insert(providerUsers)
      .values({
        providerId: w.providerId,
        inviteEmail: `pozvanka-${randomUUID()}@example.cz`,
        roles: ['providerUser'],
      })
      .returning({ id: providerUsers.id });
    for (const body of [
      { providerUserId: elsewhere.workerA.providerUserId, facilityId: null },
      { providerUserId: null, facilityId: elsewhere.facilityA },
      { providerUserId: invitation?.id ?? '', facilityId: null },
      { providerUserId: randomUUID(), facilityId: null },
    ]) {
      expect((await assign(w.admin, w.providerId, sent.id, body)).statusCode).toBe(404);
    }
    expect(await eventsOf(sent.id, 'assigned')).toEqual([]);
    // The database refuses it too, whatever the code above does.
    await expect(
      db()
        .update(careRequests)
        .set({ assigneeProviderUserId: elsewhere.workerA.providerUserId })
        .where(eq(careRequests.id, sent.id)),
    ).rejects.toThrow();
  });
});

describe('GET /api/v1/provider/providers/{providerId}/requests/{careRequestId}/documents/{documentId}', () => {
  async function storedDocument(careRequestId: string): Promise<string> {
    const storageKey = randomUUID();
    const [document] = await db()
      .insert(documents)
      .values({
        careRequestId,
        fileName: 'zprava.pdf',
        contentType: 'application/pdf',
        sizeBytes: 8,
        storageKey,
      })
      .returning({ id: documents.id });
    await db()
      .insert(documentContents)
      .values({ storageKey, content: Buffer.from('%PDF-1.4') });
    return document?.id ?? '';
  }

  it('sends a file of a request in the scope as an attachment, and 404 outside it', async () => {
    const w = await world();
    const sent = await requestTo(w.serviceA);
    const documentId = await storedDocument(sent.id);
    const url = `${base(w.providerId)}/requests/${sent.id}/documents/${documentId}`;
    const response = await call(w.workerA, 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.rawPayload.toString()).toBe('%PDF-1.4');
    expect(response.headers).toMatchObject({
      'content-type': 'application/pdf',
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    });
    expect(String(response.headers['content-disposition'])).toMatch(/^attachment;/);
    expect((await detail(w.workerA, w.providerId, sent.id)).documents.map((document) => document.id)).toEqual(
      [documentId],
    );

    expect((await call(w.workerNone, 'GET', url)).statusCode).toBe(404);
    const elsewhere = await world();
    expect((await call(elsewhere.admin, 'GET', url)).statusCode).toBe(404);
    const other = await requestTo(w.serviceA);
    expect(
      (await call(w.admin, 'GET', `${base(w.providerId)}/requests/${other.id}/documents/${documentId}`))
        .statusCode,
    ).toBe(404);
  });
});

describe('sending a request', () => {
  it('takes the date care is wanted from out of the case survey, when it is a real date', async () => {
    const w = await world();
    const sentWith = async (startDate: string) => {
      const owner = await signedIn();
      await createSubscription(db(), { userId: owner.userId });
      const client = await createClient(db(), { ownerUserId: owner.userId });
      const careCase = await createCase(db(), { ownerUserId: owner.userId, clientId: client.id });
      await db().execute(sql`
        insert into survey_answers (survey_definition_id, survey_type, case_id, answers)
        select id, 'case', ${careCase.id}, ${JSON.stringify({ 'start-date': startDate })}::jsonb
        from survey_definitions where type = 'case' and status = 'published'
      `);
      const draft = await call(owner, 'PUT', `/api/v1/web/cases/${careCase.id}/request-drafts/${w.serviceA}`);
      expect(draft.statusCode, draft.body).toBe(200);
      const sent = await call(
        owner,
        'POST',
        `/api/v1/web/request-drafts/${draft.json<{ id: string }>().id}/send`,
        {
          providerConsent: true,
        },
      );
      expect(sent.statusCode, sent.body).toBe(200);
      const [row] = await db()
        .select({ careFrom: careRequests.careFrom })
        .from(careRequests)
        .where(eq(careRequests.id, sent.json<{ id: string }>().id));
      return row?.careFrom;
    };
    expect(await sentWith('2027-01-04')).toBe('2027-01-04');
    expect(await sentWith('2027-02-30')).toBeNull();
  });
});
