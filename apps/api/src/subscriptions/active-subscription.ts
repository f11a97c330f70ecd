import type { SubscriptionVariant } from '@opora/contracts';
import type { DbExecutor } from '@opora/db';
import { sql } from 'drizzle-orm';
import { AppError } from '../platform/errors.ts';

export interface ActiveSubscription {
  id: string;
  variant: SubscriptionVariant;
  currentPeriodEnd: Date;
}

/**
 * How long a renewing subscription keeps giving access after its period ended while the renewal is
 * charged and, when it fails, retried (`past-due`); the sweep then ends it (`expired`).
 */
export const renewalGraceDays = 3;

/**
 * SQL condition (alias `s` for `subscriptions`): the subscription gives access now. Live (`active` or
 * `past-due`) and within its paid period — or, when it renews, within the grace days after it, so
 * neither the minutes before the sweep charges the renewal nor the retries of a failed one lock the
 * user out. A cancelled one (no renewal) ends exactly at its period end.
 */
export const givesAccessCondition = `s.status in ('active', 'past-due') and (s.current_period_end > now()
  or (s.auto_renew and s.current_period_end > now() - interval '${renewalGraceDays} days'))`;

/** The user's subscription that gives access now (`givesAccessCondition`). Null when there is none. */
export async function findActiveSubscription(
  db: DbExecutor,
  userId: string,
): Promise<ActiveSubscription | null> {
  const { rows } = await db.execute<{
    id: string;
    variant: SubscriptionVariant;
    current_period_end: Date;
  }>(sql`
    select s.id, t.variant, s.current_period_end
    from subscriptions s join subscription_types t on t.id = s.subscription_type_id
    where s.user_id = ${userId} and ${sql.raw(givesAccessCondition)}
    order by s.current_period_end desc
    limit 1
  `);
  const row = rows[0];
  return row
    ? { id: row.id, variant: row.variant, currentPeriodEnd: new Date(row.current_period_end) }
    : null;
}

/** SPEC §4: the services pool and sending a request need an active subscription (402 `InsufficientSubscription`). */
export async function requireActiveSubscription(db: DbExecutor, userId: string): Promise<ActiveSubscription> {
  const subscription = await findActiveSubscription(db, userId);
  if (!subscription) {
    throw new AppError(
      'InsufficientSubscription',
      'An active subscription is needed; choose one to continue.',
    );
  }
  return subscription;
}
