import { PlaceListSchema } from '@opora/contracts';
import { createTestDatabase, type TestDatabase } from '@opora/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { escapeLike } from '../platform/like-pattern.ts';
import { testConfig } from '../testing/test-app.ts';
import { postcodePrefix } from './search-places.ts';

// The places are reference data every test database holds (20,125 municipality parts).

let database: TestDatabase;
let app: App;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig({ RATE_LIMIT_MAX: '100000' }), db: database.db });
});

afterAll(async () => {
  await app.close();
  await database.close();
});

async function search(query: string) {
  const response = await app.inject({ method: 'GET', url: `/api/v1/web/places?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return PlaceListSchema.parse(response.json());
}

describe('GET /api/v1/web/places', () => {
  it('finds places from the start of a name without regard to case or diacritics', async () => {
    const places = await search('q=usti&limit=20');
    expect(places.length).toBe(20);
    expect(places.some((place) => place.municipality === 'Ústí nad Labem')).toBe(true);
    expect(places[0]).toMatchObject({ part: 'Ústí', country: 'CZ' });
    const labem = await search(`q=${encodeURIComponent('ÚSTÍ nad  lab')}`);
    expect(labem.length).toBe(10);
    expect(labem.every((place) => place.municipality === 'Ústí nad Labem')).toBe(true);
    expect(labem[0]).toMatchObject({
      county: { code: 'CZ0427', name: 'Ústí nad Labem' },
      region: { code: 'CZ042', name: 'Ústecký kraj' },
    });
  });

  it('orders exact names first, then main parts, then shorter names, then alphabetically', async () => {
    const places = await search('q=hustopece');
    expect(places.slice(0, 2).map((place) => [place.part, place.municipality])).toEqual([
      ['Hustopeče', 'Hustopeče'],
      ['Hustopeče nad Bečvou', 'Hustopeče nad Bečvou'],
    ]);
    // Every part of a municipality when its name is typed.
    const brno = await search('q=brno&limit=20');
    expect(brno.every((place) => place.municipality.startsWith('Brno'))).toBe(true);
    const lengths = brno.filter((place) => place.municipality === 'Brno').map((place) => place.part.length);
    expect(lengths).toEqual(lengths.toSorted((a, b) => a - b));
  });

  it('finds the parts of a postal district by the start of its postcode, typed any way', async () => {
    for (const q of ['602', '60200', '602 00', '602%2000']) {
      const places = await search(`q=${q}&limit=20`);
      expect(places.length, q).toBeGreaterThan(5);
      expect(
        places.every((place) => place.postcode?.startsWith('602') && place.municipality === 'Brno'),
        q,
      ).toBe(true);
    }
    expect((await search('q=60200')).every((place) => place.postcode === '602 00')).toBe(true);
    expect(await search('q=6020000')).toEqual([]);
  });

  it('narrows to a country', async () => {
    const slovak = await search('q=nove&country=SK&limit=20');
    expect(slovak.length).toBeGreaterThan(0);
    expect(slovak.every((place) => place.country === 'SK')).toBe(true);
  });

  it('treats % and _ as characters, not patterns', async () => {
    expect(await search(`q=${encodeURIComponent('%%')}`)).toEqual([]);
    expect(await search(`q=${encodeURIComponent('b%')}`)).toEqual([]);
    expect(await search('q=__')).toEqual([]);
    expect(await search(`q=${encodeURIComponent('\\%')}`)).toEqual([]);
    expect(escapeLike('50% a_b \\')).toBe('50\\% a\\_b \\\\');
    expect(postcodePrefix('602 00')).toBe('602 00');
    expect(postcodePrefix('60')).toBe('60');
    expect(postcodePrefix('6020')).toBe('602 0');
    expect(postcodePrefix('brno')).toBeUndefined();
  });

  it('refuses a query shorter than two characters, longer than 100, or with control characters', async () => {
    for (const q of ['b', '%', ' b ', 'x'.repeat(101), 'br%00no', 'br%01']) {
      const response = await app.inject({ method: 'GET', url: `/api/v1/web/places?q=${q}` });
      expect(response.statusCode, q).toBe(400);
      expect(response.json(), q).toMatchObject({ errors: [expect.objectContaining({ property: 'q' })] });
    }
    const limit = await app.inject({ method: 'GET', url: '/api/v1/web/places?q=brno&limit=21' });
    expect(limit.statusCode).toBe(400);
  });

  it('answers from the prefix indexes', async () => {
    const plan = async (statement: ReturnType<typeof sql>) =>
      (await database.db.execute<{ 'QUERY PLAN': string }>(statement)).rows
        .map((row) => row['QUERY PLAN'])
        .join('\n');
    // The planner would scan 20,125 rows sequentially only when no index can answer.
    await database.db.execute(sql`analyze places`);
    const names = await plan(sql`explain select id from places
      where search_name like 'usti%' or search_municipality like 'usti%'`);
    expect(names).toContain('places_search_name_idx');
    expect(names).toContain('places_search_municipality_idx');
    const postcodes = await plan(sql`explain select id from places where postcode like '602%'`);
    expect(postcodes).toContain('places_postcode_idx');
  });
});
