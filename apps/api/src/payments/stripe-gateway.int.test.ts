import { CheckoutSchema } from '@opora/contracts';
import { checkouts, payments, subscriptions, subscriptionTypes } from '@opora/db';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTestServer,
  type SignedInAccount,
  startAccountTestServer,
} from '../accounts/testing/account-test-server.ts';
import { waitFor } from '../testing/wait-for.ts';
import { stripeSignatureHeader } from './stripe-gateway.ts';
import { type StripeMock, startStripeMock } from './testing/stripe-mock.ts';

// The Stripe Billing adapter against stripe-mock (Stripe's mock of its API, which validates every
// request against Stripe's OpenAPI spec), and Stripe's webhooks signed with the SDK's own test helper.

const webhookSecret = 'whsec_opora_test_endpoint_secret';
const stripe = new Stripe('sk_test_opora');
let mock: StripeMock;
let server: AccountTestServer;
let selfManagedId: string;

beforeAll(async () => {
  mock = await startStripeMock();
  server = await startAccountTestServer({
    env: {
      RATE_LIMIT_MAX: '100000',
      PAYMENT_GATEWAY: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_opora',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: mock.url,
    },
  });
  const [type] = await server.database.db
    .select({ id: subscriptionTypes.id })
    .from(subscriptionTypes)
    .where(eq(subscriptionTypes.code, 'self-managed'));
  selfManagedId = type?.id ?? '';
}, 600_000);

afterAll(async () => {
  await server?.close();
  await mock?.close();
});

function openCheckout(caller: SignedInAccount) {
  return server.app.inject({
    method: 'POST',
    url: '/api/v1/web/checkouts',
    headers: caller.headers,
    payload: { subscriptionTypeId: selfManagedId, returnPath: '/user' },
  });
}

async function checkoutRowOf(userId: string) {
  const rows = await server.database.db.select().from(checkouts).where(eq(checkouts.userId, userId));
  expect(rows).toHaveLength(1);
  return rows[0] as typeof checkouts.$inferSelect;
}

async function subscriptionOf(userId: string) {
  const [row] = await server.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

async function paymentsOf(userId: string) {
  return server.database.db
    .select({ kind: payments.kind, status: payments.status, reference: payments.providerReference })
    .from(payments)
    .innerJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
    .where(eq(subscriptions.userId, userId));
}

let eventCount = 0;

/** A Stripe event as Stripe sends it, with `object` its payload. */
function stripeEvent(type: string, object: Record<string, unknown>) {
  eventCount += 1;
  return {
    id: `evt_test_${eventCount}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

/** Posts the event signed as Stripe signs it (`Stripe-Signature`, the SDK's test helper). */
function deliver(event: object, signature?: string) {
  const payload = JSON.stringify(event);
  return server.app.inject({
    method: 'POST',
    url: '/api/v1/payments/stripe/events',
    headers: {
      'content-type': 'application/json',
      [stripeSignatureHeader]:
        signature ?? stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
    },
    payload,
  });
}

const completedSession = (reference: string, subscription: string) =>
  stripeEvent('checkout.session.completed', {
    id: reference,
    object: 'checkout.session',
    mode: 'subscription',
    payment_status: 'paid',
    status: 'complete',
    subscription,
    invoice: `in_first_${subscription}`,
  });

/** A subscription bought through Stripe Checkout: the checkout opened, then Stripe's event. */
async function subscribedAtStripe(caller: SignedInAccount, subscription: string) {
  expect((await openCheckout(caller)).statusCode).toBe(201);
  const { gatewayReference } = await checkoutRowOf(caller.userId);
  expect((await deliver(completedSession(gatewayReference ?? '', subscription))).statusCode).toBe(204);
  const live = await subscriptionOf(caller.userId);
  expect(live).toMatchObject({ status: 'active', gateway: 'stripe', gatewayReference: subscription });
  return live as typeof subscriptions.$inferSelect;
}

describe('checkout at Stripe', () => {
  it('opens one Stripe Checkout session however many times Pay is pressed at once', async () => {
    const caller = await server.signedIn();
    const answers = await Promise.all(Array.from({ length: 8 }, () => openCheckout(caller)));
    const bodies = answers.map((answer) => {
      expect(answer.statusCode, answer.body).toBe(201);
      return CheckoutSchema.parse(answer.json());
    });
    expect(new Set(bodies.map((body) => body.id)).size).toBe(1);
    expect(new Set(bodies.map((body) => body.redirectUrl)).size).toBe(1);
    expect(bodies[0]?.redirectUrl).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const row = await checkoutRowOf(caller.userId);
    expect(row).toMatchObject({ status: 'open', gateway: 'stripe', redirectUrl: bodies[0]?.redirectUrl });
    expect(row.gatewayReference).toMatch(/^cs_test_/);
    expect(mock.requests()).toContain('POST /v1/checkout/sessions');
  });

  it('starts the subscription on the paid session; the event repeated or followed by expiry changes nothing', async () => {
    const caller = await server.signedIn();
    await subscribedAtStripe(caller, 'sub_paid_once');
    const { gatewayReference } = await checkoutRowOf(caller.userId);
    expect((await deliver(completedSession(gatewayReference ?? '', 'sub_paid_once'))).statusCode).toBe(204);
    const expired = stripeEvent('checkout.session.expired', {
      id: gatewayReference,
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'unpaid',
      status: 'expired',
    });
    expect((await deliver(expired)).statusCode).toBe(204);
    expect(await checkoutRowOf(caller.userId)).toMatchObject({ status: 'paid' });
    expect(await paymentsOf(caller.userId)).toEqual([
      { kind: 'initial', status: 'paid', reference: 'in_first_sub_paid_once' },
    ]);
  });

  it('refuses unsigned, forged and stale events, changing nothing', async () => {
    const caller = await server.signedIn();
    expect((await openCheckout(caller)).statusCode).toBe(201);
    const { gatewayReference } = await checkoutRowOf(caller.userId);
    const event = completedSession(gatewayReference ?? '', 'sub_forged');
    const payload = JSON.stringify(event);
    const forged = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    const stale = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: webhookSecret,
      timestamp: Math.floor(Date.now() / 1000) - 10 * 60,
    });
    for (const signature of ['', 't=1,v1=00', forged, stale]) {
      expect((await deliver(event, signature)).statusCode, signature).toBe(400);
    }
    expect(await checkoutRowOf(caller.userId)).toMatchObject({ status: 'open' });
    expect(await subscriptionOf(caller.userId)).toBeUndefined();
  });

  it('never lets the test gateway page complete a Stripe checkout', async () => {
    const caller = await server.signedIn();
    expect((await openCheckout(caller)).statusCode).toBe(201);
    const { gatewayReference } = await checkoutRowOf(caller.userId);
    await server.app.inject({
      method: 'POST',
      url: `/api/v1/test-gateway/checkouts/${gatewayReference}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=success',
    });
    expect(await checkoutRowOf(caller.userId)).toMatchObject({ status: 'open' });
    expect(await subscriptionOf(caller.userId)).toBeUndefined();
  });
});

