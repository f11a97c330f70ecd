import { careRequests, consents, facilityAssignments, providerUsers } from '@opora/db';
import {
  createCareRequest,
  createCase,
  createClient,
  createFacility,
  createFacilityService,
  createProvider,
} from '@opora/db/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTestServer,
  type SignedInAccount,
  someClientAddress,
  startAccountTestServer,
} from '../accounts/testing/account-test-server.ts';

// A provider's own clients and its record of care (issue 24 §2), against the real app and database:
// entering a client with a request, the duplicate check, the scope of each role, the database's rule
// that keeps a provider's own records and carers' clients apart, concurrent entries.

let server: AccountTestServer;

// A pool smaller than the bursts below: they queue for connections as on a busy server.
beforeAll(async () => {
  server = await startAccountTestServer({ pool: { max: 4 }, env: { RATE_LIMIT_MAX: '100000' } });
});

afterAll(async () => {
  await server.close();
});

type Role = 'providerAdmin' | 'providerCoordinator' | 'providerUser';

interface Provider {
  providerId: string;
  facilityId: string;
  otherFacilityId: string;
  serviceId: string;
  secondServiceId: string;
  otherFacilityServiceId: string;
  coordinator: SignedInAccount;
}

async function member(providerId: string, roles: Role[], facilityIds: string[] = []) {
  const account = await server.signedIn();
  const [row] = await server.database.db
    .insert(providerUsers)
    .values({ providerId, userId: account.userId, roles })
    .returning({ id: providerUsers.id });
  const providerUserId = row?.id ?? '';
  for (const facilityId of facilityIds) {
    await server.database.db.insert(facilityAssignments).values({ providerId, facilityId, providerUserId });
  }
  return account;
}

/** A provider with two facilities, active services in them, and a coordinator. */
async function provider(): Promise<Provider> {
  const db = server.database.db;
  const created = await createProvider(db);
  const facility = await createFacility(db, { providerId: created.id });
  const otherFacility = await createFacility(db, { providerId: created.id });
  const service = await createFacilityService(db, { facilityId: facility.id });
  const secondService = await createFacilityService(db, { facilityId: facility.id });
  const otherFacilityService = await createFacilityService(db, { facilityId: otherFacility.id });
  return {
    providerId: created.id,
    facilityId: facility.id,
    otherFacilityId: otherFacility.id,
    serviceId: service.id,
    secondServiceId: secondService.id,
    otherFacilityServiceId: otherFacilityService.id,
    coordinator: await member(created.id, ['providerCoordinator']),
  };
}

const call = (headers: Record<string, string>, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  server.app.inject({
    method,
    url,
    headers,
    remoteAddress: someClientAddress(),
    ...(payload !== undefined && { payload: payload as object }),
  });

const base = (providerId: string) => `/api/v1/provider/providers/${providerId}`;

let sequence = 0;
function person(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    firstName: 'Božena',
    lastName: `Nováková ${sequence}`,
    dateOfBirth: '1938-04-12',
    sex: 'female',
    phone: '+420 603 111 222',
    residence: { street: 'Nádražní 5', city: 'Tábor', zipcode: '39002', countyCode: 'CZ0317' },
    contactPerson: { firstName: 'Jana', lastName: 'Nováková', phone: '+420 604 333 444' },
    clientConsent: true,
    ...overrides,
  };
}

const enter = (p: Provider, body: object, headers: Record<string, string> = p.coordinator.headers) =>
  call(headers, 'POST', `${base(p.providerId)}/clients`, body);

