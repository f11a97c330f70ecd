import type { ProviderVerification } from '@opora/contracts';
import { type Db, setProviderVerification } from '@opora/db';
import { NotFoundError } from '../platform/errors.ts';

/** Staff verify a provider or withdraw its verification (docs/decisions/0096); its services follow. */
export async function verifyProvider(
  db: Db,
  providerId: string,
  verified: boolean,
): Promise<ProviderVerification> {
  const row = await setProviderVerification(db, { id: providerId }, verified);
  if (!row) throw new NotFoundError();
  return {
    providerId: row.providerId,
    name: row.name,
    identificationCode: row.identificationCode,
    verified: row.verified,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
  };
}
