import { ServiceDetailSchema, ServiceListSchema } from '@opora/contracts';
import { createCareRequest, createCase, createClient, createFacilityService } from '@opora/db/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AccountTestServer, startAccountTestServer } from '../accounts/testing/account-test-server.ts';

// The guest response cache is on here (as in production): a signed-in caller reuses the guest's page
// and still gets their own `alreadyRequested`, and guests never see anyone's flags.

let server: AccountTestServer;

beforeAll(async () => {
  server = await startAccountTestServer({ env: { CATALOGUE_CACHE_SECONDS: '60' } });
});

afterAll(async () => {
  await server.close();
});

async function get(url: string, accessToken?: string) {
  const response = await server.app.inject({
    method: 'GET',
    url,
    ...(accessToken && { headers: { authorization: `Bearer ${accessToken}` } }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('alreadyRequested', () => {
  it('is true for services the signed-in user requested for one of their cases, false for everyone else', async () => {
    const db = server.database.db;
    const account = await server.createAccount();
    const { accessToken } = await server.signIn(account.email, account.password);
    const requested = await createFacilityService(db, { name: 'A requested', counties: ['CZ0521'] });
    const other = await createFacilityService(db, { name: 'B not requested', counties: ['CZ0521'] });
    const client = await createClient(db, { ownerUserId: account.userId });
    const careCase = await createCase(db, { clientId: client.id, ownerUserId: account.userId });
    // Someone else's request for the other service does not count.
    await createCareRequest(db, { facilityServiceId: other.id });

    // A guest fills the cache first.
    const guest = ServiceListSchema.parse(await get('/api/v1/web/services?countyCode=CZ0521&sort=name'));
    expect(guest.items.map((item) => item.flags.alreadyRequested)).toEqual([false, false]);

    await createCareRequest(db, { caseId: careCase.id, facilityServiceId: requested.id });
    const mine = ServiceListSchema.parse(
      await get('/api/v1/web/services?countyCode=CZ0521&sort=name', accessToken),
    );
    expect(mine.items.map((item) => [item.id, item.flags.alreadyRequested])).toEqual([
      [requested.id, true],
      [other.id, false],
    ]);
    const detail = ServiceDetailSchema.parse(await get(`/api/v1/web/services/${requested.id}`, accessToken));
    expect(detail.flags.alreadyRequested).toBe(true);

    // The signed-in answer did not leak into the shared cache.
    const guestAgain = ServiceListSchema.parse(await get('/api/v1/web/services?countyCode=CZ0521&sort=name'));
    expect(guestAgain.items.map((item) => item.flags.alreadyRequested)).toEqual([false, false]);
    const guestDetail = ServiceDetailSchema.parse(await get(`/api/v1/web/services/${requested.id}`));
    expect(guestDetail.flags.alreadyRequested).toBe(false);
  });

  it('reuses a guest page until a catalogue change commits: a new service shows up then', async () => {
    const db = server.database.db;
    await createFacilityService(db, { counties: ['CZ0522'] });
    expect((await get('/api/v1/web/services?countyCode=CZ0522')).total).toBe(1);
    await createFacilityService(db, { counties: ['CZ0522'] });
    // The commit's notification clears the cache (decision 0107); it arrives within milliseconds.
    await vi.waitFor(
      async () => expect((await get('/api/v1/web/services?countyCode=CZ0522')).total).toBe(2),
      {
        timeout: 15_000,
        interval: 20,
      },
    );
  });
});
