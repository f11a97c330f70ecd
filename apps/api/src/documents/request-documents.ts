import { randomUUID } from 'node:crypto';
import {
  type CareRequestStatusCode,
  canChangeCareRequestStatus,
  type DocumentContentType,
  type DocumentFile,
  maxDocumentsPerRequest,
} from '@opora/contracts';
import {
  careRequestEvents,
  careRequests,
  cases,
  type Db,
  type DbExecutor,
  documents,
  postgresErrorCodes,
  postgresErrorOf,
  requestDrafts,
  requestStatuses,
} from '@opora/db';
import { and, eq, exists, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError, ConflictError, NotFoundError } from '../platform/errors.ts';
import { careRequestInScope, type ProviderScope } from '../platform/provider-scope.ts';
import { findOwnDraft } from '../requests/own-draft.ts';
import { cleanFileName, sniffDocumentType } from './document-files.ts';
import type { DocumentStore } from './document-store.ts';

/** What the document use cases work with; the routes build it from the app. */
export interface DocumentContext {
  db: Db;
  store: DocumentStore;
}

/** A document to store: the id the uploader chose, the name as sent, the bytes. */
export interface DocumentUpload {
  documentId: string;
  name: string;
  content: Uint8Array;
}

/** A document found for a caller: what a download needs. */
export interface FoundDocument {
  id: string;
  fileName: string;
  contentType: DocumentContentType;
  storageKey: string;
}

/** A document with its bytes, ready to send. */
export interface DocumentDownload extends FoundDocument {
  content: Buffer;
}

const documentRowColumns = {
  id: documents.id,
  fileName: documents.fileName,
  contentType: documents.contentType,
  sizeBytes: documents.sizeBytes,
  createdAt: documents.createdAt,
  requestDraftId: documents.requestDraftId,
  careRequestId: documents.careRequestId,
};

async function readDocumentRow(db: DbExecutor, documentId: string) {
  const [row] = await db.select(documentRowColumns).from(documents).where(eq(documents.id, documentId));
  return row;
}

function toDocumentFile(
  row: Pick<typeof documents.$inferSelect, keyof typeof documentRowColumns>,
): DocumentFile {
  return {
    id: row.id,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.sizeBytes,
    createdDate: row.createdAt.toISOString(),
  };
}

function limitReached(): AppError {
  return new AppError(
    'DocumentLimitReached',
    `A request can have at most ${maxDocumentsPerRequest} documents; remove one to add another.`,
  );
}

function idTaken(): ConflictError {
  return new ConflictError('This document id is used by another document; choose a new id.');
}

/**
 * The insert of a document row and its bytes, after the caller locked what the document belongs to
 * and counted its documents. The same id again on the same owner answers the stored document (a
 * retry, a double click); on another owner it is a 409.
 */
async function storeDocument(
  tx: DbExecutor,
  store: DocumentStore,
  owner: { column: 'requestDraftId' | 'careRequestId'; id: string },
  userId: string,
  upload: DocumentUpload & { fileName: string; contentType: DocumentContentType },
): Promise<{ document: DocumentFile; created: boolean }> {
  const existing = await readDocumentRow(tx, upload.documentId);
  if (existing) {
    if (existing[owner.column] !== owner.id) throw idTaken();
    return { document: toDocumentFile(existing), created: false };
  }
  const attached = await tx.$count(documents, eq(documents[owner.column], owner.id));
  if (attached >= maxDocumentsPerRequest) throw limitReached();
  const storageKey = randomUUID();
  await tx.insert(documents).values({
    id: upload.documentId,
    [owner.column]: owner.id,
    fileName: upload.fileName,
    contentType: upload.contentType,
    sizeBytes: upload.content.byteLength,
    storageKey,
    uploadedByUserId: userId,
  });
  await store.put(tx, storageKey, upload.content);
  const row = await readDocumentRow(tx, upload.documentId);
  if (!row) throw new Error('The document just stored is missing');
  return { document: toDocumentFile(row), created: true };
}

/** A document id taken by another owner's document at the same moment surfaces as a 409. */
function rethrowIdTaken(error: unknown): never {
  const failure = postgresErrorOf(error);
  if (failure?.code === postgresErrorCodes.uniqueViolation && failure.constraint === 'documents_pkey') {
    throw idTaken();
  }
  throw error;
}

