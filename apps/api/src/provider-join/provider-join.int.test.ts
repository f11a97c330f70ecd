import { randomInt } from 'node:crypto';
import {
  facilities,
  facilityServices,
  identityUsers,
  providers,
  providerUsers,
  signUpAttempts,
  users,
} from '@opora/db';
import { createFacility, createFacilityService, createProvider } from '@opora/db/testing';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTestServer,
  bearer,
  someClientAddress,
  startAccountTestServer,
} from '../accounts/testing/account-test-server.ts';

let server: AccountTestServer;

beforeAll(async () => {
  server = await startAccountTestServer({ pool: { max: 10 } });
});

afterAll(async () => {
  await server.close();
});

/** An IČO nobody else in this run has: seven random digits and their check digit. */
function freshIdentificationCode(): string {
  const first = String(randomInt(1_000_000, 9_999_999));
  const sum = [...first].reduce((total, digit, index) => total + Number(digit) * (8 - index), 0);
  return `${first}${(11 - (sum % 11)) % 10}`;
}

let sequence = 0;
const uniqueEmail = (name: string) => `${name}-${Date.now()}-${++sequence}@example.cz`;

const organisation = (identificationCode: string) => ({
  name: 'Domácí péče Slunce, z. ú.',
  identificationCode,
  taxCode: `CZ${identificationCode}`,
  country: 'CZ',
  address: { street: 'Korunní 12', city: 'Praha 2', zipcode: '120 00', countyCode: 'CZ0100' },
  billingAddress: { name: '', street: '', city: '', zipcode: '' },
  requestsEmail: 'poptavky@slunce.example.cz',
  contactPhone: '+420 601 123 456',
  contactEmail: 'info@slunce.example.cz',
  url: 'https://slunce.example.cz',
  description: 'Pečovatelská služba a osobní asistence v Praze 2.',
});

const joinForm = (email: string, identificationCode: string) => ({
  fullName: 'Petra Svobodová',
  firstName: 'Petra',
  lastName: 'Svobodová',
  email,
  phone: '+420 602 111 222',
  password: 'dlouhé heslo 1',
  privacyPolicy: true,
  marketingAccept: false,
  locale: 'cs',
  organisation: organisation(identificationCode),
});

const join = (payload: unknown, remoteAddress = someClientAddress()) =>
  server.app.inject({
    method: 'POST',
    url: '/api/v1/web/providers/join',
    payload: payload as object,
    remoteAddress,
  });

async function providersWith(identificationCode: string) {
  return server.database.db
    .select()
    .from(providers)
    .where(eq(providers.identificationCode, identificationCode));
}

async function accountsWith(emails: string[]) {
  const db = server.database.db;
  const lower = emails.map((email) => email.toLowerCase());
  const appUsers = await db
    .select()
    .from(users)
    .where(inArray(sql`lower(${users.email})`, lower));
  const identity = await db
    .select()
    .from(identityUsers)
    .where(inArray(sql`lower(${identityUsers.email})`, lower));
  return { appUsers, identity };
}

