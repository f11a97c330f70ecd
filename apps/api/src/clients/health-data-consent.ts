import { healthDataConsentVersion } from '@opora/contracts';
import { consents, type DbExecutor } from '@opora/db';
import { sql } from 'drizzle-orm';

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
  const { rows } = await db.execute<{ found: boolean }>(sql`
    select exists (
      select from consents k
      where k.kind = 'health-data' and k.withdrawn_at is null
        and (k.on_behalf_of_client_id = ${clientId}
             or (${isSelf} and k.on_behalf_of_client_id is null and k.user_id = ${userId}))
    ) as found
  `);
  return rows[0]?.found === true;
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
