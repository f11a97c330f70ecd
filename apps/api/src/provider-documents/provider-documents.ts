import { randomUUID } from 'node:crypto';
import {
  maxProviderDocuments,
  type ProviderDocument,
  type ProviderDocumentContentType,
  type ProviderDocumentList,
  type ProviderDocumentUploadQuery,
  providerDocumentContentTypes,
} from '@opora/contracts';
import {
  type Db,
  type DbExecutor,
  documents,
  facilityServices,
  postgresErrorCodes,
  postgresErrorOf,
  providerDocuments,
  providers,
  providerVerificationDocuments,
  providerVerifications,
} from '@opora/db';
import { and, asc, desc, eq, exists, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { cleanFileName, sniffAllowedType } from '../documents/document-files.ts';
import type { DocumentStore } from '../documents/document-store.ts';
import type { FoundDocument } from '../documents/request-documents.ts';
import { AppError, ConflictError, ForbiddenError, NotFoundError } from '../platform/errors.ts';
import { isProviderAdmin, type ProviderScope } from '../platform/provider-scope.ts';

/** What the use cases work with; the routes build it from the app. */
export interface ProviderDocumentContext {
  db: Db;
  store: DocumentStore;
}

const columns = {
  id: documents.id,
  kind: providerDocuments.kind,
  fileName: documents.fileName,
  contentType: documents.contentType,
  size: documents.sizeBytes,
  uploadedAt: documents.createdAt,
  serviceId: facilityServices.id,
  serviceName: facilityServices.name,
  removedAt: providerDocuments.removedAt,
};

/** The provider's documents with what they are and their service, filtered by `where`, newest first. */
async function readDocuments(db: DbExecutor, where: SQL | undefined): Promise<ProviderDocument[]> {
  const rows = await db
    .select(columns)
    .from(documents)
    .innerJoin(providerDocuments, eq(providerDocuments.documentId, documents.id))
    .leftJoin(facilityServices, eq(facilityServices.id, providerDocuments.facilityServiceId))
    .where(where)
    .orderBy(desc(documents.createdAt), asc(documents.id));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    fileName: row.fileName,
    // Only these types are ever stored for a provider (sniffed at upload).
    contentType: row.contentType as ProviderDocumentContentType,
    size: row.size,
    uploadedAt: row.uploadedAt.toISOString(),
    service: row.serviceId && row.serviceName ? { id: row.serviceId, name: row.serviceName } : null,
    removed: row.removedAt !== null,
  }));
}

const current = (providerId: string) =>
  and(eq(documents.providerId, providerId), isNull(providerDocuments.removedAt));

/** The documents the provider has now (not removed), newest first. */
export function readCurrentProviderDocuments(db: DbExecutor, providerId: string) {
  return readDocuments(db, current(providerId));
}

/** The documents a decided check had before staff, removed ones included. */
export function readDecidedProviderDocuments(db: DbExecutor, verificationId: string) {
  return readDocuments(
    db,
    exists(
      db
        .select({ id: providerVerificationDocuments.documentId })
        .from(providerVerificationDocuments)
        .where(
          and(
            eq(providerVerificationDocuments.verificationId, verificationId),
            eq(providerVerificationDocuments.documentId, documents.id),
          ),
        ),
    ),
  );
}

/**
 * Keeps, with a check being decided, the documents the provider has now: its list as staff saw it.
 * Called in the decision's transaction, under the provider's row lock (uploads and removals take it).
 */
export async function keepDecidedDocuments(tx: DbExecutor, verificationId: string, providerId: string) {
  await tx.execute(sql`
    insert into ${providerVerificationDocuments} (verification_id, document_id)
    select ${verificationId}, d.id
    from ${documents} d join ${providerDocuments} pd on pd.document_id = d.id
    where d.provider_id = ${providerId} and pd.removed_at is null
    on conflict do nothing`);
}

/** `GET …/verification-documents`: the list, the services to link, whether the caller may change it. */
export async function listProviderDocuments(db: Db, scope: ProviderScope): Promise<ProviderDocumentList> {
  const [items, services, pending] = await Promise.all([
    readCurrentProviderDocuments(db, scope.providerId),
    db
      .select({ id: facilityServices.id, name: facilityServices.name })
      .from(facilityServices)
      .where(and(eq(facilityServices.providerId, scope.providerId), ne(facilityServices.status, 'archive')))
      .orderBy(asc(facilityServices.name), asc(facilityServices.id)),
    db.$count(
      providerVerifications,
      and(eq(providerVerifications.providerId, scope.providerId), eq(providerVerifications.status, 'open')),
    ),
  ]);
  return { items, canEdit: isProviderAdmin(scope), services, verificationPending: pending > 0 };
}

/** The provider's row, locked: uploads count under it, and a decision keeps the list under it. */
async function lockProvider(tx: DbExecutor, providerId: string) {
  const [row] = await tx
    .select({ id: providers.id })
    .from(providers)
    .where(eq(providers.id, providerId))
    .for('update');
  if (!row) throw new NotFoundError();
}

function idTaken(): ConflictError {
  return new ConflictError('This document id is used by another document; choose a new id.');
}

/**
 * `PUT …/verification-documents/{documentId}`: an administrator uploads a registration decision or
 * licence. The type is sniffed from the bytes (PDF, JPEG, PNG) and the name cleaned before anything
 * is written; then, on the locked provider, the limit, the rows and the bytes in one transaction. The
 * same id again answers the stored document (a retry); another owner's id is a 409.
 */