describe('POST /api/v1/web/providers/join', () => {
  it('creates the account and a new, unverified provider with the person as its administrator', async () => {
    const email = uniqueEmail('new-org');
    const ico = freshIdentificationCode();
    const response = await join(joinForm(email, ico));
    expect(response.statusCode).toBe(201);
    const body = response.json<{ providerId: string; claimed: boolean }>();
    expect(body).toEqual({ providerId: expect.any(String), claimed: false, verified: false, email });

    const [provider] = await providersWith(ico);
    expect(provider).toMatchObject({
      id: body.providerId,
      name: 'Domácí péče Slunce, z. ú.',
      country: 'CZ',
      taxCode: `CZ${ico}`,
      street: 'Korunní 12',
      city: 'Praha 2',
      zipcode: '12000',
      countyCode: 'CZ0100',
      billingCity: null,
      requestsEmail: 'poptavky@slunce.example.cz',
      contactPhone: '+420601123456',
      verified: false,
      verifiedAt: null,
    });
    const { appUsers } = await accountsWith([email]);
    const members = await server.database.db
      .select()
      .from(providerUsers)
      .where(eq(providerUsers.providerId, body.providerId));
    expect(members).toEqual([expect.objectContaining({ userId: appUsers[0]?.id, roles: ['providerAdmin'] })]);

    // Signed in, the person is the provider's administrator and sees it unverified.
    const { accessToken } = await server.signIn(email, 'dlouhé heslo 1');
    const me = await server.app.inject({ url: '/api/v1/web/users/me', headers: bearer(accessToken) });
    expect(me.json<{ roles: string[] }>().roles).toContain('providerAdmin');
    const memberships = await server.app.inject({
      url: '/api/v1/provider/memberships',
      headers: bearer(accessToken),
    });
    expect(memberships.json()).toMatchObject({
      items: [{ providerId: body.providerId, verified: false, roles: ['providerAdmin'] }],
    });
  });

  it('claims an unclaimed listing of the same IČO: its facilities and services stay, it is unverified again', async () => {
    const db = server.database.db;
    const ico = freshIdentificationCode();
    const listing = await createProvider(db, {
      identificationCode: ico,
      name: 'Stará péče',
      logoUrl: 'x.png',
    });
    const facility = await createFacility(db, { providerId: listing.id });
    const service = await createFacilityService(db, { facilityId: facility.id });
    expect(listing.verified).toBe(true);

    const email = uniqueEmail('claim');
    const response = await join(joinForm(email, ico));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ providerId: listing.id, claimed: true });

    expect(await providersWith(ico)).toEqual([
      expect.objectContaining({
        id: listing.id,
        name: 'Domácí péče Slunce, z. ú.',
        logoUrl: 'x.png',
        verified: false,
        verifiedAt: null,
      }),
    ]);
    expect(await db.select().from(facilities).where(eq(facilities.providerId, listing.id))).toHaveLength(1);
    const [kept] = await db.select().from(facilityServices).where(eq(facilityServices.id, service.id));
    expect(kept).toMatchObject({ status: 'active', verified: false });
    // The catalogue marks the service unverified.
    const detail = await server.app.inject({ url: `/api/v1/web/services/${service.id}` });
    expect(detail.json()).toMatchObject({ flags: { verified: false }, provider: { verified: false } });
  });

  it('refuses an IČO whose provider has an administrator beside the IČO, creating no account', async () => {
    const ico = freshIdentificationCode();
    expect((await join(joinForm(uniqueEmail('first'), ico))).statusCode).toBe(201);
    const mailsBefore = (await server.mailbox()).length;

    const second = uniqueEmail('second');
    const response = await join(joinForm(second, ico));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'NotUniqueValidator',
      errors: [
        {
          code: 'NotUniqueValidator',
          property: 'organisation.identificationCode',
          instructions: 'errors:NotUniqueValidator_identificationCode',
          parameters: { value: ico },
        },
      ],
    });
    expect(await accountsWith([second])).toEqual({ appUsers: [], identity: [] });
    expect(await server.mailbox()).toHaveLength(mailsBefore);
    expect(await providersWith(ico)).toHaveLength(1);
  });

  it('lets the same IČO join in the other country (each register has its own numbers)', async () => {
    const ico = freshIdentificationCode();
    expect((await join(joinForm(uniqueEmail('cz'), ico))).statusCode).toBe(201);
    const slovak = joinForm(uniqueEmail('sk'), ico);
    slovak.organisation = { ...slovak.organisation, country: 'SK', taxCode: '2020273893' };
    expect((await join(slovak)).statusCode).toBe(201);
    expect((await providersWith(ico)).map((provider) => provider.country).toSorted()).toEqual(['CZ', 'SK']);
  });

  it.each([
    ['a wrong IČO check digit', { identificationCode: '25596642' }, 'validation:identificationCodeChecksum'],
    ['an IČO of seven digits', { identificationCode: '2559664' }, 'validation:identificationCode'],
    ['a Slovak DIČ for a Czech provider', { taxCode: 'SK2020273893' }, 'validation:taxCodeOfCountry'],
    ['a DIČ of a wrong IČO', { taxCode: 'CZ25596642' }, 'validation:taxCodeOfCountry'],
    ['a DIČ of no known form', { taxCode: 'DE123456789' }, 'validation:taxCode'],
  ])('refuses %s beside the field, writing nothing', async (_name, change, instructions) => {
    const email = uniqueEmail('invalid');
    const payload = joinForm(email, freshIdentificationCode());
    payload.organisation = { ...payload.organisation, ...change };
    const response = await join(payload);
    expect(response.statusCode).toBe(400);
    const property = `organisation.${Object.keys(change)[0]}`;
    expect(response.json()).toMatchObject({ code: 'ValidationFailed', errors: [{ property, instructions }] });
    expect(await accountsWith([email])).toEqual({ appUsers: [], identity: [] });
  });

  it('asks for the billing city and postcode once any billing address is given', async () => {
    const payload = joinForm(uniqueEmail('billing'), freshIdentificationCode());
    payload.organisation = {
      ...payload.organisation,
      billingAddress: { ...payload.organisation.billingAddress, street: 'Jiná 1' },
    };
    const response = await join(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errors: [
        { property: 'organisation.billingAddress.city', instructions: 'validation:required' },
        { property: 'organisation.billingAddress.zipcode', instructions: 'validation:required' },
      ],
    });
  });

  it('refuses a county that does not exist beside the place picker, creating no account', async () => {
    const email = uniqueEmail('county');
    const payload = joinForm(email, freshIdentificationCode());
    payload.organisation = {
      ...payload.organisation,
      address: { ...payload.organisation.address, countyCode: 'CZ0999' },
    };
    const response = await join(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errors: [{ property: 'organisation.address.countyCode', instructions: 'validation:invalidOption' }],
    });
    expect(await accountsWith([email])).toEqual({ appUsers: [], identity: [] });
  });

  it.each([
    ['a NUL byte in the name', { name: 'Péče\u0000' }],
    ['a lone surrogate in the description', { description: 'Péče \ud800 doma' }],
    ['a megabyte of description', { description: 'p'.repeat(1_000_000) }],
    ['markup for an IČO', { identificationCode: '<script>' }],
  ])('answers hostile text (%s) with a clear 400 and writes nothing', async (_name, change) => {
    const email = uniqueEmail('hostile');
    const ico = freshIdentificationCode();
    const payload = joinForm(email, ico);
    payload.organisation = { ...payload.organisation, ...change };
    const response = await join(payload);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(await accountsWith([email])).toEqual({ appUsers: [], identity: [] });
    expect(await providersWith(ico)).toEqual([]);
  });

  it('makes one account and one provider of a double submit', async () => {
    const email = uniqueEmail('double');
    const ico = freshIdentificationCode();
    const address = someClientAddress();
    const responses = await Promise.all([
      join(joinForm(email, ico), address),
      join(joinForm(email, ico), address),
    ]);
    expect(responses.map((response) => response.statusCode).toSorted()).toEqual([201, 409]);
    const { appUsers, identity } = await accountsWith([email]);
    expect([appUsers.length, identity.length]).toEqual([1, 1]);
    expect(await providersWith(ico)).toHaveLength(1);
  });

  it('lets exactly one of 20 simultaneous joins with one IČO win, leaving no identity account of the others', {
    timeout: 120_000,
  }, async () => {
    const ico = freshIdentificationCode();
    const emails = Array.from({ length: 20 }, (_, index) => uniqueEmail(`race-${index}`));
    const responses = await Promise.all(emails.map((email) => join(joinForm(email, ico))));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const response of responses.filter((each) => each.statusCode === 409)) {
      expect(response.json()).toMatchObject({ errors: [{ property: 'organisation.identificationCode' }] });
    }
    const [provider] = await providersWith(ico);
    const members = await server.database.db
      .select()
      .from(providerUsers)
      .where(eq(providerUsers.providerId, provider?.id ?? ''));
    expect(members).toHaveLength(1);
    const { appUsers, identity } = await accountsWith(emails);
    expect([appUsers.length, identity.length]).toEqual([1, 1]);
    const attempts = await server.database.db
      .select()
      .from(signUpAttempts)
      .where(inArray(signUpAttempts.email, emails));
    expect(attempts).toEqual([]);
  });

  it('lets exactly one of 20 simultaneous claims of one listing win', { timeout: 120_000 }, async () => {
    const ico = freshIdentificationCode();
    const listing = await createProvider(server.database.db, { identificationCode: ico });
    const emails = Array.from({ length: 20 }, (_, index) => uniqueEmail(`claim-race-${index}`));
    const responses = await Promise.all(emails.map((email) => join(joinForm(email, ico))));
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
    expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(19);
    const members = await server.database.db
      .select()
      .from(providerUsers)
      .where(eq(providerUsers.providerId, listing.id));
    expect(members).toHaveLength(1);
    const { appUsers, identity } = await accountsWith(emails);
    expect([appUsers.length, identity.length]).toEqual([1, 1]);
  });
});

