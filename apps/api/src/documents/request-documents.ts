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
  type Db,
  type DbExecutor,
  documents,
  postgresErrorCodes,
  postgresErrorOf,
} from '@opora/db';
import { eq, type SQL, sql } from 'drizzle-orm';
import { AppError, ConflictError, NotFoundError } from '../platform/errors.ts';
import { careRequestInScope, type ProviderScope } from '../platform/provider-scope.ts';
import { isoInstant } from '../platform/sql-time.ts';
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

type DocumentRow = {
  id: string;
  file_name: string;
  content_type: string;
  size_bytes: string | number;
  created_at: string;
  request_draft_id: string | null;
  care_request_id: string | null;
};

async function readDocumentRow(db: DbExecutor, documentId: string): Promise<DocumentRow | undefined> {
  const { rows } = await db.execute<DocumentRow>(sql`
    select id, file_name, content_type, size_bytes, ${isoInstant(sql`created_at`)} as created_at,
      request_draft_id, care_request_id
    from documents where id = ${documentId}
  `);
  return rows[0];
}

function toDocumentFile(row: DocumentRow): DocumentFile {
  return {
    id: row.id,
    fileName: row.file_name,
    contentType: row.content_type,
    size: Number(row.size_bytes),
    createdDate: row.created_at,
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
  owner: { column: 'request_draft_id' | 'care_request_id'; id: string },
  userId: string,
  upload: DocumentUpload & { fileName: string; contentType: DocumentContentType },
): Promise<{ document: DocumentFile; created: boolean }> {
  const existing = await readDocumentRow(tx, upload.documentId);
  if (existing) {
    if (existing[owner.column] !== owner.id) throw idTaken();
    return { document: toDocumentFile(existing), created: false };
  }
  const { rows } = await tx.execute<{ count: number }>(sql`
    select count(*)::int as count from documents where ${sql.identifier(owner.column)} = ${owner.id}
  `);
  if ((rows[0]?.count ?? 0) >= maxDocumentsPerRequest) throw limitReached();
  const storageKey = randomUUID();
  await tx.insert(documents).values({
    id: upload.documentId,
    ...(owner.column === 'request_draft_id' ? { requestDraftId: owner.id } : { careRequestId: owner.id }),
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
        { column: 'request_draft_id', id: draft.id },
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
  const { rows: locked } = await tx.execute<{ id: string }>(sql`
    select cr.id from care_requests cr join cases k on k.id = cr.case_id
    where cr.id = ${careRequestId} and k.owner_user_id = ${userId}
    for update of cr
  `);
  if (locked.length === 0) return undefined;
  const { rows } = await tx.execute<{ status: CareRequestStatusCode }>(sql`
    select rs.code as status from care_requests cr join request_statuses rs on rs.id = cr.status_id
    where cr.id = ${careRequestId}
  `);
  const status = rows[0]?.status;
  return status && { id: careRequestId, status };
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
        { column: 'care_request_id', id: request.id },
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

async function findDocument(db: DbExecutor, condition: SQL): Promise<FoundDocument | undefined> {
  const { rows } = await db.execute<{
    id: string;
    file_name: string;
    content_type: DocumentContentType;
    storage_key: string;
  }>(sql`select d.id, d.file_name, d.content_type, d.storage_key from documents d where ${condition}`);
  const row = rows[0];
  return (
    row && { id: row.id, fileName: row.file_name, contentType: row.content_type, storageKey: row.storage_key }
  );
}

/** A document of the caller's request being prepared, or undefined (another user's, none). */
export function findOwnDraftDocument(db: DbExecutor, userId: string, draftId: string, documentId: string) {
  return findDocument(
    db,
    sql`d.id = ${documentId} and d.request_draft_id = ${draftId} and exists (
      select 1 from request_drafts r join cases k on k.id = r.case_id
      where r.id = d.request_draft_id and k.owner_user_id = ${userId})`,
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
    sql`d.id = ${documentId} and d.care_request_id = ${careRequestId} and exists (
      select 1 from care_requests cr join cases k on k.id = cr.case_id
      where cr.id = d.care_request_id and k.owner_user_id = ${userId})`,
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
  return findDocument(
    db,
    sql`d.id = ${documentId} and d.care_request_id = ${careRequestId} and exists (
      select 1 from care_requests cr
      where cr.id = d.care_request_id and ${careRequestInScope(scope)})`,
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
