import { ListingConfirmationSchema, ServiceDetailSchema, ServiceListSchema } from '@opora/contracts';
import { emailOutbox, providers, providerUsers } from '@opora/db';
import { createFacility, createFacilityService, createProvider, createUser } from '@opora/db/testing';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountTestServer, startAccountTestServer } from '../accounts/testing/account-test-server.ts';
import { type App, buildApp } from '../app.ts';
import { providerMember } from '../provider-inbox/testing/provider-member.ts';
import { testConfig } from '../testing/test-app.ts';
import { shiftMonths } from './listing-freshness.ts';
import { sweepListingConfirmations } from './listing-reminders.ts';

// The app's clock is moved by hand (`now`), so six months pass without waiting. Workers are off: the
// hourly sweep is called directly, and its e-mails stay in the outbox to be read.
let now = new Date('2026-12-02T10:00:00Z');
let server: AccountTestServer;
let uncached: App;

beforeAll(async () => {
  server = await startAccountTestServer({ env: { JOBS_WORKER: 'false' }, clock: () => now });
  // The catalogue without its cache, on the same clock: what a guest is shown at `now`.
  uncached = await buildApp({
    config: testConfig({ JOBS_WORKER: 'false', CATALOGUE_CACHE_SECONDS: '0' }),
    db: server.database.db,
    clock: () => now,
  });
});

afterAll(async () => {
  await uncached?.close();
  await server?.close();
});

async function providerConfirmedAt(confirmedAt: Date) {
  const provider = await createProvider(server.database.db, { listingConfirmedAt: confirmedAt });
  const facility = await createFacility(server.database.db, { providerId: provider.id });
  const service = await createFacilityService(server.database.db, {
    facilityId: facility.id,
    counties: ['CZ0712'],
  });
  return { provider, service };
}

const url = (providerId: string) => `/api/v1/provider/providers/${providerId}/listing-confirmation`;