describe('renewals and endings at Stripe', () => {
  const invoiceEvent = (
    type: 'invoice.paid' | 'invoice.payment_failed',
    id: string,
    subscription: string,
    periodEnd: Date,
  ) =>
    stripeEvent(type, {
      id,
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      parent: { type: 'subscription_details', subscription_details: { subscription, metadata: {} } },
      lines: {
        object: 'list',
        data: [
          { period: { start: Math.floor(Date.now() / 1000), end: Math.floor(periodEnd.getTime() / 1000) } },
        ],
      },
    });

  it('moves the period on a paid renewal invoice, once; a failed one after the period makes it past due', async () => {
    const caller = await server.signedIn();
    const live = await subscribedAtStripe(caller, 'sub_renewing');
    // Stripe's times are whole seconds.
    const nextEnd = new Date(Math.floor(live.currentPeriodEnd.getTime() / 1000 + 31 * 86_400) * 1000);
    const paid = invoiceEvent('invoice.paid', 'in_renewal_1', 'sub_renewing', nextEnd);
    expect((await deliver(paid)).statusCode).toBe(204);
    expect((await deliver(paid)).statusCode).toBe(204);
    expect((await subscriptionOf(caller.userId))?.currentPeriodEnd).toEqual(nextEnd);
    expect((await paymentsOf(caller.userId)).map((row) => row.reference).sort()).toEqual([
      'in_first_sub_renewing',
      'in_renewal_1',
    ]);

    // The next month's charge fails once the period is over: past due, still served meanwhile.
    await server.database.db
      .update(subscriptions)
      .set({
        startedAt: new Date(Date.now() - 40 * 86_400_000),
        currentPeriodEnd: new Date(Date.now() - 60_000),
      })
      .where(eq(subscriptions.userId, caller.userId));
    const failed = invoiceEvent('invoice.payment_failed', 'in_renewal_2', 'sub_renewing', nextEnd);
    expect((await deliver(failed)).statusCode).toBe(204);
    expect(await subscriptionOf(caller.userId)).toMatchObject({ status: 'past-due' });
    const current = await server.app.inject({
      method: 'GET',
      url: '/api/v1/web/subscriptions/current',
      headers: caller.headers,
    });
    expect(current.json().subscription).not.toBeNull();
  });

  it('tells Stripe, after the commit, to stop renewing a subscription cancelled here', async () => {
    const caller = await server.signedIn();
    await subscribedAtStripe(caller, 'sub_cancelled_here');
    const cancelled = await server.app.inject({
      method: 'POST',
      url: '/api/v1/web/subscriptions/current/cancel',
      headers: caller.headers,
    });
    expect(cancelled.statusCode).toBe(200);
    await waitFor('the stop to reach Stripe', () =>
      mock.requests().includes('POST /v1/subscriptions/sub_cancelled_here') ? true : undefined,
    );
    expect(await subscriptionOf(caller.userId)).toMatchObject({ status: 'active', autoRenew: false });
  });

  it('ends it at its period end when Stripe deleted the subscription', async () => {
    const caller = await server.signedIn();
    await subscribedAtStripe(caller, 'sub_deleted_at_stripe');
    const deleted = stripeEvent('customer.subscription.deleted', {
      id: 'sub_deleted_at_stripe',
      object: 'subscription',
      status: 'canceled',
    });
    expect((await deliver(deleted)).statusCode).toBe(204);
    const [row] = await server.database.db
      .select({ autoRenew: subscriptions.autoRenew, status: subscriptions.status })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, caller.userId), eq(subscriptions.gateway, 'stripe')));
    expect(row).toEqual({ autoRenew: false, status: 'active' });
  });
});
