import { CheckoutSchema, type TestGatewayEvent } from '@opora/contracts';
import { emailOutbox, payments, subscriptions, subscriptionTypes } from '@opora/db';
import { createCase, createClient, createSubscription } from '@opora/db/testing';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTestServer,
  type SignedInAccount,
  startAccountTestServer,
} from '../accounts/testing/account-test-server.ts';
import { signTestGatewayEvent, testGatewayEvent, testGatewaySignatureHeader } from '../payments/gateway.ts';
import { sweepSubscriptions } from './renewals.ts';

// Gateway events and renewals at their edges: subscriptions started the way the product starts them
// (period ends computed by PostgreSQL, to the microsecond), events repeated and out of order, renewals
// reported by the gateway, failed renewals retried once a day, and access while a renewal is retried.

let server: AccountTestServer;
let selfManagedId: string;

beforeAll(async () => {
  server = await startAccountTestServer({ env: { RATE_LIMIT_MAX: '100000' } });
  const [type] = await server.database.db
    .select({ id: subscriptionTypes.id })
    .from(subscriptionTypes)
    .where(eq(subscriptionTypes.code, 'self-managed'));
  selfManagedId = type?.id ?? '';
});

afterAll(async () => {
  await server.close();
});

/** Posts an event to the callback, signed as the test gateway signs it. */
async function deliver(event: TestGatewayEvent) {
  const body = JSON.stringify(event);
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/v1/payments/test-gateway/events',
    headers: {
      'content-type': 'application/json',
      [testGatewaySignatureHeader]: signTestGatewayEvent(server.app.config.payments.testGatewaySecret, body),
    },
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(204);
}

/** Opens a checkout for the self-managed plan; answers it and its test-gateway reference. */
async function openCheckout(caller: SignedInAccount) {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/v1/web/checkouts',
    headers: caller.headers,
    payload: { subscriptionTypeId: selfManagedId, returnPath: '/user' },
  });
  expect(response.statusCode, response.body).toBe(201);
  const checkout = CheckoutSchema.parse(response.json());
  return { checkout, reference: checkout.redirectUrl.split('/').at(-1) ?? '' };
}

/** A subscription bought through the test gateway (chargeId `…_fail`: its renewals will fail). */
async function subscribedThroughGateway(
  caller: SignedInAccount,
  chargeId = `tgwch_${caller.userId.replaceAll('-', '')}`,
) {
  const { checkout, reference } = await openCheckout(caller);
  await deliver(testGatewayEvent('checkout.paid', reference, { chargeId }));
  const subscription = await subscriptionOf(caller.userId);
  if (!subscription) throw new Error('No subscription was started');
  return { checkout, subscription };
}

async function subscriptionOf(userId: string) {
  const [row] = await server.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(subscriptions.createdAt));
  return row;
}

async function paymentsOf(userId: string) {
  const rows = await server.database.db
    .select({ kind: payments.kind, status: payments.status, amount: payments.amountMinor })
    .from(payments)
    .innerJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(payments.createdAt));
  return rows.map((row) => `${row.kind} ${row.status} ${row.amount}`);
}

/** The kinds of subscription e-mail queued to the address, oldest first (told apart by their Czech subject). */
async function mailsTo(email: string): Promise<string[]> {
  const rows = await server.database.db
    .select({ params: emailOutbox.params })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.template, 'subscription-notice')))
    .orderBy(asc(emailOutbox.createdAt));
  const kinds: [RegExp, string][] = [
    [/je aktivní/, 'started'],
    [/je zrušeno/, 'cancelled'],
    [/se obnoví/, 'renewal-reminder'],
    [/se nepodařilo/, 'renewal-failed'],
    [/skončilo/, 'ended'],
  ];
  return rows.map((row) => {
    const subject = String((row.params as { subject?: string }).subject);
    return kinds.find(([pattern]) => pattern.test(subject))?.[1] ?? subject;
  });
}

const sweep = (now: Date) =>
  sweepSubscriptions(
    {
      db: server.database.db,
      gateways: server.app.paymentGateways,
      jobs: server.app.jobs,
      mailer: server.app.mailer,
      publicUrl: server.app.config.publicUrl,
    },
    now,
  );

const minute = 60_000;
const day = 86_400_000;
const later = (date: Date, ms: number) => new Date(date.getTime() + ms);

