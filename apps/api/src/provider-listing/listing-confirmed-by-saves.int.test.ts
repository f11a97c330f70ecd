import { ProviderContactSchema, type ProviderRole, ProviderServiceSchema } from '@opora/contracts';
import { providers, serviceTypes } from '@opora/db';
import { createFacility, createFacilityService, createProvider } from '@opora/db/testing';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountTestServer, startAccountTestServer } from '../accounts/testing/account-test-server.ts';
import { type ProviderMember, providerMember } from '../provider-inbox/testing/provider-member.ts';

// Decision 0108: every save of the listing by the provider's administrators and coordinators confirms
// it, in the save's transaction. The app's clock is moved by hand, so "later" needs no waiting.
let now = new Date('2026-12-02T10:00:00Z');
let server: AccountTestServer;

beforeAll(async () => {
  server = await startAccountTestServer({
    env: { JOBS_WORKER: 'false', RATE_LIMIT_MAX: '100000' },
    clock: () => now,
  });
});

afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;
const longAgo = new Date('2026-01-05T08:00:00Z');

interface World {
  providerId: string;
  facilityId: string;
  serviceId: string;
  serviceTypeId: string;
  admin: ProviderMember;
  coordinator: ProviderMember;
  worker: ProviderMember;
}

async function world(listingConfirmedAt = longAgo): Promise<World> {
  const provider = await createProvider(db(), { listingConfirmedAt });
  const facility = await createFacility(db(), { providerId: provider.id });
  const service = await createFacilityService(db(), { facilityId: facility.id, counties: ['CZ0100'] });
  const [type] = await db()
    .select({ id: serviceTypes.id })
    .from(serviceTypes)
    .where(eq(serviceTypes.code, 'home-care-service'));
  const member = (roles: ProviderRole[]) =>
    providerMember(server, provider.id, roles, { facilityIds: [facility.id] });
  return {
    providerId: provider.id,
    facilityId: facility.id,
    serviceId: service.id,
    serviceTypeId: type?.id ?? '',
    admin: await member(['providerAdmin']),
    coordinator: await member(['providerCoordinator']),
    worker: await member(['providerUser']),
  };
}

async function confirmedAt(providerId: string): Promise<Date | undefined> {
  const [row] = await db()
    .select({ at: providers.listingConfirmedAt })
    .from(providers)
    .where(eq(providers.id, providerId));
  return row?.at;
}

function call(
  who: ProviderMember,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object | Buffer,
) {
  const upload = Buffer.isBuffer(payload);
  return server.app.inject({
    method,
    url: `/api/v1/provider${url}`,
    headers: { ...who.headers, ...(upload && { 'content-type': 'application/octet-stream' }) },
    ...(payload !== undefined && { payload }),
  });
}

/** Moves the app's clock a minute on, so every save has a time of its own. */
function tick(): Date {
  now = new Date(now.getTime() + 60_000);
  return now;
}

const details = {
  name: 'Vlídná péče Brno',
  address: { street: 'Údolní 12', city: 'Brno', zipcode: '602 00', countyCode: 'CZ0642' },
  billingAddress: {},
  requestsEmail: 'zadosti@vlidna-brno.test',
};
const contactInput = { firstName: 'Lenka', lastName: 'Procházková', type: 'public' };
const serviceValues = (w: World) => ({
  name: 'Pečovatelská služba Žabovřesky',
  facilityId: w.facilityId,
  serviceTypeId: w.serviceTypeId,
  countyCodes: ['CZ0642'],
  description: 'Pomoc s hygienou, nákupy a úklidem.',
  price: { amount: '150', currency: 'CZK', vatRatePercent: 0 },
  place: 'V domácnosti klienta',
});
const png = (width = 480, height = 320) =>
  sharp({ create: { width, height, channels: 3, background: '#2b6cb0' } })
    .png()
    .toBuffer();