describe('listing confirmation routes', () => {
  it('is due six months after the last confirmation; an administrator or coordinator confirms it', async () => {
    const confirmedAt = new Date(now);
    const { provider } = await providerConfirmedAt(confirmedAt);
    const admin = await providerMember(server, provider.id, ['providerAdmin']);
    const coordinator = await providerMember(server, provider.id, ['providerCoordinator']);
    const worker = await providerMember(server, provider.id, ['providerUser']);

    const read = async (headers: Record<string, string>) => {
      const response = await server.app.inject({ method: 'GET', url: url(provider.id), headers });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toContain('no-store');
      return ListingConfirmationSchema.parse(response.json());
    };
    expect(await read(worker.headers)).toMatchObject({ due: false, possiblyOutdated: false });

    const saved = now;
    try {
      now = shiftMonths(confirmedAt, 6);
      expect(await read(admin.headers)).toMatchObject({
        confirmedAt: confirmedAt.toISOString(),
        dueAt: now.toISOString(),
        due: true,
        possiblyOutdated: false,
      });
      const refused = await server.app.inject({
        method: 'POST',
        url: url(provider.id),
        headers: worker.headers,
      });
      expect(refused.statusCode).toBe(403);

      now = new Date(now.getTime() + 60_000);
      const confirmed = await server.app.inject({
        method: 'POST',
        url: url(provider.id),
        headers: coordinator.headers,
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(ListingConfirmationSchema.parse(confirmed.json())).toMatchObject({
        confirmedAt: now.toISOString(),
        due: false,
      });
      expect(await read(admin.headers)).toMatchObject({ due: false });
    } finally {
      now = saved;
    }
  });

  it('answers 404 to a member of another provider and 401 to a guest', async () => {
    const { provider } = await providerConfirmedAt(now);
    const outsider = await providerMember(server, (await createProvider(server.database.db)).id, [
      'providerAdmin',
    ]);
    for (const method of ['GET', 'POST'] as const) {
      const foreign = await server.app.inject({ method, url: url(provider.id), headers: outsider.headers });
      expect(foreign.statusCode).toBe(404);
      const guest = await server.app.inject({ method, url: url(provider.id) });
      expect(guest.statusCode).toBe(401);
    }
  });

  it('takes a double submit and a burst larger than the pool: every answer 200, one date, never backwards', async () => {
    const { provider } = await providerConfirmedAt(new Date('2026-01-01T00:00:00Z'));
    const admin = await providerMember(server, provider.id, ['providerAdmin']);
    const answers = await Promise.all(
      Array.from({ length: 24 }, () =>
        server.app.inject({ method: 'POST', url: url(provider.id), headers: admin.headers }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const [row] = await server.database.db
      .select({ confirmedAt: providers.listingConfirmedAt })
      .from(providers)
      .where(eq(providers.id, provider.id));
    expect(row?.confirmedAt.toISOString()).toBe(now.toISOString());
  });
});

describe('what carers see', () => {
  it('shows "updated on" always and "possibly out of date" a month after the confirmation fell due', async () => {
    const confirmedAt = shiftMonths(now, -7);
    const { provider, service } = await providerConfirmedAt(new Date(confirmedAt.getTime() + 60_000));
    const detail = async () => {
      const response = await uncached.inject({ method: 'GET', url: `/api/v1/web/services/${service.id}` });
      return ServiceDetailSchema.parse(response.json()).provider;
    };
    expect(await detail()).toMatchObject({
      listingConfirmedAt: new Date(confirmedAt.getTime() + 60_000).toISOString(),
      listingPossiblyOutdated: false,
    });
    const saved = now;
    try {
      now = new Date(now.getTime() + 60_000);
      expect((await detail()).listingPossiblyOutdated).toBe(true);
      const list = await uncached.inject({ method: 'GET', url: '/api/v1/web/services?countyCode=CZ0712' });
      const item = ServiceListSchema.parse(list.json()).items.find(
        (each) => each.provider.id === provider.id,
      );
      expect(item?.provider.listingPossiblyOutdated).toBe(true);
    } finally {
      now = saved;
    }
  });
});

describe('the six-monthly reminder', () => {
  it('e-mails each administrator once per confirmation, however many sweeps run at once', async () => {
    const db = server.database.db;
    const { provider } = await providerConfirmedAt(shiftMonths(now, -6));
    const notYet = await providerConfirmedAt(new Date(shiftMonths(now, -6).getTime() + 60_000));
    const admins = [await createUser(db, { locale: 'sk' }), await createUser(db, { locale: 'en' })];
    const coordinator = await createUser(db);
    await db.insert(providerUsers).values([
      ...admins.map((admin) => ({
        providerId: provider.id,
        userId: admin.id,
        roles: ['providerAdmin' as const],
      })),
      { providerId: provider.id, userId: coordinator.id, roles: ['providerCoordinator' as const] },
      { providerId: notYet.provider.id, userId: coordinator.id, roles: ['providerAdmin' as const] },
    ]);
    const context = { db, mailer: server.app.mailer, publicUrl: server.app.config.publicUrl };
    const sent = async () =>
      db
        .select({ to: emailOutbox.toAddress, locale: emailOutbox.locale })
        .from(emailOutbox)
        .where(
          and(
            eq(emailOutbox.template, 'listing-confirmation-due'),
            inArray(
              emailOutbox.toAddress,
              [...admins, coordinator].map((user) => user.email ?? ''),
            ),
          ),
        );

    await Promise.all([sweepListingConfirmations(context, now), sweepListingConfirmations(context, now)]);
    expect((await sent()).toSorted((a, b) => a.locale.localeCompare(b.locale))).toEqual([
      { to: admins[1]?.email, locale: 'en' },
      { to: admins[0]?.email, locale: 'sk' },
    ]);
    await sweepListingConfirmations(context, now);
    expect(await sent()).toHaveLength(2);
    // The other provider falls due a minute later: its administrator alone is reminded then.
    await sweepListingConfirmations(context, new Date(now.getTime() + 3_600_000));
    expect((await sent()).filter((mail) => mail.to === coordinator.email)).toHaveLength(1);

    // Confirmed later: the next period gets its own reminder, six months on.
    const confirmedAgain = new Date(now.getTime() + 86_400_000);
    await db
      .update(providers)
      .set({ listingConfirmedAt: confirmedAgain })
      .where(eq(providers.id, provider.id));
    await sweepListingConfirmations(context, shiftMonths(confirmedAgain, 6));
    expect(await sent()).toHaveLength(2 + 1 + 2);
  });
});