/**
 * `PUT /request-drafts/{draftId}/documents/{documentId}`: attaches a file to the caller's request
 * being prepared. The type is sniffed from the bytes and the name cleaned before anything is
 * written; then, on the locked draft (so simultaneous uploads count right and a send waits), the
 * limit of `maxDocumentsPerRequest`, the row and its bytes in one transaction. Sending the draft moves
 * its documents to the request.
 */
export async function putDraftDocument(
  { db, store }: DocumentContext,
  userId: string,
  draftId: string,
  upload: DocumentUpload,
): Promise<DocumentFile> {
  const contentType = await sniffDocumentType(upload.content);
  const fileName = cleanFileName(upload.name, contentType);
  try {
    return await db.transaction(async (tx) => {
      const draft = await findOwnDraft(tx, userId, draftId, { lock: 'update' });
      if (!draft) throw new NotFoundError();
      const { document } = await storeDocument(
        tx,
        store,
        { column: 'requestDraftId', id: draft.id },
        userId,
        { ...upload, fileName, contentType },
      );
      return document;
    });
  } catch (error) {
    rethrowIdTaken(error);
  }
}

/** The caller's sent request, locked, with its status; undefined for another user's or none. */
async function lockOwnCareRequest(
  tx: DbExecutor,
  userId: string,
  careRequestId: string,
): Promise<{ id: string; status: CareRequestStatusCode } | undefined> {
  // Locked on its own first (as withdrawing does): a join to the status would be re-checked against
  // a status a concurrent change just wrote.
  const [locked] = await tx
    .select({ id: careRequests.id })
    .from(careRequests)
    .innerJoin(cases, eq(cases.id, careRequests.caseId))
    .where(and(eq(careRequests.id, careRequestId), eq(cases.ownerUserId, userId)))
    .for('update', { of: careRequests });
  if (!locked) return undefined;
  const [row] = await tx
    .select({ status: requestStatuses.code })
    .from(careRequests)
    .innerJoin(requestStatuses, eq(requestStatuses.id, careRequests.statusId))
    .where(eq(careRequests.id, careRequestId));
  // `request_statuses` holds the contracts' codes (seeded from them).
  return row && { id: careRequestId, status: row.status as CareRequestStatusCode };
}

/**
 * `PUT /care-requests/{careRequestId}/documents/{documentId}`: attaches a file to the caller's sent
 * request while the provider has not decided it (else 409), with a `document-added` event the
 * provider sees in the history — in one transaction on the locked request.
 */
export async function putCareRequestDocument(
  { db, store }: DocumentContext,
  userId: string,
  careRequestId: string,
  upload: DocumentUpload,
): Promise<DocumentFile> {
  const contentType = await sniffDocumentType(upload.content);
  const fileName = cleanFileName(upload.name, contentType);
  try {
    return await db.transaction(async (tx) => {
      const request = await lockOwnCareRequest(tx, userId, careRequestId);
      if (!request) throw new NotFoundError();
      const existing = await readDocumentRow(tx, upload.documentId);
      if (!existing && !canChangeCareRequestStatus(request.status, 'withdrawn')) {
        throw new ConflictError('The request is closed; documents can no longer be added to it.');
      }
      const { document, created } = await storeDocument(
        tx,
        store,
        { column: 'careRequestId', id: request.id },
        userId,
        { ...upload, fileName, contentType },
      );
      if (created) {
        await tx.insert(careRequestEvents).values({
          careRequestId: request.id,
          createdByUserId: userId,
          kind: 'document-added',
          payload: { documentId: document.id, fileName: document.fileName },
        });
        await tx.update(careRequests).set({ updatedAt: sql`now()` }).where(eq(careRequests.id, request.id));
      }
      return document;
    });
  } catch (error) {
    rethrowIdTaken(error);
  }
}

/**
 * `DELETE /request-drafts/{draftId}/documents/{documentId}`: removes a file from the caller's request
 * being prepared (nothing was sent yet: no history). A sent draft is gone, and so is its document
 * here: 404, as for another user's.
 */
export async function deleteDraftDocument(
  { db, store }: DocumentContext,
  userId: string,
  draftId: string,
  documentId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    // Shared: deletions run side by side, but not beside a send moving the documents.
    const draft = await findOwnDraft(tx, userId, draftId, { lock: 'share' });
    if (!draft) throw new NotFoundError();
    const [removed] = await tx
      .select({ storageKey: documents.storageKey })
      .from(documents)
      .where(sql`${documents.id} = ${documentId} and ${documents.requestDraftId} = ${draft.id}`)
      .for('update');
    if (!removed) throw new NotFoundError();
    await store.delete(tx, removed.storageKey);
    await tx.delete(documents).where(eq(documents.id, documentId));
  });
}

