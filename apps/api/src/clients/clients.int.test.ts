import {
  type ClientCreateInput,
  ClientSchema,
  MyClientListSchema,
  RelationshipTypeListSchema,
} from '@opora/contracts';
import { cases, clientPersons, clients, consents, relationshipTypes } from '@opora/db';
import { createCareRequest, createCase, createClient } from '@opora/db/testing';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTestServer,
  type SignedInAccount,
  startAccountTestServer,
} from '../accounts/testing/account-test-server.ts';

// The app gets a pool of its own, smaller than the number of simultaneous requests the concurrency
// test sends, so requests queue for connections while others hold the case's lock.
const poolSize = 5;
const simultaneous = 3 * poolSize;

let server: AccountTestServer;

beforeAll(async () => {
  server = await startAccountTestServer({ pool: { max: poolSize }, env: { RATE_LIMIT_MAX: '100000' } });
});

afterAll(async () => {
  await server.close();
});

let relationshipIds: Record<string, string> = {};

beforeAll(async () => {
  const rows = await server.database.db.select().from(relationshipTypes);
  relationshipIds = Object.fromEntries(rows.map((row) => [row.code, row.id]));
});

/** A complete client form: a daughter enters her mother living in Brno. */
function clientForm(overrides: Partial<ClientCreateInput> = {}): ClientCreateInput {
  return {
    isClient: false,
    relationshipTypeId: relationshipIds.child,
    firstName: 'Marie',
    lastName: 'Dvořáková',
    dateOfBirth: '1990-05-01',
    birthNumber: '905501/1251',
    sex: 'female',
    email: 'marie@example.cz',
    phone: '+420 601 123 456',
    residence: { street: 'Údolní 12', city: 'Brno', zipcode: '602 00', countyCode: 'CZ0642' },
    serviceAddressDiffers: false,
    contactPerson: { firstName: 'Petr', lastName: 'Dvořák', phone: '+421 905 123 456' },
    attendingDoctor: { firstName: 'Jan', lastName: 'Novák' },
    healthDataConsent: true,
    ...overrides,
  };
}

function post(caller: SignedInAccount, payload: unknown) {
  return server.app.inject({
    method: 'POST',
    url: '/api/v1/web/clients',
    headers: caller.headers,
    payload: payload as object,
  });
}

async function created(caller: SignedInAccount, payload: unknown) {
  const response = await post(caller, payload);
  expect(response.statusCode, response.body).toBe(201);
  return ClientSchema.parse(response.json());
}

/** `property code` of every error of a 400 answer. */
async function fieldErrors(response: Awaited<ReturnType<typeof post>>): Promise<string[]> {
  expect(response.statusCode, response.body).toBe(400);
  return response
    .json<{ errors: { property: string; code: string }[] }>()
    .errors.map((error) => `${error.property} ${error.code}`);
}

/** What a caller has stored: clients, their persons and health-data consents. */
async function storedFor(userId: string) {
  const db = server.database.db;
  const [clientRows] = await db.select({ n: count() }).from(clients).where(eq(clients.ownerUserId, userId));
  const [personRows] = await db
    .select({ n: count() })
    .from(clientPersons)
    .innerJoin(clients, eq(clients.id, clientPersons.clientId))
    .where(eq(clients.ownerUserId, userId));
  const [consentRows] = await db
    .select({ n: count() })
    .from(consents)
    .where(and(eq(consents.userId, userId), eq(consents.kind, 'health-data')));
  return { clients: clientRows?.n, persons: personRows?.n, consents: consentRows?.n };
}

describe('GET /api/v1/web/relationship-types', () => {
  it('lists the relationships in their reference order, named in the asked language', async () => {
    const czech = RelationshipTypeListSchema.parse(
      (await server.app.inject({ method: 'GET', url: '/api/v1/web/relationship-types' })).json(),
    );
    expect(czech.map((type) => type.code)).toEqual([
      'self',
      'child',
      'spouse-partner',
      'parent',
      'sibling',
      'grandchild',
      'other-relative',
      'guardian',
      'social-worker',
      'other',
    ]);
    expect(czech[1]).toEqual({ id: relationshipIds.child, code: 'child', name: 'Dcera / syn' });
    const english = RelationshipTypeListSchema.parse(
      (await server.app.inject({ method: 'GET', url: '/api/v1/web/relationship-types?locale=en' })).json(),
    );
    expect(english.find((type) => type.code === 'self')?.name).toBe('I am the client');
    const refused = await server.app.inject({
      method: 'GET',
      url: '/api/v1/web/relationship-types?locale=de',
    });
    expect(refused.statusCode).toBe(400);
  });
});

