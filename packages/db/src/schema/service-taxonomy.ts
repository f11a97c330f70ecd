import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { serviceFormEnum } from './enums.ts';

// Names are stored here in cs, en and sk (decision 0131): platform administrators add types and edit
// names in the console; the web adds the taxonomy's names to i18next, so the locale files' strings are
// only the fallback of the seeded codes.

/** A type's or category's name in each interface language. */
export interface LocalizedNames {
  cs: string;
  en: string;
  sk: string;
}

/** Each of cs, en and sk a string with something besides white space, and nothing else. */
const namesValid = (column: string) =>
  sql.raw(
    `jsonb_typeof(${column}) = 'object' AND ${column} ?& array['cs', 'en', 'sk'] ` +
      `AND (${column} - array['cs', 'en', 'sk']) = '{}'::jsonb ` +
      ['cs', 'en', 'sk']
        .map(
          (locale) =>
            `AND jsonb_typeof(${column} -> '${locale}') = 'string' AND btrim(${column} ->> '${locale}') <> ''`,
        )
        .join(' '),
  );

/** Social or health care (legal category of a service). */
export const serviceCategories = pgTable(
  'service_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    sortOrder: integer('sort_order').notNull().default(0),
    names: jsonb('names').$type<LocalizedNames>().notNull(),
  },
  () => [check('service_categories_names_valid', namesValid('"names"'))],
);

/** A service type defined by law, e.g. osobní asistence (CZ 108/2006 Sb. § 39). */
export const serviceTypes = pgTable(
  'service_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => serviceCategories.id, { onDelete: 'restrict' }),
    /** The form the type is usually provided in; some types exist in several forms. */
    form: serviceFormEnum('form').notNull(),
    /** Citation of the provision that defines the type, shown to staff verifying providers. */
    legalReference: text('legal_reference'),
    sortOrder: integer('sort_order').notNull().default(0),
    names: jsonb('names').$type<LocalizedNames>().notNull(),
    /** No longer offered for new services; services that have it keep it (decision 0131). */
    retiredAt: timestamptz('retired_at'),
    /** Optimistic concurrency of the console's edits (decision 0099). */
    revision: integer('revision').notNull().default(0),
  },
  // Target of facility_services' composite key, which keeps a service's category equal to its type's.
  (t) => [
    unique('service_types_id_category_id_unique').on(t.id, t.categoryId),
    check('service_types_names_valid', namesValid('"names"')),
    check(
      'service_types_code_format',
      sql`${t.code} ~ '^[a-z][a-z0-9]*(-[a-z0-9]+)*$' AND length(${t.code}) <= 60`,
    ),
  ],
);
