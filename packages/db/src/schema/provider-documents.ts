import { foreignKey, index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { documents } from './documents.ts';
import { providerDocumentKindEnum } from './enums.ts';
import { facilityServices } from './facility-services.ts';
import { providerVerifications } from './provider-verifications.ts';
import { users } from './users.ts';

/**
 * A provider's verification document (issue 25 §1, decision 0130): what a `documents` row of the
 * provider is — its registration decision or health-care licence — and the service it is for. Removed
 * by the provider after a decision relied on it, it stays (`removed_at`) for staff's history.
 */
export const providerDocuments = pgTable('provider_documents', {
  documentId: uuid('document_id')
    .primaryKey()
    .references(() => documents.id, { onDelete: 'cascade' }),
  kind: providerDocumentKindEnum('kind').notNull(),
  facilityServiceId: uuid('facility_service_id').references(() => facilityServices.id, {
    onDelete: 'set null',
  }),
  removedAt: timestamptz('removed_at'),
  removedBy: uuid('removed_by').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * The documents a decided check had before staff (their list as it was at the decision). A document
 * named here is never deleted, only marked removed: the foreign key has no cascade, so a delete of one
 * fails unless the check goes too (its provider is deleted).
 */
export const providerVerificationDocuments = pgTable(
  'provider_verification_documents',
  {
    verificationId: uuid('verification_id').notNull(),
    documentId: uuid('document_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'provider_verification_documents_pk', columns: [t.verificationId, t.documentId] }),
    // Named: the generated names pass PostgreSQL's 63 characters.
    foreignKey({
      name: 'provider_verification_documents_verification_fk',
      columns: [t.verificationId],
      foreignColumns: [providerVerifications.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'provider_verification_documents_document_fk',
      columns: [t.documentId],
      foreignColumns: [providerDocuments.documentId],
    }),
    // Whether a decision relied on a document (a removal keeps it then).
    index('provider_verification_documents_document_id_idx').on(t.documentId),
  ],
);
