import { sql } from 'drizzle-orm';
import { check, index, pgTable, text } from 'drizzle-orm/pg-core';
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
