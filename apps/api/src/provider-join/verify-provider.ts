import type { ProviderVerification } from '@opora/contracts';
import { type Db, providerVerifications, setProviderVerification } from '@opora/db';
import { and, eq } from 'drizzle-orm';
import type { Principal } from '../platform/auth.ts';
import { NotFoundError } from '../platform/errors.ts';
import { keepDecidedDocuments } from '../provider-documents/provider-documents.ts';
import { recordStaffAction, staffActor } from '../staff-audit/record-staff-action.ts';

/**
 * Staff verify a provider or withdraw its verification (docs/decisions/0096); its services follow. A
 * verification closes the provider's open check as approved (decision 0121), and the audit log records
 * the change (decision 0122), in the same transaction.
 */
export async function verifyProvider(
  db: Db,
  principal: Principal,
  providerId: string,
  verified: boolean,
  now: Date,
): Promise<ProviderVerification> {
  const actor = await staffActor(db, principal);
  const row = await db.transaction(async (tx) => {
    const changed = await setProviderVerification(tx, { id: providerId }, verified, now);
    if (!changed) return null;
    if (verified) {
      const closed = await tx
        .update(providerVerifications)
        .set({ status: 'approved', decidedAt: now, decidedBy: actor.userId, decidedByName: actor.name })
        .where(
          and(eq(providerVerifications.providerId, providerId), eq(providerVerifications.status, 'open')),
        )
        .returning({ id: providerVerifications.id });
      for (const check of closed) await keepDecidedDocuments(tx, check.id, providerId);
    }
    await recordStaffAction(tx, actor, {
      action: 'provider-verification-set',
      recordType: 'provider',
      recordId: changed.providerId,
      recordLabel: changed.name,
      details: { verified },
    });
    return changed;
  });
  if (!row) throw new NotFoundError();
  return {
    providerId: row.providerId,
    name: row.name,
    identificationCode: row.identificationCode,
    verified: row.verified,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
  };
}
