import type { ProviderVerificationDetails, ProviderVerificationKind } from '@opora/contracts';
import { type DbExecutor, providers, providerVerifications } from '@opora/db';
import { and, eq } from 'drizzle-orm';
import { readProviderRecord } from '../provider-profile/provider-records.ts';

/** The provider's details as staff compare them, or undefined when it is gone. */
export async function readVerificationDetails(
  db: DbExecutor,
  providerId: string,
): Promise<ProviderVerificationDetails | undefined> {
  const record = await readProviderRecord(db, providerId);
  if (!record) return undefined;
  const [row] = await db
    .select({ country: providers.country })
    .from(providers)
    .where(eq(providers.id, providerId));
  if (!row) return undefined;
  return {
    name: record.name,
    address: record.address,
    billingAddress: record.billingAddress,
    identificationCode: record.identificationCode,
    taxCode: record.taxCode,
    requestsEmail: record.requestsEmail,
    contactPhone: record.contactPhone,
    contactEmail: record.contactEmail,
    url: record.url,
    description: record.description,
    country: row.country,
  };
}

/** The `providers` columns that put `details` back (a rejected claim restores the listing's). */
export function providerColumnsOf(details: ProviderVerificationDetails) {
  return {
    name: details.name,
    street: details.address.street,
    city: details.address.city,
    zipcode: details.address.zipcode,
    countyCode: details.address.county?.code ?? null,
    billingName: details.billingAddress.name,
    billingStreet: details.billingAddress.street,
    billingCity: details.billingAddress.city,
    billingZipcode: details.billingAddress.zipcode,
    identificationCode: details.identificationCode,
    taxCode: details.taxCode,
    requestsEmail: details.requestsEmail,
    contactPhone: details.contactPhone,
    contactEmail: details.contactEmail,
    url: details.url,
    description: details.description,
  };
}

/**
 * Puts the provider in the staff's queue (decision 0121): a new organisation, or a claim with the
 * listing as it was before it (`previous`). A claim replaces a check still open (the organisation
 * behind the listing changed; a check of the old one means nothing now).
 */
export async function openProviderVerification(
  tx: DbExecutor,
  providerId: string,
  kind: Exclude<ProviderVerificationKind, 'reverification'>,
  previous?: { details: ProviderVerificationDetails; verifiedAt: Date | null },
): Promise<void> {
  await tx
    .delete(providerVerifications)
    .where(and(eq(providerVerifications.providerId, providerId), eq(providerVerifications.status, 'open')));
  await tx.insert(providerVerifications).values({
    providerId,
    kind,
    previousDetails: previous?.details ?? null,
    previousVerifiedAt: previous?.verifiedAt ?? null,
  });
}

/**
 * A provider staff rejected saves its details: it is queued again as a new organisation, unless it is
 * verified or has a check open already (decision 0121). Runs in the save's transaction.
 */
export async function requeueAfterRejection(tx: DbExecutor, providerId: string): Promise<void> {
  const [provider] = await tx
    .select({ verified: providers.verified })
    .from(providers)
    .where(eq(providers.id, providerId));
  if (!provider || provider.verified) return;
  const [rejected] = await tx
    .select({ id: providerVerifications.id })
    .from(providerVerifications)
    .where(
      and(eq(providerVerifications.providerId, providerId), eq(providerVerifications.status, 'rejected')),
    )
    .limit(1);
  if (!rejected) return;
  // A check open already keeps the provider's place in the queue (the one-open index).
  await tx.insert(providerVerifications).values({ providerId, kind: 'new' }).onConflictDoNothing();
}