export async function putProviderDocument(
  { db, store }: ProviderDocumentContext,
  scope: ProviderScope,
  documentId: string,
  query: ProviderDocumentUploadQuery,
  content: Uint8Array,
): Promise<ProviderDocument> {
  if (!isProviderAdmin(scope)) throw new ForbiddenError();
  const contentType = await sniffAllowedType(
    content,
    providerDocumentContentTypes,
    'ProviderDocumentTypeNotAllowed',
  );
  const fileName = cleanFileName(query.name, contentType);
  const byId = and(eq(documents.id, documentId), eq(documents.providerId, scope.providerId));
  try {
    return await db.transaction(async (tx) => {
      await lockProvider(tx, scope.providerId);
      const [existing] = await tx
        .select({ providerId: documents.providerId })
        .from(documents)
        .where(eq(documents.id, documentId));
      if (existing) {
        const [stored] = existing.providerId === scope.providerId ? await readDocuments(tx, byId) : [];
        if (!stored || stored.removed) throw idTaken();
        return stored;
      }
      if (query.facilityServiceId) {
        const [service] = await tx
          .select({ id: facilityServices.id })
          .from(facilityServices)
          .where(
            and(
              eq(facilityServices.id, query.facilityServiceId),
              eq(facilityServices.providerId, scope.providerId),
            ),
          );
        if (!service) throw new NotFoundError('No such service of this provider.');
      }
      const kept = await tx.$count(
        documents,
        and(
          eq(documents.providerId, scope.providerId),
          exists(
            tx
              .select({ id: providerDocuments.documentId })
              .from(providerDocuments)
              .where(
                and(eq(providerDocuments.documentId, documents.id), isNull(providerDocuments.removedAt)),
              ),
          ),
        ),
      );
      if (kept >= maxProviderDocuments) {
        throw new AppError(
          'ProviderDocumentLimitReached',
          `A provider keeps at most ${maxProviderDocuments} verification documents; remove one to add another.`,
        );
      }
      const storageKey = randomUUID();
      await tx.insert(documents).values({
        id: documentId,
        providerId: scope.providerId,
        fileName,
        contentType,
        sizeBytes: content.byteLength,
        storageKey,
        uploadedByUserId: scope.userId,
      });
      await tx.insert(providerDocuments).values({
        documentId,
        kind: query.kind,
        facilityServiceId: query.facilityServiceId ?? null,
      });
      await store.put(tx, storageKey, content);
      const [stored] = await readDocuments(tx, byId);
      if (!stored) throw new Error('The document just stored is missing');
      return stored;
    });
  } catch (error) {
    const failure = postgresErrorOf(error);
    if (failure?.code === postgresErrorCodes.uniqueViolation && failure.constraint === 'documents_pkey') {
      throw idTaken();
    }
    throw error;
  }
}

/**
 * `DELETE …/verification-documents/{documentId}`: an administrator removes a document. One a decided
 * check relied on is only marked removed (staff's history keeps it, bytes and all); any other goes,
 * row and bytes, in one transaction.
 */
export async function deleteProviderDocument(
  { db, store }: ProviderDocumentContext,
  scope: ProviderScope,
  documentId: string,
): Promise<void> {
  if (!isProviderAdmin(scope)) throw new ForbiddenError();
  await db.transaction(async (tx) => {
    await lockProvider(tx, scope.providerId);
    const [row] = await tx
      .select({ storageKey: documents.storageKey })
      .from(documents)
      .innerJoin(providerDocuments, eq(providerDocuments.documentId, documents.id))
      .where(
        and(
          eq(documents.id, documentId),
          eq(documents.providerId, scope.providerId),
          isNull(providerDocuments.removedAt),
        ),
      );
    if (!row) throw new NotFoundError();
    const reliedOn = await tx.$count(
      providerVerificationDocuments,
      eq(providerVerificationDocuments.documentId, documentId),
    );
    if (reliedOn > 0) {
      await tx
        .update(providerDocuments)
        .set({ removedAt: sql`now()`, removedBy: scope.userId })
        .where(eq(providerDocuments.documentId, documentId));
      return;
    }
    await store.delete(tx, row.storageKey);
    await tx.delete(documents).where(eq(documents.id, documentId));
  });
}

async function findDocument(db: DbExecutor, where: SQL | undefined): Promise<FoundDocument | undefined> {
  const [row] = await db
    .select({
      id: documents.id,
      fileName: documents.fileName,
      contentType: documents.contentType,
      storageKey: documents.storageKey,
    })
    .from(documents)
    .innerJoin(providerDocuments, eq(providerDocuments.documentId, documents.id))
    .where(where);
  return row;
}

/** A document the provider has now, for any of its members; undefined for another's or a removed one. */
export function findProviderDocument(db: DbExecutor, scope: ProviderScope, documentId: string) {
  return findDocument(db, and(eq(documents.id, documentId), current(scope.providerId)));
}

/**
 * A document as a check shows it: an open check the provider's current ones, a decided check those it
 * kept. Undefined otherwise (another provider's, removed before the decision, unknown).
 */
export function findVerificationDocument(
  db: DbExecutor,
  verification: { id: string; providerId: string; status: string },
  documentId: string,
) {
  const byId = eq(documents.id, documentId);
  if (verification.status === 'open') return findDocument(db, and(byId, current(verification.providerId)));
  return findDocument(
    db,
    and(
      byId,
      exists(
        db
          .select({ id: providerVerificationDocuments.documentId })
          .from(providerVerificationDocuments)
          .where(
            and(
              eq(providerVerificationDocuments.verificationId, verification.id),
              eq(providerVerificationDocuments.documentId, documents.id),
            ),
          ),
      ),
    ),
  );
}
