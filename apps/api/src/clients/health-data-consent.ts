import { healthDataConsentVersion } from '@opora/contracts';
import { consents, type DbExecutor } from '@opora/db';
import { and, eq, isNull, or } from 'drizzle-orm';

/**
 * Whether a standing health-data consent covers the client as they are to be: given on their behalf,
 * or — when the caller is the client — by the caller for themselves (the rule `readClient` shows).
 */
export async function hasHealthDataConsent(
  db: DbExecutor,
  userId: string,
  clientId: string,
  isSelf: boolean,
): Promise<boolean> {
  const found = await db
    .select({ id: consents.id })
    .from(consents)
    .where(
      and(
        eq(consents.kind, 'health-data'),
        isNull(consents.withdrawnAt),
        or(
          eq(consents.onBehalfOfClientId, clientId),
          isSelf ? and(isNull(consents.onBehalfOfClientId), eq(consents.userId, userId)) : undefined,
        ),
      ),
    )
    .limit(1);
  return found.length > 0;
}

/** Records the caller's consent to process the client's health data: for themselves, or on the client's behalf. */
export async function recordHealthDataConsent(
  db: DbExecutor,
  userId: string,
  clientId: string,
  isSelf: boolean,
): Promise<void> {
  await db.insert(consents).values({
    userId,
    onBehalfOfClientId: isSelf ? null : clientId,
    kind: 'health-data',
    version: healthDataConsentVersion,
  });
}