describe('checkout events out of order', () => {
  it('honours a payment reported after a declined attempt or a cancel, once', async () => {
    for (const first of ['checkout.failed', 'checkout.cancelled'] as const) {
      const caller = await server.signedIn();
      const { checkout, reference } = await openCheckout(caller);
      await deliver(testGatewayEvent(first, reference));
      const paid = testGatewayEvent('checkout.paid', reference, {
        chargeId: `tgwch_${first}_${caller.userId}`,
      });
      await deliver(paid);
      await deliver(paid);
      await deliver(testGatewayEvent(first, reference));
      const answer = await server.app.inject({
        method: 'GET',
        url: `/api/v1/web/checkouts/${checkout.id}`,
        headers: caller.headers,
      });
      expect(answer.json(), first).toMatchObject({ status: 'paid' });
      expect(await paymentsOf(caller.userId), first).toEqual(['initial paid 14900']);
      expect((await subscriptionOf(caller.userId))?.status, first).toBe('active');
      expect(await mailsTo(caller.email), first).toEqual(['started']);
    }
  });
});

describe('renewals charged by the sweep', () => {
  it('renews a subscription bought at checkout once at its period end (period ends kept to the microsecond)', async () => {
    const caller = await server.signedIn();
    const { subscription } = await subscribedThroughGateway(caller);
    const periodEnd = subscription.currentPeriodEnd;
    const due = later(periodEnd, minute);
    await sweep(due);
    await sweep(due);
    await sweep(later(due, 10 * minute));
    expect(await paymentsOf(caller.userId)).toEqual(['initial paid 14900', 'renewal paid 14900']);
    const renewed = await subscriptionOf(caller.userId);
    expect(renewed?.status).toBe('active');
    expect(renewed?.currentPeriodEnd.getTime()).toBeGreaterThan(periodEnd.getTime() + 27 * day);
  });

  it('retries a failed renewal once a day, keeps it past due, then ends it after the grace days', async () => {
    const caller = await server.signedIn();
    const { subscription } = await subscribedThroughGateway(
      caller,
      `tgwch_${caller.userId.replaceAll('-', '')}_fail`,
    );
    expect(subscription.gatewayReference).toMatch(/^tgwsubfail_/);
    const periodEnd = subscription.currentPeriodEnd;
    // Every ten minutes for the first day: one attempt.
    for (let offset = minute; offset < day; offset += 10 * minute) await sweep(later(periodEnd, offset));
    expect(await paymentsOf(caller.userId)).toEqual(['initial paid 14900', 'renewal failed 14900']);
    expect((await subscriptionOf(caller.userId))?.status).toBe('past-due');
    await sweep(later(periodEnd, day + 2 * minute));
    await sweep(later(periodEnd, 2 * day + 2 * minute));
    expect(await paymentsOf(caller.userId)).toEqual([
      'initial paid 14900',
      'renewal failed 14900',
      'renewal failed 14900',
      'renewal failed 14900',
    ]);
    await sweep(later(periodEnd, 3 * day + minute));
    const ended = await subscriptionOf(caller.userId);
    expect(ended).toMatchObject({ status: 'expired', autoRenew: true });
    expect(ended?.endedAt).not.toBeNull();
    expect(await paymentsOf(caller.userId)).toHaveLength(4);
    expect(await mailsTo(caller.email)).toEqual(['started', 'renewal-failed', 'ended']);
  });

  it('renews a free plan without the gateway or a reminder, and ends it once staff stop offering it', async () => {
    const caller = await server.signedIn();
    const db = server.database.db;
    const periodEnd = later(new Date(), 2 * day);
    await db.update(subscriptionTypes).set({ isActive: true }).where(eq(subscriptionTypes.code, 'free'));
    try {
      await createSubscription(db, {
        userId: caller.userId,
        typeCode: 'free',
        currentPeriodEnd: periodEnd,
        gatewayReference: null,
      });
      await sweep(later(periodEnd, -day));
      await sweep(later(periodEnd, minute));
      expect(await paymentsOf(caller.userId)).toEqual(['renewal paid 0']);
      const renewed = await subscriptionOf(caller.userId);
      expect(renewed?.status).toBe('active');
      await db.update(subscriptionTypes).set({ isActive: false }).where(eq(subscriptionTypes.code, 'free'));
      await sweep(later(renewed?.currentPeriodEnd ?? new Date(), minute));
      expect((await subscriptionOf(caller.userId))?.status).toBe('expired');
      expect(await paymentsOf(caller.userId)).toEqual(['renewal paid 0']);
      expect(await mailsTo(caller.email)).toEqual(['ended']);
    } finally {
      await db.update(subscriptionTypes).set({ isActive: false }).where(eq(subscriptionTypes.code, 'free'));
    }
  });
});

