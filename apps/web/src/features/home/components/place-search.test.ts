import type { RegionTree } from '@opora/contracts';
import { describe, expect, it } from 'vitest';
import { normalizeForSearch, placesOf, searchPlaces } from './place-search.ts';

const regions: RegionTree = [
  {
    code: 'CZ010',
    name: 'Hlavní město Praha',
    country: 'CZ',
    counties: [{ code: 'CZ0100', name: 'Hlavní město Praha' }],
  },
  {
    code: 'CZ020',
    name: 'Středočeský kraj',
    country: 'CZ',
    counties: [
      { code: 'CZ0209', name: 'Praha-východ' },
      { code: 'CZ020A', name: 'Praha-západ' },
    ],
  },
  {
    code: 'CZ064',
    name: 'Jihomoravský kraj',
    country: 'CZ',
    counties: [
      { code: 'CZ0642', name: 'Brno-město' },
      { code: 'CZ0643', name: 'Brno-venkov' },
      { code: 'CZ0646', name: 'Hodonín' },
    ],
  },
  {
    code: 'SK042',
    name: 'Košický kraj',
    country: 'SK',
    counties: [
      { code: 'SK0422', name: 'Košice I' },
      { code: 'SK0426', name: 'Košice-okolie' },
    ],
  },
];

const places = placesOf(regions);
const found = (query: string) => searchPlaces(places, query).map((place) => place.label);

describe('place search', () => {
  it('ignores diacritics, letter case and hyphens', () => {
    expect(normalizeForSearch('Brno-Město')).toBe('brno mesto');
    expect(found('brno')).toEqual(['Brno-město', 'Brno-venkov']);
    expect(found('KOSIC')).toEqual(['Košický kraj', 'Košice I', 'Košice-okolie']);
    expect(found('kosice')).toEqual(['Košice I', 'Košice-okolie']);
    expect(found('brno mesto')).toEqual(['Brno-město']);
  });

  it('matches the beginnings of words, not the middle of them', () => {
    expect(found('jihom')).toEqual(['Jihomoravský kraj']);
    expect(found('mesto brno')).toEqual(['Brno-město']);
    expect(found('rno')).toEqual([]);
  });

  it('ranks names that begin with the query before names that only contain it', () => {
    expect(found('praha')).toEqual(['Praha-východ', 'Praha-západ', 'Hlavní město Praha']);
  });

  it('lists the regions alone before anything is typed', () => {
    expect(found('  ')).toEqual([
      'Hlavní město Praha',
      'Středočeský kraj',
      'Jihomoravský kraj',
      'Košický kraj',
    ]);
  });

  it('leaves out a county named exactly like its region', () => {
    expect(places.filter((place) => place.label === 'Hlavní město Praha')).toHaveLength(1);
    expect(places.find((place) => place.value === 'CZ0642')).toMatchObject({
      kind: 'county',
      regionCode: 'CZ064',
      regionName: 'Jihomoravský kraj',
    });
  });
});
