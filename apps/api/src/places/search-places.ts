import { type Country, normalizeSearchText, type Place } from '@opora/contracts';
import { counties, type Db, places, regions } from '@opora/db';
import { and, asc, eq, like, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { escapeLike } from '../platform/like-pattern.ts';

/** The query after validation (defaults applied). */
export interface PlaceSearchInput {
  q: string;
  country?: Country | undefined;
  limit: number;
}

/**
 * Digits typed as the start of a postcode ("602", "60200", "602 00") in the form postcodes are stored
 * in (`602 00`); undefined when the query is not a postcode.
 */
export function postcodePrefix(normalized: string): string | undefined {
  if (!/^\d[\d ]*$/.test(normalized)) return undefined;
  const digits = normalized.replaceAll(' ', '');
  return digits.length <= 3 ? digits : `${digits.slice(0, 3)} ${digits.slice(3)}`;
}

/**
 * `GET /places?q=`: municipality parts whose name or municipality starts with what was typed (case
 * and diacritics ignored), or whose postcode does. Each condition is a prefix `like` on a
 * `text_pattern_ops` index, so the matching rows come from the indexes (a bitmap OR for names); only
 * those are sorted. Names: exact matches first, then a municipality's main part ("Hustopeče" of
 * Hustopeče), then shorter names, then alphabetically (Czech rules). Postcodes: in postcode order.
 */
export async function searchPlaces(db: Db, input: PlaceSearchInput): Promise<Place[]> {
  const q = normalizeSearchText(input.q);
  const postcode = postcodePrefix(q);
  let matching: SQL | undefined;
  let order: SQL[];
  const czech = (column: SQLWrapper) => sql`${column} collate "cs-x-icu"`;
  const mainPart = sql`(${places.part} = ${places.municipality}) desc`;
  if (postcode === undefined) {
    const pattern = `${escapeLike(q)}%`;
    matching = or(like(places.searchName, pattern), like(places.searchMunicipality, pattern));
    order = [
      sql`(${places.searchName} = ${q} or ${places.searchMunicipality} = ${q}) desc`,
      mainPart,
      sql`length(${places.part})`,
      czech(places.part),
      czech(places.municipality),
      asc(places.postcode),
      asc(places.id),
    ];
  } else {
    matching = like(places.postcode, `${postcode}%`);
    order = [asc(places.postcode), mainPart, czech(places.municipality), czech(places.part), asc(places.id)];
  }
  const rows = await db
    .select({
      id: places.id,
      country: places.country,
      part: places.part,
      municipality: places.municipality,
      postcode: places.postcode,
      county: { code: counties.code, name: counties.name },
      region: { code: regions.code, name: regions.name },
    })
    .from(places)
    .innerJoin(counties, eq(counties.code, places.countyCode))
    .innerJoin(regions, eq(regions.code, counties.regionCode))
    .where(and(matching, input.country === undefined ? undefined : eq(places.country, input.country)))
    .orderBy(...order)
    .limit(input.limit);
  return rows;
}
