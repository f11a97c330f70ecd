import { RegionWithCountiesSchema } from '@opora/contracts';
import { createTestDatabase, type TestDatabase } from '@opora/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type App, buildApp } from '../app.ts';
import { testConfig } from '../testing/test-app.ts';

let database: TestDatabase;
let app: App;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), db: database.db });
});

afterAll(async () => {
  await app.close();
  await database.close();
});

describe('GET /api/v1/web/regions', () => {
  it('lists all 22 regions with their 156 counties', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/web/regions' });
    expect(response.statusCode).toBe(200);
    const regions = z.array(RegionWithCountiesSchema).parse(response.json());
    expect(regions).toHaveLength(22);
    expect(regions.flatMap((region) => region.counties)).toHaveLength(156);
    expect(regions.filter((region) => region.country === 'CZ')).toHaveLength(14);
    expect(regions.filter((region) => region.country === 'SK')).toHaveLength(8);
  });

  it('orders Czech regions before Slovak ones, each alphabetically in Czech', async () => {
    const regions = z
      .array(RegionWithCountiesSchema)
      .parse((await app.inject({ method: 'GET', url: '/api/v1/web/regions' })).json());
    const countries = regions.map((region) => region.country);
    expect(countries).toEqual(countries.toSorted());
    const czech = new Intl.Collator('cs');
    for (const country of ['CZ', 'SK']) {
      const names = regions.filter((region) => region.country === country).map((region) => region.name);
      expect(names).toEqual(names.toSorted(czech.compare));
    }
    const prague = regions.find((region) => region.code === 'CZ010');
    expect(prague?.counties.map((county) => county.code)).toEqual(['CZ0100']);
  });

  it('lets browsers and proxies keep the list for an hour', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/web/regions' });
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('names regions in the caller’s language and orders them by that language’s alphabet', async () => {
    const names = async (locale: string) => {
      const response = await app.inject({ method: 'GET', url: `/api/v1/web/regions?locale=${locale}` });
      expect(response.statusCode).toBe(200);
      return z.array(RegionWithCountiesSchema).parse(response.json());
    };
    const byCode = (regions: z.infer<typeof RegionWithCountiesSchema>[]) =>
      new Map(regions.map((region) => [region.code, region]));

    const english = await names('en');
    const en = byCode(english);
    expect(en.get('CZ064')?.name).toBe('South Moravian Region');
    expect(en.get('CZ010')?.name).toBe('Prague');
    expect(en.get('CZ010')?.counties).toEqual([{ code: 'CZ0100', name: 'Prague' }]);
    expect(en.get('SK022')?.name).toBe('Trenčín Region');
    expect(en.get('CZ064')?.counties.map((county) => county.name)).toContain('Brno-venkov');
    const englishCollator = new Intl.Collator('en');
    const englishCz = english.filter((region) => region.country === 'CZ').map((region) => region.name);
    expect(englishCz).toEqual(englishCz.toSorted(englishCollator.compare));

    const cs = byCode(await names('cs'));
    expect(cs.get('SK022')?.name).toBe('Trenčínský kraj');
    expect(cs.get('SK023')?.name).toBe('Nitranský kraj');
    expect(cs.get('CZ010')?.counties).toEqual([{ code: 'CZ0100', name: 'Hlavní město Praha' }]);

    const slovak = await names('sk');
    const sk = byCode(slovak);
    expect(sk.get('CZ064')?.name).toBe('Juhomoravský kraj');
    expect(sk.get('SK022')?.name).toBe('Trenčiansky kraj');
    expect(sk.get('CZ010')?.counties).toEqual([{ code: 'CZ0100', name: 'Hlavné mesto Praha' }]);
    const slovakCollator = new Intl.Collator('sk');
    const slovakCz = slovak.filter((region) => region.country === 'CZ').map((region) => region.name);
    expect(slovakCz).toEqual(slovakCz.toSorted(slovakCollator.compare));
  });

  it('refuses a language it does not speak', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/web/regions?locale=de' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: [expect.objectContaining({ property: 'locale' })] });
  });

  it('tags each language’s list and answers 304 to a caller that holds it', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/v1/web/regions?locale=en' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const czech = await app.inject({ method: 'GET', url: '/api/v1/web/regions?locale=cs' });
    expect(czech.headers.etag).not.toBe(etag);

    const again = await app.inject({
      method: 'GET',
      url: '/api/v1/web/regions?locale=en',
      headers: { 'if-none-match': `"other", W/${etag}` },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('public, max-age=3600');

    const stale = await app.inject({
      method: 'GET',
      url: '/api/v1/web/regions?locale=en',
      headers: { 'if-none-match': '"something-else"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);
  });
});
