import type { Checkout, CheckoutCreate } from '@opora/contracts';
import { createErrorDetail, providerPlanCode } from '@opora/contracts';
import {
  checkouts,
  type Db,
  type DbExecutor,
  payments,
  providerPlans,
  subscriptions,
  subscriptionTypePrices,
  subscriptionTypes,
  users,
} from '@opora/db';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { findOwnCase } from '../cases/own-case.ts';
import type { GatewayName } from '../payments/gateway.ts';
import type { PaymentGateways } from '../payments/gateways.ts';
import { queueStopRenewals } from '../payments/gateways.ts';
import {
  ConflictError,
  FieldValidationError,
  NotFoundError,
  ServiceUnavailableError,
} from '../platform/errors.ts';
import type { Jobs } from '../platform/jobs.ts';
import type { Mailer } from '../platform/mail.ts';
import { emailText } from '../platform/mail-render.ts';
import { isLive, nextPeriodEnd } from './active-subscription.ts';
import { endGrantedFreePlan } from './free-plans.ts';
import {
  type CheckoutRow,
  checkoutColumns,
  queueSubscriptionNotice,
  returnUrlOf,
  toCheckout,
} from './subscription-views.ts';

export interface CheckoutContext {
  db: Db;
  gateways: PaymentGateways;
  jobs: Pick<Jobs, 'send'>;
  mailer: Pick<Mailer, 'queue'>;
  publicUrl: string;
}

export function redirectOf(row: CheckoutRow): string {
  if (row.status === 'open' && row.redirectUrl !== null) return row.redirectUrl;
  return returnUrlOf(row);
}

/**
 * Starts a subscription from a paid checkout (or a free one), in the caller's transaction on the
 * locked checkout: a month from now (Prague calendar), at the checkout's price. Should the subscriber
 * have a live subscription already (bought meanwhile in another tab), the paid month is added to it
 * and it takes the new plan — a charge is never lost. A provider's checkout starts the provider's
 * subscription, its first month after its free months when they still run. Queues the "started"
 * e-mail (a user's; the provider plan tells its administrators itself).
 */
async function startSubscription(
  context: Pick<CheckoutContext, 'mailer' | 'publicUrl' | 'jobs'>,
  tx: DbExecutor,
  checkout: CheckoutRow,
  gatewayReference: string | null,
  gateway: string,
): Promise<string> {
  const subscriber =
    checkout.providerId === null
      ? eq(subscriptions.userId, checkout.userId)
      : eq(subscriptions.providerId, checkout.providerId);
  // A live one bought at the gateway under another reference renews there on its own: stopped, or
  // the subscriber would pay twice a month.
  const replaced = await tx
    .select({ gateway: subscriptions.gateway, gatewayReference: subscriptions.gatewayReference })
    .from(subscriptions)
    .where(
      and(subscriber, isLive, sql`${subscriptions.gatewayReference} is distinct from ${gatewayReference}`),
    )
    .for('update');
  for (const old of replaced) {
    await queueStopRenewals(context.jobs, tx, old, 'now');
  }
  if (checkout.providerId === null) await endGrantedFreePlan(tx, checkout.userId);
  const price = {
    subscriptionTypeId: checkout.subscriptionTypeId,
    currency: checkout.currency,
    amountMinor: checkout.amountMinor,
    vatRatePercent: checkout.vatRatePercent,
    gateway,
  };
  // A provider paying during its free months pays for the month after them.
  const paidFrom =
    checkout.providerId === null
      ? sql`now()`
      : sql`greatest(now(), (select ${providerPlans.trialEndsAt} from ${providerPlans} where ${providerPlans.providerId} = ${checkout.providerId}))`;
  const started = { id: subscriptions.id, currentPeriodEnd: subscriptions.currentPeriodEnd };
  const [live] = await tx
    .update(subscriptions)
    .set({
      ...price,
      gatewayReference: sql`coalesce(${gatewayReference}, ${subscriptions.gatewayReference})`,
      currentPeriodEnd: nextPeriodEnd(sql`greatest(${subscriptions.currentPeriodEnd}, ${paidFrom})`),
      status: 'active',
      autoRenew: true,
      cancelledAt: null,
      pastDueSince: null,
      updatedAt: sql`now()`,
    })
    .where(and(subscriber, isLive))
    .returning(started);
  const [subscription] = live
    ? [live]
    : await tx
        .insert(subscriptions)
        .values({
          ...price,
          ...(checkout.providerId === null
            ? { userId: checkout.userId }
            : { providerId: checkout.providerId }),
          gatewayReference,
          currentPeriodEnd: nextPeriodEnd(paidFrom),
        })
        .returning(started);
  if (!subscription) throw new Error('No subscription was started');
  await queueSubscriptionNotice(
    context.mailer,
    tx,
    context.publicUrl,
    subscription.id,
    'started',
    subscription.currentPeriodEnd,
  );
  return subscription.id;
}
/**
 * `POST /checkouts`: the plan must be offered and priced in the currency; the case, when given, the
 * caller's (404). A caller with a live subscription is told so (409). One open checkout per user: a
 * repeated or simultaneous call answers the open one (the unique index decides), unless it was for
 * another plan, currency or page, which replaces it. A free plan starts at once, with no gateway.
 */