describe('POST /api/v1/web/clients', () => {
  it('enters the client with the people around them and the consent, answering the birth number masked', async () => {
    const caller = await server.signedIn();
    const client = await created(caller, clientForm());
    expect(client).toMatchObject({
      isClient: false,
      relationshipType: { id: relationshipIds.child, code: 'child', name: 'Dcera / syn' },
      firstName: 'Marie',
      fullName: 'Marie Dvořáková',
      dateOfBirth: '1990-05-01',
      birthNumberMasked: '905501/****',
      sex: 'female',
      email: 'marie@example.cz',
      phone: '+420601123456',
      residence: {
        street: 'Údolní 12',
        city: 'Brno',
        zipcode: '60200',
        county: { code: 'CZ0642', name: 'Brno-město' },
        region: { code: 'CZ064', name: 'Jihomoravský kraj' },
        fullAddress: 'Údolní 12, 602 00 Brno',
      },
      serviceAddressDiffers: false,
      serviceAddress: null,
      contactPerson: {
        firstName: 'Petr',
        lastName: 'Dvořák',
        fullName: 'Petr Dvořák',
        phone: '+421905123456',
      },
      attendingDoctor: { firstName: 'Jan', lastName: 'Novák', phone: null },
      healthDataConsent: { grantedBy: 'Petr Svoboda', onBehalf: true },
    });
    expect(JSON.stringify(client)).not.toContain('9055011251');

    const [row] = await server.database.db.select().from(clients).where(eq(clients.id, client.id));
    expect(row).toMatchObject({
      birthNumber: '9055011251',
      phone: '+420601123456',
      ownerUserId: caller.userId,
    });
    const [consent] = await server.database.db
      .select()
      .from(consents)
      .where(and(eq(consents.userId, caller.userId), eq(consents.kind, 'health-data')));
    expect(consent).toMatchObject({ onBehalfOfClientId: client.id, version: '2026-11', withdrawnAt: null });
  });

  it('records the consent of a client entering themselves as their own, with no relationship', async () => {
    const caller = await server.signedIn();
    const { relationshipTypeId: _, ...form } = clientForm({ isClient: true });
    const client = await created(caller, form);
    expect(client).toMatchObject({
      isClient: true,
      relationshipType: { code: 'self', name: 'Jsem klient/ka' },
      healthDataConsent: { onBehalf: false },
    });
    const [row] = await server.database.db.select().from(clients).where(eq(clients.id, client.id));
    expect(row).toMatchObject({ isSelf: true, relationshipTypeId: null });
    const [consent] = await server.database.db
      .select()
      .from(consents)
      .where(eq(consents.userId, caller.userId));
    expect(consent).toMatchObject({ kind: 'health-data', onBehalfOfClientId: null });
    // Choosing the `self` relationship says the same.
    const chosen = await created(caller, clientForm({ relationshipTypeId: relationshipIds.self }));
    expect(chosen).toMatchObject({ isClient: true, relationshipType: { code: 'self' } });
  });

  it('keeps the service address when it differs from the permanent residence, and only then', async () => {
    const caller = await server.signedIn();
    const serviceAddress = { city: 'Hustopeče', zipcode: '693 01', countyCode: 'CZ0644' };
    const differs = await created(caller, clientForm({ serviceAddressDiffers: true, serviceAddress }));
    expect(differs.serviceAddress).toEqual({
      street: null,
      city: 'Hustopeče',
      zipcode: '69301',
      county: { code: 'CZ0644', name: 'Břeclav' },
      region: { code: 'CZ064', name: 'Jihomoravský kraj' },
      fullAddress: '693 01 Hustopeče',
    });
    const same = await created(caller, clientForm({ serviceAddressDiffers: false, serviceAddress }));
    expect(same.serviceAddress).toBeNull();
    const [row] = await server.database.db.select().from(clients).where(eq(clients.id, same.id));
    expect(row?.serviceCity).toBeNull();
  });

  it('sets the client of the caller’s case in the same transaction', async () => {
    const caller = await server.signedIn();
    const careCase = await createCase(server.database.db, { clientId: null, ownerUserId: caller.userId });
    const client = await created(caller, clientForm({ caseId: careCase.id }));
    const [row] = await server.database.db.select().from(cases).where(eq(cases.id, careCase.id));
    expect(row?.clientId).toBe(client.id);
  });

  it('answers another user’s case 404 and a case with a client 409, writing nothing', async () => {
    const caller = await server.signedIn();
    const othersCase = await createCase(server.database.db, { clientId: null });
    expect((await post(caller, clientForm({ caseId: othersCase.id }))).statusCode).toBe(404);
    const taken = await createCase(server.database.db, { ownerUserId: caller.userId });
    const before = await storedFor(caller.userId);
    const conflict = await post(caller, clientForm({ caseId: taken.id }));
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({ code: 'Conflict' });
    expect(await storedFor(caller.userId)).toEqual(before);
  });

  it('refuses birth numbers the rules refuse, naming the field', async () => {
    const caller = await server.signedIn();
    const rules: [Partial<ClientCreateInput>, string][] = [
      [{ dateOfBirth: '1990-05-02' }, 'birthNumber birthNumberDateOfBirthMismatch'],
      [{ birthNumber: '9055011252' }, 'birthNumber birthNumberChecksum'],
      [{ birthNumber: '900501125' }, 'birthNumber birthNumberNineDigits'],
      [{ birthNumber: '905532/1251' }, 'birthNumber birthNumberDate'],
      [{ birthNumber: '90-05-01' }, 'birthNumber birthNumberFormat'],
    ];
    for (const [overrides, error] of rules) {
      expect(await fieldErrors(await post(caller, clientForm(overrides))), JSON.stringify(overrides)).toEqual(
        [error],
      );
    }
    // The 1954–1985 check-digit exception and the +20 series are valid numbers.
    await created(caller, clientForm({ birthNumber: '6006150140', dateOfBirth: '1960-06-15', sex: 'male' }));
    await created(caller, clientForm({ birthNumber: '1023151239', dateOfBirth: '2010-03-15', sex: 'male' }));
    // It is optional: the date of birth is usually enough.
    const without = await created(caller, clientForm({ birthNumber: '' }));
    expect(without.birthNumberMasked).toBeNull();
  });

  it('refuses a county or relationship that does not exist, and a missing relationship or service address', async () => {
    const caller = await server.signedIn();
    const residence = clientForm().residence;
    expect(
      await fieldErrors(
        await post(
          caller,
          clientForm({
            residence: { ...residence, countyCode: 'CZ0999' },
            serviceAddressDiffers: true,
            serviceAddress: { ...residence, countyCode: 'SK0999' },
          }),
        ),
      ),
    ).toEqual(['residence.countyCode invalidOption', 'serviceAddress.countyCode invalidOption']);
    expect(
      await fieldErrors(
        await post(caller, clientForm({ relationshipTypeId: '0b6a3c52-1d4e-4f7a-9c2b-5e8d7f6a1b30' })),
      ),
    ).toEqual(['relationshipTypeId invalidOption']);
    const { relationshipTypeId: _, ...withoutRelationship } = clientForm();
    expect(await fieldErrors(await post(caller, withoutRelationship))).toEqual([
      'relationshipTypeId required',
    ]);
    expect(await fieldErrors(await post(caller, clientForm({ serviceAddressDiffers: true })))).toEqual([
      'serviceAddress required',
    ]);
    expect(await fieldErrors(await post(caller, { ...clientForm(), healthDataConsent: false }))).toEqual([
      'healthDataConsent healthDataConsentRequired',
    ]);
    expect(await storedFor(caller.userId)).toEqual({ clients: 0, persons: 0, consents: 0 });
  });

  it('refuses hostile text with 400 and writes nothing', async () => {
    const caller = await server.signedIn();
    const hostile: [Record<string, unknown>, string][] = [
      [{ firstName: 'Ma\u0000rie' }, 'firstName unsupportedCharacters'],
      [{ lastName: 'Dvo\uD800řáková' }, 'lastName unsupportedCharacters'],
      [
        { residence: { ...clientForm().residence, street: 'x'.repeat(1_000_000) } },
        'residence.street maxLength',
      ],
      [
        { contactPerson: { firstName: 'Petr\u202E', lastName: 'Dvořák' } },
        'contactPerson.firstName unsupportedCharacters',
      ],
    ];
    for (const [overrides, error] of hostile) {
      expect(await fieldErrors(await post(caller, { ...clientForm(), ...overrides }))).toEqual([error]);
    }
    expect(await storedFor(caller.userId)).toEqual({ clients: 0, persons: 0, consents: 0 });
  });

  it('leaves nothing behind when a write after the client row fails', async () => {
    const caller = await server.signedIn();
    const db = server.database.db;
    // A doctor named so fails on insert, after the client row and the contact person were written.
    await db.execute(sql`
      create function refuse_test_doctor() returns trigger language plpgsql as $$
      begin
        if new.last_name = 'Selhání' then raise exception 'refused for the test'; end if;
        return new;
      end $$`);
    await db.execute(sql`
      create trigger refuse_test_doctor before insert on client_persons
      for each row execute function refuse_test_doctor()`);
    try {
      const careCase = await createCase(db, { clientId: null, ownerUserId: caller.userId });
      const response = await post(
        caller,
        clientForm({ caseId: careCase.id, attendingDoctor: { firstName: 'Jan', lastName: 'Selhání' } }),
      );
      expect(response.statusCode).toBe(500);
      expect(await storedFor(caller.userId)).toEqual({ clients: 0, persons: 0, consents: 0 });
      const [row] = await db.select().from(cases).where(eq(cases.id, careCase.id));
      expect(row?.clientId).toBeNull();
    } finally {
      await db.execute(sql`drop trigger refuse_test_doctor on client_persons`);
      await db.execute(sql`drop function refuse_test_doctor()`);
    }
  });

  it(`gives a case one client when ${simultaneous} entries for it arrive at once on a pool of ${poolSize}`, async () => {
    const caller = await server.signedIn();
    const careCase = await createCase(server.database.db, { clientId: null, ownerUserId: caller.userId });
    const responses = await Promise.all(
      Array.from({ length: simultaneous }, (_unused, index) =>
        post(caller, clientForm({ caseId: careCase.id, firstName: `Marie ${index}` })),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).toSorted();
    expect(statuses).toEqual([201, ...Array.from({ length: simultaneous - 1 }, () => 409)]);
    const winner = ClientSchema.parse(responses.find((response) => response.statusCode === 201)?.json());
    const [row] = await server.database.db.select().from(cases).where(eq(cases.id, careCase.id));
    expect(row?.clientId).toBe(winner.id);
    expect(await storedFor(caller.userId)).toEqual({ clients: 1, persons: 2, consents: 1 });
  }, 30_000);
});

describe('GET and PUT /api/v1/web/clients/{clientId}', () => {
  it('answers the caller’s client and 404 for anyone else’s, for reading and for changing', async () => {
    const owner = await server.signedIn();
    const other = await server.signedIn();
    const client = await created(owner, clientForm());
    const url = `/api/v1/web/clients/${client.id}`;
    const mine = await server.app.inject({ method: 'GET', url, headers: owner.headers });
    expect(ClientSchema.parse(mine.json())).toEqual(client);
    expect((await server.app.inject({ method: 'GET', url, headers: other.headers })).statusCode).toBe(404);
    const { healthDataConsent: _, ...form } = clientForm({ firstName: 'Cizí' });
    const update = await server.app.inject({ method: 'PUT', url, headers: other.headers, payload: form });
    expect(update.statusCode).toBe(404);
    expect(update.json()).toMatchObject({ code: 'NotFoundException' });
    const [row] = await server.database.db.select().from(clients).where(eq(clients.id, client.id));
    expect(row?.firstName).toBe('Marie');
    const guest = await server.app.inject({ method: 'GET', url });
    expect(guest.statusCode).toBe(401);
  });

  it('answers a client whose consent was withdrawn without one, and one without an address without it', async () => {
    const caller = await server.signedIn();
    const client = await created(caller, clientForm());
    await server.database.db
      .update(consents)
      .set({ withdrawnAt: sql`now()` })
      .where(eq(consents.onBehalfOfClientId, client.id));
    const url = `/api/v1/web/clients/${client.id}`;
    const withdrawn = await server.app.inject({ method: 'GET', url, headers: caller.headers });
    expect(ClientSchema.parse(withdrawn.json())).toEqual({ ...client, healthDataConsent: null });
    const bare = await createClient(server.database.db, { ownerUserId: caller.userId, countyCode: null });
    const answer = await server.app.inject({
      method: 'GET',
      url: `/api/v1/web/clients/${bare.id}`,
      headers: caller.headers,
    });
    expect(ClientSchema.parse(answer.json())).toMatchObject({
      residence: null,
      relationshipType: null,
      contactPerson: null,
      healthDataConsent: null,
    });
  });

  it('changes the whole form: a person left out is removed, one given replaced', async () => {
    const caller = await server.signedIn();
    const client = await created(caller, clientForm());
    const { healthDataConsent: _, ...form } = clientForm();
    const response = await server.app.inject({
      method: 'PUT',
      url: `/api/v1/web/clients/${client.id}`,
      headers: caller.headers,
      payload: {
        ...form,
        lastName: 'Nováková',
        relationshipTypeId: relationshipIds.grandchild,
        residence: { street: '', city: 'Hustopeče', zipcode: '69301', countyCode: 'CZ0644' },
        contactPerson: { firstName: 'Eva', lastName: 'Dvořáková', phone: '' },
        attendingDoctor: undefined,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = ClientSchema.parse(response.json());
    expect(updated).toMatchObject({
      lastName: 'Nováková',
      relationshipType: { code: 'grandchild' },
      residence: { street: null, fullAddress: '693 01 Hustopeče', county: { code: 'CZ0644' } },
      contactPerson: { id: client.contactPerson?.id, fullName: 'Eva Dvořáková', phone: null },
      attendingDoctor: null,
      birthNumberMasked: '905501/****',
      healthDataConsent: client.healthDataConsent,
    });
  });

  it('keeps, removes or replaces the birth number, and refuses one a new date of birth contradicts', async () => {
    const caller = await server.signedIn();
    const client = await created(caller, clientForm());
    const { healthDataConsent: _, birthNumber: __, ...form } = clientForm();
    const put = (payload: object) =>
      server.app.inject({
        method: 'PUT',
        url: `/api/v1/web/clients/${client.id}`,
        headers: caller.headers,
        payload: { ...form, ...payload },
      });
    const stored = async () =>
      (await server.database.db.select().from(clients).where(eq(clients.id, client.id)))[0]?.birthNumber;

    expect((await put({})).statusCode).toBe(200);
    expect((await put({ birthNumber: '' })).statusCode).toBe(200);
    expect(await stored()).toBe('9055011251');

    expect(await fieldErrors(await put({ dateOfBirth: '1990-05-02' }))).toEqual([
      'birthNumber birthNumberDateOfBirthMismatch',
    ]);
    expect(await fieldErrors(await put({ dateOfBirth: '1990-05-02', birthNumber: '9055011251' }))).toEqual([
      'birthNumber birthNumberDateOfBirthMismatch',
    ]);
    expect(await stored()).toBe('9055011251');

    const replaced = await put({ dateOfBirth: '1960-06-15', sex: 'male', birthNumber: '600615/0140' });
    expect(replaced.json()).toMatchObject({ birthNumberMasked: '600615/****', dateOfBirth: '1960-06-15' });
    const removed = await put({ dateOfBirth: '1990-05-02', birthNumber: null });
    expect(removed.json()).toMatchObject({ birthNumberMasked: null, dateOfBirth: '1990-05-02' });
    expect(await stored()).toBeNull();
  });

  it('asks the health-data consent again when the client turns out to be someone else, and records it on their behalf', async () => {
    const caller = await server.signedIn();
    const asSelf = { isClient: true, relationshipTypeId: undefined };
    const client = await created(caller, clientForm(asSelf));
    const { healthDataConsent: _, ...form } = clientForm();
    const put = (payload: object) =>
      server.app.inject({
        method: 'PUT',
        url: `/api/v1/web/clients/${client.id}`,
        headers: caller.headers,
        payload: { ...form, ...payload },
      });
    const consentsOf = async () =>
      (
        await server.database.db
          .select({ onBehalf: consents.onBehalfOfClientId })
          .from(consents)
          .where(eq(consents.userId, caller.userId))
          .orderBy(consents.grantedAt)
      ).map((row) => row.onBehalf);
    expect(await consentsOf()).toEqual([null]);

    // She entered herself; now the client is her mother, whose data her own consent does not cover.
    expect(await fieldErrors(await put({ firstName: 'Věra' }))).toEqual([
      'healthDataConsent healthDataConsentRequired',
    ]);
    const [unchanged] = await server.database.db.select().from(clients).where(eq(clients.id, client.id));
    expect(unchanged).toMatchObject({ isSelf: true, firstName: 'Marie' });
    expect(await consentsOf()).toEqual([null]);

    const mother = await put({ firstName: 'Věra', healthDataConsent: true });
    expect(mother.statusCode, mother.body).toBe(200);
    expect(mother.json()).toMatchObject({ isClient: false, healthDataConsent: { onBehalf: true } });
    expect(await consentsOf()).toEqual([null, client.id]);

    // Back to herself: her own consent stands; nothing new is recorded, nor for an unchanged form.
    expect((await put(asSelf)).statusCode).toBe(200);
    expect((await put({ ...asSelf, healthDataConsent: true })).statusCode).toBe(200);
    expect(await consentsOf()).toEqual([null, client.id]);
  });

  it('validates the update as the create, writing nothing on failure', async () => {
    const caller = await server.signedIn();
    const client = await created(caller, clientForm());
    const { healthDataConsent: _, ...form } = clientForm();
    const response = await server.app.inject({
      method: 'PUT',
      url: `/api/v1/web/clients/${client.id}`,
      headers: caller.headers,
      payload: {
        ...form,
        lastName: 'Jiná',
        relationshipTypeId: '0b6a3c52-1d4e-4f7a-9c2b-5e8d7f6a1b30',
        residence: { ...form.residence, countyCode: 'CZ0999' },
      },
    });
    expect(await fieldErrors(response)).toEqual([
      'relationshipTypeId invalidOption',
      'residence.countyCode invalidOption',
    ]);
    const [row] = await server.database.db.select().from(clients).where(eq(clients.id, client.id));
    expect(row?.lastName).toBe('Dvořáková');
  });
});

describe('GET /api/v1/web/clients/my-enum', () => {
  it('lists the caller’s clients in entry order with region, translated relationship and counts', async () => {
    const caller = await server.signedIn();
    const db = server.database.db;
    const first = await created(caller, clientForm({ firstName: 'Anna' }));
    const { relationshipTypeId: _, ...self } = clientForm({
      firstName: 'Bohumil',
      isClient: true,
      residence: { city: 'Praha', zipcode: '110 00', countyCode: 'CZ0100' },
    });
    const second = await created(caller, self);
    const careCase = await createCase(db, { clientId: first.id, ownerUserId: caller.userId });
    await createCareRequest(db, { caseId: careCase.id, statusCode: 'accepted' });
    await createCareRequest(db, { caseId: careCase.id, statusCode: 'new' });
    await createCareRequest(db, { caseId: careCase.id, statusCode: 'rejected' });
    // Someone else's client is not listed.
    await createClient(db);

    const list = async () =>
      MyClientListSchema.parse(
        (
          await server.app.inject({
            method: 'GET',
            url: '/api/v1/web/clients/my-enum',
            headers: caller.headers,
          })
        ).json(),
      );
    expect(await list()).toEqual([
      {
        id: first.id,
        firstName: 'Anna',
        lastName: 'Dvořáková',
        fullName: 'Anna Dvořáková',
        email: 'marie@example.cz',
        dateOfBirth: '1990-05-01',
        sex: 'female',
        region: { code: 'CZ064', name: 'Jihomoravský kraj' },
        relationshipType: { id: relationshipIds.child, code: 'child', name: 'Dcera / syn' },
        requestsCount: 3,
        activeServicesCount: 1,
      },
      expect.objectContaining({
        id: second.id,
        region: { code: 'CZ010', name: 'Hlavní město Praha' },
        relationshipType: expect.objectContaining({ code: 'self', name: 'Jsem klient/ka' }),
        requestsCount: 0,
        activeServicesCount: 0,
      }),
    ]);

    // Names follow the caller's language.
    await server.app.inject({
      method: 'PATCH',
      url: '/api/v1/web/users/me',
      headers: caller.headers,
      payload: { locale: 'en' },
    });
    expect((await list())[0]?.relationshipType?.name).toBe('Daughter / son');

    const nobody = await server.signedIn();
    const empty = await server.app.inject({
      method: 'GET',
      url: '/api/v1/web/clients/my-enum',
      headers: nobody.headers,
    });
    expect(empty.json()).toEqual([]);
  });
});

describe('a fixed path beside a parametric one', () => {
  it('answers PUT /clients/my-enum 405 with its own methods, not as a malformed client id', async () => {
    const carer = await server.signedIn();
    const response = await server.app.inject({
      method: 'PUT',
      url: '/api/v1/web/clients/my-enum',
      headers: carer.headers,
      payload: {},
    });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    expect(response.json()).toMatchObject({ code: 'MethodNotAllowed' });
  });

  it('lists only the fixed path’s own methods in Allow for a method nothing answers there', async () => {
    const carer = await server.signedIn();
    const response = await server.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/web/clients/my-enum',
      headers: carer.headers,
    });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
  });
});
