import { type Price, ServiceDetailSchema, ServiceListSchema, ServiceTaxonomySchema } from '@opora/contracts';
import { contacts } from '@opora/db';
import {
  createFacility,
  createFacilityService,
  createProvider,
  createTestDatabase,
  type TestDatabase,
} from '@opora/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { testConfig } from '../testing/test-app.ts';

// Every test works in a region of its own (the test database has no demo catalogue), so their rows
// never meet. The response cache is off here; cache.int.test.ts covers it.

let database: TestDatabase;
let app: App;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig({ CATALOGUE_CACHE_SECONDS: '0' }), db: database.db });
});

afterAll(async () => {
  await app.close();
  await database.close();
});

async function list(query: string) {
  const response = await app.inject({ method: 'GET', url: `/api/v1/web/services?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return ServiceListSchema.parse(response.json());
}

async function typeIds() {
  const response = await app.inject({ method: 'GET', url: '/api/v1/web/service-types' });
  const taxonomy = ServiceTaxonomySchema.parse(response.json());
  return {
    taxonomy,
    type: (code: string) => taxonomy.serviceTypes.find((type) => type.code === code)?.id ?? '',
    category: (code: string) => taxonomy.categories.find((category) => category.code === code)?.id ?? '',
  };
}

describe('GET /api/v1/web/service-types', () => {
  it('lists both categories and the eleven legal service types with their forms', async () => {
    const { taxonomy } = await typeIds();
    expect(taxonomy.categories.map((category) => category.code).toSorted()).toEqual(['health', 'social']);
    expect(taxonomy.serviceTypes).toHaveLength(11);
    const health = taxonomy.categories.find((category) => category.code === 'health');
    expect(taxonomy.serviceTypes.find((type) => type.code === 'home-nursing')).toMatchObject({
      form: 'health',
      serviceCategoryId: health?.id,
    });
  });
});

describe('GET /api/v1/web/services', () => {
  it('lists the active services of a county with facility, provider, type and flags; never drafts or archived ones', async () => {
    const provider = await createProvider(database.db, { name: 'Domov Brno-město', verified: true });
    const facility = await createFacility(database.db, {
      providerId: provider.id,
      name: 'Domov U Parku',
      street: 'Údolní 1',
      city: 'Brno',
      zipcode: '602 00',
      countyCode: 'CZ0642',
    });
    const active = await createFacilityService(database.db, {
      facilityId: facility.id,
      name: 'Pečovatelská služba U Parku',
      serviceTypeCode: 'home-care-service',
      counties: ['CZ0642'],
      sponsored: true,
      price: { amountMinor: 16_050, currency: 'CZK', vatRatePercent: 0 },
      place: 'V domácnosti klienta',
    });
    await createFacilityService(database.db, {
      facilityId: facility.id,
      status: 'draft',
      counties: ['CZ0642'],
    });
    await createFacilityService(database.db, {
      facilityId: facility.id,
      status: 'archive',
      counties: ['CZ0642'],
    });

    const page = await list('countyCode=CZ0642');
    expect(page).toMatchObject({
      total: 1,
      page: 1,
      pageSize: 20,
      scope: 'county',
      fallback: false,
      regionServiceCount: 1,
      area: {
        region: { code: 'CZ064', name: 'Jihomoravský kraj' },
        county: { code: 'CZ0642', name: 'Brno-město' },
      },
    });
    expect(page.items).toEqual([
      {
        id: active.id,
        name: 'Pečovatelská služba U Parku',
        price: { amountMinor: 16_050, currency: 'CZK', vatRatePercent: 0 },
        place: 'V domácnosti klienta',
        facility: {
          id: facility.id,
          name: 'Domov U Parku',
          address: { street: 'Údolní 1', city: 'Brno', zipcode: '602 00' },
          county: { code: 'CZ0642', name: 'Brno-město' },
        },
        provider: {
          id: provider.id,
          name: 'Domov Brno-město',
          verified: true,
          listingConfirmedAt: provider.listingConfirmedAt.toISOString(),
          listingPossiblyOutdated: false,
          logo: null,
        },
        serviceType: { id: expect.any(String), code: 'home-care-service', form: 'field' },
        form: 'field',
        serviceCategory: { id: expect.any(String), code: 'social' },
        flags: { alreadyRequested: false, sponsored: true, verified: true },
        capacity: { status: 'unknown', freePlaces: null, waitingWeeks: null, confirmedAt: null },
      },
    ]);
  });

  it('lists a service covering several counties of a region once in the region', async () => {
    const wide = await createFacilityService(database.db, { counties: ['CZ0311', 'CZ0312', 'CZ0313'] });
    const single = await createFacilityService(database.db, { counties: ['CZ0317'] });
    const page = await list('regionCode=CZ031');
    expect(page.items.map((item) => item.id).toSorted()).toEqual([wide.id, single.id].toSorted());
    expect(page).toMatchObject({ total: 2, scope: 'region', fallback: false, regionServiceCount: 2 });
    expect(page.area.county).toBeNull();
    expect((await list('countyCode=CZ0312')).items.map((item) => item.id)).toEqual([wide.id]);
  });

  it('filters by service type, category and form', async () => {
    const { type, category } = await typeIds();
    const nursing = await createFacilityService(database.db, {
      serviceTypeCode: 'home-nursing',
      counties: ['CZ0412'],
    });
    const home = await createFacilityService(database.db, {
      serviceTypeCode: 'home-for-seniors',
      counties: ['CZ0412'],
    });
    const day = await createFacilityService(database.db, {
      serviceTypeCode: 'day-care-centre',
      counties: ['CZ0411'],
    });

    const ids = async (query: string) =>
      (await list(`regionCode=CZ041&${query}`)).items.map((item) => item.id);
    expect(await ids(`serviceTypeId=${type('home-for-seniors')}`)).toEqual([home.id]);
    expect(await ids(`categoryId=${category('health')}`)).toEqual([nursing.id]);
    expect((await ids(`categoryId=${category('social')}`)).toSorted()).toEqual([home.id, day.id].toSorted());
    expect(await ids('form=day')).toEqual([day.id]);
    expect(await ids(`form=day&serviceTypeId=${type('home-nursing')}`)).toEqual([]);
    expect((await list(`regionCode=CZ041&form=day`)).regionServiceCount).toBe(3);
  });

  it("shows and filters a service by the form it is provided in, not only its type's usual one", async () => {
    const { type } = await typeIds();
    const residential = await createFacilityService(database.db, {
      serviceTypeCode: 'respite-care',
      counties: ['CZ0521'],
    });
    const daytime = await createFacilityService(database.db, {
      serviceTypeCode: 'respite-care',
      form: 'day',
      counties: ['CZ0521'],
    });
    const atHome = await createFacilityService(database.db, {
      serviceTypeCode: 'respite-care',
      form: 'field',
      counties: ['CZ0522'],
    });

    const page = await list('regionCode=CZ052');
    const formOf = (id: string) => page.items.find((item) => item.id === id)?.form;
    expect([formOf(residential.id), formOf(daytime.id), formOf(atHome.id)]).toEqual([
      'residential',
      'day',
      'field',
    ]);
    for (const item of page.items) expect(item.serviceType.form).toBe('residential');

    const ids = async (query: string) =>
      (await list(`regionCode=CZ052&${query}`)).items.map((item) => item.id);
    expect(await ids('form=residential')).toEqual([residential.id]);
    expect(await ids(`form=day&serviceTypeId=${type('respite-care')}`)).toEqual([daytime.id]);
    expect(await ids('form=field')).toEqual([atHome.id]);

    const detail = await app.inject({ method: 'GET', url: `/api/v1/web/services/${daytime.id}` });
    expect(ServiceDetailSchema.parse(detail.json()).form).toBe('day');
  });

  it('orders verified services first, then by Czech name; by price with unpriced services last either way', async () => {
    const make = (name: string, verified: boolean, crowns: number | null) =>
      createFacilityService(database.db, {
        name,
        verified,
        price: crowns === null ? null : { amountMinor: crowns * 100, currency: 'CZK', vatRatePercent: 0 },
        counties: ['CZ0427'],
      });
    const chata = await make('Chata Labe', true, 300);
    const hrad = await make('Hrad Střekov', true, null);
    const cesta = await make('Cesta domů', false, 100);
    const zahrada = await make('Zahrada', true, 500);
    const names = async (sort: string) =>
      (await list(`countyCode=CZ0427&sort=${sort}`)).items.map((item) => item.name);

    // Czech alphabet: C < H < Ch < Z.
    expect(await names('recommended')).toEqual([hrad.name, chata.name, zahrada.name, cesta.name]);
    expect(await names('name')).toEqual([cesta.name, hrad.name, chata.name, zahrada.name]);
    expect(await names('price')).toEqual([cesta.name, chata.name, zahrada.name, hrad.name]);
    expect(await names('-price')).toEqual([zahrada.name, chata.name, cesta.name, hrad.name]);
  });

  it('shows prices in euro with their VAT rate and orders the area’s own currency first, by amount', async () => {
    const make = (name: string, county: string, price: Price | null) =>
      createFacilityService(database.db, { name, price, counties: [county] });
    // Žilina (Slovakia): euro is the area's currency, a price in crowns comes after every euro price.
    const levna = await make('Lacná', 'SK031B', { amountMinor: 950, currency: 'EUR', vatRatePercent: 23 });
    const draha = await make('Drahá', 'SK031B', { amountMinor: 1_290, currency: 'EUR', vatRatePercent: 0 });
    const koruny = await make('Koruny', 'SK031B', {
      amountMinor: 10_000,
      currency: 'CZK',
      vatRatePercent: 0,
    });
    const zdarma = await make('Zdarma', 'SK031B', { amountMinor: 0, currency: 'EUR', vatRatePercent: 0 });
    const dotaz = await make('Na dotaz', 'SK031B', null);
    // Prostějov (Czech Republic): crowns first, then euro.
    const sto = await make('Sto korun', 'CZ0713', {
      amountMinor: 10_000,
      currency: 'CZK',
      vatRatePercent: 21,
    });
    const tri = await make('Tři sta korun', 'CZ0713', {
      amountMinor: 30_000,
      currency: 'CZK',
      vatRatePercent: 0,
    });
    const eura = await make('Pět eur', 'CZ0713', { amountMinor: 500, currency: 'EUR', vatRatePercent: 0 });
    const nic = await make('Bez ceny', 'CZ0713', null);
    const ids = async (query: string) => (await list(query)).items.map((item) => item.name);

    for (const area of ['countyCode=SK031B', 'regionCode=SK031']) {
      expect(await ids(`${area}&sort=price`)).toEqual(
        [zdarma, levna, draha, koruny, dotaz].map((s) => s.name),
      );
      expect(await ids(`${area}&sort=-price`)).toEqual(
        [draha, levna, zdarma, koruny, dotaz].map((s) => s.name),
      );
    }
    for (const area of ['countyCode=CZ0713', 'regionCode=CZ071']) {
      expect(await ids(`${area}&sort=price`)).toEqual([sto, tri, eura, nic].map((s) => s.name));
      expect(await ids(`${area}&sort=-price`)).toEqual([tri, sto, eura, nic].map((s) => s.name));
    }
    // Paging keeps the order across the currencies.
    const paged: string[] = [];
    for (const page of [1, 2, 3]) {
      paged.push(
        ...(await list(`countyCode=SK031B&sort=price&pageSize=2&page=${page}`)).items.map((i) => i.name),
      );
    }
    expect(paged).toEqual([zdarma, levna, draha, koruny, dotaz].map((s) => s.name));

    const items = (await list('countyCode=SK031B&sort=price')).items;
    expect(items.map((item) => item.price)).toEqual([
      { amountMinor: 0, currency: 'EUR', vatRatePercent: 0 },
      { amountMinor: 950, currency: 'EUR', vatRatePercent: 23 },
      { amountMinor: 1_290, currency: 'EUR', vatRatePercent: 0 },
      { amountMinor: 10_000, currency: 'CZK', vatRatePercent: 0 },
      null,
    ]);
    const detail = await app.inject({ method: 'GET', url: `/api/v1/web/services/${levna.id}` });
    expect(ServiceDetailSchema.parse(detail.json()).price).toEqual({
      amountMinor: 950,
      currency: 'EUR',
      vatRatePercent: 23,
    });
    const unpriced = await app.inject({ method: 'GET', url: `/api/v1/web/services/${dotaz.id}` });
    expect(ServiceDetailSchema.parse(unpriced.json()).price).toBeNull();
  });

  it('pages through equal names without repeating or skipping a service', async () => {
    const created = await Promise.all(
      Array.from({ length: 7 }, () =>
        createFacilityService(database.db, { name: 'Stejné jméno', counties: ['CZ0425'] }),
      ),
    );
    const seen: string[] = [];
    for (const pageNumber of [1, 2, 3, 4]) {
      const page = await list(`countyCode=CZ0425&sort=name&pageSize=2&page=${pageNumber}`);
      expect(page.total).toBe(7);
      seen.push(...page.items.map((item) => item.id));
    }
    expect(seen.toSorted()).toEqual(created.map((service) => service.id).toSorted());
    const beyond = await list('countyCode=CZ0425&pageSize=2&page=9');
    expect(beyond).toMatchObject({ items: [], total: 7, page: 9, fallback: false });
  });

  it('answers a county without services with its region’s services and says so (SPEC §4)', async () => {
    const inPardubice = await createFacilityService(database.db, { counties: ['CZ0532'] });
    const page = await list('countyCode=CZ0531');
    expect(page).toMatchObject({
      scope: 'region',
      fallback: true,
      total: 1,
      regionServiceCount: 1,
      area: { region: { code: 'CZ053' }, county: { code: 'CZ0531', name: 'Chrudim' } },
    });
    expect(page.items.map((item) => item.id)).toEqual([inPardubice.id]);

    // A county whose filtered list is empty falls back too, with the same filter.
    await createFacilityService(database.db, { serviceTypeCode: 'emergency-care', counties: ['CZ0533'] });
    const { type } = await typeIds();
    const filtered = await list(`countyCode=CZ0533&serviceTypeId=${type('home-care-service')}`);
    expect(filtered).toMatchObject({ scope: 'region', fallback: true, total: 1, regionServiceCount: 2 });
    expect(filtered.items.map((item) => item.id)).toEqual([inPardubice.id]);
  });

  it('tells an empty region apart by its zero regionServiceCount', async () => {
    expect(await list('regionCode=CZ063')).toMatchObject({
      items: [],
      total: 0,
      scope: 'region',
      fallback: false,
      regionServiceCount: 0,
    });
    expect(await list('countyCode=CZ0632')).toMatchObject({
      total: 0,
      scope: 'region',
      fallback: true,
      regionServiceCount: 0,
    });
  });

  it.each([
    ['page=0', 'page'],
    ['page=10001', 'page'],
    ['page=two', 'page'],
    ['pageSize=0', 'pageSize'],
    ['pageSize=101', 'pageSize'],
    ['sort=popular', 'sort'],
    ['form=online', 'form'],
    ['serviceTypeId=not-a-uuid', 'serviceTypeId'],
  ])('refuses %s with a validation problem on that field', async (query, property) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/web/services?regionCode=CZ064&${query}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({
      status: 400,
      code: 'ValidationFailed',
      identifier: expect.any(String),
      errors: [expect.objectContaining({ property })],
    });
  });

  it('refuses neither or both of regionCode and countyCode', async () => {
    for (const query of ['', 'regionCode=CZ064&countyCode=CZ0642']) {
      const response = await app.inject({ method: 'GET', url: `/api/v1/web/services?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors).toHaveLength(1);
    }
  });

  it('answers 404 NotFoundException for a region or county code that does not exist', async () => {
    for (const query of ['regionCode=CZ099', 'countyCode=CZ0999', 'countyCode=SK010Z']) {
      const response = await app.inject({ method: 'GET', url: `/api/v1/web/services?${query}` });
      expect(response.statusCode, query).toBe(404);
      expect(response.json()).toMatchObject({ status: 404, code: 'NotFoundException' });
    }
  });
});

