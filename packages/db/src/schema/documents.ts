import type { DocumentContentType } from '@opora/contracts';
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { careRequests, requestDrafts } from './care-requests.ts';
import { clients } from './cases.ts';
import { bytea, timestamptz } from './columns.ts';
import { providers } from './providers.ts';
import { users } from './users.ts';

/**
 * An uploaded file attached to a request being prepared, a sent request, a client, or a provider (its
 * verification documents, `provider_documents`). The bytes live
 * under `storage_key` in the document store (`document_contents` in PostgreSQL by default, written in
 * the same transaction as this row).
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    careRequestId: uuid('care_request_id').references(() => careRequests.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    /** Attached on the review page before the request is sent; moves to the request then. */
    requestDraftId: uuid('request_draft_id').references(() => requestDrafts.id, { onDelete: 'cascade' }),
    /** A provider's verification document (decision 0130); what it is lives in `provider_documents`. */
    providerId: uuid('provider_id').references(() => providers.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    /** Sniffed from the content at upload, not taken from the browser. */
    contentType: text('content_type').$type<DocumentContentType>().notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull().unique(),
    uploadedByUserId: uuid('uploaded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    // Documents tab of a request.
    index('documents_care_request_id_idx').on(t.careRequestId),
    // Documents of a client.
    index('documents_client_id_idx').on(t.clientId),
    // Documents of a request being prepared.
    index('documents_request_draft_id_idx').on(t.requestDraftId),
    // A provider's verification documents.
    index('documents_provider_id_idx').on(t.providerId),
    check(
      'documents_attached',
      sql`num_nonnulls(${t.careRequestId}, ${t.clientId}, ${t.requestDraftId}, ${t.providerId}) >= 1`,
    ),
    check('documents_size_non_negative', sql`${t.sizeBytes} >= 0`),
  ],
);

/**
 * The bytes of a document in the PostgreSQL document store: one row per `storage_key`, inserted and
 * deleted with the document in one transaction, so a row never points at missing bytes or the reverse.
 */
export const documentContents = pgTable('document_contents', {
  storageKey: text('storage_key')
    .primaryKey()
    .references(() => documents.storageKey, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
});
