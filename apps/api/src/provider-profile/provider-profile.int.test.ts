import {
  FacilityDetailSchema,
  FacilityRecordSchema,
  ProviderContactSchema,
  ProviderProfileSchema,
  ProviderRecordSchema,
  ServiceDetailSchema,
} from '@opora/contracts';
import { catalogueServices, contacts, facilities, providers } from '@opora/db';
import { createFacility, createFacilityService, createProvider } from '@opora/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountTestServer, startAccountTestServer } from '../accounts/testing/account-test-server.ts';
import { type ProviderMember, providerMember } from '../provider-inbox/testing/provider-member.ts';

// The app gets a pool smaller than the bursts below, so saves queue for connections as under load.
const poolSize = 4;

let server: AccountTestServer;

beforeAll(async () => {
  // The public detail is read right after each change: no memo of guests' answers in between.
  server = await startAccountTestServer({
    pool: { max: poolSize },
    env: { RATE_LIMIT_MAX: '100000', CATALOGUE_CACHE_SECONDS: '0' },
  });
});

afterAll(async () => {
  await server.close();
});

const db = () => server.database.db;

interface Team {
  providerId: string;
  facilityId: string;
  administrator: ProviderMember;
  coordinator: ProviderMember;
  worker: ProviderMember;
  stranger: ProviderMember;
  strangerProviderId: string;
}

/** A provider with one facility, its administrator, coordinator and worker, and another provider's administrator. */
async function team(): Promise<Team> {
  const provider = await createProvider(db(), {
    street: 'Hrnčířská 14',
    city: 'Praha 4',
    zipcode: '14900',
    countyCode: 'CZ0100',
    identificationCode: String(10_000_000 + Math.floor(Math.random() * 89_999_999)),
  });
  const facility = await createFacility(db(), { providerId: provider.id });
  const other = await createProvider(db());
  return {
    providerId: provider.id,
    facilityId: facility.id,
    administrator: await providerMember(server, provider.id, ['providerAdmin']),
    coordinator: await providerMember(server, provider.id, ['providerCoordinator']),
    worker: await providerMember(server, provider.id, ['providerUser'], { facilityIds: [facility.id] }),
    stranger: await providerMember(server, other.id, ['providerAdmin']),
    strangerProviderId: other.id,
  };
}

function call(
  caller: { headers: Record<string, string> } | undefined,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: object | string,
) {
  return server.app.inject({
    method,
    url: `/api/v1/provider${url}`,
    headers: {
      ...caller?.headers,
      ...(typeof payload === 'string' && { 'content-type': 'application/json' }),
    },
    ...(payload !== undefined && { payload }),
  });
}

const details = {
  name: 'Vlídná péče Praha',
  address: { street: 'Hrnčířská 14', city: 'Praha 4', zipcode: '149 00', countyCode: 'CZ0100' },
  billingAddress: { name: 'Vlídná péče, z. ú.', street: 'Na Pankráci 1', city: 'Praha 4', zipcode: '14000' },
  taxCode: 'CZ99901017',
  requestsEmail: 'zadosti@vlidna.test',
  contactPhone: '+420 222 100 100',
  contactEmail: 'info@vlidna.test',
  url: 'https://www.vlidna.test',
  description: 'Pobytové služby pro seniory.',
};
const contactInput = { firstName: 'Lenka', lastName: 'Procházková', type: 'public' };

