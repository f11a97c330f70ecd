import type { RegionTree } from '@opora/contracts';

/** A region or county the home search can find; `value` is its code. */
export type Place = {
  value: string;
  label: string;
  kind: 'region' | 'county';
  regionCode: string;
  regionName: string;
  /** The words of the name without diacritics, lower case: what a query is matched against. */
  words: string[];
};

/** "Brno-město" → "brno mesto": people type without diacritics and hyphens, in any case. */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('cs')
    .replace(/[^\p{Letter}\p{Number}]+/gu, ' ')
    .trim();
}

/**
 * Every region and county as a search entry. A county named exactly like its region (Prague is
 * both) is left out: it would be a second entry leading to the same services.
 */
export function placesOf(regions: RegionTree): Place[] {
  const entry = (place: Omit<Place, 'words'>): Place => ({
    ...place,
    words: normalizeForSearch(place.label).split(' '),
  });
  const regionPlaces = regions.map((region) =>
    entry({
      value: region.code,
      label: region.name,
      kind: 'region',
      regionCode: region.code,
      regionName: region.name,
    }),
  );
  const countyPlaces = regions.flatMap((region) =>
    region.counties
      .filter((county) => county.name !== region.name)
      .map((county) =>
        entry({
          value: county.code,
          label: county.name,
          kind: 'county',
          regionCode: region.code,
          regionName: region.name,
        }),
      ),
  );
  return [...regionPlaces, ...countyPlaces];
}

/**
 * How well `place` matches `query` (already normalised): every typed word must begin a word of the
 * name ("jihom" → Jihomoravský kraj, "brno" → Brno-město, "mesto brno" too). Higher is better;
 * null when it does not match. A name that begins with the query ranks first.
 */
export function matchScore(place: Place, query: string): number | null {
  const terms = query.split(' ').filter(Boolean);
  if (terms.length === 0) return 0;
  if (!terms.every((term) => place.words.some((word) => word.startsWith(term)))) return null;
  return place.words[0]?.startsWith(terms[0] ?? '') ? 2 : 1;
}

/**
 * The places matching `query`, best first, keeping the given order among equals. An empty query
 * lists the regions only: a list of 170 entries helps nobody before they type.
 */
export function searchPlaces(places: readonly Place[], query: string): Place[] {
  const normalized = normalizeForSearch(query);
  if (!normalized) return places.filter((place) => place.kind === 'region');
  return places
    .map((place, index) => ({ place, index, score: matchScore(place, normalized) }))
    .filter((entry): entry is { place: Place; index: number; score: number } => entry.score !== null)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((entry) => entry.place);
}