describe('GET /api/v1/web/services/{serviceId}', () => {
  it('shows an active service with its counties, region, facility and the provider’s public contacts only', async () => {
    const provider = await createProvider(database.db, {
      name: 'Harmónia Košice',
      street: 'Južná trieda 1',
      city: 'Košice',
      zipcode: '040 01',
      identificationCode: '99901081',
      contactPhone: '+421552100800',
      contactEmail: 'info@harmonia.test',
    });
    const facility = await createFacility(database.db, {
      providerId: provider.id,
      name: 'Harmónia Juh',
      city: 'Košice',
      zipcode: '040 01',
      countyCode: 'SK0425',
      type: 'home-care-agency',
      web: 'https://harmonia.test',
    });
    const service = await createFacilityService(database.db, {
      facilityId: facility.id,
      serviceTypeCode: 'home-nursing',
      description: 'Ošetrovateľská starostlivosť doma.',
      counties: ['SK0425', 'SK0422'],
    });
    await database.db.insert(contacts).values([
      {
        providerId: provider.id,
        firstName: 'Zuzana',
        lastName: 'Kováčová',
        phone: '+421905123456',
        type: 'public',
      },
      {
        providerId: provider.id,
        firstName: 'Tajný',
        lastName: 'Riaditeľ',
        email: 'boss@harmonia.test',
        type: 'private',
      },
    ]);

    const response = await app.inject({ method: 'GET', url: `/api/v1/web/services/${service.id}` });
    expect(response.statusCode).toBe(200);
    const detail = ServiceDetailSchema.parse(response.json());
    expect(detail).toMatchObject({
      id: service.id,
      description: 'Ošetrovateľská starostlivosť doma.',
      region: { code: 'SK042', name: 'Košický kraj' },
      facility: {
        id: facility.id,
        type: 'home-care-agency',
        web: 'https://harmonia.test',
        county: { code: 'SK0425' },
      },
      provider: {
        id: provider.id,
        address: { street: 'Južná trieda 1', city: 'Košice', zipcode: '040 01' },
        identificationCode: '99901081',
        contactPhone: '+421552100800',
        contactEmail: 'info@harmonia.test',
        contacts: [{ fullName: 'Zuzana Kováčová', email: null, phone: '+421905123456' }],
      },
      flags: { alreadyRequested: false },
    });
    expect(detail.counties.map((county) => county.code)).toEqual(['SK0422', 'SK0425']);
    expect(response.body).not.toContain('boss@harmonia.test');
  });

  it('shows the service’s register number and when Opora checked its provider, or that the check lapsed', async () => {
    const checkedAt = new Date('2026-03-12T09:30:00.000Z');
    const verified = await createProvider(database.db, { verified: true, verifiedAt: checkedAt });
    const registered = await createFacilityService(database.db, {
      facilityId: (await createFacility(database.db, { providerId: verified.id })).id,
      registerNumber: '1234567',
      counties: ['CZ0721'],
    });
    const lapsedAt = new Date('2026-04-01T22:00:00.000Z');
    const lapsed = await createProvider(database.db, {
      country: 'SK',
      verified: false,
      verificationLapsedAt: lapsedAt,
    });
    const unregistered = await createFacilityService(database.db, {
      facilityId: (await createFacility(database.db, { providerId: lapsed.id, countyCode: 'SK0101' })).id,
      counties: ['SK0101'],
    });

    const detail = async (id: string) => {
      const response = await app.inject({ method: 'GET', url: `/api/v1/web/services/${id}` });
      expect(response.statusCode, response.body).toBe(200);
      return ServiceDetailSchema.parse(response.json());
    };
    expect(await detail(registered.id)).toMatchObject({
      registerNumber: '1234567',
      provider: {
        verified: true,
        verifiedAt: checkedAt.toISOString(),
        verificationLapsedAt: null,
        country: 'CZ',
      },
    });
    expect(await detail(unregistered.id)).toMatchObject({
      registerNumber: null,
      provider: {
        verified: false,
        verifiedAt: null,
        verificationLapsedAt: lapsedAt.toISOString(),
        country: 'SK',
      },
    });
  });

  it('answers 404 NotFoundException for draft, archived and unknown services, 400 for a malformed id', async () => {
    const draft = await createFacilityService(database.db, { status: 'draft', counties: ['SK0101'] });
    const archived = await createFacilityService(database.db, { status: 'archive', counties: ['SK0101'] });
    for (const id of [draft.id, archived.id, '6d1f0c3e-2a53-4a4c-9d7e-1f1e0a1b2c3d']) {
      const response = await app.inject({ method: 'GET', url: `/api/v1/web/services/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NotFoundException' });
    }
    const malformed = await app.inject({ method: 'GET', url: '/api/v1/web/services/nope' });
    expect(malformed.statusCode).toBe(400);
  });
});
