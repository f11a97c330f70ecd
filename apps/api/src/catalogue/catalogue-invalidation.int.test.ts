import { ServiceDetailSchema, ServiceListSchema } from '@opora/contracts';
import { facilityServiceCounties, facilityServices, providers } from '@opora/db';
import {
  createFacility,
  createFacilityService,
  createTestDatabase,
  type TestDatabase,
} from '@opora/db/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { testConfig } from '../testing/test-app.ts';

// Two API processes on one database, as behind the proxy of issue 27: A and B each cache guests'
// answers (an hour, so only the invalidation can explain a fresh answer) and each listen for changes.

let database: TestDatabase;
let a: App;
let b: App;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig({ CATALOGUE_CACHE_SECONDS: '3600' });
  a = await buildApp({ config, db: database.db });
  b = await buildApp({ config, db: database.db });
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await database?.close();
});

async function detail(app: App, id: string) {
  const response = await app.inject({ method: 'GET', url: `/api/v1/web/services/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return { etag: response.headers.etag, body: ServiceDetailSchema.parse(response.json()) };
}

/** Polls `read` until it answers `expected`; returns how long that took (logged, never asserted). */
async function visibleWithin(read: () => Promise<string>, expected: string): Promise<number> {
  const started = performance.now();
  await vi.waitFor(async () => expect(await read()).toBe(expected), { timeout: 15_000, interval: 20 });
  return performance.now() - started;
}

let sentinel: { id: string; edits: number } | undefined;

/**
 * Waits until process B has handled every notification committed so far, so that what it caches next
 * is not cleared by a late one: they arrive in commit order, and a service of Cheb (CZ0411, a county
 * no other test uses) renamed now shows on B's cached detail only after its own notification.
 */
async function settled(): Promise<void> {
  if (!sentinel) {
    const facility = await createFacility(database.db, { countyCode: 'CZ0411' });
    const created = await createFacilityService(database.db, {
      facilityId: facility.id,
      counties: ['CZ0411'],
    });
    sentinel = { id: created.id, edits: 0 };
  }
  const { id } = sentinel;
  await detail(b, id);
  const name = `Sentinel ${++sentinel.edits}`;
  await database.db.update(facilityServices).set({ name }).where(eq(facilityServices.id, id));
  await visibleWithin(async () => (await detail(b, id)).body.name, name);
}

const listeners = sql`select count(*)::int as n from pg_stat_activity
  where datname = current_database() and application_name = 'opora-catalogue-listener'`;

async function listenerCount(): Promise<number> {
  const { rows } = await database.db.execute<{ n: number }>(listeners);
  return rows[0]?.n ?? 0;
}

describe('catalogue cache invalidation across API processes', () => {
  it('keeps answering its cached copy when nothing notifies (triggers off), so the cache is really on', async () => {
    const service = await createFacilityService(database.db, { name: 'Cached service' });
    expect((await detail(b, service.id)).body.name).toBe('Cached service');
    // `replica` turns triggers off for this session: a change nobody announces.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx
        .update(facilityServices)
        .set({ name: 'Silent rename' })
        .where(eq(facilityServices.id, service.id));
    });
    expect((await detail(b, service.id)).body.name).toBe('Cached service');
  });

  it('shows a change committed through one process (or plain SQL) on the next request to the other', async () => {
    const service = await createFacilityService(database.db, { name: 'Before', counties: ['CZ0642'] });
    const listB = async () => {
      const response = await b.inject({ method: 'GET', url: '/api/v1/web/services?countyCode=CZ0642' });
      const page = ServiceListSchema.parse(response.json());
      return page.items.find((item) => item.id === service.id)?.name ?? '(missing)';
    };
    expect((await detail(a, service.id)).body.name).toBe('Before');
    const before = await detail(b, service.id);
    expect(await listB()).toBe('Before');

    await database.db
      .update(facilityServices)
      .set({ name: 'After' })
      .where(eq(facilityServices.id, service.id));
    const ms = await visibleWithin(async () => (await detail(b, service.id)).body.name, 'After');
    expect(await listB()).toBe('After');
    console.info(`catalogue change visible on the other process after ${ms.toFixed(0)} ms`);
    expect((await detail(b, service.id)).etag).not.toBe(before.etag);
  });

  it('clears only the regions a change can show in: another region’s cached pages stay', async () => {
    // Brno (region CZ064) and Prague (CZ010): each service's facility and counties in its own region.
    const brnoFacility = await createFacility(database.db, { countyCode: 'CZ0642' });
    const brno = await createFacilityService(database.db, {
      name: 'Brno before',
      facilityId: brnoFacility.id,
      counties: ['CZ0642'],
    });
    const prague = await createFacilityService(database.db, { name: 'Prague before', counties: ['CZ0100'] });
    await settled();
    const listed = async (query: string, id: string) => {
      const response = await b.inject({ method: 'GET', url: `/api/v1/web/services?${query}&pageSize=100` });
      return (
        ServiceListSchema.parse(response.json()).items.find((item) => item.id === id)?.name ?? '(missing)'
      );
    };
    expect(await listed('countyCode=CZ0642', brno.id)).toBe('Brno before');
    expect(await listed('regionCode=CZ064', brno.id)).toBe('Brno before');
    expect(await listed('countyCode=CZ0100', prague.id)).toBe('Prague before');
    expect((await detail(b, prague.id)).body.name).toBe('Prague before');

    // Prague's rows change without a notification; Brno's with one.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx
        .update(facilityServices)
        .set({ name: 'Prague silently' })
        .where(eq(facilityServices.id, prague.id));
    });
    await database.db
      .update(facilityServices)
      .set({ name: 'Brno after' })
      .where(eq(facilityServices.id, brno.id));
    await visibleWithin(() => listed('countyCode=CZ0642', brno.id), 'Brno after');
    expect(await listed('regionCode=CZ064', brno.id)).toBe('Brno after');
    expect((await detail(b, brno.id)).body.name).toBe('Brno after');
    // Prague's pages were not cleared by Brno's change: they still answer what they had.
    expect(await listed('countyCode=CZ0100', prague.id)).toBe('Prague before');
    expect((await detail(b, prague.id)).body.name).toBe('Prague before');

    // A provider's rename reaches its services' regions.
    await database.db
      .update(providers)
      .set({ name: 'Renamed provider' })
      .where(eq(providers.id, prague.providerId));
    await visibleWithin(() => listed('countyCode=CZ0100', prague.id), 'Prague silently');
    expect((await detail(b, prague.id)).body.provider.name).toBe('Renamed provider');
  });

  it('clears both regions when a service moves from one to another', async () => {
    const facility = await createFacility(database.db, { countyCode: 'CZ0642' });
    const moving = await createFacilityService(database.db, {
      facilityId: facility.id,
      counties: ['CZ0642'],
    });
    const inList = async (query: string) => {
      const response = await a.inject({ method: 'GET', url: `/api/v1/web/services?${query}&pageSize=100` });
      return ServiceListSchema.parse(response.json()).items.some((item) => item.id === moving.id)
        ? 'in'
        : 'out';
    };
    expect(await inList('regionCode=CZ064')).toBe('in');
    expect(await inList('regionCode=CZ010')).toBe('out');
    await database.db
      .update(facilityServiceCounties)
      .set({ countyCode: 'CZ0100' })
      .where(eq(facilityServiceCounties.facilityServiceId, moving.id));
    await visibleWithin(() => inList('regionCode=CZ010'), 'in');
    expect(await inList('countyCode=CZ0642')).toBe('out');
  });

  it('clears a county’s page only for what it shows: a change in another county of its region leaves it cached', async () => {
    // South Bohemia (CZ031): a service in České Budějovice (CZ0311), one in Český Krumlov (CZ0312);
    // Jindřichův Hradec (CZ0313) has none, so its page falls back to the region's list.
    const budejovice = await createFacilityService(database.db, {
      name: 'Budějovice before',
      facilityId: (await createFacility(database.db, { countyCode: 'CZ0311' })).id,
      counties: ['CZ0311'],
    });
    const krumlov = await createFacilityService(database.db, {
      name: 'Krumlov before',
      facilityId: (await createFacility(database.db, { countyCode: 'CZ0312' })).id,
      counties: ['CZ0312'],
    });
    await settled();
    const page = async (query: string) => {
      const response = await b.inject({ method: 'GET', url: `/api/v1/web/services?${query}&pageSize=100` });
      expect(response.statusCode, response.body).toBe(200);
      return ServiceListSchema.parse(response.json());
    };
    const named = async (query: string, id: string) =>
      (await page(query)).items.find((item) => item.id === id)?.name ?? '(missing)';
    expect(await named('countyCode=CZ0312', krumlov.id)).toBe('Krumlov before');
    expect(await named('regionCode=CZ031', budejovice.id)).toBe('Budějovice before');
    const fallback = await page('countyCode=CZ0313');
    expect(fallback.fallback).toBe(true);
    expect(fallback.items.find((item) => item.id === budejovice.id)?.name).toBe('Budějovice before');

    // Krumlov's service renamed unannounced (triggers off, the lists' rows brought in line by hand):
    // its county's page shows the new name only once reloaded.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx
        .update(facilityServices)
        .set({ name: 'Krumlov silently' })
        .where(eq(facilityServices.id, krumlov.id));
      await tx.execute(sql`select catalogue_areas_refresh(array[${krumlov.id}]::uuid[])`);
    });
    await database.db
      .update(facilityServices)
      .set({ name: 'Budějovice after' })
      .where(eq(facilityServices.id, budejovice.id));
    // The region's page and the county fallen back to it show the change; Krumlov's own page was kept.
    await visibleWithin(() => named('regionCode=CZ031', budejovice.id), 'Budějovice after');
    expect(await named('countyCode=CZ0313', budejovice.id)).toBe('Budějovice after');
    expect(await named('countyCode=CZ0312', krumlov.id)).toBe('Krumlov before');

    // Budějovice's service starts serving Krumlov too: Krumlov's page is cleared and reloaded.
    await database.db
      .insert(facilityServiceCounties)
      .values({ facilityServiceId: budejovice.id, countyCode: 'CZ0312' });
    await visibleWithin(() => named('countyCode=CZ0312', budejovice.id), 'Budějovice after');
    expect(await named('countyCode=CZ0312', krumlov.id)).toBe('Krumlov silently');

    // Krumlov loses both its services: its page falls back to the region's list.
    await database.db.delete(facilityServiceCounties).where(eq(facilityServiceCounties.countyCode, 'CZ0312'));
    await visibleWithin(async () => String((await page('countyCode=CZ0312')).fallback), 'true');
    expect(await named('countyCode=CZ0312', budejovice.id)).toBe('Budějovice after');
  });

  it('clears every county page of a region when a service enters or leaves it (the region’s count they show)', async () => {
    // Plzeň region (CZ032): Klatovy's page (CZ0322) counts the region's services; services come and
    // go in Domažlice (CZ0321) only.
    const klatovyService = await createFacilityService(database.db, {
      facilityId: (await createFacility(database.db, { countyCode: 'CZ0322' })).id,
      counties: ['CZ0322'],
    });
    const klatovy = async () => {
      const response = await b.inject({ method: 'GET', url: '/api/v1/web/services?countyCode=CZ0322' });
      return ServiceListSchema.parse(response.json());
    };
    const before = await klatovy();
    expect(before.items.map((item) => item.id)).toEqual([klatovyService.id]);
    const entering = await createFacilityService(database.db, {
      facilityId: (await createFacility(database.db, { countyCode: 'CZ0321' })).id,
      counties: ['CZ0321'],
    });
    const count = async () => String((await klatovy()).regionServiceCount);
    await visibleWithin(count, String(before.regionServiceCount + 1));
    await database.db
      .delete(facilityServiceCounties)
      .where(eq(facilityServiceCounties.facilityServiceId, entering.id));
    await visibleWithin(count, String(before.regionServiceCount));
    expect((await klatovy()).items.map((item) => item.id)).toEqual([klatovyService.id]);
  });

  it('does not announce a change that rolls back', async () => {
    const service = await createFacilityService(database.db, { name: 'Kept' });
    await detail(b, service.id);
    await database.db
      .transaction(async (tx) => {
        await tx
          .update(facilityServices)
          .set({ name: 'Rolled back' })
          .where(eq(facilityServices.id, service.id));
        tx.rollback();
      })
      .catch(() => {});
    expect((await detail(b, service.id)).body.name).toBe('Kept');
  });

  it('reconnects a listener whose connection was killed and invalidates again', async () => {
    const service = await createFacilityService(database.db, { name: 'Before the cut' });
    await vi.waitFor(async () => expect(await listenerCount()).toBe(2), { timeout: 15_000 });
    await detail(b, service.id);
    await database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and application_name = 'opora-catalogue-listener'`);
    // A change made while the listener is away still shows: once the process notices the lost
    // connection it reads from the database, and the reconnection clears whatever it had kept (the
    // moment it notices is the socket's, so this waits for the change rather than expecting it at once).
    await database.db
      .update(facilityServices)
      .set({ name: 'During the cut' })
      .where(eq(facilityServices.id, service.id));
    await visibleWithin(async () => (await detail(b, service.id)).body.name, 'During the cut');
    await vi.waitFor(async () => expect(await listenerCount()).toBe(2), { timeout: 15_000, interval: 50 });
    await detail(b, service.id);

    await database.db
      .update(facilityServices)
      .set({ name: 'After the cut' })
      .where(eq(facilityServices.id, service.id));
    await visibleWithin(async () => (await detail(b, service.id)).body.name, 'After the cut');
  });

  it('answers 304 to a current If-None-Match and tells caches to revalidate', async () => {
    const service = await createFacilityService(database.db);
    const first = await b.inject({ method: 'GET', url: `/api/v1/web/services/${service.id}` });
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const again = await b.inject({
      method: 'GET',
      url: `/api/v1/web/services/${service.id}`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});