describe('entering a client of the provider’s own', () => {
  it('saves the client, the recorded consent, a case and a phone request that the inbox and the card show', async () => {
    const p = await provider();
    const body = person({
      request: { facilityServiceId: p.serviceId, source: 'phone', message: 'Volala dcera.' },
    });
    const created = await enter(p, body);
    expect(created.statusCode, created.body).toBe(201);
    const { clientId, careRequestId } = created.json();

    const grid = await call(p.coordinator.headers, 'GET', `${base(p.providerId)}/requests?source=phone`);
    expect(grid.statusCode, grid.body).toBe(200);
    expect(grid.json().items).toMatchObject([
      {
        id: careRequestId,
        source: 'phone',
        status: 'new',
        client: { id: clientId, fullName: `Božena ${body.lastName}` },
        creator: 'Petr Svoboda',
      },
    ]);
    const opora = await call(p.coordinator.headers, 'GET', `${base(p.providerId)}/requests?source=opora`);
    expect(opora.json().items).toEqual([]);

    const detail = await call(
      p.coordinator.headers,
      'GET',
      `${base(p.providerId)}/requests/${careRequestId}`,
    );
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({
      source: 'phone',
      status: 'new',
      message: 'Volala dcera.',
      requester: { fullName: 'Petr Svoboda', email: null, phone: null, relationshipType: null },
      client: {
        id: clientId,
        fullName: `Božena ${body.lastName}`,
        phone: '+420603111222',
        residence: { city: 'Tábor', county: { code: 'CZ0317' } },
        contactPerson: { fullName: 'Jana Nováková' },
      },
      events: [{ kind: 'created', actor: 'provider', createdBy: 'Petr Svoboda' }],
    });

    const card = await call(p.coordinator.headers, 'GET', `${base(p.providerId)}/clients/${clientId}`);
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json()).toMatchObject({
      own: true,
      consent: { recordedBy: 'Petr Svoboda' },
      client: { id: clientId },
      requests: [
        {
          id: careRequestId,
          source: 'phone',
          status: 'new',
          message: 'Volala dcera.',
          createdBy: 'Petr Svoboda',
        },
      ],
    });
    const [consent] = await server.database.db
      .select({ kind: consents.kind, userId: consents.userId })
      .from(consents)
      .where(eq(consents.onBehalfOfClientId, clientId));
    expect(consent).toEqual({ kind: 'provider-record', userId: p.coordinator.userId });
    // Nobody but the provider is involved: no e-mail to anyone about it.
    expect((await server.mailbox()).filter((mail) => mail.text?.includes(body.lastName))).toEqual([]);
  });

  it('answers the form’s mistakes beside their fields and saves nothing', async () => {
    const p = await provider();
    const refused = await enter(
      p,
      person({
        clientConsent: false,
        firstName: 'Bo\u0000žena',
        request: { facilityServiceId: p.serviceId, source: 'opora' },
      }),
    );
    expect(refused.statusCode, refused.body).toBe(400);
    const fields = refused
      .json()
      .errors.map((error: { property: string }) => error.property)
      .toSorted();
    expect(fields).toEqual(['clientConsent', 'firstName', 'request.source']);
    const huge = await enter(
      p,
      person({
        lastName: 'x'.repeat(1_000_000),
        request: { facilityServiceId: p.serviceId, source: 'phone' },
      }),
    );
    expect([400, 413]).toContain(huge.statusCode);
    const surrogate = await enter(
      p,
      person({ lastName: 'Nov\ud800ák', request: { facilityServiceId: p.serviceId, source: 'phone' } }),
    );
    expect(surrogate.statusCode).toBe(400);
    const rows = await server.database.db
      .select({ id: careRequests.id })
      .from(careRequests)
      .where(eq(careRequests.providerId, p.providerId));
    expect(rows).toEqual([]);
  });

  it('refuses a service that is not the provider’s active one, or for a worker outside their facilities', async () => {
    const p = await provider();
    const elsewhere = await createFacilityService(server.database.db);
    const draft = await createFacilityService(server.database.db, {
      facilityId: p.facilityId,
      status: 'draft',
    });
    const worker = await member(p.providerId, ['providerUser'], [p.facilityId]);
    for (const [facilityServiceId, headers] of [
      [elsewhere.id, p.coordinator.headers],
      [draft.id, p.coordinator.headers],
      [p.otherFacilityServiceId, worker.headers],
    ] as const) {
      const refused = await enter(p, person({ request: { facilityServiceId, source: 'walk-in' } }), headers);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().errors).toMatchObject([
        { property: 'request.facilityServiceId', code: 'invalidOption' },
      ]);
    }
    const own = await enter(
      p,
      person({ request: { facilityServiceId: p.serviceId, source: 'walk-in' } }),
      worker.headers,
    );
    expect(own.statusCode, own.body).toBe(201);
    const card = await call(worker.headers, 'GET', `${base(p.providerId)}/clients/${own.json().clientId}`);
    expect(card.statusCode).toBe(200);
  });
});

