import type { Checkout, CheckoutCreate } from '@opora/contracts';
import { createErrorDetail } from '@opora/contracts';
import type { Db, DbExecutor } from '@opora/db';
import { sql } from 'drizzle-orm';
import { findOwnCase } from '../cases/own-case.ts';
import type { PaymentGateway, TestGatewayOutcomeMemo } from '../payments/gateway.ts';
import { ConflictError, FieldValidationError, NotFoundError } from '../platform/errors.ts';
import type { Mailer } from '../platform/mail.ts';
import { type CheckoutRow, queueSubscriptionNotice, returnUrlOf, toCheckout } from './subscription-views.ts';

export interface CheckoutContext {
  db: Db;
  gateway: PaymentGateway;
  mailer: Pick<Mailer, 'queue'>;
  publicUrl: string;
}

const checkoutColumns = sql`c.id, c.user_id, c.subscription_type_id, c.status, c.currency, c.amount_minor,
  c.vat_rate_percent, c.gateway_reference, c.case_id, c.return_path`;

function redirectOf(row: CheckoutRow): string {
  if (row.status === 'open' && row.gateway_reference !== null) {
    return `/api/v1/test-gateway/checkouts/${row.gateway_reference}`;
  }
  return returnUrlOf(row);
}

/**
 * Starts a subscription from a paid checkout (or a free one), in the caller's transaction on the
 * locked checkout: a month from now (Prague calendar), at the checkout's price. Should the user have a
 * live subscription already (bought meanwhile in another tab), the paid month is added to it and it
 * takes the new plan — a charge is never lost. Queues the "started" e-mail.
 */
async function startSubscription(
  context: Pick<CheckoutContext, 'mailer' | 'publicUrl'>,
  tx: DbExecutor,
  checkout: CheckoutRow,
  gatewayReference: string | null,
  gateway: string,
): Promise<string> {
  const { rows: live } = await tx.execute<{ id: string }>(sql`
    update subscriptions s set
      subscription_type_id = ${checkout.subscription_type_id}, currency = ${checkout.currency},
      amount_minor = ${checkout.amount_minor}, vat_rate_percent = ${checkout.vat_rate_percent},
      gateway = ${gateway}, gateway_reference = coalesce(${gatewayReference}, s.gateway_reference),
      current_period_end = (greatest(s.current_period_end, now()) at time zone 'Europe/Prague' + interval '1 month') at time zone 'Europe/Prague',
      status = 'active', auto_renew = true, cancelled_at = null, past_due_since = null, updated_at = now()
    where s.user_id = ${checkout.user_id} and s.status in ('active', 'past-due')
    returning s.id
  `);
  let subscriptionId = live[0]?.id;
  if (!subscriptionId) {
    const { rows } = await tx.execute<{ id: string }>(sql`
      insert into subscriptions (user_id, subscription_type_id, currency, amount_minor, vat_rate_percent,
        gateway, gateway_reference, current_period_end)
      values (${checkout.user_id}, ${checkout.subscription_type_id}, ${checkout.currency}, ${checkout.amount_minor},
        ${checkout.vat_rate_percent}, ${gateway}, ${gatewayReference},
        (now() at time zone 'Europe/Prague' + interval '1 month') at time zone 'Europe/Prague')
      returning id
    `);
    subscriptionId = rows[0]?.id;
  }
  if (!subscriptionId) throw new Error('No subscription was started');
  const { rows: ends } = await tx.execute<{ current_period_end: Date }>(
    sql`select current_period_end from subscriptions where id = ${subscriptionId}`,
  );
  await queueSubscriptionNotice(
    context.mailer,
    tx,
    context.publicUrl,
    subscriptionId,
    'started',
    new Date(ends[0]?.current_period_end ?? Date.now()),
  );
  return subscriptionId;
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
  const { rows: prices } = await db.execute<{ amount_minor: number; vat_rate_percent: number }>(sql`
    select p.amount_minor, p.vat_rate_percent
    from subscription_types t join subscription_type_prices p on p.subscription_type_id = t.id
    where t.id = ${input.subscriptionTypeId} and t.is_active and p.currency = ${input.currency}
  `);
  const price = prices[0];
  if (!price) throw new FieldValidationError([createErrorDetail('subscriptionTypeId', 'invalidOption')]);

  const row = await db.transaction(async (tx) => {
    const { rows: live } = await tx.execute<{ id: string }>(sql`
      select id from subscriptions where user_id = ${userId} and status in ('active', 'past-due')
        and current_period_end > now()
    `);
    if (live.length > 0) throw new ConflictError('You have an active subscription already.');
    // The open checkout of the same choice is answered again; one of another choice is replaced.
    const { rows: open } = await tx.execute<CheckoutRow>(sql`
      select ${checkoutColumns} from checkouts c where c.user_id = ${userId} and c.status = 'open' for update
    `);
    const current = open[0];
    if (
      current &&
      current.subscription_type_id === input.subscriptionTypeId &&
      current.currency === input.currency &&
      current.return_path === input.returnPath &&
      current.case_id === (input.caseId ?? null)
    ) {
      return current;
    }
    if (current) {
      await tx.execute(sql`
        update checkouts set status = 'cancelled', completed_at = now() where id = ${current.id} and status = 'open'
      `);
    }
    const free = price.amount_minor === 0;
    const session = free ? null : context.gateway.createCheckout({ id: 'new' });
    const { rows: inserted } = await tx.execute<CheckoutRow>(sql`
      insert into checkouts as c (user_id, subscription_type_id, currency, amount_minor, vat_rate_percent, gateway,
        gateway_reference, case_id, return_path)
      values (${userId}, ${input.subscriptionTypeId}, ${input.currency}, ${price.amount_minor},
        ${price.vat_rate_percent}, ${free ? 'free' : context.gateway.name}, ${session?.reference ?? null},
        ${input.caseId ?? null}, ${input.returnPath})
      on conflict (user_id) where status = 'open' do nothing
      returning ${checkoutColumns}
    `);
    const created = inserted[0];
    if (!created) {
      // A simultaneous call opened one first: that one is the answer.
      const { rows: winner } = await tx.execute<CheckoutRow>(sql`
        select ${checkoutColumns} from checkouts c where c.user_id = ${userId} and c.status = 'open'
      `);
      if (!winner[0]) throw new ConflictError('The payment is being prepared; try again.');
      return winner[0];
    }
    if (!free) return created;
    const subscriptionId = await startSubscription(context, tx, created, null, 'free');
    await tx.execute(sql`
      update checkouts set status = 'paid', completed_at = now(), subscription_id = ${subscriptionId}
      where id = ${created.id}
    `);
    return { ...created, status: 'paid' as const };
  });
  return toCheckout(row, redirectOf(row));
}

