import type { SubscriptionVariant } from '@opora/contracts';
import { type DbExecutor, subscriptions, subscriptionTypes } from '@opora/db';
import { and, desc, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
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

/** The subscription is live: `active`, or `past-due` while a renewal is retried (as the partial indexes say). */
export const isLive = sql`${subscriptions.status} in ('active', 'past-due')`;

/** A month after `value`, on Prague's calendar (31 January → 28 or 29 February). */
export const nextPeriodEnd = (value: SQLWrapper) =>
  sql`(${value} at time zone 'Europe/Prague' + interval '1 month') at time zone 'Europe/Prague'`;

/**
 * The subscription gives access now. Live and within its paid period — or, when it renews, within the
 * grace days after it, so neither the minutes before the sweep charges the renewal nor the retries of
 * a failed one lock the user out. A cancelled one (no renewal) ends exactly at its period end.
 */
export const givesAccess: SQL = sql`${isLive} and (${subscriptions.currentPeriodEnd} > now()
  or (${subscriptions.autoRenew} and ${subscriptions.currentPeriodEnd} > now() - interval '${sql.raw(String(renewalGraceDays))} days'))`;

/** `givesAccess` as text, for prepared statements that name `subscriptions` without an alias. */
export const givesAccessCondition = new PgDialect().sqlToQuery(givesAccess).sql;

/** The user's subscription that gives access now (`givesAccess`). Null when there is none. */
export async function findActiveSubscription(
  db: DbExecutor,
  userId: string,
): Promise<ActiveSubscription | null> {
  const [row] = await db
    .select({
      id: subscriptions.id,
      variant: subscriptionTypes.variant,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
    })
    .from(subscriptions)
    .innerJoin(subscriptionTypes, eq(subscriptionTypes.id, subscriptions.subscriptionTypeId))
    .where(and(eq(subscriptions.userId, userId), givesAccess))
    .orderBy(desc(subscriptions.currentPeriodEnd))
    .limit(1);
  return row ?? null;
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
