import { randomUUID } from 'node:crypto';
import type { ProviderRole, ProviderService, ServiceStatus } from '@opora/contracts';
import { facilityServiceCounties, facilityServices, serviceTypes, surveyDefinitions } from '@opora/db';
import {
  createCase,
  createClient,
  createFacility,
  createProvider,
  createSubscription,
} from '@opora/db/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AccountTestServer, startAccountTestServer } from '../accounts/testing/account-test-server.ts';
import { type ProviderMember, providerMember } from '../provider-inbox/testing/provider-member.ts';

// The provider's services through HTTP against real PostgreSQL: who may do what, the status
// transitions of decision 0101 (refused ones too), optimistic concurrency through a pool smaller than
// the bursts, hostile input, the catalogue following each change (through its triggers), and a service's own
// questionnaire reaching the carer's review and the provider's inbox.

let server: AccountTestServer;
const poolSize = 4;

beforeAll(async () => {
  // The catalogue cache is on (as in production): the triggers of decision 0107 must clear it.
  server = await startAccountTestServer({
    pool: { max: poolSize },
    env: { RATE_LIMIT_MAX: '100000', CATALOGUE_CACHE_SECONDS: '300' },
  });
});

afterAll(async () => {
  await server.close();
});

interface World {
  providerId: string;
  facilityId: string;
  serviceTypeId: string;
  admin: ProviderMember;
  coordinator: ProviderMember;
  worker: ProviderMember;
  stranger: ProviderMember;
}

async function world(): Promise<World> {
  const db = server.database.db;
  const provider = await createProvider(db);
  const facility = await createFacility(db, { providerId: provider.id });
  const other = await createProvider(db);
  const [type] = await db
    .select({ id: serviceTypes.id })
    .from(serviceTypes)
    .where(eq(serviceTypes.code, 'home-care-service'));
  const member = (roles: ProviderRole[]) => providerMember(server, provider.id, roles);
  return {
    providerId: provider.id,
    facilityId: facility.id,
    serviceTypeId: type?.id ?? '',
    admin: await member(['providerAdmin']),
    coordinator: await member(['providerCoordinator']),
    worker: await providerMember(server, provider.id, ['providerUser'], { facilityIds: [facility.id] }),
    stranger: await providerMember(server, other.id, ['providerAdmin']),
  };
}

const complete = (w: World) => ({
  name: 'Pečovatelská služba Vinohrady',
  facilityId: w.facilityId,
  serviceTypeId: w.serviceTypeId,
  countyCodes: ['CZ0100'],
  description: 'Pomoc s hygienou, nákupy a úklidem.',
  price: { amount: '150', currency: 'CZK', vatRatePercent: 0 },
  place: 'V domácnosti klienta',
  url: 'https://vinohrady.example.cz',
});