describe('saves of the listing confirm it (decision 0108)', { timeout: 120_000 }, () => {
  it('moves the confirmation to the time of each save of the profile, facilities, contacts, services, capacity and images', async () => {
    const w = await world();
    const base = `/providers/${w.providerId}`;
    const saves: [string, ProviderMember, () => Promise<{ statusCode: number; body: string }>][] = [
      ['profile', w.admin, () => call(w.admin, 'PUT', `${base}/profile`, { ...details, revision: 1 })],
      [
        'new facility',
        w.admin,
        () => call(w.admin, 'POST', `${base}/facilities`, { name: 'Denní stacionář', sameAsProvider: true }),
      ],
      [
        'facility contact',
        w.coordinator,
        () => call(w.coordinator, 'POST', `${base}/contacts`, { ...contactInput, facilityId: w.facilityId }),
      ],
      [
        'facility',
        w.admin,
        () =>
          call(w.admin, 'PUT', `${base}/facilities/${w.facilityId}`, {
            name: 'Pobočka Žabovřesky',
            // Same as provider from here on: its contacts are the provider's since.
            sameAsProvider: true,
            revision: 1,
          }),
      ],
      ['new service', w.coordinator, () => call(w.coordinator, 'POST', `${base}/services`, serviceValues(w))],
      [
        'capacity',
        w.coordinator,
        () =>
          call(w.coordinator, 'POST', `${base}/services/${w.serviceId}/capacity`, {
            action: 'set',
            acceptingClients: true,
            freePlaces: 2,
            waitingWeeks: 1,
          }),
      ],
      ['logo', w.admin, async () => call(w.admin, 'PUT', `${base}/logo`, await png())],
      [
        'photo',
        w.coordinator,
        async () =>
          call(
            w.coordinator,
            'PUT',
            `${base}/facilities/${w.facilityId}/photos/${crypto.randomUUID()}`,
            await png(),
          ),
      ],
    ];
    for (const [what, , save] of saves) {
      const at = tick();
      const answer = await save();
      expect(answer.statusCode, `${what}: ${answer.body}`).toBeLessThan(300);
      expect(await confirmedAt(w.providerId), what).toEqual(at);
    }
  });

  it('leaves the date where it was when the save is refused (409, 403, 400, 422)', async () => {
    const w = await world();
    const base = `/providers/${w.providerId}`;
    const contact = ProviderContactSchema.parse(
      (await call(w.admin, 'POST', `${base}/contacts`, contactInput)).json(),
    );
    const service = ProviderServiceSchema.parse(
      (await call(w.admin, 'POST', `${base}/services`, serviceValues(w))).json(),
    );
    const before = await confirmedAt(w.providerId);
    tick();

    const refused = [
      // Saved by someone else since (`RecordChangedByAnother`).
      await call(w.admin, 'PUT', `${base}/profile`, { ...details, revision: 7 }),
      await call(w.admin, 'PUT', `${base}/contacts/${contact.id}`, { ...contactInput, revision: 9 }),
      await call(w.admin, 'PUT', `${base}/services/${service.id}`, {
        service: serviceValues(w),
        revision: service.revision + 5,
      }),
      // Nothing to confirm: the capacity was never stated (`ServiceCapacityNotStated`).
      await call(w.coordinator, 'POST', `${base}/services/${service.id}/capacity`, { action: 'confirm' }),
      // Not theirs to change.
      await call(w.coordinator, 'PUT', `${base}/profile`, { ...details, revision: 1 }),
      await call(w.worker, 'POST', `${base}/services`, serviceValues(w)),
      await call(w.coordinator, 'PUT', `${base}/logo`, await png()),
      // Invalid: a blank name, a photo too small (`ImageDimensionsNotAllowed`).
      await call(w.admin, 'POST', `${base}/facilities`, { name: '', sameAsProvider: true }),
      await call(
        w.coordinator,
        'PUT',
        `${base}/facilities/${w.facilityId}/photos/${crypto.randomUUID()}`,
        await png(120, 80),
      ),
    ];
    expect(refused.map((answer) => answer.statusCode)).toEqual([409, 409, 409, 409, 403, 403, 403, 400, 422]);
    expect(await confirmedAt(w.providerId)).toEqual(before);
  });

  it('does not take a worker’s capacity update for the whole listing', async () => {
    const w = await world();
    tick();
    const answer = await call(
      w.worker,
      'POST',
      `/providers/${w.providerId}/services/${w.serviceId}/capacity`,
      {
        action: 'full',
      },
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await confirmedAt(w.providerId)).toEqual(longAgo);
  });

  it('never moves the date backwards', async () => {
    const later = new Date(now.getTime() + 30 * 24 * 3600_000);
    const w = await world(later);
    const answer = await call(w.admin, 'PUT', `/providers/${w.providerId}/profile`, {
      ...details,
      revision: 1,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await confirmedAt(w.providerId)).toEqual(later);
  });
});
