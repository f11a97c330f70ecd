import { ServiceOfferSchema } from '@opora/contracts';
import { facilityServiceCounties, facilityServices } from '@opora/db';
import type { Client } from '@opora/db/testing';
import {
  createCareRequest,
  createCase,
  createClient,
  createFacilityService,
  createSubscription,
  createSurveyAnswers,
  createSurveyDefinition,
} from '@opora/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTestServer,
  type SignedInAccount,
  startAccountTestServer,
} from '../accounts/testing/account-test-server.ts';

// Each test offers services in a region of its own (the test database has no catalogue).

let server: AccountTestServer;
let caseSurveyId: string;

beforeAll(async () => {
  server = await startAccountTestServer({ env: { RATE_LIMIT_MAX: '100000' } });
  caseSurveyId = (await createSurveyDefinition(server.database.db, { type: 'case', status: 'published' })).id;
});

afterAll(async () => {
  await server.close();
});

/** A signed-in carer, with a live subscription unless `subscribed` is false (the pool needs one). */
async function carer({ subscribed = true } = {}): Promise<SignedInAccount> {
  const caller = await server.signedIn();
  if (subscribed) await createSubscription(server.database.db, { userId: caller.userId });
  return caller;
}

async function offer(caller: SignedInAccount, client: Pick<Client, 'id'>, query = '') {
  const response = await server.app.inject({
    method: 'GET',
    url: `/api/v1/web/clients/${client.id}/service-offer${query ? `?${query}` : ''}`,
    headers: caller.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return ServiceOfferSchema.parse(response.json());
}

/** A case of the client whose case survey asks for `helpNeeded`. */
async function caseNeeding(caller: SignedInAccount, client: Client, helpNeeded: string[], submitted = true) {
  const careCase = await createCase(server.database.db, { clientId: client.id, ownerUserId: caller.userId });
  await createSurveyAnswers(server.database.db, {
    surveyDefinitionId: caseSurveyId,
    caseId: careCase.id,
    answers: { 'help-needed': helpNeeded },
    ...(submitted && { submittedAt: new Date() }),
  });
  return careCase;
}

describe('GET /api/v1/web/clients/{clientId}/service-offer', () => {
  it('lists the needed types first, then verified services, then by name, each with its reasons', async () => {
    const caller = await carer();
    const db = server.database.db;
    const client = await createClient(db, { ownerUserId: caller.userId, countyCode: 'CZ0521' });
    const nursing = await createFacilityService(db, {
      name: 'Zdraví doma Hradec',
      serviceTypeCode: 'home-nursing',
      verified: false,
      counties: ['CZ0521'],
    });
    const verified = await createFacilityService(db, {
      name: 'Bethesda Hradec',
      serviceTypeCode: 'day-care-centre',
      counties: ['CZ0521', 'CZ0522'],
    });
    // Sponsorship never moves a service up.
    const sponsored = await createFacilityService(db, {
      name: 'Asistence Hradec',
      serviceTypeCode: 'personal-assistance',
      verified: false,
      sponsored: true,
      counties: ['CZ0521'],
    });
    const alphabetical = await createFacilityService(db, {
      name: 'Čtyřlístek Hradec',
      serviceTypeCode: 'respite-care',
      counties: ['CZ0521'],
    });
    await createFacilityService(db, {
      status: 'draft',
      serviceTypeCode: 'home-nursing',
      counties: ['CZ0521'],
    });
    await createFacilityService(db, { status: 'archive', counties: ['CZ0521'] });
    // In the region but not in the county.
    await createFacilityService(db, { counties: ['CZ0523'] });
    const careCase = await caseNeeding(caller, client, ['nursing-at-home', 'unknown-answer']);
    await createCareRequest(db, { caseId: careCase.id, facilityServiceId: alphabetical.id });

    const page = await offer(caller, client);
    expect(page).toMatchObject({
      total: 4,
      page: 1,
      pageSize: 20,
      area: {
        region: { code: 'CZ052', name: 'Královéhradecký kraj' },
        county: { code: 'CZ0521', name: 'Hradec Králové' },
      },
      scope: 'county',
      fallback: false,
      recommendedTypes: ['home-nursing'],
      caseId: careCase.id,
    });
    expect(page.items.map((item) => [item.id, item.reasons, item.flags])).toEqual([
      [
        nursing.id,
        ['matches-need', 'in-county'],
        { alreadyRequested: false, sponsored: false, verified: false },
      ],
      [verified.id, ['in-county', 'verified'], { alreadyRequested: false, sponsored: false, verified: true }],
      [
        alphabetical.id,
        ['in-county', 'verified'],
        { alreadyRequested: true, sponsored: false, verified: true },
      ],
      [sponsored.id, ['in-county'], { alreadyRequested: false, sponsored: true, verified: false }],
    ]);
    expect(page.items[0]).toMatchObject({
      name: 'Zdraví doma Hradec',
      serviceType: { code: 'home-nursing', form: 'health' },
      serviceCategory: { code: 'health' },
    });

    const second = await offer(caller, client, 'page=2&pageSize=3');
    expect(second).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(second.items.map((item) => item.id)).toEqual([sponsored.id]);
    expect(await offer(caller, client, 'page=3&pageSize=3')).toMatchObject({ total: 4, items: [] });
  });

  it('falls back to the region when the county where care is provided has no services', async () => {
    const caller = await carer();
    const db = server.database.db;
    // Lives in Olomouc, care is provided in Jeseník (no services there).
    const client = await createClient(db, {
      ownerUserId: caller.userId,
      countyCode: 'CZ0712',
      serviceAddressDiffers: true,
      serviceCity: 'Jeseník',
      serviceCountyCode: 'CZ0711',
    });
    const inOlomouc = await createFacilityService(db, { counties: ['CZ0712'] });
    const page = await offer(caller, client);
    expect(page).toMatchObject({
      area: { region: { code: 'CZ071' }, county: { code: 'CZ0711', name: 'Jeseník' } },
      scope: 'region',
      fallback: true,
      total: 1,
      recommendedTypes: [],
      caseId: null,
    });
    expect(page.items.map((item) => [item.id, item.reasons])).toEqual([
      [inOlomouc.id, ['in-region', 'verified']],
    ]);

    // Once Jeseník has a service, the county's list is answered.
    const inJesenik = await createFacilityService(db, { counties: ['CZ0711'] });
    expect(await offer(caller, client)).toMatchObject({
      scope: 'county',
      fallback: false,
      items: [expect.objectContaining({ id: inJesenik.id, reasons: ['in-county', 'verified'] })],
    });
  });

  it('offers the region of permanent residence with area=region', async () => {
    const caller = await carer();
    const db = server.database.db;
    // Lives in the Zlín region, care is provided in Ostrava.
    const client = await createClient(db, {
      ownerUserId: caller.userId,
      countyCode: 'CZ0724',
      serviceAddressDiffers: true,
      serviceCity: 'Ostrava',
      serviceCountyCode: 'CZ0806',
    });
    const inZlin = await createFacilityService(db, { name: 'A Zlín', counties: ['CZ0724'] });
    const inVsetin = await createFacilityService(db, { name: 'B Vsetín', counties: ['CZ0723'] });
    const inOstrava = await createFacilityService(db, { counties: ['CZ0806'] });

    const region = await offer(caller, client, 'area=region');
    expect(region).toMatchObject({
      area: { region: { code: 'CZ072' }, county: null },
      scope: 'region',
      fallback: false,
      total: 2,
    });
    expect(region.items.map((item) => item.id)).toEqual([inZlin.id, inVsetin.id]);
    expect(region.items[0]?.reasons).toEqual(['in-region', 'verified']);
    const county = await offer(caller, client);
    expect(county).toMatchObject({ area: { county: { code: 'CZ0806' } }, scope: 'county' });
    expect(county.items.map((item) => item.id)).toEqual([inOstrava.id]);
  });

  it('follows the given case, else the client’s latest; a draft survey counts', async () => {
    const caller = await carer();
    const db = server.database.db;
    const client = await createClient(db, { ownerUserId: caller.userId, countyCode: 'CZ0631' });
    const emergency = await createFacilityService(db, {
      serviceTypeCode: 'emergency-care',
      counties: ['CZ0631'],
    });
    const advice = await createFacilityService(db, {
      serviceTypeCode: 'social-counselling',
      counties: ['CZ0631'],
    });
    const older = await caseNeeding(caller, client, ['emergency-button']);
    const latest = await caseNeeding(caller, client, ['advice'], false);

    const byLatest = await offer(caller, client);
    expect(byLatest).toMatchObject({ caseId: latest.id, recommendedTypes: ['social-counselling'] });
    expect(byLatest.items[0]?.id).toBe(advice.id);
    const byOlder = await offer(caller, client, `caseId=${older.id}`);
    expect(byOlder).toMatchObject({ caseId: older.id, recommendedTypes: ['emergency-care'] });
    expect(byOlder.items[0]?.id).toBe(emergency.id);
    // A case whose client is not entered yet may be named too.
    const open = await createCase(db, { clientId: null, ownerUserId: caller.userId });
    expect(await offer(caller, client, `caseId=${open.id}`)).toMatchObject({
      caseId: open.id,
      recommendedTypes: [],
    });
  });

  it('pages across the needed services and the rest as one list', async () => {
    const caller = await carer();
    const db = server.database.db;
    const client = await createClient(db, { ownerUserId: caller.userId, countyCode: 'CZ0532' });
    const service = (name: string, serviceTypeCode: 'home-nursing' | 'day-care-centre', verified = true) =>
      createFacilityService(db, { name, serviceTypeCode, verified, counties: ['CZ0532'] });
    // Created out of order: each part orders verified first, then by name (Czech: Č after C, Ch after H).
    const needUnverified = await service('Alfa', 'home-nursing', false);
    const needSecond = await service('Čtyřlístek', 'home-nursing');
    const needFirst = await service('Cesta domů', 'home-nursing');
    const restUnverified = await service('Anděl', 'day-care-centre', false);
    const restThird = await service('Chrpa', 'day-care-centre');
    const restSecond = await service('Hvozd', 'day-care-centre');
    // Also serves a neighbouring county: one item of the region's pool.
    const restFirst = await createFacilityService(db, {
      name: 'Domov',
      serviceTypeCode: 'day-care-centre',
      counties: ['CZ0532', 'CZ0531'],
    });
    const inNeighbour = await createFacilityService(db, {
      name: 'Brána',
      serviceTypeCode: 'home-nursing',
      counties: ['CZ0531'],
    });
    await createFacilityService(db, {
      status: 'draft',
      serviceTypeCode: 'home-nursing',
      counties: ['CZ0532'],
    });
    const careCase = await caseNeeding(caller, client, ['nursing-at-home']);
    await createCareRequest(db, { caseId: careCase.id, facilityServiceId: restThird.id });

    const county = [needFirst, needSecond, needUnverified, restFirst, restSecond, restThird, restUnverified];
    const whole = await offer(caller, client);
    expect(whole).toMatchObject({
      total: 7,
      scope: 'county',
      fallback: false,
      recommendedTypes: ['home-nursing'],
    });
    expect(whole.items.map((item) => item.id)).toEqual(county.map((row) => row.id));
    expect(whole.items.map((item) => item.reasons)).toEqual([
      ['matches-need', 'in-county', 'verified'],
      ['matches-need', 'in-county', 'verified'],
      ['matches-need', 'in-county'],
      ['in-county', 'verified'],
      ['in-county', 'verified'],
      ['in-county', 'verified'],
      ['in-county'],
    ]);
    expect(whole.items.map((item) => item.flags.alreadyRequested)).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
      false,
    ]);
    // Every page size: the pages are the whole list cut in pieces, whichever part a page falls in.
    for (const pageSize of [1, 2, 3, 4, 6, 7]) {
      const ids: string[] = [];
      for (let page = 1; page <= Math.ceil(7 / pageSize) + 1; page++) {
        const answer = await offer(caller, client, `page=${page}&pageSize=${pageSize}`);
        expect(answer, `page ${page} of ${pageSize}`).toMatchObject({ total: 7, page, pageSize });
        ids.push(...answer.items.map((item) => item.id));
      }
      expect(ids, `pages of ${pageSize}`).toEqual(county.map((row) => row.id));
    }
    const boundary = await offer(caller, client, 'page=2&pageSize=2');
    expect(boundary.items.map((item) => [item.id, item.reasons[0]])).toEqual([
      [needUnverified.id, 'matches-need'],
      [restFirst.id, 'in-county'],
    ]);

    const region = await offer(caller, client, 'area=region&page=2&pageSize=3');
    expect(region).toMatchObject({ total: 8, scope: 'region', fallback: false, area: { county: null } });
    expect(region.items.map((item) => [item.id, item.reasons])).toEqual([
      [needUnverified.id, ['matches-need', 'in-region']],
      [restFirst.id, ['in-region', 'verified']],
      [restSecond.id, ['in-region', 'verified']],
    ]);
    const regionFirst = await offer(caller, client, 'area=region&pageSize=3');
    expect(regionFirst.items.map((item) => item.id)).toEqual([inNeighbour.id, needFirst.id, needSecond.id]);
  });

  it('ranks accepting, then unknown, then full services within each match level, as the public list does', async () => {
    const caller = await carer();
    const db = server.database.db;
    const client = await createClient(db, { ownerUserId: caller.userId, countyCode: 'CZ0533' });
    const fresh = new Date(Date.now() - 86_400_000);
    // Confirmed longer than 30 days ago: the stated capacity reads as unknown (decision 0104).
    const stale = new Date(Date.now() - 40 * 86_400_000);
    const service = async (
      name: string,
      serviceTypeCode: 'home-nursing' | 'day-care-centre',
      acceptingClients: boolean | null,
      capacityConfirmedAt: Date | null,
    ) => {
      const created = await createFacilityService(db, { name, serviceTypeCode, counties: ['CZ0533'] });
      await db
        .update(facilityServices)
        .set({ acceptingClients, capacityConfirmedAt })
        .where(eq(facilityServices.id, created.id));
      return created;
    };
    // Names in the opposite order to capacity, so only capacity explains the order.
    const needFull = await service('Alfa', 'home-nursing', false, fresh);
    const needStale = await service('Beta', 'home-nursing', true, stale);
    const needAccepting = await service('Cesta', 'home-nursing', true, fresh);
    const restFull = await service('Anděl', 'day-care-centre', false, fresh);
    const restNeverStated = await service('Brána', 'day-care-centre', null, null);
    const restStaleFull = await service('Dub', 'day-care-centre', false, stale);
    const restAccepting = await service('Eden', 'day-care-centre', true, fresh);
    await caseNeeding(caller, client, ['nursing-at-home']);

    const expected = [
      needAccepting,
      needStale,
      needFull,
      restAccepting,
      restNeverStated,
      restStaleFull,
      restFull,
    ].map((row) => row.id);
    const whole = await offer(caller, client);
    expect(whole.items.map((item) => item.id)).toEqual(expected);
    expect(whole.items.map((item) => [item.reasons[0], item.capacity.status])).toEqual([
      ['matches-need', 'accepting'],
      ['matches-need', 'unknown'],
      ['matches-need', 'full'],
      ['in-county', 'accepting'],
      ['in-county', 'unknown'],
      ['in-county', 'unknown'],
      ['in-county', 'full'],
    ]);
    for (const pageSize of [1, 2, 3, 5]) {
      const ids: string[] = [];
      for (let page = 1; page <= Math.ceil(7 / pageSize); page++) {
        const answer = await offer(caller, client, `page=${page}&pageSize=${pageSize}`);
        ids.push(...answer.items.map((item) => item.id));
      }
      expect(ids, `pages of ${pageSize}`).toEqual(expected);
    }

    // Each match level is in the public list's `recommended` order.
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/v1/web/services?countyCode=CZ0533&sort=recommended&pageSize=100',
    });
    expect(list.statusCode, list.body).toBe(200);
    const listed = list.json<{ items: { id: string }[] }>().items.map((item) => item.id);
    const needIds = new Set(expected.slice(0, 3));
    expect([...listed.filter((id) => needIds.has(id)), ...listed.filter((id) => !needIds.has(id))]).toEqual(
      expected,
    );
  });

  it('falls back to the region once the county’s services leave the list, and answers an empty region', async () => {
    const caller = await carer();
    const db = server.database.db;
    const client = await createClient(db, { ownerUserId: caller.userId, countyCode: 'CZ0321' });
    const inCounty = await createFacilityService(db, { name: 'Domažlická péče', counties: ['CZ0321'] });
    const respite = await createFacilityService(db, {
      name: 'Plzeňská odlehčovací',
      serviceTypeCode: 'respite-care',
      verified: false,
      counties: ['CZ0323'],
    });
    const other = await createFacilityService(db, { name: 'Klatovská péče', counties: ['CZ0322'] });
    await caseNeeding(caller, client, ['carer-break']);
    expect(await offer(caller, client)).toMatchObject({
      scope: 'county',
      fallback: false,
      total: 1,
      items: [expect.objectContaining({ id: inCounty.id, reasons: ['in-county', 'verified'] })],
    });

    const regional = {
      area: {
        region: { code: 'CZ032', name: 'Plzeňský kraj' },
        county: { code: 'CZ0321', name: 'Domažlice' },
      },
      scope: 'region',
      fallback: true,
      total: 2,
    };
    // Archived: the county has no service left.
    await db.update(facilityServices).set({ status: 'archive' }).where(eq(facilityServices.id, inCounty.id));
    const archived = await offer(caller, client);
    expect(archived).toMatchObject(regional);
    expect(archived.items.map((item) => [item.id, item.reasons])).toEqual([
      [respite.id, ['matches-need', 'in-region']],
      [other.id, ['in-region', 'verified']],
    ]);
    // Restored and active again (an archived service returns through draft, decision 0101).
    await db.update(facilityServices).set({ status: 'draft' }).where(eq(facilityServices.id, inCounty.id));
    await db.update(facilityServices).set({ status: 'active' }).where(eq(facilityServices.id, inCounty.id));
    expect(await offer(caller, client)).toMatchObject({ scope: 'county', total: 1 });
    await db
      .delete(facilityServiceCounties)
      .where(eq(facilityServiceCounties.facilityServiceId, inCounty.id));
    const unlinked = await offer(caller, client, 'page=2&pageSize=1');
    expect(unlinked).toMatchObject({ ...regional, page: 2, pageSize: 1 });
    expect(unlinked.items.map((item) => item.id)).toEqual([other.id]);

    // A region without any service: an empty pool, by county (fallback) and by region.
    const elsewhere = await createClient(db, { ownerUserId: caller.userId, countyCode: 'CZ0311' });
    expect(await offer(caller, elsewhere)).toMatchObject({
      area: { region: { code: 'CZ031' }, county: { code: 'CZ0311' } },
      scope: 'region',
      fallback: true,
      total: 0,
      items: [],
    });
    expect(await offer(caller, elsewhere, 'area=region&page=3')).toMatchObject({
      area: { region: { code: 'CZ031' }, county: null },
      scope: 'region',
      fallback: false,
      total: 0,
      items: [],
    });
  });

  it('answers another user’s client or case 404, and a case of another client 404', async () => {
    const owner = await carer();
    const other = await carer();
    const db = server.database.db;
    const client = await createClient(db, { ownerUserId: owner.userId, countyCode: 'SK0101' });
    const url = `/api/v1/web/clients/${client.id}/service-offer`;
    const refused = await server.app.inject({ method: 'GET', url, headers: other.headers });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'NotFoundException' });
    expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(401);

    const othersCase = await createCase(db, { ownerUserId: other.userId });
    const ownOtherClient = await createCase(db, { ownerUserId: owner.userId });
    for (const caseId of [othersCase.id, ownOtherClient.id, '6d1f0c3e-2a53-4a4c-9d7e-1f1e0a1b2c3d']) {
      const response = await server.app.inject({
        method: 'GET',
        url: `${url}?caseId=${caseId}`,
        headers: owner.headers,
      });
      expect(response.statusCode, caseId).toBe(404);
    }
    const invalid = await server.app.inject({
      method: 'GET',
      url: `${url}?area=world&pageSize=101`,
      headers: owner.headers,
    });
    expect(invalid.statusCode).toBe(400);
  });

  it('answers 402 InsufficientSubscription without a live subscription, and serves a past-due one', async () => {
    const caller = await carer({ subscribed: false });
    const db = server.database.db;
    const client = await createClient(db, { ownerUserId: caller.userId, countyCode: 'SK0101' });
    const get = () =>
      server.app.inject({
        method: 'GET',
        url: `/api/v1/web/clients/${client.id}/service-offer`,
        headers: caller.headers,
      });
    const refused = await get();
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'InsufficientSubscription' });

    // A subscription whose month ran out gives no access; one past due while a renewal is retried does.
    await createSubscription(db, {
      userId: caller.userId,
      status: 'expired',
      startedAt: new Date(Date.now() - 40 * 86_400_000),
      currentPeriodEnd: new Date(Date.now() - 10 * 86_400_000),
      endedAt: new Date(Date.now() - 7 * 86_400_000),
    });
    expect((await get()).statusCode).toBe(402);
    await createSubscription(db, { userId: caller.userId, status: 'past-due', pastDueSince: new Date() });
    expect((await get()).statusCode).toBe(200);
  });

  it('answers 409 for a client without an address', async () => {
    const caller = await carer();
    const client = await createClient(server.database.db, { ownerUserId: caller.userId, countyCode: null });
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/v1/web/clients/${client.id}/service-offer`,
      headers: caller.headers,
    });
    expect(response.statusCode).toBe(409);
  });
});