/** `GET /checkouts/{id}`: the caller's checkout, or 404 (another user's answers as a missing one). */
export async function getCheckout(db: Db, userId: string, checkoutId: string): Promise<Checkout> {
  const { rows } = await db.execute<CheckoutRow>(sql`
    select ${checkoutColumns} from checkouts c where c.id = ${checkoutId} and c.user_id = ${userId}
  `);
  const row = rows[0];
  if (!row) throw new NotFoundError();
  return toCheckout(row, redirectOf(row));
}

/** The open checkout behind a test-gateway reference (the payment page), or null. */
export async function findCheckoutByReference(
  db: DbExecutor,
  reference: string,
): Promise<CheckoutRow | null> {
  const { rows } = await db.execute<CheckoutRow>(sql`
    select ${checkoutColumns} from checkouts c where c.gateway_reference = ${reference}
  `);
  return rows[0] ?? null;
}

/**
 * A checkout's outcome as the gateway reported it, applied once: the first outcome of an open checkout
 * wins; a repeated event, or one arriving after another outcome, changes nothing — except that a
 * payment reported after the checkout failed (a declined card, then another that paid), was given up
 * or expired is honoured, since the person was charged. `paid` starts the subscription and records the payment (its charge id is unique).
 */
export async function applyCheckoutOutcome(
  context: Pick<CheckoutContext, 'db' | 'mailer' | 'publicUrl' | 'gateway'>,
  reference: string,
  outcome:
    | { status: 'paid'; chargeId: string; memo: TestGatewayOutcomeMemo }
    | { status: 'failed' | 'cancelled' },
): Promise<void> {
  await context.db.transaction(async (tx) => {
    const { rows } = await tx.execute<CheckoutRow>(sql`
      select ${checkoutColumns} from checkouts c where c.gateway_reference = ${reference} for update
    `);
    const checkout = rows[0];
    if (!checkout) return;
    if (outcome.status !== 'paid') {
      await tx.execute(sql`
        update checkouts set status = ${outcome.status}, completed_at = now()
        where id = ${checkout.id} and status = 'open'
      `);
      return;
    }
    if (checkout.status === 'paid') return;
    const subscriptionId = await startSubscription(
      context,
      tx,
      checkout,
      context.gateway.subscriptionReference(outcome.memo),
      context.gateway.name,
    );
    await tx.execute(sql`
      update checkouts set status = 'paid', completed_at = now(), subscription_id = ${subscriptionId}
      where id = ${checkout.id}
    `);
    await tx.execute(sql`
      insert into payments (subscription_id, checkout_id, kind, currency, amount_minor, vat_rate_percent, status,
        paid_at, period_end, provider_reference)
      select ${subscriptionId}, ${checkout.id}, 'initial', ${checkout.currency}, ${checkout.amount_minor},
        ${checkout.vat_rate_percent}, 'paid', now(), s.current_period_end, ${outcome.chargeId}
      from subscriptions s where s.id = ${subscriptionId}
      on conflict do nothing
    `);
  });
}
