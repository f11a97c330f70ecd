import type { Country } from '@opora/contracts';
import { and, eq, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../client.ts';
import { facilityServices } from '../schema/facility-services.ts';
import { providers } from '../schema/providers.ts';

/** A provider as staff name it: its id, or its IČO (with the country when both registers have it). */
export type ProviderReference =
  | { id: string }
  | { identificationCode: string; country?: Country | undefined };

export interface ProviderVerificationRow {
  providerId: string;
  name: string;
  identificationCode: string | null;
  country: Country;
  verified: boolean;
  verifiedAt: Date | null;
}

/** More than one provider has the IČO (one Czech, one Slovak): the country must be named. */
export class AmbiguousProviderError extends Error {
  constructor(identificationCode: string) {
    super(`More than one provider has IČO ${identificationCode}; name the country (CZ or SK).`);
    this.name = 'AmbiguousProviderError';
  }
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a command-line argument names: a provider id (UUID) or an IČO. */
export function parseProviderReference(text: string, country?: Country): ProviderReference {
  const value = text.trim();
  if (uuidPattern.test(value)) return { id: value.toLowerCase() };
  return { identificationCode: value.replace(/\s+/g, ''), country };
}

function whereReference(reference: ProviderReference): SQL | undefined {
  if ('id' in reference) return eq(providers.id, reference.id);
  return and(
    eq(providers.identificationCode, reference.identificationCode),
    reference.country ? eq(providers.country, reference.country) : undefined,
  );
}

export interface VerificationChange {
  /** An approval of a check (decision 0121): the check's date becomes `now`, even for a verified provider. */
  renew?: boolean;
  /** The date to keep instead (a rejected claim restores the listing's earlier check). */
  verifiedAt?: Date;
  /** Withdrawn because the yearly check ran out: `verification_lapsed_at` set to `now`. */
  lapsed?: boolean;
}

/**
 * Staff verify a provider (they checked its registration with the regional authority, DOMAIN.md) or
 * withdraw the verification, in one transaction: the provider's `verified` and `verified_at`, and the
 * same flag on every one of its services, which the catalogue shows and ranks by (docs/decisions/0096).
 * Verifying a verified provider keeps its first date unless `change.renew`; any verification clears
 * a lapse. Null when no provider matches.
 */
export async function setProviderVerification(
  db: DbExecutor,
  reference: ProviderReference,
  verified: boolean,
  now: Date = new Date(),
  change: VerificationChange = {},
): Promise<ProviderVerificationRow | null> {
  return db.transaction(async (tx) => {
    const matches = await tx
      .select({ id: providers.id, verifiedAt: providers.verifiedAt })
      .from(providers)
      .where(whereReference(reference))
      .limit(2)
      .for('update');
    if (matches.length > 1 && 'identificationCode' in reference) {
      throw new AmbiguousProviderError(reference.identificationCode);
    }
    const [match] = matches;
    if (!match) return null;
    const [row] = await tx
      .update(providers)
      .set({
        verified,
        verifiedAt: verified ? (change.verifiedAt ?? (change.renew ? now : (match.verifiedAt ?? now))) : null,
        verificationLapsedAt: !verified && change.lapsed ? now : null,
        updatedAt: now,
      })
      .where(eq(providers.id, match.id))
      .returning({
        providerId: providers.id,
        name: providers.name,
        identificationCode: providers.identificationCode,
        country: providers.country,
        verified: providers.verified,
        verifiedAt: providers.verifiedAt,
      });
    await tx
      .update(facilityServices)
      .set({ verified, updatedAt: now })
      .where(eq(facilityServices.providerId, match.id));
    return row ?? null;
  });
}