describe('access', { timeout: 60_000 }, () => {
  it('lets the administrator change everything, the coordinator facility contacts only, the worker read', async () => {
    const { providerId, facilityId, administrator, coordinator, worker } = await team();
    const base = `/providers/${providerId}`;

    for (const member of [administrator, coordinator, worker]) {
      const profile = await call(member, 'GET', `${base}/profile`);
      expect(profile.statusCode).toBe(200);
      expect(ProviderProfileSchema.parse(profile.json()).provider.id).toBe(providerId);
      expect((await call(member, 'GET', `${base}/facilities/${facilityId}`)).statusCode).toBe(200);
    }
    const access = (member: ProviderMember) =>
      call(member, 'GET', `${base}/profile`).then((r) => ProviderProfileSchema.parse(r.json()).access);
    expect(await access(administrator)).toEqual({ editProvider: true, editFacilityContacts: true });
    expect(await access(coordinator)).toEqual({ editProvider: false, editFacilityContacts: true });
    expect(await access(worker)).toEqual({ editProvider: false, editFacilityContacts: false });

    // The coordinator: refused the provider's details, facilities and own contacts; given facility contacts.
    expect((await call(coordinator, 'PUT', `${base}/profile`, { ...details, revision: 1 })).statusCode).toBe(
      403,
    );
    expect(
      (await call(coordinator, 'POST', `${base}/facilities`, { name: 'Nová', sameAsProvider: true }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await call(coordinator, 'PUT', `${base}/facilities/${facilityId}`, {
          name: 'Jiná',
          sameAsProvider: true,
          revision: 1,
        })
      ).statusCode,
    ).toBe(403);
    expect((await call(coordinator, 'POST', `${base}/contacts`, contactInput)).statusCode).toBe(403);
    const facilityContact = await call(coordinator, 'POST', `${base}/contacts`, {
      ...contactInput,
      facilityId,
    });
    expect(facilityContact.statusCode).toBe(201);
    const made = ProviderContactSchema.parse(facilityContact.json());
    const edited = await call(coordinator, 'PUT', `${base}/contacts/${made.id}`, {
      ...contactInput,
      note: 'Volat dopoledne.',
      revision: made.revision,
    });
    expect(edited.statusCode).toBe(200);

    // The worker reads only.
    expect((await call(worker, 'POST', `${base}/contacts`, { ...contactInput, facilityId })).statusCode).toBe(
      403,
    );
    expect((await call(worker, 'DELETE', `${base}/contacts/${made.id}?revision=2`)).statusCode).toBe(403);

    // The administrator.
    expect(
      (await call(administrator, 'PUT', `${base}/profile`, { ...details, revision: 1 })).statusCode,
    ).toBe(200);
    expect((await call(administrator, 'POST', `${base}/contacts`, contactInput)).statusCode).toBe(201);
    expect((await call(administrator, 'DELETE', `${base}/contacts/${made.id}?revision=2`)).statusCode).toBe(
      204,
    );
    expect(await db().select().from(contacts).where(eq(contacts.id, made.id))).toEqual([]);
  });

  it('answers another provider’s administrator 404 for every record, and changes nothing', async () => {
    const { providerId, facilityId, administrator, stranger, strangerProviderId } = await team();
    const base = `/providers/${providerId}`;
    const contact = ProviderContactSchema.parse(
      (await call(administrator, 'POST', `${base}/contacts`, { ...contactInput, facilityId })).json(),
    );
    const answers = await Promise.all([
      call(stranger, 'GET', `${base}/profile`),
      call(stranger, 'PUT', `${base}/profile`, { ...details, revision: 1 }),
      call(stranger, 'POST', `${base}/facilities`, { name: 'Cizí', sameAsProvider: true }),
      call(stranger, 'GET', `${base}/facilities/${facilityId}`),
      call(stranger, 'PUT', `${base}/facilities/${facilityId}`, {
        name: 'Cizí',
        sameAsProvider: true,
        revision: 1,
      }),
      call(stranger, 'POST', `${base}/contacts`, contactInput),
      call(stranger, 'PUT', `${base}/contacts/${contact.id}`, { ...contactInput, revision: 1 }),
      call(stranger, 'DELETE', `${base}/contacts/${contact.id}?revision=1`),
      // The stranger's own provider in the path, another's record in it: still 404.
      call(stranger, 'GET', `/providers/${strangerProviderId}/facilities/${facilityId}`),
      call(stranger, 'PUT', `/providers/${strangerProviderId}/contacts/${contact.id}`, {
        ...contactInput,
        revision: 1,
      }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(answers.length).fill(404));
    const [provider] = await db().select().from(providers).where(eq(providers.id, providerId));
    expect(provider?.revision).toBe(1);
    expect((await db().select().from(contacts).where(eq(contacts.id, contact.id)))[0]?.revision).toBe(1);
  });
});

describe('optimistic concurrency', { timeout: 60_000 }, () => {
  it('lets exactly one of two saves from the same revision win; the other gets 409 with the winner’s values', async () => {
    const { providerId, administrator } = await team();
    const url = `/providers/${providerId}/profile`;
    const [first, second] = await Promise.all([
      call(administrator, 'PUT', url, { ...details, name: 'První', revision: 1 }),
      call(administrator, 'PUT', url, { ...details, name: 'Druhá', revision: 1 }),
    ]);
    const statuses = [first?.statusCode, second?.statusCode].toSorted();
    expect(statuses).toEqual([200, 409]);
    const winner = [first, second].find((answer) => answer?.statusCode === 200);
    const loser = [first, second].find((answer) => answer?.statusCode === 409);
    const saved = ProviderRecordSchema.parse(winner?.json());
    expect(saved.revision).toBe(2);
    const problem = loser?.json<{ code: string; current: unknown }>();
    expect(problem?.code).toBe('RecordChangedByAnother');
    expect(ProviderRecordSchema.parse(problem?.current)).toEqual(saved);
    // Saving again from the revision the 409 gave (keeping one's own values) wins.
    const kept = await call(administrator, 'PUT', url, {
      ...details,
      name: 'Druhá',
      revision: saved.revision,
    });
    expect(kept.statusCode).toBe(200);
    expect(ProviderRecordSchema.parse(kept.json())).toMatchObject({ name: 'Druhá', revision: 3 });
  });

  it('lets one of a burst of 20 contact saves win; 19 get 409 and the stored contact is the winner’s', async () => {
    const { providerId, facilityId, coordinator } = await team();
    const base = `/providers/${providerId}`;
    const contact = ProviderContactSchema.parse(
      (await call(coordinator, 'POST', `${base}/contacts`, { ...contactInput, facilityId })).json(),
    );
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        call(coordinator, 'PUT', `${base}/contacts/${contact.id}`, {
          ...contactInput,
          note: `Verze ${index}`,
          revision: contact.revision,
        }),
      ),
    );
    const won = answers.filter((answer) => answer.statusCode === 200);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(won).toHaveLength(1);
    expect(refused).toHaveLength(19);
    const winner = ProviderContactSchema.parse(won[0]?.json());
    for (const answer of refused) {
      expect(ProviderContactSchema.parse(answer.json<{ current: unknown }>().current)).toEqual(winner);
    }
    const [stored] = await db().select().from(contacts).where(eq(contacts.id, contact.id));
    expect(stored).toMatchObject({ note: winner.note, revision: 2 });
  });

  it('lets one of a burst of 20 facility saves win', async () => {
    const { providerId, facilityId, administrator } = await team();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        call(administrator, 'PUT', `/providers/${providerId}/facilities/${facilityId}`, {
          name: `Středisko ${index}`,
          sameAsProvider: true,
          revision: 1,
        }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(19);
    const winner = FacilityRecordSchema.parse(answers.find((answer) => answer.statusCode === 200)?.json());
    const [stored] = await db().select().from(facilities).where(eq(facilities.id, facilityId));
    expect(stored).toMatchObject({ name: winner.name, revision: 2 });
  });

  it('keeps a contact someone changed since it was seen instead of deleting it (409)', async () => {
    const { providerId, administrator } = await team();
    const base = `/providers/${providerId}`;
    const contact = ProviderContactSchema.parse(
      (await call(administrator, 'POST', `${base}/contacts`, contactInput)).json(),
    );
    await call(administrator, 'PUT', `${base}/contacts/${contact.id}`, {
      ...contactInput,
      phone: '+420 601 123 456',
      revision: 1,
    });
    const refused = await call(administrator, 'DELETE', `${base}/contacts/${contact.id}?revision=1`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ current: { phone: string } }>().current.phone).toBe('+420601123456');
    expect(await db().select().from(contacts).where(eq(contacts.id, contact.id))).toHaveLength(1);
    // A double submit of the delete: the first deletes, the second finds nothing (404).
    const [once, twice] = await Promise.all([
      call(administrator, 'DELETE', `${base}/contacts/${contact.id}?revision=2`),
      call(administrator, 'DELETE', `${base}/contacts/${contact.id}?revision=2`),
    ]);
    expect([once?.statusCode, twice?.statusCode].toSorted()).toEqual([204, 404]);
  });
});

describe('hostile input', { timeout: 60_000 }, () => {
  it('refuses NUL bytes, lone surrogates, 1 MB strings and a bad phone with 400, writing nothing', async () => {
    const { providerId, facilityId, administrator } = await team();
    const base = `/providers/${providerId}`;
    const bodies: [string, 'PUT' | 'POST', string | object][] = [
      [`${base}/profile`, 'PUT', { ...details, name: 'Péče\u0000', revision: 1 }],
      [`${base}/profile`, 'PUT', `{"name":"P\\ud800","revision":1}`],
      [`${base}/profile`, 'PUT', { ...details, description: 'x'.repeat(1_000_000), revision: 1 }],
      [`${base}/profile`, 'PUT', { ...details, revision: 0 }],
      [
        `${base}/profile`,
        'PUT',
        { ...details, address: { ...details.address, countyCode: 'XX' }, revision: 1 },
      ],
      [`${base}/facilities`, 'POST', { name: 'Bez adresy', sameAsProvider: false }],
      [`${base}/facilities/${facilityId}`, 'PUT', { name: '\u0000', sameAsProvider: true, revision: 1 }],
      [`${base}/contacts`, 'POST', { ...contactInput, phone: '12345' }],
      [`${base}/contacts`, 'POST', { ...contactInput, type: 'secret' }],
      [`${base}/contacts`, 'POST', { ...contactInput, lastName: 'x'.repeat(1_000_000) }],
    ];
    for (const [url, method, body] of bodies) {
      const answer = await call(administrator, method, url, body);
      expect([400, 413], `${method} ${url}`).toContain(answer.statusCode);
    }
    const [provider] = await db().select().from(providers).where(eq(providers.id, providerId));
    expect(provider?.revision).toBe(1);
    expect(await db().select().from(facilities).where(eq(facilities.providerId, providerId))).toHaveLength(1);
    expect(await db().select().from(contacts).where(eq(contacts.facilityId, facilityId))).toEqual([]);
  });
});

describe('addresses and counties', { timeout: 60_000 }, () => {
  it('gives a facility “same as provider” the provider’s address and county, following its changes into the catalogue', async () => {
    const { providerId, administrator } = await team();
    const base = `/providers/${providerId}`;
    const created = await call(administrator, 'POST', `${base}/facilities`, {
      name: 'Sídlo',
      sameAsProvider: true,
      // Ignored: the provider's address is the facility's.
      address: { city: 'Brno', zipcode: '60200', countyCode: 'CZ0642' },
    });
    expect(created.statusCode).toBe(201);
    const facility = FacilityRecordSchema.parse(created.json());
    expect(facility.address).toMatchObject({ city: 'Praha 4', zipcode: '14900', county: { code: 'CZ0100' } });
    const service = await createFacilityService(db(), { facilityId: facility.id, counties: ['CZ0100'] });

    const moved = await call(administrator, 'PUT', `${base}/profile`, {
      ...details,
      address: { street: 'Údolní 38', city: 'Brno', zipcode: '602 00', countyCode: 'CZ0642' },
      revision: 1,
    });
    expect(moved.statusCode).toBe(200);
    const detail = FacilityDetailSchema.parse(
      (await call(administrator, 'GET', `${base}/facilities/${facility.id}`)).json(),
    );
    expect(detail.facility.address).toMatchObject({
      street: 'Údolní 38',
      city: 'Brno',
      zipcode: '60200',
      county: { code: 'CZ0642' },
    });
    // Its own revision is untouched: the provider's save changed nothing the facility's editor typed.
    expect(detail.facility.revision).toBe(facility.revision);
    const [listed] = await db()
      .select()
      .from(catalogueServices)
      .where(eq(catalogueServices.facilityServiceId, service.id));
    expect(listed).toMatchObject({ city: 'Brno', countyCode: 'CZ0642' });

    // Its own address once no longer same as provider.
    const own = await call(administrator, 'PUT', `${base}/facilities/${facility.id}`, {
      name: 'Sídlo',
      sameAsProvider: false,
      address: { street: 'Jarní 3', city: 'Praha 9', zipcode: '19000', countyCode: 'CZ0100' },
      revision: facility.revision,
    });
    expect(FacilityRecordSchema.parse(own.json()).address).toMatchObject({
      city: 'Praha 9',
      county: { code: 'CZ0100' },
    });
  });
});

describe('public contacts', { timeout: 60_000 }, () => {
  it('shows a facility’s public contacts on the service’s public detail and never a private one', async () => {
    const { providerId, facilityId, administrator } = await team();
    const base = `/providers/${providerId}`;
    const service = await createFacilityService(db(), { facilityId });
    const detail = async () => {
      const answer = await server.app.inject({ method: 'GET', url: `/api/v1/web/services/${service.id}` });
      expect(answer.statusCode).toBe(200);
      return { body: answer.body, parsed: ServiceDetailSchema.parse(answer.json()) };
    };
    await call(administrator, 'POST', `${base}/contacts`, {
      firstName: 'Petr',
      lastName: 'Ředitel',
      email: 'soukromy-provider@vlidna.test',
      type: 'private',
    });
    await call(administrator, 'POST', `${base}/contacts`, {
      firstName: 'Lenka',
      lastName: 'Veřejná',
      email: 'verejna-provider@vlidna.test',
      type: 'public',
    });
    // No contact of the facility's own: the provider's public one.
    let shown = await detail();
    expect(shown.parsed.facility.contacts.map((contact) => contact.email)).toEqual([
      'verejna-provider@vlidna.test',
    ]);
    expect(shown.body).not.toContain('soukromy-provider');

    await call(administrator, 'POST', `${base}/contacts`, {
      firstName: 'Alena',
      lastName: 'Tajná',
      email: 'soukroma-facility@vlidna.test',
      note: 'Jen pro nás',
      type: 'private',
      facilityId,
    });
    shown = await detail();
    expect(shown.parsed.facility.contacts.map((contact) => contact.email)).toEqual([
      'verejna-provider@vlidna.test',
    ]);
    await call(administrator, 'POST', `${base}/contacts`, {
      firstName: 'Eva',
      lastName: 'Recepce',
      email: 'recepce@vlidna.test',
      phone: '+421 902 123 456',
      type: 'public',
      facilityId,
    });
    shown = await detail();
    expect(shown.parsed.facility.contacts).toEqual([
      { fullName: 'Eva Recepce', email: 'recepce@vlidna.test', phone: '+421902123456' },
    ]);
    expect(shown.parsed.provider.contacts.map((contact) => contact.email)).toEqual([
      'verejna-provider@vlidna.test',
    ]);
    for (const secret of ['soukromy-provider', 'soukroma-facility', 'Jen pro nás', 'Tajná', 'Ředitel']) {
      expect(shown.body).not.toContain(secret);
    }
    // The lists carry no contacts at all.
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/v1/web/services?countyCode=CZ0100&pageSize=100',
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('soukrom');

    // A facility turned "same as provider" shows the provider's public contacts again.
    const facility = FacilityDetailSchema.parse(
      (await call(administrator, 'GET', `${base}/facilities/${facilityId}`)).json(),
    );
    await call(administrator, 'PUT', `${base}/facilities/${facilityId}`, {
      name: facility.facility.name,
      sameAsProvider: true,
      revision: facility.facility.revision,
    });
    shown = await detail();
    expect(shown.parsed.facility.contacts.map((contact) => contact.email)).toEqual([
      'verejna-provider@vlidna.test',
    ]);
  });
});
