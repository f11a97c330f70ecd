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
});
