import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../client.ts';
import { providerPlans } from '../schema/providers.ts';

/** A provider's free months (SPEC §1: the first 3 months are free). */
export const providerTrialMonths = 3;

/**
 * `now` plus the free months, on Prague's calendar (30 November → 28 or 29 February), as SQL: the end
 * of a trial started at `now`.
 */
export const trialEndOf = (now: Date) =>
  sql`(${now}::timestamptz at time zone 'Europe/Prague' + ${`${providerTrialMonths} months`}::interval) at time zone 'Europe/Prague'`;

/**
 * Puts a provider on its plan: three free months from `now` (its creation, or the claim of its
 * listing), in the caller's transaction. Call it wherever a provider is created or claimed. A provider
 * already on its plan keeps it (a second claim gives no second trial); answers the trial's end.
 */
export async function startProviderTrial(tx: DbExecutor, providerId: string, now: Date): Promise<Date> {
  const [started] = await tx
    .insert(providerPlans)
    .values({ providerId, trialStartedAt: now, trialEndsAt: trialEndOf(now) })
    .onConflictDoNothing({ target: providerPlans.providerId })
    .returning({ trialEndsAt: providerPlans.trialEndsAt });
  if (started) return started.trialEndsAt;
  const [kept] = await tx
    .select({ trialEndsAt: providerPlans.trialEndsAt })
    .from(providerPlans)
    .where(sql`${providerPlans.providerId} = ${providerId}`);
  if (!kept) throw new Error(`No plan for provider ${providerId}`);
  return kept.trialEndsAt;
}