export async function createCheckout(
  context: CheckoutContext,
  userId: string,
  input: CheckoutCreate,
): Promise<Checkout> {
  const { db } = context;
  if (input.caseId !== undefined) await findOwnCase(db, userId, input.caseId);
  const [price] = await db
    .select({
      amountMinor: subscriptionTypePrices.amountMinor,
      vatRatePercent: subscriptionTypePrices.vatRatePercent,
    })
    .from(subscriptionTypes)
    .innerJoin(subscriptionTypePrices, eq(subscriptionTypePrices.subscriptionTypeId, subscriptionTypes.id))
    .where(
      and(
        eq(subscriptionTypes.id, input.subscriptionTypeId),
        eq(subscriptionTypes.isActive, true),
        ne(subscriptionTypes.code, providerPlanCode),
        eq(subscriptionTypePrices.currency, input.currency),
      ),
    );
  if (!price) throw new FieldValidationError([createErrorDetail('subscriptionTypeId', 'invalidOption')]);

  const row = await db.transaction(async (tx) => {
    const live = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), isLive, gt(subscriptions.currentPeriodEnd, sql`now()`)));
    if (live.length > 0) throw new ConflictError('You have an active subscription already.');
    const ownOpen = and(
      eq(checkouts.userId, userId),
      eq(checkouts.status, 'open'),
      isNull(checkouts.providerId),
    );
    // The open checkout of the same choice is answered again; one of another choice is replaced.
    const [current] = await tx.select(checkoutColumns).from(checkouts).where(ownOpen).for('update');
    if (
      current &&
      current.subscriptionTypeId === input.subscriptionTypeId &&
      current.currency === input.currency &&
      current.returnPath === input.returnPath &&
      current.caseId === (input.caseId ?? null)
    ) {
      return current;
    }
    if (current) {
      await tx
        .update(checkouts)
        .set({ status: 'cancelled', completedAt: sql`now()` })
        .where(and(eq(checkouts.id, current.id), eq(checkouts.status, 'open')));
    }
    const free = price.amountMinor === 0;
    // The gateway's session is opened after this commits (`openSession`), never inside it.
    const [created] = await tx
      .insert(checkouts)
      .values({
        userId,
        subscriptionTypeId: input.subscriptionTypeId,
        currency: input.currency,
        amountMinor: price.amountMinor,
        vatRatePercent: price.vatRatePercent,
        gateway: free ? 'free' : context.gateways.current.name,
        caseId: input.caseId ?? null,
        returnPath: input.returnPath,
      })
      .onConflictDoNothing({
        target: checkouts.userId,
        where: sql`${checkouts.status} = 'open' and ${checkouts.providerId} is null`,
      })
      .returning(checkoutColumns);
    if (!created) {
      // A simultaneous call opened one first: that one is the answer.
      const [winner] = await tx.select(checkoutColumns).from(checkouts).where(ownOpen);
      if (!winner) throw new ConflictError('The payment is being prepared; try again.');
      return winner;
    }
    if (!free) return created;
    const subscriptionId = await startSubscription(context, tx, created, null, 'free');
    await markPaid(tx, created.id, subscriptionId);
    return { ...created, status: 'paid' as const };
  });
  const opened = row.status === 'open' && row.redirectUrl === null ? await openSession(context, row) : row;
  return toCheckout(opened, redirectOf(opened));
}

/**
 * Opens the gateway's payment page for an open checkout, outside any transaction, and keeps the first
 * session recorded: a repeated or simultaneous call (a double click, a retry after the gateway timed
 * out) asks the gateway again with the same checkout, which it answers with the same session. The
 * gateway unreachable: 503, the checkout stays open and the next try opens it.
 */
