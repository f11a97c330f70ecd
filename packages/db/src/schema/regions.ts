import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { countryEnum } from './enums.ts';

// Regions and counties are keyed by their official codes: the code lists are identical in every
// environment, so URLs, fixtures and demo data can name `CZ064` without a lookup. A code-list
// revision renames keys through `on update cascade`.

/** Kraj (region), keyed by its NUTS 3 code. */
export const regions = pgTable(
  'regions',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    country: countryEnum('country').notNull(),
  },
  (t) => [check('regions_code_matches_country', sql`left(${t.code}, 2) = ${t.country}::text`)],
);

/** Okres (county, district), keyed by its LAU 1 code. */
export const counties = pgTable(
  'counties',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    regionCode: text('region_code')
      .notNull()
      .references(() => regions.code, { onDelete: 'restrict', onUpdate: 'cascade' }),
  },
  (t) => [
    // Services by region: resolve the region's counties, then the services that serve them.
    index('counties_region_code_idx').on(t.regionCode),
    check('counties_code_within_region', sql`starts_with(${t.code}, ${t.regionCode})`),
  ],
);

/**
 * A municipality part with its postcode (CZ část obce, SK časť obce), for address autocomplete. One
 * row per part and postcode: a part with two postcodes is offered twice. `search_name` is the part's
 * name lower-cased without diacritics, as typed queries are normalised.
 */
export const places = pgTable(
  'places',
  {
    id: integer('id').primaryKey(),
    country: countryEnum('country').notNull(),
    countyCode: text('county_code')
      .notNull()
      .references(() => counties.code, { onDelete: 'restrict', onUpdate: 'cascade' }),
    // Missing for a few Slovak parts in the source list.
    municipalityCode: text('municipality_code'),
    municipality: text('municipality').notNull(),
    part: text('part').notNull(),
    /** As written on letters: `602 00`; missing for a few Slovak parts in the source list. */
    postcode: text('postcode'),
    searchName: text('search_name').notNull(),
    /** The municipality's name, normalised the same way: "Brno" finds every part of Brno. */
    searchMunicipality: text('search_municipality').notNull(),
  },
  (t) => [
    // Prefix search as the user types (`like 'hust%'`): a pattern-ops b-tree answers it from the index.
    index('places_search_name_idx').on(sql`${t.searchName} text_pattern_ops`),
    index('places_search_municipality_idx').on(sql`${t.searchMunicipality} text_pattern_ops`),
    // Postcode search: "602" lists the parts of that postal district.
    index('places_postcode_idx').on(sql`${t.postcode} text_pattern_ops`),
    check('places_postcode_format', sql`${t.postcode} is null or ${t.postcode} ~ '^[0-9]{3} [0-9]{2}$'`),
  ],
);