describe('this may be the same person', () => {
  it('offers people with the same birth number, or the same name and date of birth, unless told to save anyway', async () => {
    const p = await provider();
    const first = person({
      birthNumber: '385412/123',
      request: { facilityServiceId: p.serviceId, source: 'phone' },
    });
    const saved = await enter(p, first);
    expect(saved.statusCode, saved.body).toBe(201);
    const { clientId } = saved.json();

    const sameName = await enter(
      p,
      person({
        firstName: 'BOŽENA',
        lastName: String(first.lastName).replace('á', 'a'),
        request: { facilityServiceId: p.secondServiceId, source: 'email' },
      }),
    );
    expect(sameName.statusCode, sameName.body).toBe(409);
    expect(sameName.json()).toMatchObject({
      code: 'PossibleDuplicateClient',
      candidates: [
        {
          id: clientId,
          matchedBy: 'nameAndDateOfBirth',
          birthNumberMasked: '385412/***',
          dateOfBirth: '1938-04-12',
        },
      ],
    });
    const sameNumber = await enter(
      p,
      person({
        firstName: 'Marie',
        birthNumber: '385412123',
        request: { facilityServiceId: p.secondServiceId, source: 'email' },
      }),
    );
    expect(sameNumber.json()).toMatchObject({
      code: 'PossibleDuplicateClient',
      candidates: [{ id: clientId, matchedBy: 'birthNumber' }],
    });

    const anyway = await enter(
      p,
      person({
        firstName: 'BOŽENA',
        lastName: first.lastName,
        allowDuplicate: true,
        request: { facilityServiceId: p.secondServiceId, source: 'email' },
      }),
    );
    expect(anyway.statusCode, anyway.body).toBe(201);
    expect(anyway.json().clientId).not.toBe(clientId);
  });

  it('shows a worker only people whose requests they see, and another provider nobody', async () => {
    const p = await provider();
    const first = person({ request: { facilityServiceId: p.otherFacilityServiceId, source: 'phone' } });
    expect((await enter(p, first)).statusCode).toBe(201);
    const worker = await member(p.providerId, ['providerUser'], [p.facilityId]);
    const again = { ...first, request: { facilityServiceId: p.serviceId, source: 'phone' } };
    const byWorker = await enter(p, again, worker.headers);
    expect(byWorker.statusCode, byWorker.body).toBe(201);

    const other = await provider();
    const elsewhere = await enter(other, {
      ...first,
      request: { facilityServiceId: other.serviceId, source: 'phone' },
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
  });

  it('lets one of eight simultaneous entries of the same person through and offers it to the other seven', async () => {
    const p = await provider();
    const body = person({ request: { facilityServiceId: p.serviceId, source: 'phone' } });
    const answers = await Promise.all(Array.from({ length: 8 }, () => enter(p, body)));
    const statuses = answers.map((answer) => answer.statusCode).toSorted();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const winner = answers.find((answer) => answer.statusCode === 201)?.json().clientId;
    for (const answer of answers.filter((each) => each.statusCode === 409)) {
      expect(answer.json().candidates).toMatchObject([{ id: winner }]);
    }
  });
});

describe('the record of care and more requests', () => {
  it('adds requests to an own client’s card in time order; a second live one for the same service is refused once', async () => {
    const p = await provider();
    const created = await enter(
      p,
      person({ request: { facilityServiceId: p.serviceId, source: 'hospital-referral' } }),
    );
    const { clientId, careRequestId } = created.json();
    const url = `${base(p.providerId)}/clients/${clientId}/requests`;
    const burst = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(p.coordinator.headers, 'POST', url, { facilityServiceId: p.secondServiceId, source: 'walk-in' }),
      ),
    );
    expect(burst.map((answer) => answer.statusCode).toSorted()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(burst.find((answer) => answer.statusCode === 409)?.json().code).toBe(
      'FacilityServiceAlreadyRequested',
    );
    const second = burst.find((answer) => answer.statusCode === 201)?.json().careRequestId;

    const card = await call(p.coordinator.headers, 'GET', `${base(p.providerId)}/clients/${clientId}`);
    expect(
      card.json().requests.map((request: { id: string; source: string }) => [request.id, request.source]),
    ).toEqual([
      [careRequestId, 'hospital-referral'],
      [second, 'walk-in'],
    ]);
    // The same service once the first request is closed: the provider declines, the client may ask again? No:
    // an own client's request is the provider's to end; a live one blocks a second.
    const sameService = await call(p.coordinator.headers, 'POST', url, {
      facilityServiceId: p.serviceId,
      source: 'phone',
    });
    expect(sameService.statusCode).toBe(409);
  });

  it('shows a carer’s client through the requests sent to the provider, never anyone else’s, and enters nothing for them', async () => {
    const p = await provider();
    const db = server.database.db;
    const carersClient = await createClient(db);
    const careCase = await createCase(db, { clientId: carersClient.id });
    const sent = await createCareRequest(db, { caseId: careCase.id, facilityServiceId: p.serviceId });
    const card = await call(p.coordinator.headers, 'GET', `${base(p.providerId)}/clients/${carersClient.id}`);
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json()).toMatchObject({
      own: false,
      consent: null,
      requests: [{ id: sent.id, source: 'opora' }],
    });
    const entered = await call(
      p.coordinator.headers,
      'POST',
      `${base(p.providerId)}/clients/${carersClient.id}/requests`,
      {
        facilityServiceId: p.secondServiceId,
        source: 'phone',
      },
    );
    expect(entered.statusCode).toBe(404);

    // A carer's client who never asked this provider, another provider's people, a stranger: 404.
    const stranger = await createClient(db);
    expect(
      (await call(p.coordinator.headers, 'GET', `${base(p.providerId)}/clients/${stranger.id}`)).statusCode,
    ).toBe(404);
    const other = await provider();
    const theirs = (
      await enter(other, person({ request: { facilityServiceId: other.serviceId, source: 'phone' } }))
    ).json();
    expect(
      (await call(p.coordinator.headers, 'GET', `${base(p.providerId)}/clients/${theirs.clientId}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(p.coordinator.headers, 'GET', `${base(other.providerId)}/clients/${theirs.clientId}`))
        .statusCode,
    ).toBe(404);
    const worker = await member(other.providerId, ['providerUser'], [other.otherFacilityId]);
    expect(
      (await call(worker.headers, 'GET', `${base(other.providerId)}/clients/${theirs.clientId}`)).statusCode,
    ).toBe(404);
  });

  it('keeps an own client’s request through status changes with no e-mail, and the database refuses mixing the two kinds', async () => {
    const p = await provider();
    const { careRequestId, clientId } = (
      await enter(p, person({ request: { facilityServiceId: p.serviceId, source: 'phone' } }))
    ).json();
    const changed = await call(
      p.coordinator.headers,
      'POST',
      `${base(p.providerId)}/requests/${careRequestId}/status`,
      {
        status: 'in-progress',
        fromStatus: 'new',
      },
    );
    expect(changed.statusCode, changed.body).toBe(200);

    const db = server.database.db;
    const ownCase = await createCase(db, { clientId });
    await expect(
      createCareRequest(db, { caseId: ownCase.id, facilityServiceId: p.secondServiceId }),
    ).rejects.toMatchObject({
      cause: { constraint: 'care_requests_client_of_source' },
    });
    const carersCase = await createCase(db);
    await expect(
      createCareRequest(db, { caseId: carersCase.id, facilityServiceId: p.serviceId, source: 'phone' }),
    ).rejects.toMatchObject({ cause: { constraint: 'care_requests_client_of_source' } });
    const [stored] = await db
      .select({ source: careRequests.source })
      .from(careRequests)
      .where(and(eq(careRequests.id, careRequestId), eq(careRequests.providerId, p.providerId)));
    expect(stored?.source).toBe('phone');
  });
});
