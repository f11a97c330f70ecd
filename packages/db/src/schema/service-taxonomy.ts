import { integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { serviceFormEnum } from './enums.ts';

// Names and descriptions are translated in the UI from `code` (cs, en, sk).

/** Social or health care (legal category of a service). */
export const serviceCategories = pgTable('service_categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  sortOrder: integer('sort_order').notNull().default(0),
});

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
  },
  // Target of facility_services' composite key, which keeps a service's category equal to its type's.
  (t) => [unique('service_types_id_category_id_unique').on(t.id, t.categoryId)],
);
