import type { Checkout, CheckoutCreate, Locale } from '@opora/contracts';
import { createErrorDetail } from '@opora/contracts';
import type { Db, DbExecutor } from '@opora/db';
import { sql } from 'drizzle-orm';
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
import { type CheckoutRow, queueSubscriptionNotice, returnUrlOf, toCheckout } from './subscription-views.ts';

export interface CheckoutContext {
  db: Db;
  gateways: PaymentGateways;
  jobs: Pick<Jobs, 'send'>;
  mailer: Pick<Mailer, 'queue'>;
  publicUrl: string;
}

const checkoutColumns = sql`c.id, c.user_id, c.subscription_type_id, c.status, c.currency, c.amount_minor,
  c.vat_rate_percent, c.gateway, c.gateway_reference, c.redirect_url, c.case_id, c.return_path`;

function redirectOf(row: CheckoutRow): string {
  if (row.status === 'open' && row.redirect_url !== null) return row.redirect_url;
  return returnUrlOf(row);
}

/**
 * Starts a subscription from a paid checkout (or a free one), in the caller's transaction on the
 * locked checkout: a month from now (Prague calendar), at the checkout's price. Should the user have a
 * live subscription already (bought meanwhile in another tab), the paid month is added to it and it
 * takes the new plan — a charge is never lost. Queues the "started" e-mail.
 */
async function startSubscription(
  context: Pick<CheckoutContext, 'mailer' | 'publicUrl' | 'jobs'>,
  tx: DbExecutor,
  checkout: CheckoutRow,
  gatewayReference: string | null,
  gateway: string,
): Promise<string> {
  // A live one bought at the gateway under another reference renews there on its own: stopped, or
  // the person would pay twice a month.
  const { rows: replaced } = await tx.execute<{ gateway: string; gateway_reference: string | null }>(sql`
    select gateway, gateway_reference from subscriptions
    where user_id = ${checkout.user_id} and status in ('active', 'past-due')
      and gateway_reference is distinct from ${gatewayReference}
    for update
  `);
  for (const old of replaced) {
    await queueStopRenewals(
      context.jobs,
      tx,
      { gateway: old.gateway, gatewayReference: old.gateway_reference },
      'now',
    );
  }
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
    // The gateway's session is opened after this commits (`openSession`), never inside it.
    const { rows: inserted } = await tx.execute<CheckoutRow>(sql`
      insert into checkouts as c (user_id, subscription_type_id, currency, amount_minor, vat_rate_percent, gateway,
        case_id, return_path)
      values (${userId}, ${input.subscriptionTypeId}, ${input.currency}, ${price.amount_minor},
        ${price.vat_rate_percent}, ${free ? 'free' : context.gateways.current.name},
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
  const opened = row.status === 'open' && row.redirect_url === null ? await openSession(context, row) : row;
  return toCheckout(opened, redirectOf(opened));
}

/**
 * Opens the gateway's payment page for an open checkout, outside any transaction, and keeps the first
 * session recorded: a repeated or simultaneous call (a double click, a retry after the gateway timed
 * out) asks the gateway again with the same checkout, which it answers with the same session. The
 * gateway unreachable: 503, the checkout stays open and the next try opens it.
 */
async function openSession(context: CheckoutContext, row: CheckoutRow): Promise<CheckoutRow> {
  const { rows: payer } = await context.db.execute<{
    email: string | null;
    locale: Locale;
    code: string;
  }>(sql`
    select u.email, u.locale, t.code
    from users u, subscription_types t
    where u.id = ${row.user_id} and t.id = ${row.subscription_type_id}
  `);
  const person = payer[0];
  if (!person) throw new NotFoundError();
  let session: { reference: string; redirectUrl: string };
  try {
    session = await context.gateways.named(row.gateway).createCheckout({
      checkoutId: row.id,
      amountMinor: row.amount_minor,
      currency: row.currency,
      vatRatePercent: row.vat_rate_percent,
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
  const { rows } = await context.db.execute<CheckoutRow>(sql`
    update checkouts c set gateway_reference = coalesce(c.gateway_reference, ${session.reference}),
      redirect_url = coalesce(c.redirect_url, ${session.redirectUrl})
    where c.id = ${row.id}
    returning ${checkoutColumns}
  `);
  return rows[0] ?? row;
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

/** The checkout behind a gateway's session reference, at that gateway, or null. */
export async function findCheckoutByReference(
  db: DbExecutor,
  gateway: GatewayName,
  reference: string,
): Promise<CheckoutRow | null> {
  const { rows } = await db.execute<CheckoutRow>(sql`
    select ${checkoutColumns} from checkouts c where c.gateway_reference = ${reference} and c.gateway = ${gateway}
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
  context: Pick<CheckoutContext, 'db' | 'mailer' | 'publicUrl' | 'jobs'>,
  gateway: GatewayName,
  reference: string,
  outcome:
    | { status: 'paid'; chargeId: string; subscriptionReference: string }
    | { status: 'failed' | 'cancelled' },
): Promise<void> {
  await context.db.transaction(async (tx) => {
    const { rows } = await tx.execute<CheckoutRow>(sql`
      select ${checkoutColumns} from checkouts c
      where c.gateway_reference = ${reference} and c.gateway = ${gateway}
      for update
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
      outcome.subscriptionReference,
      checkout.gateway,
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