describe('renewals reported by the gateway', () => {
  it('records a reported renewal once, ignores a stale one, and a failure makes it past due until paid', async () => {
    const caller = await server.signedIn();
    const db = server.database.db;
    const reference = `tgwsub_${caller.userId.replaceAll('-', '')}`;
    // The period ended an hour ago and the gateway is charging the renewal.
    const periodEnd = later(new Date(), -60 * minute);
    await createSubscription(db, {
      userId: caller.userId,
      startedAt: later(periodEnd, -30 * day),
      currentPeriodEnd: periodEnd,
      gatewayReference: reference,
    });

    const failed = testGatewayEvent('renewal.failed', reference, { chargeId: 'tgwch_declined_1' });
    await deliver(failed);
    await deliver(failed);
    expect(await subscriptionOf(caller.userId)).toMatchObject({ status: 'past-due' });
    expect(await paymentsOf(caller.userId)).toEqual(['renewal failed 14900']);
    expect(await mailsTo(caller.email)).toEqual(['renewal-failed']);

    const paidThrough = later(periodEnd, 30 * day);
    const paid = testGatewayEvent('renewal.paid', reference, {
      chargeId: `tgwch_paid_${caller.userId}`,
      periodEnd: paidThrough.toISOString(),
    });
    await deliver(paid);
    await deliver(paid);
    // Another report of the same period (another event id and charge) and one of an earlier period.
    await deliver(
      testGatewayEvent('renewal.paid', reference, {
        chargeId: 'tgwch_again',
        periodEnd: paidThrough.toISOString(),
      }),
    );
    await deliver(
      testGatewayEvent('renewal.paid', reference, {
        chargeId: 'tgwch_old',
        periodEnd: periodEnd.toISOString(),
      }),
    );
    // A failure reported once the renewal is paid, before the new period ends, changes nothing.
    await deliver(testGatewayEvent('renewal.failed', reference, { chargeId: 'tgwch_late_failure' }));
    const renewed = await subscriptionOf(caller.userId);
    expect(renewed).toMatchObject({ status: 'active', pastDueSince: null, currentPeriodEnd: paidThrough });
    expect(await paymentsOf(caller.userId)).toEqual(['renewal failed 14900', 'renewal paid 14900']);
    expect(await mailsTo(caller.email)).toEqual(['renewal-failed']);

    // An event for a reference nobody has is answered and changes nothing.
    await deliver(testGatewayEvent('renewal.paid', 'tgwsub_unknown', { chargeId: 'tgwch_unknown' }));
  });
});

describe('access while a renewal is charged or retried', () => {
  it('keeps the pool and the assistant open for the grace days of a renewing subscription, not after a cancelled one ends', async () => {
    const db = server.database.db;
    const now = Date.now();
    const cases: [string, Parameters<typeof createSubscription>[1], number][] = [
      ['renewal not charged yet', { currentPeriodEnd: new Date(now - 5 * minute) }, 200],
      [
        'renewal failed a day ago, retried',
        { status: 'past-due', currentPeriodEnd: new Date(now - day), pastDueSince: new Date(now - day) },
        200,
      ],
      [
        'retries over',
        {
          status: 'past-due',
          currentPeriodEnd: new Date(now - 4 * day),
          pastDueSince: new Date(now - 4 * day),
        },
        402,
      ],
      [
        'cancelled, month over',
        { autoRenew: false, cancelledAt: new Date(now - 10 * day), currentPeriodEnd: new Date(now - minute) },
        402,
      ],
    ];
    for (const [label, overrides, expected] of cases) {
      const caller = await server.signedIn();
      await createSubscription(db, {
        typeCode: 'with-assistant',
        startedAt: new Date(now - 40 * day),
        ...overrides,
        userId: caller.userId,
      });
      const client = await createClient(db, { ownerUserId: caller.userId, countyCode: 'CZ0100' });
      const pool = await server.app.inject({
        method: 'GET',
        url: `/api/v1/web/clients/${client.id}/service-offer`,
        headers: caller.headers,
      });
      expect(pool.statusCode, label).toBe(expected);
      const careCase = await createCase(db, { ownerUserId: caller.userId, clientId: client.id });
      const task = await server.app.inject({
        method: 'PUT',
        url: `/api/v1/web/cases/${careCase.id}/assistant-task`,
        headers: caller.headers,
        payload: { contactChannel: 'phone', assistantConsent: true },
      });
      expect(task.statusCode, label).toBe(expected);
    }
  });
});
