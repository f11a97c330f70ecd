import type { ProviderDetailsUpdate, ProviderRecord } from '@opora/contracts';
import { type DbExecutor, providers } from '@opora/db';
import { updateAtRevision } from '../platform/optimistic-update.ts';
import type { ProviderScope } from '../platform/provider-scope.ts';
import { requeueAfterRejection } from '../provider-verification/verification-records.ts';
import { readProviderRecord, requireAccess } from './provider-records.ts';

/**
 * The Provider information tab's save (administrators): every field but the IČO, at the revision the
 * administrator edited. Facilities "same as provider" follow the new address in the same statement
 * (trigger of migration 0018), and the catalogue follows them. A provider staff turned down, and
 * that corrects its details, is queued for staff again (decision 0121).
 */
export async function saveProviderProfile(
  db: DbExecutor,
  scope: ProviderScope,
  input: ProviderDetailsUpdate,
): Promise<ProviderRecord> {
  requireAccess(scope, 'editProvider');
  const current = () => readProviderRecord(db, scope.providerId);
  await db.transaction(async (tx) => {
    await updateAtRevision(
      tx,
      providers,
      {
        name: input.name,
        street: input.address.street ?? null,
        city: input.address.city,
        zipcode: input.address.zipcode,
        countyCode: input.address.countyCode,
        billingName: input.billingAddress.name ?? null,
        billingStreet: input.billingAddress.street ?? null,
        billingCity: input.billingAddress.city ?? null,
        billingZipcode: input.billingAddress.zipcode ?? null,
        taxCode: input.taxCode ?? null,
        requestsEmail: input.requestsEmail,
        contactPhone: input.contactPhone ?? null,
        contactEmail: input.contactEmail ?? null,
        url: input.url ?? null,
        description: input.description ?? null,
      },
      { id: scope.providerId, revision: input.revision, current },
    );
    await requeueAfterRejection(tx, scope.providerId);
  });
  const saved = await current();
  if (!saved) throw new Error('The provider vanished after its save.');
  return saved;
}
