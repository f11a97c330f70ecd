import { type ProviderDashboard, ProviderDashboardSchema } from '@opora/contracts';
import {
  type CareRequestOverrides,
  createCareRequest,
  createFacility,
  createFacilityService,
  createProvider,
} from '@opora/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountTestServer, startAccountTestServer } from '../accounts/testing/account-test-server.ts';
import { providerMember } from './testing/provider-member.ts';

let server: AccountTestServer;
let providerId: string;
const headers: Record<'admin' | 'coordinator' | 'worker' | 'outsider', Record<string, string>> = {
  admin: {},
  coordinator: {},
  worker: {},
  outsider: {},
};

const hour = 3_600_000;
const day = 24 * hour;

beforeAll(async () => {
  // No workers: the reminder sweep must not expire the fixtures' old `new` requests meanwhile.
  server = await startAccountTestServer({ env: { JOBS_WORKER: 'false' } });
  const db = server.database.db;
  const provider = await createProvider(db);
  providerId = provider.id;
  const first = await createFacility(db, { providerId });
  const second = await createFacility(db, { providerId });
  const atFirst = await createFacilityService(db, { facilityId: first.id });
  const atSecond = await createFacilityService(db, { facilityId: second.id });
  headers.admin = (await providerMember(server, providerId, ['providerAdmin'])).headers;
  headers.coordinator = (await providerMember(server, providerId, ['providerCoordinator'])).headers;
  const worker = await providerMember(server, providerId, ['providerUser'], { facilityIds: [first.id] });
  headers.worker = worker.headers;
  headers.outsider = (await providerMember(server, (await createProvider(db)).id, ['providerAdmin'])).headers;

  // Days back from now; the first answer and the end as hours or days after sending.
  const now = Date.now();
  const request = async (
    serviceId: string,
    sentDaysAgo: number,
    overrides: CareRequestOverrides & { answeredAfterHours?: number; closedDaysAgo?: number } = {},
  ) => {
    const { answeredAfterHours, closedDaysAgo, ...columns } = overrides;
    const createdAt = new Date(now - sentDaysAgo * day);
    await createCareRequest(db, {
      facilityServiceId: serviceId,
      createdAt,
      updatedAt: createdAt,
      firstAnsweredAt:
        answeredAfterHours === undefined ? null : new Date(createdAt.getTime() + answeredAfterHours * hour),
      closedAt: closedDaysAgo === undefined ? null : new Date(now - closedDaysAgo * day),
      ...columns,
    });
  };
  await request(atFirst.id, 2);
  await request(atFirst.id, 10, { statusCode: 'accepted', answeredAfterHours: 4, closedDaysAgo: 5 });
  await request(atSecond.id, 20, {
    statusCode: 'rejected',
    declineReason: 'waiting-list',
    answeredAfterHours: 10,
    closedDaysAgo: 19,
  });
  await request(atSecond.id, 40, {
    statusCode: 'rejected',
    declineReason: 'no-capacity',
    answeredAfterHours: 2,
    closedDaysAgo: 35,
  });
  await request(atFirst.id, 25, { statusCode: 'expired', closedDaysAgo: 10, allowsNewRequest: true });
  await request(atFirst.id, 3, { statusCode: 'withdrawn', closedDaysAgo: 2, allowsNewRequest: true });
  // At the second facility, but assigned to the worker: theirs to see.
  await request(atSecond.id, 5, {
    statusCode: 'in-progress',
    answeredAfterHours: 1,
    assigneeProviderUserId: worker.providerUserId,
  });
  await request(atSecond.id, 100);
  // Another provider's request counts nowhere here.
  await createCareRequest(db, { createdAt: new Date(now - day) });
});

afterAll(async () => {
  await server.close();
});

function dashboard(who: keyof typeof headers, query = '', provider = providerId) {
  return server.app.inject({
    method: 'GET',
    url: `/api/v1/provider/providers/${provider}/dashboard${query}`,
    headers: headers[who],
  });
}

async function figures(who: keyof typeof headers, query = ''): Promise<ProviderDashboard> {
  const response = await dashboard(who, query);
  expect(response.statusCode, response.body).toBe(200);
  return ProviderDashboardSchema.parse(response.json());
}

const noDeclines = {
  'no-capacity': 0,
  'waiting-list': 0,
  'outside-area': 0,
  'not-eligible': 0,
  'client-unreachable': 0,
  other: 0,
};

describe('the provider dashboard', () => {
  it('shows the whole provider to an administrator, over the last 30 days by default', async () => {
    expect(await figures('admin')).toEqual({
      days: 30,
      byStatus: {
        new: 2,
        'in-progress': 1,
        'waiting-list': 0,
        accepted: 1,
        rejected: 2,
        withdrawn: 1,
        expired: 1,
      },
      // Sent in the window: 6; answered after 4, 10 and 1 hours.
      received: 6,
      answered: 3,
      medianHoursToFirstAnswer: 4,
      outcomes: {
        accepted: 1,
        declined: { ...noDeclines, 'waiting-list': 1 },
        expired: 1,
        withdrawn: 1,
      },
    });
  });

  it('widens to 90 days, and a coordinator sees the same', async () => {
    const expected = {
      days: 90,
      received: 7,
      answered: 4,
      // 1, 2, 4 and 10 hours.
      medianHoursToFirstAnswer: 3,
      outcomes: {
        accepted: 1,
        declined: { ...noDeclines, 'waiting-list': 1, 'no-capacity': 1 },
        expired: 1,
        withdrawn: 1,
      },
    };
    expect(await figures('admin', '?days=90')).toMatchObject(expected);
    expect(await figures('coordinator', '?days=90')).toMatchObject(expected);
  });

  it('counts only a worker’s own facilities and what is assigned to them', async () => {
    expect(await figures('worker')).toEqual({
      days: 30,
      byStatus: {
        new: 1,
        'in-progress': 1,
        'waiting-list': 0,
        accepted: 1,
        rejected: 0,
        withdrawn: 1,
        expired: 1,
      },
      received: 5,
      answered: 2,
      medianHoursToFirstAnswer: 2.5,
      outcomes: { accepted: 1, declined: noDeclines, expired: 1, withdrawn: 1 },
    });
  });

  it('answers another provider’s dashboard 404 and an unknown window 400', async () => {
    expect((await dashboard('outsider')).statusCode).toBe(404);
    const response = await dashboard('admin', '?days=45');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors?: { property: string }[] }>().errors?.[0]?.property).toBe('days');
  });

  it('has no median without an answer', async () => {
    const db = server.database.db;
    const empty = await createProvider(db);
    const admin = await providerMember(server, empty.id, ['providerAdmin']);
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/v1/provider/providers/${empty.id}/dashboard`,
      headers: admin.headers,
    });
    expect(response.json()).toMatchObject({ received: 0, answered: 0, medianHoursToFirstAnswer: null });
  });
});
