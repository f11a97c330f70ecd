import { type Country, normalizeSearchText, type Place } from '@opora/contracts';
import type { Db } from '@opora/db';
import { type SQL, sql } from 'drizzle-orm';

/** The query after validation (defaults applied). */
export interface PlaceSearchInput {
  q: string;
  country?: Country | undefined;
  limit: number;
}

/** What someone typed is text, never a pattern: `%`, `_` and `\` match only themselves. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, '\\$&');
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

type PlaceRow = {
  id: number;
  country: Country;
  part: string;
  municipality: string;
  postcode: string | null;
  county_code: string;
  county_name: string;
  region_code: string;
  region_name: string;
};

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
  let matching: SQL;
  let order: SQL;
  if (postcode === undefined) {
    const pattern = `${escapeLike(q)}%`;
    matching = sql`(p.search_name like ${pattern} or p.search_municipality like ${pattern})`;
    order = sql`(p.search_name = ${q} or p.search_municipality = ${q}) desc, (p.part = p.municipality) desc,
      length(p.part), p.part collate "cs-x-icu", p.municipality collate "cs-x-icu", p.postcode, p.id`;
  } else {
    matching = sql`p.postcode like ${`${postcode}%`}`;
    order = sql`p.postcode, (p.part = p.municipality) desc, p.municipality collate "cs-x-icu",
      p.part collate "cs-x-icu", p.id`;
  }
  const country = input.country === undefined ? sql`` : sql`and p.country = ${input.country}`;
  const { rows } = await db.execute<PlaceRow>(sql`
    select p.id, p.country, p.part, p.municipality, p.postcode,
      c.code as county_code, c.name as county_name, r.code as region_code, r.name as region_name
    from places p
    join counties c on c.code = p.county_code
    join regions r on r.code = c.region_code
    where ${matching} ${country}
    order by ${order}
    limit ${input.limit}
  `);
  return rows.map((row) => ({
    id: row.id,
    country: row.country,
    part: row.part,
    municipality: row.municipality,
    postcode: row.postcode,
    county: { code: row.county_code, name: row.county_name },
    region: { code: row.region_code, name: row.region_name },
  }));
}
