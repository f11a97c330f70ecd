import { providerUsers } from '@opora/db';
import {
  createCareRequest,
  createFacility,
  createFacilityService,
  createProvider,
  createTestDatabase,
  createUser,
  type TestDatabase,
} from '@opora/db/testing';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  careRequestInScope,
  careRequestScopeBranches,
  type ProviderScope,
} from '../platform/provider-scope.ts';
import { readProviderTeam } from './provider-memberships.ts';

// The scope is written twice: one condition (`careRequestInScope`: a request's detail, its changes,
// counts) and a union of index ranges (`careRequestScopeBranches`: the grid's pages). Both must admit
// exactly the requests the scope's rule names, for every role and any number of facilities.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

interface World {
  providerId: string;
  facilityIds: string[];
  worker: string;
  colleague: string;
  requests: { id: string; facilityId: string; assigneeFacilityId: string | null; assignee: string | null }[];
  elsewhere: string;
}

/**
 * A provider with 7 facilities and a request for every facility × team assignment (none, the next
 * facility's team) × personal assignment (none, the worker, a colleague); and one request of another
 * provider, which no scope of this provider may admit.
 */
async function world(): Promise<World> {
  const db = database.db;
  const provider = await createProvider(db);
  const facilityIds: string[] = [];
  const serviceIds: string[] = [];
  for (let index = 0; index < 7; index++) {
    const facility = await createFacility(db, { providerId: provider.id });
    facilityIds.push(facility.id);
    serviceIds.push((await createFacilityService(db, { facilityId: facility.id })).id);
  }
  const memberships = await db
    .insert(providerUsers)
    .values([
      { providerId: provider.id, userId: (await createUser(db)).id, roles: ['providerUser'] },
      { providerId: provider.id, userId: (await createUser(db)).id, roles: ['providerUser'] },
    ])
    .returning({ id: providerUsers.id });
  const [worker, colleague] = memberships.map((row) => row.id) as [string, string];
  const requests: World['requests'] = [];
  for (const [index, facilityId] of facilityIds.entries()) {
    for (const assigneeFacilityId of [null, facilityIds[(index + 1) % facilityIds.length] ?? null]) {
      for (const assignee of [null, worker, colleague]) {
        const request = await createCareRequest(db, {
          facilityServiceId: serviceIds[index] as string,
          assigneeFacilityId,
          assigneeProviderUserId: assignee,
        });
        requests.push({ id: request.id, facilityId, assigneeFacilityId, assignee });
      }
    }
  }
  const other = await createFacilityService(db);
  const elsewhere = await createCareRequest(db, { facilityServiceId: other.id });
  return { providerId: provider.id, facilityIds, worker, colleague, requests, elsewhere: elsewhere.id };
}

async function idsWhere(condition: SQL): Promise<string[]> {
  const { rows } = await database.db.execute<{ id: string }>(
    sql`select cr.id from care_requests cr where ${condition}`,
  );
  return rows.map((row) => row.id).sort();
}

async function idsOfBranches(branches: SQL[]): Promise<string[]> {
  const { rows } = await database.db.execute<{ id: string }>(
    sql.join(
      branches.map((branch) => sql`(select cr.id from care_requests cr where ${branch})`),
      sql` union `,
    ),
  );
  return rows.map((row) => row.id).sort();
}

describe('a provider scope as one condition and as a union of index ranges', () => {
  let made: World;

  beforeAll(async () => {
    made = await world();
  });

  const scopeOf = (facilityIds: ProviderScope['facilityIds']): ProviderScope => ({
    providerId: made.providerId,
    providerUserId: made.worker,
    userId: '00000000-0000-4000-8000-000000000000',
    roles: facilityIds === 'all' ? ['providerCoordinator'] : ['providerUser'],
    facilityIds,
  });

  /** The rule, read off the requests as made: the scope's facilities (service's or team's), or the worker's own. */
  const expected = (facilityIds: ProviderScope['facilityIds']) =>
    made.requests
      .filter(
        (request) =>
          facilityIds === 'all' ||
          facilityIds.includes(request.facilityId) ||
          (request.assigneeFacilityId !== null && facilityIds.includes(request.assigneeFacilityId)) ||
          request.assignee === made.worker,
      )
      .map((request) => request.id)
      .sort();

  it.each([
    ['a coordinator (the whole provider)', 'all' as const],
    ['a worker without facilities (their own requests)', 0],
    ['a worker with one facility', 1],
    ['a worker with five facilities (a union of 11 ranges)', 5],
    ['a worker with six facilities (one condition: more than 12 ranges)', 6],
    ['a worker with every facility', 7],
  ])('admits the same requests for %s', async (_who, count) => {
    const facilityIds = count === 'all' ? 'all' : made.facilityIds.slice(0, count);
    const scope = scopeOf(facilityIds);
    const want = expected(facilityIds);
    const branches = careRequestScopeBranches(scope);
    if (count !== 'all') expect(branches.length).toBe(count * 2 + 1 > 12 ? 1 : count * 2 + 1);
    expect(await idsWhere(careRequestInScope(scope))).toEqual(want);
    expect(await idsOfBranches(branches)).toEqual(want);
    expect(want).not.toContain(made.elsewhere);
    expect(want.length).toBeGreaterThan(0);
  });

  // The grid's facility filter offers the facilities its rows can name (a service's or a team's). The
  // worker here has requests assigned in every facility; a member with none assigned shows the rest.
  it.each([
    ['a coordinator', 'all' as const, true],
    ['a worker without facilities', 0, true],
    ['a worker without facilities or assignments', 0, false],
    ['a worker of one facility without assignments', 1, false],
    ['a worker of three facilities without assignments', 3, false],
    ['a worker of every facility', 7, true],
  ])('offers %s the facilities of their scope in the facility filter', async (_who, count, assigned) => {
    const facilityIds = count === 'all' ? 'all' : made.facilityIds.slice(0, count);
    const providerUserId = assigned ? made.worker : '00000000-0000-4000-8000-000000000001';
    const scope = { ...scopeOf(facilityIds), providerUserId };
    const inScope = made.requests.filter(
      (request) =>
        facilityIds === 'all' ||
        facilityIds.includes(request.facilityId) ||
        (request.assigneeFacilityId !== null && facilityIds.includes(request.assigneeFacilityId)) ||
        request.assignee === providerUserId,
    );
    const want = new Set([
      ...(facilityIds === 'all' ? made.facilityIds : facilityIds),
      ...inScope.flatMap((request) => [request.facilityId, request.assigneeFacilityId ?? request.facilityId]),
    ]);
    // The rule read off the requests is the scope's own.
    expect(await idsWhere(careRequestInScope(scope))).toEqual(inScope.map((request) => request.id).sort());
    const team = await readProviderTeam(database.db, scope);
    expect(team.scopeFacilities.map((facility) => facility.id).toSorted()).toEqual([...want].toSorted());
  });
});
