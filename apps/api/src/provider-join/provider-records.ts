import { createErrorDetail, type ProviderJoinOrganisation } from '@opora/contracts';
import {
  counties,
  type DbExecutor,
  providers,
  providerUsers,
  setProviderVerification,
  startProviderTrial,
} from '@opora/db';
import { and, eq, sql } from 'drizzle-orm';
import { systemClock } from '../platform/clock.ts';
import { FieldValidationError } from '../platform/errors.ts';
import {
  openProviderVerification,
  readVerificationDetails,
} from '../provider-verification/verification-records.ts';

/** Property of the IČO in the join body: where "already has an administrator" is said. */
export const identificationCodeProperty = 'organisation.identificationCode';

/**
 * SPEC §8 NotUniqueValidator beside the IČO, with a message of its own: an organisation with this IČO
 * (in this country) already has its administrator on Opora, who can invite the applicant instead.
 */
export function identificationCodeTakenError(identificationCode: string): FieldValidationError {
  return new FieldValidationError(
    [
      {
        id: '1',
        code: 'NotUniqueValidator',
        instructions: 'errors:NotUniqueValidator_identificationCode',
        property: identificationCodeProperty,
        parameters: { value: identificationCode },
      },
    ],
    'NotUniqueValidator',
    `Value ${identificationCode} must be unique.`,
  );
}

/** The `providers` columns of the organisation's details; blank ones are null. */
function detailColumns(details: ProviderJoinOrganisation) {
  return {
    name: details.name,
    identificationCode: details.identificationCode,
    taxCode: details.taxCode ?? null,
    country: details.country,
    street: details.address.street ?? null,
    city: details.address.city,
    zipcode: details.address.zipcode,
    countyCode: details.address.countyCode,
    billingName: details.billingAddress.name ?? null,
    billingStreet: details.billingAddress.street ?? null,
    billingCity: details.billingAddress.city ?? null,
    billingZipcode: details.billingAddress.zipcode ?? null,
    requestsEmail: details.requestsEmail,
    contactPhone: details.contactPhone ?? null,
    contactEmail: details.contactEmail ?? null,
    url: details.url ?? null,
    description: details.description ?? null,
  };
}

/** Refuses (400 beside the place picker) a county the address autocomplete could not have offered. */
export async function requireCounty(db: DbExecutor, countyCode: string): Promise<void> {
  const found = await db.$count(counties, eq(counties.code, countyCode));
  if (found === 0) {
    throw new FieldValidationError([createErrorDetail('organisation.address.countyCode', 'invalidOption')]);
  }
}

/** A listing with this IČO in this country, and whether someone administers it already. */
export async function findListing(
  db: DbExecutor,
  details: Pick<ProviderJoinOrganisation, 'country' | 'identificationCode'>,
): Promise<{ id: string; claimed: boolean } | undefined> {
  const [row] = await db
    .select({
      id: providers.id,
      claimed: sql<boolean>`exists (select 1 from ${providerUsers} where ${providerUsers.providerId} = ${providers.id})`,
    })
    .from(providers)
    .where(
      and(
        eq(providers.country, details.country),
        eq(providers.identificationCode, details.identificationCode),
      ),
    )
    .limit(1);
  return row;
}

async function addAdministrator(tx: DbExecutor, providerId: string, userId: string): Promise<void> {
  await tx.insert(providerUsers).values({ providerId, userId, roles: ['providerAdmin'] });
}

/**
 * The moment a new organisation comes into being on Opora: the provider, unverified, with the person
 * who joined as its administrator. One function, so what starts then (e.g. the provider's free
 * months, decision 0097) starts here. Two joins of one IČO at once: the unique index lets one insert win.
 */
export async function createProviderForAdministrator(
  tx: DbExecutor,
  userId: string,
  details: ProviderJoinOrganisation,
): Promise<string> {
  const [provider] = await tx
    .insert(providers)
    .values({ ...detailColumns(details), verified: false, verifiedAt: null })
    .returning({ id: providers.id });
  if (!provider) throw new Error('Insert returned no provider');
  await addAdministrator(tx, provider.id, userId);
  await startProviderTrial(tx, provider.id, systemClock());
  await openProviderVerification(tx, provider.id, 'new');
  return provider.id;
}

/**
 * The moment an organisation takes over its unclaimed listing (docs/decisions/0095): the details it
 * entered replace the listing's, its facilities, services, contacts and logo stay, the person becomes
 * its administrator, and it is unverified (its services too) until staff verify it again. The row
 * lock makes a second claim of the same listing wait and then see the first one's administrator.
 */
export async function claimProvider(
  tx: DbExecutor,
  providerId: string,
  userId: string,
  details: ProviderJoinOrganisation,
): Promise<void> {
  await tx.select({ id: providers.id }).from(providers).where(eq(providers.id, providerId)).for('update');
  const [member] = await tx
    .select({ id: providerUsers.id })
    .from(providerUsers)
    .where(eq(providerUsers.providerId, providerId))
    .limit(1);
  if (member) throw identificationCodeTakenError(details.identificationCode);
  // Staff compare the listing as it was with the claimant's details; a rejected claim restores it.
  const previous = await readVerificationDetails(tx, providerId);
  const [listing] = await tx
    .select({ verifiedAt: providers.verifiedAt })
    .from(providers)
    .where(eq(providers.id, providerId));
  await tx.update(providers).set(detailColumns(details)).where(eq(providers.id, providerId));
  await setProviderVerification(tx, { id: providerId }, false);
  await addAdministrator(tx, providerId, userId);
  // A listing on its plan already (every seeded or backfilled one) keeps it: one trial per provider.
  await startProviderTrial(tx, providerId, systemClock());
  if (previous) {
    await openProviderVerification(tx, providerId, 'claim', {
      details: previous,
      verifiedAt: listing?.verifiedAt ?? null,
    });
  }
}