function call(
  who: { headers: Record<string, string> } | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return server.app.inject({
    method,
    url,
    headers: who?.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const servicesUrl = (w: World) => `/api/v1/provider/providers/${w.providerId}/services`;

async function created(w: World, body: object = complete(w)): Promise<ProviderService> {
  const response = await call(w.admin, 'POST', servicesUrl(w), body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ProviderService>();
}

function changeStatus(
  w: World,
  who: { headers: Record<string, string> },
  id: string,
  status: ServiceStatus,
  revision: number,
) {
  return call(who, 'POST', `${servicesUrl(w)}/${id}/status`, { status, revision });
}

async function countServices(providerId: string): Promise<number> {
  const [row] = await server.database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(facilityServices)
    .where(eq(facilityServices.providerId, providerId));
  return row?.count ?? 0;
}

/**
 * What this process answers once the change's notification has arrived (decision 0107: the triggers,
 * not the write paths, clear the cache; PostgreSQL delivers it a moment after the commit).
 */
const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 15_000, interval: 20 });

const guestDetail = (id: string) => call(null, 'GET', `/api/v1/web/services/${id}`);
const guestListIds = async (countyCode: string) => {
  const response = await call(null, 'GET', `/api/v1/web/services?countyCode=${countyCode}&pageSize=100`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: { id: string }[] }>().items.map((item) => item.id);
};

describe('who may manage services', () => {
  it('lets administrators and coordinators write, workers read, and another provider see nothing', async () => {
    const w = await world();
    const service = await created(w);
    expect(service).toMatchObject({
      status: 'draft',
      revision: 1,
      form: 'field',
      individualPrice: false,
      price: { amountMinor: 15_000, currency: 'CZK', vatRatePercent: 0 },
      counties: [{ code: 'CZ0100', name: 'Hlavní město Praha' }],
      missingForActivation: [],
      allowedStatuses: ['active', 'archive'],
    });
    const byCoordinator = await call(w.coordinator, 'POST', servicesUrl(w), {
      ...complete(w),
      name: 'Druhá',
    });
    expect(byCoordinator.statusCode, byCoordinator.body).toBe(201);

    const detail = `${servicesUrl(w)}/${service.id}`;
    for (const [url, method, payload] of [
      [servicesUrl(w), 'POST', complete(w)],
      [detail, 'PUT', { service: complete(w), revision: 1 }],
      [`${detail}/status`, 'POST', { status: 'active', revision: 1 }],
      [`${detail}/surveys`, 'PUT', { surveyDefinitionIds: [] }],
    ] as const) {
      expect((await call(w.worker, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    for (const url of [servicesUrl(w), detail, `${detail}/preview`, `${detail}/surveys`]) {
      expect((await call(w.worker, 'GET', url)).statusCode, url).toBe(200);
      expect((await call(w.stranger, 'GET', url)).statusCode, url).toBe(404);
    }
    // The stranger's own provider does not own the service either.
    const strangerProvider = (await call(w.stranger, 'GET', '/api/v1/provider/memberships')).json<{
      items: { providerId: string }[];
    }>().items[0]?.providerId;
    const foreign = await call(
      w.stranger,
      'GET',
      `/api/v1/provider/providers/${strangerProvider}/services/${service.id}`,
    );
    expect(foreign.statusCode).toBe(404);
    expect((await call(w.stranger, 'PUT', detail, { service: complete(w), revision: 1 })).statusCode).toBe(
      404,
    );
    expect((await guestDetail(service.id)).statusCode).toBe(404);

    const list = await call(w.worker, 'GET', `${servicesUrl(w)}?status=draft&facilityId=${w.facilityId}`);
    expect(list.json<{ items: { name: string }[] }>().items.map((item) => item.name)).toEqual([
      'Druhá',
      'Pečovatelská služba Vinohrady',
    ]);
    expect((await call(w.worker, 'GET', `${servicesUrl(w)}?status=active`)).json()).toEqual({ items: [] });
  });

  it('refuses a facility of another provider, an unknown county or type, on their fields', async () => {
    const w = await world();
    const foreignFacility = await createFacility(server.database.db);
    const response = await call(w.admin, 'POST', servicesUrl(w), {
      ...complete(w),
      facilityId: foreignFacility.id,
      serviceTypeId: randomUUID(),
      countyCodes: ['CZ9999'],
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ errors: { property: string }[] }>().errors.map((error) => error.property)).toEqual(
      ['facilityId', 'serviceTypeId', 'countyCodes'],
    );
    expect(await countServices(w.providerId)).toBe(0);
  });

  it('answers hostile text with a clear 400 and writes nothing', async () => {
    const w = await world();
    for (const hostile of [
      { name: 'Služba\u0000' },
      { description: 'Popis \ud800 zlomený' },
      { name: 'x'.repeat(1_000_000) },
      { price: { amount: '1e9', currency: 'CZK', vatRatePercent: 0 } },
      { price: { amount: '100', currency: 'CZK', vatRatePercent: 19 } },
      { countyCodes: [] },
      { individualPrice: true },
    ]) {
      const response = await call(w.admin, 'POST', servicesUrl(w), { ...complete(w), ...hostile });
      expect(response.statusCode, JSON.stringify(hostile).slice(0, 80)).toBe(400);
    }
    expect(await countServices(w.providerId)).toBe(0);
  });
});

describe('the register number (issue 25 §1)', () => {
  it('saves, returns and clears a service’s number in the register, as the other optional fields', async () => {
    const w = await world();
    const service = await created(w, { ...complete(w), registerNumber: ' 1234567 ' });
    expect(service.registerNumber).toBe('1234567');
    const url = `${servicesUrl(w)}/${service.id}`;
    expect((await call(w.worker, 'GET', url)).json()).toMatchObject({ registerNumber: '1234567' });
    expect(
      (await call(w.worker, 'GET', `${url}/preview`)).json<{ registerNumber: string | null }>()
        .registerNumber,
    ).toBe('1234567');

    const changed = await call(w.admin, 'PUT', url, {
      service: { ...complete(w), registerNumber: '62/2019-OSV' },
      revision: 1,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ registerNumber: '62/2019-OSV', revision: 2 });

    // Left out, or sent blank as a form sends an empty input: cleared, as `place` and `url` are.
    const { place: _place, url: _url, ...withoutOptional } = complete(w);
    const cleared = await call(w.admin, 'PUT', url, { service: withoutOptional, revision: 2 });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ registerNumber: null, place: null, url: null, revision: 3 });
    const blank = await created(w, { ...complete(w), registerNumber: '' });
    expect(blank.registerNumber).toBeNull();
    const [stored] = await server.database.db
      .select({ registerNumber: facilityServices.registerNumber })
      .from(facilityServices)
      .where(eq(facilityServices.id, service.id));
    expect(stored?.registerNumber).toBeNull();
  });

  it('refuses a number with other characters or longer than 40 on its field, and writes nothing', async () => {
    const w = await world();
    for (const registerNumber of ['č. 1234567!', '-1234567', 'x'.repeat(41), '1'.repeat(41), 1234567]) {
      const response = await call(w.admin, 'POST', servicesUrl(w), { ...complete(w), registerNumber });
      expect(response.statusCode, String(registerNumber)).toBe(400);
      expect(response.json(), String(registerNumber)).toMatchObject({
        errors: [{ property: 'registerNumber', code: 'registerNumber' }],
      });
    }
    expect(await countServices(w.providerId)).toBe(0);
    const service = await created(w, { ...complete(w), registerNumber: '1'.repeat(40) });
    expect(service.registerNumber).toBe('1'.repeat(40));
    const refused = await call(w.admin, 'PUT', `${servicesUrl(w)}/${service.id}`, {
      service: { ...complete(w), registerNumber: '1'.repeat(41) },
      revision: 1,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      errors: [{ property: 'service.registerNumber', code: 'registerNumber' }],
    });
    expect((await call(w.admin, 'GET', `${servicesUrl(w)}/${service.id}`)).json()).toMatchObject({
      registerNumber: '1'.repeat(40),
      revision: 1,
    });
    // The database keeps the length for every other writer too.
    await expect(
      server.database.db
        .update(facilityServices)
        .set({ registerNumber: '1'.repeat(41) })
        .where(eq(facilityServices.id, service.id)),
    ).rejects.toThrow();
  });
});

describe('the lifecycle (decision 0101)', () => {
  it('activates only a complete service and names what is missing', async () => {
    const w = await world();
    const bare = await created(w, { ...complete(w), description: '', price: null });
    expect(bare.missingForActivation).toEqual(['price', 'description']);
    const refused = await changeStatus(w, w.admin, bare.id, 'active', bare.revision);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'ServiceIncomplete',
      errors: [
        { property: 'price', code: 'ServiceIncomplete' },
        { property: 'description', code: 'ServiceIncomplete' },
      ],
    });
    const priced = await call(w.admin, 'PUT', `${servicesUrl(w)}/${bare.id}`, {
      service: { ...complete(w), price: null, individualPrice: true },
      revision: 1,
    });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json()).toMatchObject({
      revision: 2,
      missingForActivation: [],
      individualPrice: true,
      price: null,
    });
    const activated = await changeStatus(w, w.admin, bare.id, 'active', 2);
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json()).toMatchObject({
      status: 'active',
      revision: 3,
      allowedStatuses: ['draft', 'archive'],
    });
  });

  it('moves draft → active → draft → archive → draft and refuses archive → active', async () => {
    const w = await world();
    const service = await created(w);
    const steps: [ServiceStatus, number][] = [
      ['active', 200],
      ['draft', 200],
      ['archive', 200],
      ['active', 409],
      ['draft', 200],
      ['archive', 200],
    ];
    let revision = service.revision;
    for (const [status, expected] of steps) {
      const response = await changeStatus(w, w.coordinator, service.id, status, revision);
      expect(response.statusCode, `${status}: ${response.body}`).toBe(expected);
      if (expected === 200) revision = response.json<ProviderService>().revision;
      else expect(response.json()).toMatchObject({ code: 'ServiceStatusChangeNotAllowed' });
    }
    // The database keeps the rule for every other writer too.
    await expect(
      server.database.db
        .update(facilityServices)
        .set({ status: 'active' })
        .where(eq(facilityServices.id, service.id)),
    ).rejects.toThrow();
  });

  it('shows an active service in its county’s catalogue once announced, and an archived or deactivated one nowhere', async () => {
    const w = await world();
    const service = await created(w);
    // A guest opens the county's list first, so the cache holds it without the service.
    expect(await guestListIds('CZ0100')).not.toContain(service.id);
    const active = (await changeStatus(w, w.admin, service.id, 'active', 1)).json<ProviderService>();
    await eventually(async () => expect(await guestListIds('CZ0100')).toContain(service.id));
    const detail = await guestDetail(service.id);
    expect(detail.statusCode).toBe(200);
    // The preview is exactly the guest's detail.
    const preview = await call(w.worker, 'GET', `${servicesUrl(w)}/${service.id}/preview`);
    expect(preview.json()).toEqual(detail.json());

    // An edit to a listed service reaches the catalogue, the cached detail included.
    const renamed = await call(w.admin, 'PUT', `${servicesUrl(w)}/${service.id}`, {
      service: { ...complete(w), name: 'Přejmenovaná služba' },
      revision: active.revision,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await eventually(async () =>
      expect((await guestDetail(service.id)).json()).toMatchObject({ name: 'Přejmenovaná služba' }),
    );
    // Emptying what activation needs is refused while it is listed; nothing is written.
    const emptied = await call(w.admin, 'PUT', `${servicesUrl(w)}/${service.id}`, {
      service: { ...complete(w), description: '' },
      revision: active.revision + 1,
    });
    expect(emptied.statusCode, emptied.body).toBe(409);
    expect(emptied.json()).toMatchObject({ code: 'ServiceIncomplete' });

    const archived = await changeStatus(w, w.admin, service.id, 'archive', active.revision + 1);
    expect(archived.statusCode, archived.body).toBe(200);
    await eventually(async () => expect((await guestDetail(service.id)).statusCode).toBe(404));
    await eventually(async () => expect(await guestListIds('CZ0100')).not.toContain(service.id));
    // Archived, it is still the provider's, with its counties.
    expect(await call(w.admin, 'GET', `${servicesUrl(w)}/${service.id}`).then((r) => r.json())).toMatchObject(
      {
        status: 'archive',
        counties: [{ code: 'CZ0100' }],
      },
    );
  });
});

describe('optimistic concurrency', () => {
  it('refuses a save on an old revision with the current record, and writes nothing', async () => {
    const w = await world();
    const service = await created(w);
    const first = await call(w.admin, 'PUT', `${servicesUrl(w)}/${service.id}`, {
      service: { ...complete(w), name: 'Jméno správce' },
      revision: 1,
    });
    expect(first.statusCode).toBe(200);
    const second = await call(w.coordinator, 'PUT', `${servicesUrl(w)}/${service.id}`, {
      service: { ...complete(w), name: 'Jméno koordinátorky', countyCodes: ['CZ0642'] },
      revision: 1,
    });
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'RecordChangedByAnother',
      current: { name: 'Jméno správce', revision: 2, counties: [{ code: 'CZ0100' }] },
    });
    const stale = await changeStatus(w, w.coordinator, service.id, 'archive', 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'RecordChangedByAnother', current: { status: 'draft' } });
  });

  it('lets one of a burst of edits on one revision win through a smaller pool', async () => {
    const w = await world();
    const service = await created(w);
    const responses = await Promise.all(
      Array.from({ length: 2 * poolSize + 1 }, (_, index) =>
        call(index % 2 ? w.admin : w.coordinator, 'PUT', `${servicesUrl(w)}/${service.id}`, {
          service: {
            ...complete(w),
            name: `Souběžná ${index}`,
            countyCodes: index % 2 ? ['CZ0642'] : ['CZ0100'],
          },
          revision: 1,
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(2 * poolSize);
    const winner = responses.find((response) => response.statusCode === 200)?.json<ProviderService>();
    const stored = await call(w.admin, 'GET', `${servicesUrl(w)}/${service.id}`);
    expect(stored.json()).toMatchObject({ name: winner?.name, revision: 2, counties: winner?.counties });
    const counties = await server.database.db
      .select()
      .from(facilityServiceCounties)
      .where(eq(facilityServiceCounties.facilityServiceId, service.id));
    expect(counties).toHaveLength(1);
  });

  it('makes a burst of activations (and a double click) one activation', async () => {
    const w = await world();
    const service = await created(w);
    const responses = await Promise.all(
      Array.from({ length: 2 * poolSize + 1 }, (_, index) =>
        changeStatus(w, index % 2 ? w.admin : w.coordinator, service.id, 'active', 1),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    expect(responses.map((response) => response.json<ProviderService>().revision)).toEqual(
      responses.map(() => 2),
    );
    const twice = await Promise.all([
      changeStatus(w, w.admin, service.id, 'draft', 2),
      changeStatus(w, w.admin, service.id, 'draft', 2),
    ]);
    expect(twice.map((response) => response.statusCode)).toEqual([200, 200]);
    expect((await call(w.admin, 'GET', `${servicesUrl(w)}/${service.id}`)).json()).toMatchObject({
      status: 'draft',
      revision: 3,
    });
  });
});

describe('questionnaires of a service', () => {
  const localized = (text: string) => ({ cs: text, en: `${text} (en)`, sk: `${text} (sk)` });

  it('reaches the carer’s review and the provider’s request, and cannot be deleted once answered', async () => {
    const w = await world();
    const service = await created(w);
    const code = `vstupni-${randomUUID().slice(0, 8)}`;
    const definitionBody = {
      version: 1,
      code,
      title: localized('Vstupní dotazník'),
      questions: [
        { type: 'text', label: localized('Co klient potřebuje?'), required: true },
        { type: 'single', label: localized('Mobilita'), choices: [localized('Chodí'), localized('Nechodí')] },
      ],
    };
    const definition = await call(
      w.admin,
      'POST',
      `/api/v1/provider/providers/${w.providerId}/survey-definitions`,
      definitionBody,
    );
    expect(definition.statusCode, definition.body).toBe(201);
    const definitionId = definition.json<{ id: string }>().id;
    expect(definition.json()).toMatchObject({
      type: 'service',
      status: 'published',
      providerId: w.providerId,
    });
    // SPEC §8 on their fields: a code that exists, the provider's type and version that exist.
    const again = await call(
      w.admin,
      'POST',
      `/api/v1/provider/providers/${w.providerId}/survey-definitions`,
      definitionBody,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'SurveyDefinitionCodeUnique',
      errors: [{ property: 'code' }],
    });
    const sameVersion = await call(
      w.admin,
      'POST',
      `/api/v1/provider/providers/${w.providerId}/survey-definitions`,
      {
        ...definitionBody,
        code: `${code}-b`,
      },
    );
    expect(sameVersion.json()).toMatchObject({
      code: 'SurveyDefinitionTypeVersionUnique',
      errors: [{ property: 'version' }],
    });
    // Hostile text in a label: 400, nothing written.
    const hostile = await call(
      w.admin,
      'POST',
      `/api/v1/provider/providers/${w.providerId}/survey-definitions`,
      {
        ...definitionBody,
        code: `${code}-c`,
        version: 2,
        title: localized('Zlý\u0000'),
      },
    );
    expect(hostile.statusCode).toBe(400);

    // Another provider's own questionnaire cannot be attached.
    const strangerProvider = (await call(w.stranger, 'GET', '/api/v1/provider/memberships')).json<{
      items: { providerId: string }[];
    }>().items[0]?.providerId;
    const foreign = await call(
      w.stranger,
      'POST',
      `/api/v1/provider/providers/${strangerProvider}/survey-definitions`,
      {
        ...definitionBody,
        code: `${code}-cizi`,
      },
    );
    expect(foreign.statusCode, foreign.body).toBe(201);
    const surveysUrl = `${servicesUrl(w)}/${service.id}/surveys`;
    const refused = await call(w.admin, 'PUT', surveysUrl, {
      surveyDefinitionIds: [foreign.json<{ id: string }>().id],
    });
    expect(refused.statusCode).toBe(400);
    const attached = await call(w.admin, 'PUT', surveysUrl, { surveyDefinitionIds: [definitionId] });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json<{ attached: { id: string }[] }>().attached.map((each) => each.id)).toEqual([
      definitionId,
    ]);
    const active = await changeStatus(w, w.admin, service.id, 'active', 1);
    expect(active.statusCode, active.body).toBe(200);

    // A carer requests the service: the questionnaire is on the review, the answers reach the provider.
    const db = server.database.db;
    const carer = await server.signedIn();
    await createSubscription(db, { userId: carer.userId });
    const client = await createClient(db, { ownerUserId: carer.userId });
    const careCase = await createCase(db, { ownerUserId: carer.userId, clientId: client.id });
    const draft = await call(carer, 'PUT', `/api/v1/web/cases/${careCase.id}/request-drafts/${service.id}`);
    expect(draft.statusCode, draft.body).toBe(200);
    const draftBody = draft.json<{ id: string; surveys: { surveyDefinitionId: string }[] }>();
    expect(draftBody.surveys.map((survey) => survey.surveyDefinitionId)).toEqual([definitionId]);
    const answered = await call(
      carer,
      'PUT',
      `/api/v1/web/request-drafts/${draftBody.id}/surveys/${definitionId}`,
      {
        answers: { q1: 'Pomoc s hygienou', q2: 'c2' },
        complete: true,
      },
    );
    expect(answered.statusCode, answered.body).toBe(200);
    const sent = await call(carer, 'POST', `/api/v1/web/request-drafts/${draftBody.id}/send`, {
      providerConsent: true,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const careRequestId = sent.json<{ id: string }>().id;
    const inbox = await call(
      w.admin,
      'GET',
      `/api/v1/provider/providers/${w.providerId}/requests/${careRequestId}`,
    );
    expect(inbox.statusCode, inbox.body).toBe(200);
    expect(inbox.json<{ surveys: unknown[] }>().surveys).toContainEqual(
      expect.objectContaining({
        surveyDefinitionId: definitionId,
        answers: { q1: 'Pomoc s hygienou', q2: 'c2' },
      }),
    );

    // Answered: it stays, and is listed as answered; a new version replaces it.
    const removal = await call(
      w.admin,
      'DELETE',
      `/api/v1/provider/providers/${w.providerId}/survey-definitions/${definitionId}`,
    );
    expect(removal.statusCode).toBe(409);
    expect(removal.json()).toMatchObject({ code: 'SurveyDefinitionDeleteRestriction' });
    const listed = await call(w.worker, 'GET', surveysUrl);
    expect(listed.json<{ available: { id: string; answered: boolean }[] }>().available).toContainEqual(
      expect.objectContaining({ id: definitionId, answered: true }),
    );
    const [stored] = await db.select().from(surveyDefinitions).where(eq(surveyDefinitions.id, definitionId));
    expect(stored?.code).toBe(code);
  });

  it('deletes an unanswered own questionnaire, and another provider’s answers 404', async () => {
    const w = await world();
    const made = await call(
      w.admin,
      'POST',
      `/api/v1/provider/providers/${w.providerId}/survey-definitions`,
      {
        version: 1,
        code: `kratky-${randomUUID().slice(0, 8)}`,
        title: localized('Krátký'),
        questions: [{ type: 'text', label: localized('Poznámka') }],
      },
    );
    const id = made.json<{ id: string }>().id;
    const url = `/api/v1/provider/providers/${w.providerId}/survey-definitions/${id}`;
    expect((await call(w.worker, 'DELETE', url)).statusCode).toBe(403);
    expect((await call(w.stranger, 'DELETE', url)).statusCode).toBe(404);
    expect((await call(w.admin, 'DELETE', url)).statusCode).toBe(204);
    expect((await call(w.admin, 'DELETE', url)).statusCode).toBe(404);
  });
});