describe('PUT /api/v1/admin/providers/{providerId}/verification', () => {
  it('lets staff verify a provider and its services, and withdraw it again', async () => {
    const db = server.database.db;
    const provider = await createProvider(db, { verified: false });
    const facility = await createFacility(db, { providerId: provider.id });
    const service = await createFacilityService(db, { facilityId: facility.id, verified: false });
    const staff = await server.signedIn({ realmRoles: ['client', 'admin'] });
    const url = `/api/v1/admin/providers/${provider.id}/verification`;

    const verified = await server.app.inject({
      method: 'PUT',
      url,
      headers: staff.headers,
      payload: { verified: true },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      providerId: provider.id,
      verified: true,
      verifiedAt: expect.any(String),
    });
    const [afterVerify] = await db.select().from(facilityServices).where(eq(facilityServices.id, service.id));
    expect(afterVerify?.verified).toBe(true);
    const listed = await server.app.inject({ url: `/api/v1/web/services/${service.id}` });
    expect(listed.json()).toMatchObject({ flags: { verified: true }, provider: { verified: true } });

    const withdrawn = await server.app.inject({
      method: 'PUT',
      url,
      headers: staff.headers,
      payload: { verified: false },
    });
    expect(withdrawn.json()).toMatchObject({ verified: false, verifiedAt: null });
    const [afterWithdraw] = await db
      .select()
      .from(facilityServices)
      .where(eq(facilityServices.id, service.id));
    expect(afterWithdraw?.verified).toBe(false);
  });

  it('answers 404 for an unknown provider and 400 for a body without the flag', async () => {
    const staff = await server.signedIn({ realmRoles: ['client', 'admin'] });
    const unknown = await server.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/providers/00000000-0000-4000-8000-000000000000/verification',
      headers: staff.headers,
      payload: { verified: true },
    });
    expect(unknown.statusCode).toBe(404);
    const provider = await createProvider(server.database.db, { verified: false });
    const invalid = await server.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/providers/${provider.id}/verification`,
      headers: staff.headers,
      payload: { verified: 'yes' },
    });
    expect(invalid.statusCode).toBe(400);
    const [unchanged] = await server.database.db
      .select()
      .from(providers)
      .where(eq(providers.id, provider.id));
    expect(unchanged?.verified).toBe(false);
  });

  it('refuses a provider’s own administrator (only staff verify)', async () => {
    const email = uniqueEmail('self-verify');
    const joined = await join(joinForm(email, freshIdentificationCode()));
    const { providerId } = joined.json<{ providerId: string }>();
    const { accessToken } = await server.signIn(email, 'dlouhé heslo 1');
    const response = await server.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/providers/${providerId}/verification`,
      headers: bearer(accessToken),
      payload: { verified: true },
    });
    expect(response.statusCode).toBe(403);
    const [provider] = await server.database.db.select().from(providers).where(eq(providers.id, providerId));
    expect(provider?.verified).toBe(false);
  });
});
