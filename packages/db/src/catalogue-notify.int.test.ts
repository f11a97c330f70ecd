import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ChannelListener, listenToChannel } from './listen.ts';
import { facilityServiceCounties, facilityServices } from './schema/index.ts';
import { createFacility, createFacilityService, createTestDatabase, type TestDatabase } from './testing.ts';

// What the catalogue's triggers announce on `catalogue_changed` (decision 0126): the counties whose
// pages can show the changed rows, and the regions a service entered or left.

let database: TestDatabase;
let listener: ChannelListener;
const heard: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  listener = listenToChannel(
    database.url,
    'catalogue_changed',
    { onNotification: (payload) => heard.push(payload), onListening: () => {}, onLost: () => {} },
    { applicationName: 'opora-catalogue-notify-test' },
  );
  await listener.started;
});

afterAll(async () => {
  await listener?.close();
  await database?.close();
});

let markers = 0;

/** Notifies a marker of its own and waits for it: everything committed before it has been heard. */
async function mark(): Promise<number> {
  const marker = `marker ${++markers}`;
  await database.db.execute(sql`select pg_notify('catalogue_changed', ${marker})`);
  await vi.waitFor(() => expect(heard).toContain(marker));
  return heard.indexOf(marker);
}

/** The notifications `write`'s commits sent, sorted. */
async function announced(write: () => Promise<unknown>): Promise<string[]> {
  const from = await mark();
  await write();
  const to = await mark();
  return heard.slice(from + 1, to).toSorted();
}

/** A listed service of a facility in Brno-město (CZ0642) serving Brno-město and Brno-venkov (CZ0643). */
async function brnoService() {
  const facility = await createFacility(database.db, { countyCode: 'CZ0642' });
  return createFacilityService(database.db, { facilityId: facility.id, counties: ['CZ0642', 'CZ0643'] });
}

describe('catalogue change notifications', () => {
  it('names the counties an edited service shows in, and no region when its lists keep their members', async () => {
    const service = await brnoService();
    expect(
      await announced(() =>
        database.db
          .update(facilityServices)
          .set({ place: 'Edited' })
          .where(eq(facilityServices.id, service.id)),
      ),
    ).toEqual(['facility_services/CZ0642,CZ0643']);
  });

  it('names a county a service starts serving in its own region, and no region', async () => {
    const service = await brnoService();
    const payloads = await announced(() =>
      database.db
        .insert(facilityServiceCounties)
        .values({ facilityServiceId: service.id, countyCode: 'CZ0644' }),
    );
    // The link names the service's other counties too: its detail lists them all.
    expect(payloads).toContain('facility_service_counties/CZ0642,CZ0643,CZ0644');
    expect(payloads.filter((payload) => payload.startsWith('catalogue_area_services'))).toEqual([]);
  });

  it('names the regions a service enters and leaves', async () => {
    const facility = await createFacility(database.db, { countyCode: 'CZ0642' });
    let serviceId = '';
    const created = await announced(async () => {
      serviceId = (
        await createFacilityService(database.db, { facilityId: facility.id, counties: ['CZ0642'] })
      ).id;
    });
    expect(created).toContain('catalogue_area_services/CZ064');

    const moved = await announced(() =>
      database.db
        .update(facilityServiceCounties)
        .set({ countyCode: 'CZ0100' })
        .where(eq(facilityServiceCounties.facilityServiceId, serviceId)),
    );
    expect(moved).toContain('facility_service_counties/CZ0100,CZ0642');
    expect(moved.filter((payload) => payload.startsWith('catalogue_area_services'))).toEqual([
      'catalogue_area_services/CZ010',
      'catalogue_area_services/CZ064',
    ]);

    const archived = await announced(() =>
      database.db
        .update(facilityServices)
        .set({ status: 'archive' })
        .where(eq(facilityServices.id, serviceId)),
    );
    expect(archived).toEqual(['catalogue_area_services/CZ010', 'facility_services/CZ0100,CZ0642']);
  });
});