/**
 * `DELETE /care-requests/{careRequestId}/documents/{documentId}`: removes a file from the caller's
 * sent request, at any status (the sender may take back what they shared), never silently: a
 * `document-removed` event with the file's name stays in the history the provider sees.
 */
export async function deleteCareRequestDocument(
  { db, store }: DocumentContext,
  userId: string,
  careRequestId: string,
  documentId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const request = await lockOwnCareRequest(tx, userId, careRequestId);
    if (!request) throw new NotFoundError();
    const [removed] = await tx
      .select({ storageKey: documents.storageKey, fileName: documents.fileName })
      .from(documents)
      .where(sql`${documents.id} = ${documentId} and ${documents.careRequestId} = ${request.id}`);
    if (!removed) throw new NotFoundError();
    await store.delete(tx, removed.storageKey);
    await tx.delete(documents).where(eq(documents.id, documentId));
    await tx.insert(careRequestEvents).values({
      careRequestId: request.id,
      createdByUserId: userId,
      kind: 'document-removed',
      payload: { documentId, fileName: removed.fileName },
    });
    await tx.update(careRequests).set({ updatedAt: sql`now()` }).where(eq(careRequests.id, request.id));
  });
}

async function findDocument(db: DbExecutor, condition: SQL | undefined): Promise<FoundDocument | undefined> {
  const [row] = await db
    .select({
      id: documents.id,
      fileName: documents.fileName,
      contentType: documents.contentType,
      storageKey: documents.storageKey,
    })
    .from(documents)
    .where(condition);
  return row;
}

/** A document of the caller's request being prepared, or undefined (another user's, none). */
export function findOwnDraftDocument(db: DbExecutor, userId: string, draftId: string, documentId: string) {
  return findDocument(
    db,
    and(
      eq(documents.id, documentId),
      eq(documents.requestDraftId, draftId),
      exists(
        db
          .select({ id: requestDrafts.id })
          .from(requestDrafts)
          .innerJoin(cases, eq(cases.id, requestDrafts.caseId))
          .where(and(eq(requestDrafts.id, documents.requestDraftId), eq(cases.ownerUserId, userId))),
      ),
    ),
  );
}

/** A document of the caller's sent request, or undefined (another user's, none). */
export function findOwnCareRequestDocument(
  db: DbExecutor,
  userId: string,
  careRequestId: string,
  documentId: string,
) {
  return findDocument(
    db,
    and(
      eq(documents.id, documentId),
      eq(documents.careRequestId, careRequestId),
      exists(
        db
          .select({ id: careRequests.id })
          .from(careRequests)
          .innerJoin(cases, eq(cases.id, careRequests.caseId))
          .where(and(eq(careRequests.id, documents.careRequestId), eq(cases.ownerUserId, userId))),
      ),
    ),
  );
}

/**
 * A document of a request in the caller's scope of a provider (`resolveProviderScope`: the provider
 * the request went to, and for a worker their facilities and their own assignments), or undefined:
 * the provider's side of "visible only to the owner and the provider the request went to". The
 * provider inbox's download uses it; a request of another provider, or outside a worker's scope,
 * answers undefined.
 */
export function findProviderCareRequestDocument(
  db: DbExecutor,
  scope: ProviderScope,
  careRequestId: string,
  documentId: string,
) {
  // `careRequestInScope` names the request `cr`.
  const cr = alias(careRequests, 'cr');
  return findDocument(
    db,
    and(
      eq(documents.id, documentId),
      eq(documents.careRequestId, careRequestId),
      exists(
        db
          .select({ id: cr.id })
          .from(cr)
          .where(and(eq(cr.id, documents.careRequestId), careRequestInScope(scope))),
      ),
    ),
  );
}

/** The bytes of a found document, or 404 when it was deleted meanwhile or nobody may see it. */
export async function withContent(
  { db, store }: DocumentContext,
  found: FoundDocument | undefined,
): Promise<DocumentDownload> {
  if (!found) throw new NotFoundError();
  const content = await store.get(db, found.storageKey);
  if (!content) throw new NotFoundError();
  return { ...found, content };
}
