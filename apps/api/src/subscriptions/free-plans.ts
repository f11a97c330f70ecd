import {
  type CarerSubscriptions,
  type FreePlanGrantInput,
  FreePlanGrantInputSchema,
  type FreePlanRevokeInput,
  FreePlanRevokeInputSchema,
  formatDisplayDate,
  type Locale,
} from '@opora/contracts';
import {
  type Db,
  type DbExecutor,
  freePlanGrants,
  subscriptions,
  subscriptionTypePrices,
  subscriptionTypes,
  users,
} from '@opora/db';
import { and, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../platform/auth.ts';
import { AppError, NotFoundError } from '../platform/errors.ts';
import type { Mailer } from '../platform/mail.ts';
import { recordStaffAction, staffActor } from '../staff-audit/record-staff-action.ts';
import { isLive } from './active-subscription.ts';
import { readCarerSubscriptions } from './carer-subscriptions.ts';

export interface FreePlanContext {
  db: Db;
  mailer: Pick<Mailer, 'queue'>;
  publicUrl: string;
}

/**
 * A free plan given with no last day lasts until revoked: its period ends on the last day PostgreSQL
 * and JavaScript both read as a date, so nothing renews, reminds or ends it.
 */
export const untilRevoked = new Date('9999-12-31T00:00:00.000Z');

/** The live subscription is Opora's free plan, not revoked. */
const grantedLive: SQL = sql`exists (select 1 from ${freePlanGrants} where ${freePlanGrants.subscriptionId} = ${subscriptions.id} and ${freePlanGrants.revokedAt} is null)`;

/** The person, locked: grants and revocations for one person run one at a time. */
async function lockPerson(tx: DbExecutor, userId: string) {
  const [person] = await tx
    .select({ id: users.id, email: users.email, locale: users.locale })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.email), isNull(users.anonymisedAt)))
    .for('update');
  if (!person?.email) throw new NotFoundError();
  return { ...person, email: person.email };
}