export async function openSession(context: CheckoutContext, row: CheckoutRow): Promise<CheckoutRow> {
  const [person] = await context.db
    .select({ email: users.email, locale: users.locale, code: subscriptionTypes.code })
    .from(users)
    .innerJoin(subscriptionTypes, eq(subscriptionTypes.id, row.subscriptionTypeId))
    .where(eq(users.id, row.userId));
  if (!person) throw new NotFoundError();
  let session: { reference: string; redirectUrl: string };
  try {
    session = await context.gateways.named(row.gateway).createCheckout({
      checkoutId: row.id,
      amountMinor: row.amountMinor,
      currency: row.currency,
      vatRatePercent: row.vatRatePercent,
      planName: emailText(person.locale, `subscriptionPlans.${person.code}`),
      locale: person.locale,
      customerEmail: person.email,
      returnUrl: `${context.publicUrl}${returnUrlOf(row)}`,
    });
  } catch (error) {
    throw new ServiceUnavailableError('The payment gateway could not be reached; try again.', {
      cause: error,
    });
  }
  const [updated] = await context.db
    .update(checkouts)
    .set({
      gatewayReference: sql`coalesce(${checkouts.gatewayReference}, ${session.reference})`,
      redirectUrl: sql`coalesce(${checkouts.redirectUrl}, ${session.redirectUrl})`,
    })
    .where(eq(checkouts.id, row.id))
    .returning(checkoutColumns);
  return updated ?? row;
}

/** `GET /checkouts/{id}`: the caller's checkout, or 404 (another user's answers as a missing one). */
export async function getCheckout(db: Db, userId: string, checkoutId: string): Promise<Checkout> {
  const [row] = await db
    .select(checkoutColumns)
    .from(checkouts)
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.userId, userId)));
  if (!row) throw new NotFoundError();
  return toCheckout(row, redirectOf(row));
}

/** The checkout behind a gateway's session reference, at that gateway, or null. */
export async function findCheckoutByReference(
  db: DbExecutor,
  gateway: GatewayName,
  reference: string,
): Promise<CheckoutRow | null> {
  const [row] = await db.select(checkoutColumns).from(checkouts).where(byReference(gateway, reference));
  return row ?? null;
}

const byReference = (gateway: GatewayName, reference: string) =>
  and(eq(checkouts.gatewayReference, reference), eq(checkouts.gateway, gateway));

/** A checkout paid: it started the subscription. */
async function markPaid(tx: DbExecutor, checkoutId: string, subscriptionId: string): Promise<void> {
  await tx
    .update(checkouts)
    .set({ status: 'paid', completedAt: sql`now()`, subscriptionId })
    .where(eq(checkouts.id, checkoutId));
}

/**
 * A checkout's outcome as the gateway reported it, applied once: the first outcome of an open checkout
 * wins; a repeated event, or one arriving after another outcome, changes nothing — except that a
 * payment reported after the checkout failed (a declined card, then another that paid), was given up
 * or expired is honoured, since the person was charged. `paid` starts the subscription and records the payment (its charge id is unique).
 */
export async function applyCheckoutOutcome(
  context: Pick<CheckoutContext, 'db' | 'mailer' | 'publicUrl' | 'jobs'>,
  gateway: GatewayName,
  reference: string,
  outcome:
    | { status: 'paid'; chargeId: string; subscriptionReference: string }
    | { status: 'failed' | 'cancelled' },
): Promise<void> {
  await context.db.transaction(async (tx) => {
    const [checkout] = await tx
      .select(checkoutColumns)
      .from(checkouts)
      .where(byReference(gateway, reference))
      .for('update');
    if (!checkout) return;
    if (outcome.status !== 'paid') {
      await tx
        .update(checkouts)
        .set({ status: outcome.status, completedAt: sql`now()` })
        .where(and(eq(checkouts.id, checkout.id), eq(checkouts.status, 'open')));
      return;
    }
    if (checkout.status === 'paid') return;
    const subscriptionId = await startSubscription(
      context,
      tx,
      checkout,
      outcome.subscriptionReference,
      checkout.gateway,
    );
    await markPaid(tx, checkout.id, subscriptionId);
    await tx
      .insert(payments)
      .values({
        subscriptionId,
        checkoutId: checkout.id,
        kind: 'initial',
        currency: checkout.currency,
        amountMinor: checkout.amountMinor,
        vatRatePercent: checkout.vatRatePercent,
        status: 'paid',
        paidAt: sql`now()`,
        // The period end exactly as stored (a `Date` would drop its microseconds).
        periodEnd: sql`(select ${subscriptions.currentPeriodEnd} from ${subscriptions} where ${subscriptions.id} = ${subscriptionId})`,
        providerReference: outcome.chargeId,
      })
      .onConflictDoNothing();
  });
}
