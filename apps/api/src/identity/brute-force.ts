import { type DbExecutor, identityLoginFailures } from '@opora/db';
import { eq, sql } from 'drizzle-orm';
import type { BruteForceSettings } from './realm.ts';

// Keycloak's temporary lockout (DefaultBruteForceProtector, strategy MULTIPLE): every
// `failureFactor` failures lock the account for another `waitIncrementSeconds` (capped); two failures
// less than `quickLoginCheckMilliSeconds` apart lock it for `minimumQuickLoginWaitSeconds`; failures
// while locked are not counted; a success clears the record. A lockout is never revealed: the token
// endpoint answers exactly as for a wrong password.

export async function isTemporarilyLocked(db: DbExecutor, userId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ lockedUntil: identityLoginFailures.lockedUntil })
    .from(identityLoginFailures)
    .where(eq(identityLoginFailures.userId, userId));
  return row?.lockedUntil != null && row.lockedUntil.getTime() > now.getTime();
}

/** Seconds of lockout after a failure, or 0. */
export function lockoutSeconds(
  numFailures: number,
  millisSincePreviousFailure: number | undefined,
  settings: BruteForceSettings,
): number {
  let wait = settings.waitIncrementSeconds * Math.floor(numFailures / settings.failureFactor);
  if (wait > settings.maxFailureWaitSeconds) wait = settings.maxFailureWaitSeconds;
  if (
    wait === 0 &&
    settings.quickLoginCheckMilliSeconds > 0 &&
    millisSincePreviousFailure !== undefined &&
    millisSincePreviousFailure > 0 &&
    millisSincePreviousFailure < settings.quickLoginCheckMilliSeconds
  ) {
    wait = settings.minimumQuickLoginWaitSeconds;
  }
  return wait;
}

export async function recordLoginFailure(
  db: DbExecutor,
  userId: string,
  now: Date,
  settings: BruteForceSettings,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(identityLoginFailures).values({ userId, numFailures: 0 }).onConflictDoNothing();
    // The row lock serialises concurrent failures of one user, so none is lost.
    const [row] = await tx
      .select()
      .from(identityLoginFailures)
      .where(eq(identityLoginFailures.userId, userId))
      .for('update');
    if (!row) return;
    // A failure that arrives while locked (a request that raced the lock) does not count.
    if (row.lockedUntil && row.lockedUntil.getTime() > now.getTime()) return;
    const sincePrevious = row.lastFailureAt ? now.getTime() - row.lastFailureAt.getTime() : undefined;
    const previousFailures =
      sincePrevious !== undefined && sincePrevious > settings.maxDeltaTimeSeconds * 1000
        ? 0
        : row.numFailures;
    const numFailures = previousFailures + 1;
    const wait = lockoutSeconds(numFailures, sincePrevious, settings);
    await tx
      .update(identityLoginFailures)
      .set({
        numFailures,
        lastFailureAt: now,
        lockedUntil: wait > 0 ? new Date(now.getTime() + wait * 1000) : row.lockedUntil,
      })
      .where(eq(identityLoginFailures.userId, userId));
  });
}

/** A user id no account has (the nil UUID): the unknown-user failure below finds no row with it. */
const noUserId = '00000000-0000-0000-0000-000000000000';

/**
 * What a failure of an unknown (or locked) user costs: `recordLoginFailure`'s transaction, with its
 * round trips and its commit flushed to disk (a transaction id is taken), but changing nothing. The
 * token endpoint's time then does not tell an existing account's wrong password from an unknown name.
 */
export async function recordUncountedLoginFailure(db: DbExecutor, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    // Takes a transaction id, no table: raw SQL with nothing of the schema to check.
    await tx.execute(sql`select pg_current_xact_id()`);
    await tx
      .select()
      .from(identityLoginFailures)
      .where(eq(identityLoginFailures.userId, noUserId))
      .for('update');
    await tx
      .update(identityLoginFailures)
      .set({ lastFailureAt: now })
      .where(eq(identityLoginFailures.userId, noUserId));
  });
}

/** After a successful login, and the admin API's `DELETE attack-detection/brute-force/users/{id}`. */
export async function clearLoginFailures(db: DbExecutor, userId: string): Promise<void> {
  await db.delete(identityLoginFailures).where(eq(identityLoginFailures.userId, userId));
}
