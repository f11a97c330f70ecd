import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { facilities } from './providers.ts';
import { storedImages } from './stored-images.ts';

/** A photo of a facility, shown in the order of `position` with optional alt text per language. */
export const facilityPhotos = pgTable(
  'facility_photos',
  {
    /** Chosen by the uploader, so a retried upload answers the photo already stored. */
    id: uuid('id').primaryKey(),
    providerId: uuid('provider_id').notNull(),
    facilityId: uuid('facility_id').notNull(),
    imageKey: text('image_key')
      .notNull()
      .references(() => storedImages.key, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    altCs: text('alt_cs'),
    altSk: text('alt_sk'),
    altEn: text('alt_en'),
    ...timestamps(),
  },
  (t) => [
    // A photo stays inside its facility's provider (the scope checks the provider, the key the pair).
    foreignKey({
      name: 'facility_photos_facility_fk',
      columns: [t.providerId, t.facilityId],
      foreignColumns: [facilities.providerId, facilities.id],
    }).onDelete('cascade'),
    // Photos of a facility in order (not unique: a reorder rewrites every position in one statement).
    index('facility_photos_facility_position_idx').on(t.facilityId, t.position),
    // "Is this image still referenced?" when a photo or a logo goes.
    index('facility_photos_image_key_idx').on(t.imageKey),
    check('facility_photos_position_non_negative', sql`${t.position} >= 0`),
  ],
);
