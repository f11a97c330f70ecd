import { type Db, providers, providerVerifications } from '@opora/db';
import { eq } from 'drizzle-orm';
import type { DocumentStore } from '../documents/document-store.ts';
import type { DocumentDownload } from '../documents/request-documents.ts';
import type { Principal } from '../platform/auth.ts';
import { NotFoundError } from '../platform/errors.ts';
import { findVerificationDocument } from '../provider-documents/provider-documents.ts';
import { recordStaffAction, staffActor } from '../staff-audit/record-staff-action.ts';

/**
 * `GET …/provider-verifications/{id}/documents/{documentId}` (decision 0130): a document the check
 * shows, with its bytes; the download is in the staff audit log, written in the transaction that reads
 * the file. 404 for a document the check does not show.
 */
export async function downloadVerificationDocument(
  { db, store }: { db: Db; store: DocumentStore },
  principal: Principal,
  verificationId: string,
  documentId: string,
): Promise<DocumentDownload> {
  const actor = await staffActor(db, principal);
  return db.transaction(async (tx) => {
    const [verification] = await tx
      .select({
        id: providerVerifications.id,
        providerId: providerVerifications.providerId,
        status: providerVerifications.status,
        providerName: providers.name,
      })
      .from(providerVerifications)
      .innerJoin(providers, eq(providers.id, providerVerifications.providerId))
      .where(eq(providerVerifications.id, verificationId));
    if (!verification) throw new NotFoundError();
    const found = await findVerificationDocument(tx, verification, documentId);
    if (!found) throw new NotFoundError();
    const content = await store.get(tx, found.storageKey);
    if (!content) throw new NotFoundError();
    await recordStaffAction(tx, actor, {
      action: 'provider-document-downloaded',
      recordType: 'provider',
      recordId: verification.providerId,
      recordLabel: verification.providerName,
      details: { verificationId, documentId, fileName: found.fileName },
    });
    return { ...found, content };
  });
}