/** Ends a live subscription now (revoked, or a free plan the person chose, replaced by Opora's). */
async function endNow(tx: DbExecutor, subscriptionId: string) {
  await tx
    .update(subscriptions)
    .set({
      status: 'cancelled',
      autoRenew: false,
      cancelledAt: sql`now()`,
      endedAt: sql`now()`,
      currentPeriodEnd: sql`greatest(${subscriptions.startedAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(eq(subscriptions.id, subscriptionId));
}

/**
 * `POST /admin/subscriptions/{userId}/free-plan` (decision 0129): starts Opora's free plan for the
 * person, at once, until `endsOn` (its last day, Prague) or until revoked. One live subscription per
 * person: a paid one live answers 409 `SubscriptionPaidPlanLive` (it ends first — cancelled by the
 * person, it ends at its period end, and nothing is charged twice); a free plan from Opora live answers
 * 409 `FreePlanAlreadyGranted`; a free plan the person chose (when one is offered) is replaced. The
 * person is e-mailed and the grant audited, in the grant's transaction; the person's row lock makes
 * simultaneous grants land one at a time.
 */
export async function grantFreePlan(
  context: FreePlanContext,
  principal: Principal,
  userId: string,
  input: FreePlanGrantInput,
): Promise<CarerSubscriptions> {
  const { reason, note, endsOn } = FreePlanGrantInputSchema.parse(input);
  await context.db.transaction(async (tx) => {
    const person = await lockPerson(tx, userId);
    const [live] = await tx
      .select({
        id: subscriptions.id,
        amountMinor: subscriptions.amountMinor,
        granted: sql<boolean>`${grantedLive}`,
      })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), isLive))
      .for('update');
    if (live?.granted) {
      throw new AppError('FreePlanAlreadyGranted', 'The person has a free plan from Opora already.');
    }
    if (live && live.amountMinor > 0) {
      throw new AppError('SubscriptionPaidPlanLive', 'The person pays for a plan: it must end first.');
    }
    if (live) await endNow(tx, live.id);

    const currency = person.locale === 'sk' ? 'EUR' : 'CZK';
    const [plan] = await tx
      .select({ id: subscriptionTypes.id, vatRatePercent: subscriptionTypePrices.vatRatePercent })
      .from(subscriptionTypes)
      .innerJoin(
        subscriptionTypePrices,
        and(
          eq(subscriptionTypePrices.subscriptionTypeId, subscriptionTypes.id),
          eq(subscriptionTypePrices.currency, currency),
        ),
      )
      .where(eq(subscriptionTypes.code, 'free'));
    if (!plan) throw new Error('The free plan is missing from the reference data');

    const periodEnd =
      endsOn === undefined
        ? sql`${untilRevoked.toISOString()}::timestamptz`
        : sql`((${endsOn}::date + 1)::timestamp at time zone 'Europe/Prague')`;
    const [started] = await tx
      .insert(subscriptions)
      .values({
        userId,
        subscriptionTypeId: plan.id,
        currency,
        amountMinor: 0,
        vatRatePercent: plan.vatRatePercent,
        gateway: 'opora',
        currentPeriodEnd: periodEnd,
        autoRenew: false,
      })
      .returning({ id: subscriptions.id });
    if (!started) throw new Error('No subscription was started');
    const actor = await staffActor(tx, principal);
    await tx.insert(freePlanGrants).values({
      subscriptionId: started.id,
      userId,
      reason,
      note: note ?? null,
      endsOn: endsOn ?? null,
      grantedByUserId: actor.userId,
      grantedByName: actor.name,
    });
    await recordStaffAction(tx, actor, {
      action: 'free-plan-granted',
      recordType: 'user',
      recordId: userId,
      recordLabel: person.email,
      reason: note === undefined ? reason : `${reason}: ${note}`,
      details: { subscriptionId: started.id, endsOn: endsOn ?? null },
    });
    await queueFreePlanNotice(context, tx, person, 'granted', endsOn ?? null);
  });
  return readCarerSubscriptions(context.db, userId);
}

/**
 * `POST /admin/subscriptions/{userId}/free-plan/revoke`: ends the person's free plan from Opora at once,
 * with the reason. 404 when they have none live (taken back already, or ended). E-mailed and audited
 * in its transaction.
 */
export async function revokeFreePlan(
  context: FreePlanContext,
  principal: Principal,
  userId: string,
  input: FreePlanRevokeInput,
): Promise<CarerSubscriptions> {
  const { reason } = FreePlanRevokeInputSchema.parse(input);
  await context.db.transaction(async (tx) => {
    const person = await lockPerson(tx, userId);
    const [live] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), isLive, grantedLive))
      .for('update');
    if (!live) throw new NotFoundError('The person has no free plan from Opora.');
    const actor = await staffActor(tx, principal);
    await endNow(tx, live.id);
    await tx
      .update(freePlanGrants)
      .set({
        revokedAt: sql`now()`,
        revokedByUserId: actor.userId,
        revokedByName: actor.name,
        revokeReason: reason,
      })
      .where(eq(freePlanGrants.subscriptionId, live.id));
    await recordStaffAction(tx, actor, {
      action: 'free-plan-revoked',
      recordType: 'user',
      recordId: userId,
      recordLabel: person.email,
      reason,
      details: { subscriptionId: live.id },
    });
    await queueFreePlanNotice(context, tx, person, 'revoked', null);
  });
  return readCarerSubscriptions(context.db, userId);
}

/**
 * A paid plan starting for a person ends their free plan from Opora first (a checkout opened before
 * the grant and paid after it): one live subscription, and the paid month is not added to a free one.
 */
export async function endGrantedFreePlan(tx: DbExecutor, userId: string): Promise<void> {
  const ended = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), isLive, grantedLive))
    .for('update');
  for (const row of ended) await endNow(tx, row.id);
}

async function queueFreePlanNotice(
  context: Pick<FreePlanContext, 'mailer' | 'publicUrl'>,
  tx: DbExecutor,
  person: { email: string; locale: Locale },
  kind: 'granted' | 'revoked',
  endsOn: string | null,
) {
  await context.mailer.queue(tx, {
    to: person.email,
    locale: person.locale,
    template: 'free-plan-notice',
    params: {
      kind,
      link: `${context.publicUrl}/user`,
      endsOn: endsOn === null ? null : formatDisplayDate(endsOn),
    },
  });
}
