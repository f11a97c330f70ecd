import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { bytea, timestamptz } from './columns.ts';

/**
 * An image stored by Opora (a provider's logo, a facility's photo), normalised at upload (decoded,
 * oriented, metadata stripped, re-encoded as WebP). Content-addressed: `key` is the SHA-256 of the
 * stored bytes, so its address never changes meaning and can be cached for ever (decision 0106).
 * Shared by every reference to the same bytes; deleted with its last reference.
 */
export const storedImages = pgTable(
  'stored_images',
  {
    /** Hex SHA-256 of `content`. */
    key: text('key').primaryKey(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('stored_images_key_is_sha256', sql`${t.key} ~ '^[0-9a-f]{64}$'`),
    check('stored_images_dimensions_positive', sql`${t.width} > 0 and ${t.height} > 0`),
  ],
);
