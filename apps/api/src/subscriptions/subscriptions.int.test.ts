import {
  CheckoutSchema,
  CurrentSubscriptionSchema,
  formatDisplayDate,
  SubscriptionTypeListSchema,
  type TestGatewayEvent,
  todayIsoDate,
} from '@opora/contracts';
import {
  assistantTasks,
  checkouts,
  emailOutbox,
  payments,
  subscriptions,
  subscriptionTypes,
} from '@opora/db';
import { createCase, createSubscription } from '@opora/db/testing';
import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTestServer,
  type SignedInAccount,
  startAccountTestServer,
} from '../accounts/testing/account-test-server.ts';
import { signTestGatewayEvent, testGatewayEvent, testGatewaySignatureHeader } from '../payments/gateway.ts';
import { waitFor } from '../testing/wait-for.ts';
import { sweepSubscriptions } from './renewals.ts';

// A pool smaller than the simultaneous checkouts below.
const poolSize = 4;
const simultaneous = 3 * poolSize;
let server: AccountTestServer;
let selfManagedId: string;
let freeId: string;

beforeAll(async () => {
  server = await startAccountTestServer({ pool: { max: poolSize }, env: { RATE_LIMIT_MAX: '100000' } });
  const types = await server.database.db.select().from(subscriptionTypes);
  const idOf = (code: string) => types.find((type) => type.code === code)?.id ?? '';
  selfManagedId = idOf('self-managed');
  freeId = idOf('free');
});

afterAll(async () => {
  await server.close();
});

function call(
  caller: SignedInAccount | undefined,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) {
  return server.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: caller?.headers ?? {},
    ...(payload && { payload }),
  });
}

const checkoutBody = (overrides: object = {}) => ({
  subscriptionTypeId: selfManagedId,
  returnPath: '/new-client-wizard/payment/x',
  ...overrides,
});

async function openCheckout(caller: SignedInAccount, overrides: object = {}) {
  const response = await call(caller, 'POST', '/web/checkouts', checkoutBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return CheckoutSchema.parse(response.json());
}

function referenceOf(redirectUrl: string): string {
  return redirectUrl.split('/').at(-1) ?? '';
}

/** Sends an event to the callback as the test gateway does, signed unless told otherwise. */
function deliver(event: TestGatewayEvent, signature?: string) {
  const body = JSON.stringify(event);
  return server.app.inject({
    method: 'POST',
    url: '/api/v1/payments/test-gateway/events',
    headers: {
      'content-type': 'application/json',
      [testGatewaySignatureHeader]:
        signature ?? signTestGatewayEvent(server.app.config.payments.testGatewaySecret, body),
    },
    payload: body,
  });
}

async function paymentsOf(userId: string) {
  return server.database.db
    .select({ kind: payments.kind, status: payments.status, amount: payments.amountMinor })
    .from(payments)
    .innerJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
    .where(eq(subscriptions.userId, userId));
}

/** The kinds of subscription e-mail queued to the address, oldest first (told apart by their Czech subject). */
async function mailsTo(email: string): Promise<string[]> {
  const rows = await server.database.db
    .select({ params: emailOutbox.params })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.template, 'subscription-notice')))
    .orderBy(emailOutbox.createdAt);
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

const sweepContext = () => ({
  db: server.database.db,
  gateways: server.app.paymentGateways,
  jobs: server.app.jobs,
  mailer: server.app.mailer,
  publicUrl: server.app.config.publicUrl,
});

describe('plans', () => {
  it('lists the offered plans with their monthly price including VAT, in crowns or euro', async () => {
    const czk = SubscriptionTypeListSchema.parse(
      (await call(undefined, 'GET', '/web/subscription-types')).json(),
    );
    expect(czk.map((type) => [type.code, type.price])).toEqual([
      ['self-managed', { amountMinor: 14_900, currency: 'CZK', vatRatePercent: 21 }],
      ['with-assistant', { amountMinor: 44_900, currency: 'CZK', vatRatePercent: 21 }],
    ]);
    const eur = SubscriptionTypeListSchema.parse(
      (await call(undefined, 'GET', '/web/subscription-types?currency=EUR')).json(),
    );
    expect(eur.map((type) => type.price.amountMinor)).toEqual([690, 1_890]);
    expect((await call(undefined, 'GET', '/web/subscription-types?currency=USD')).statusCode).toBe(400);
  });
});

describe('checkout through the test gateway', () => {
  it('goes from the payment page over the signed callback to a live subscription, paid once', async () => {
    const caller = await server.signedIn();
    const careCase = await createCase(server.database.db, { ownerUserId: caller.userId });
    const checkout = await openCheckout(caller, { caseId: careCase.id, returnPath: '/pay?step=1' });
    expect(checkout).toMatchObject({ status: 'open', caseId: careCase.id });
    expect(checkout.redirectUrl).toMatch(/^\/api\/v1\/test-gateway\/checkouts\/tgw_[0-9a-f]{32}$/);

    const pageResponse = await server.app.inject({ method: 'GET', url: checkout.redirectUrl });
    expect(pageResponse.statusCode).toBe(200);
    expect(pageResponse.body).toMatch(/149\sKč/);
    // The tester pays; the gateway calls back over HTTP from a job, signed.
    const chosen = await server.app.inject({
      method: 'POST',
      url: checkout.redirectUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=success',
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.body).toContain(`/pay?step=1&amp;checkout=${checkout.id}`);
    await waitFor('the checkout paid by the callback', async () => {
      const polled = CheckoutSchema.parse(
        (await call(caller, 'GET', `/web/checkouts/${checkout.id}`)).json(),
      );
      return polled.status === 'paid' ? polled : undefined;
    });
    const current = CurrentSubscriptionSchema.parse(
      (await call(caller, 'GET', '/web/subscriptions/current')).json(),
    );
    expect(current.subscription).toMatchObject({
      type: { code: 'self-managed' },
      status: 'active',
      renews: true,
      price: { amountMinor: 14_900, currency: 'CZK' },
    });
    expect(await paymentsOf(caller.userId)).toEqual([{ kind: 'initial', status: 'paid', amount: 14_900 }]);
    expect(await mailsTo(caller.email)).toEqual(['started']);
    const me = (await call(caller, 'GET', '/web/users/me')).json();
    expect(me.subscription).toMatchObject({ type: 'self-managed', endDate: current.subscription?.endDate });

    // The same event again, and a late failure, change nothing.
    const reference = referenceOf(checkout.redirectUrl);
    const paid = testGatewayEvent('checkout.paid', reference, { chargeId: 'tgwch_repeated' });
    expect((await deliver(paid)).statusCode).toBe(204);
    expect((await deliver(paid)).statusCode).toBe(204);
    expect((await deliver(testGatewayEvent('checkout.failed', reference))).statusCode).toBe(204);
    expect(await paymentsOf(caller.userId)).toHaveLength(1);
    expect((await call(caller, 'GET', `/web/checkouts/${checkout.id}`)).json()).toMatchObject({
      status: 'paid',
    });
    // With a live subscription there is nothing to buy.
    expect((await call(caller, 'POST', '/web/checkouts', checkoutBody())).statusCode).toBe(409);
  });

  it('refuses unsigned, forged and stale callbacks, changing nothing', async () => {
    const caller = await server.signedIn();
    const checkout = await openCheckout(caller);
    const event = testGatewayEvent('checkout.paid', referenceOf(checkout.redirectUrl), {
      chargeId: 'tgwch_x',
    });
    const body = JSON.stringify(event);
    const stale = signTestGatewayEvent(
      server.app.config.payments.testGatewaySecret,
      body,
      new Date(Date.now() - 10 * 60_000),
    );
    for (const signature of ['', 't=1,v1=00', signTestGatewayEvent('another-secret-of-16+', body), stale]) {
      expect((await deliver(event, signature)).statusCode, signature).toBe(400);
    }
    expect((await call(caller, 'GET', `/web/checkouts/${checkout.id}`)).json()).toMatchObject({
      status: 'open',
    });
    expect(await paymentsOf(caller.userId)).toEqual([]);
  });

  it('records a declined or cancelled payment, and a later choice starts afresh', async () => {
    const caller = await server.signedIn();
    const first = await openCheckout(caller);
    expect(
      (await deliver(testGatewayEvent('checkout.failed', referenceOf(first.redirectUrl)))).statusCode,
    ).toBe(204);
    expect((await call(caller, 'GET', `/web/checkouts/${first.id}`)).json()).toMatchObject({
      status: 'failed',
    });
    const second = await openCheckout(caller, { currency: 'EUR' });
    expect(second.id).not.toBe(first.id);
    expect(second.price).toEqual({ amountMinor: 690, currency: 'EUR', vatRatePercent: 23 });
    const current = CurrentSubscriptionSchema.parse(
      (await call(caller, 'GET', '/web/subscriptions/current')).json(),
    );
    expect(current.subscription).toBeNull();
  });

  it(`keeps one open checkout when ${simultaneous} arrive at once on a pool of ${poolSize}`, async () => {
    const caller = await server.signedIn();
    const answers = await Promise.all(
      Array.from({ length: simultaneous }, () => call(caller, 'POST', '/web/checkouts', checkoutBody())),
    );
    expect(answers.map((response) => response.statusCode)).toEqual(answers.map(() => 201));
    expect(new Set(answers.map((response) => response.json().id)).size).toBe(1);
    const [open] = await server.database.db
      .select({ n: count() })
      .from(checkouts)
      .where(and(eq(checkouts.userId, caller.userId), eq(checkouts.status, 'open')));
    expect(open?.n).toBe(1);
  });

  it('answers another user’s checkout and case 404, and refuses hostile text and unknown plans', async () => {
    const owner = await server.signedIn();
    const other = await server.signedIn();
    const checkout = await openCheckout(owner);
    expect((await call(other, 'GET', `/web/checkouts/${checkout.id}`)).statusCode).toBe(404);
    const othersCase = await createCase(server.database.db, { ownerUserId: owner.userId });
    expect(
      (await call(other, 'POST', '/web/checkouts', checkoutBody({ caseId: othersCase.id }))).statusCode,
    ).toBe(404);
    for (const returnPath of [
      'https://evil.test/',
      '//evil.test',
      '/a\u0000b',
      `/${'a'.repeat(1_000_000)}`,
    ]) {
      expect((await call(other, 'POST', '/web/checkouts', checkoutBody({ returnPath }))).statusCode).not.toBe(
        201,
      );
    }
    expect(
      (await call(other, 'POST', '/web/checkouts', checkoutBody({ subscriptionTypeId: freeId }))).statusCode,
    ).toBe(400);
    expect((await call(undefined, 'POST', '/web/checkouts', checkoutBody())).statusCode).toBe(401);
  });

  it('starts a free plan at once, without the gateway, while staff offer it', async () => {
    const caller = await server.signedIn();
    const db = server.database.db;
    await db.update(subscriptionTypes).set({ isActive: true }).where(eq(subscriptionTypes.id, freeId));
    try {
      const checkout = await openCheckout(caller, { subscriptionTypeId: freeId, returnPath: '/next' });
      expect(checkout).toMatchObject({ status: 'paid', redirectUrl: `/next?checkout=${checkout.id}` });
      const current = CurrentSubscriptionSchema.parse(
        (await call(caller, 'GET', '/web/subscriptions/current')).json(),
      );
      expect(current.subscription).toMatchObject({ type: { code: 'free' }, price: { amountMinor: 0 } });
    } finally {
      await db.update(subscriptionTypes).set({ isActive: false }).where(eq(subscriptionTypes.id, freeId));
    }
  });
});

describe('cancellation and the sweep', () => {
  it('cancels in one click (once), keeps access to the period end, then ends it', async () => {
    const caller = await server.signedIn();
    const periodEnd = new Date(Date.now() + 5 * 86_400_000);
    await createSubscription(server.database.db, { userId: caller.userId, currentPeriodEnd: periodEnd });
    const first = await call(caller, 'POST', '/web/subscriptions/current/cancel');
    const second = await call(caller, 'POST', '/web/subscriptions/current/cancel');
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(CurrentSubscriptionSchema.parse(second.json()).subscription).toMatchObject({
      status: 'active',
      renews: false,
      currentPeriodEnd: periodEnd.toISOString(),
    });
    expect(await mailsTo(caller.email)).toEqual(['cancelled']);

    // Before the end nothing happens (no reminder either: it does not renew); after it, it ends.
    await sweepSubscriptions(sweepContext(), new Date(periodEnd.getTime() - 86_400_000));
    expect((await call(caller, 'GET', '/web/subscriptions/current')).json().subscription).not.toBeNull();
    // The sweep runs late (after an outage, two days on): the e-mail still names the day it ended.
    await sweepSubscriptions(sweepContext(), new Date(periodEnd.getTime() + 2 * 86_400_000));
    expect((await call(caller, 'GET', '/web/subscriptions/current')).json()).toEqual({ subscription: null });
    const [ended] = await server.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, caller.userId));
    expect(ended).toMatchObject({ status: 'cancelled', endedAt: periodEnd });
    expect(await mailsTo(caller.email)).toEqual(['cancelled', 'ended']);
    const [endedMail] = await server.database.db
      .select({ params: emailOutbox.params })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, caller.email), eq(emailOutbox.template, 'subscription-notice')))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    expect(JSON.stringify(endedMail?.params)).toContain(
      `skončilo ${formatDisplayDate(todayIsoDate(periodEnd))}`,
    );
    expect((await call(caller, 'POST', '/web/subscriptions/current/cancel')).statusCode).toBe(404);
  });

  it('reminds once before renewal, renews (two sweeps at once pay once), and a failing card ends after the grace', async () => {
    const renewing = await server.signedIn();
    const failing = await server.signedIn();
    const db = server.database.db;
    const periodEnd = new Date(Date.now() + 2 * 86_400_000);
    await createSubscription(db, {
      userId: renewing.userId,
      currentPeriodEnd: periodEnd,
      gatewayReference: `tgwsub_${renewing.userId}`,
    });
    await createSubscription(db, {
      userId: failing.userId,
      currentPeriodEnd: periodEnd,
      gatewayReference: `tgwsubfail_${failing.userId}`,
    });
    await sweepSubscriptions(sweepContext());
    await sweepSubscriptions(sweepContext());
    expect(await mailsTo(renewing.email)).toEqual(['renewal-reminder']);

    const due = new Date(periodEnd.getTime() + 1000);
    await Promise.all([sweepSubscriptions(sweepContext(), due), sweepSubscriptions(sweepContext(), due)]);
    await sweepSubscriptions(sweepContext(), due);
    expect(await paymentsOf(renewing.userId)).toEqual([{ kind: 'renewal', status: 'paid', amount: 14_900 }]);
    const renewed = CurrentSubscriptionSchema.parse(
      (await call(renewing, 'GET', '/web/subscriptions/current')).json(),
    ).subscription;
    expect(new Date(renewed?.currentPeriodEnd ?? 0).getTime()).toBeGreaterThan(
      periodEnd.getTime() + 27 * 86_400_000,
    );

    // The failing card: past due (still served, one e-mail), retried, then ended after the grace period.
    expect((await call(failing, 'GET', '/web/subscriptions/current')).json().subscription).toMatchObject({
      status: 'past-due',
    });
    await sweepSubscriptions(sweepContext(), new Date(due.getTime() + 86_400_000));
    expect(await mailsTo(failing.email)).toEqual(['renewal-reminder', 'renewal-failed']);
    await sweepSubscriptions(sweepContext(), new Date(due.getTime() + 4 * 86_400_000));
    expect((await call(failing, 'GET', '/web/subscriptions/current')).json()).toEqual({ subscription: null });
    expect(await mailsTo(failing.email)).toEqual(['renewal-reminder', 'renewal-failed', 'ended']);
    expect((await paymentsOf(failing.userId)).every((payment) => payment.status === 'failed')).toBe(true);
  });
});

describe('the assistant', () => {
  it('takes a case from a with-assistant subscriber (one open task, updated), listed for assistants only', async () => {
    const caller = await server.signedIn();
    const assistant = await server.signedIn({ realmRoles: ['client', 'assistant'] });
    const db = server.database.db;
    const careCase = await createCase(db, { ownerUserId: caller.userId });
    const body = { contactChannel: 'phone', preferredTime: 'po–pá po 16. hodině', assistantConsent: true };
    const url = `/web/cases/${careCase.id}/assistant-task`;
    expect((await call(caller, 'PUT', url, body)).statusCode).toBe(402);
    await createSubscription(db, { userId: caller.userId, typeCode: 'with-assistant' });
    expect((await call(caller, 'PUT', url, body)).statusCode).toBe(200);
    const updated = await call(caller, 'PUT', url, {
      ...body,
      contactChannel: 'email',
      note: 'Maminka špatně slyší',
    });
    expect(updated.json()).toMatchObject({
      contactChannel: 'email',
      caseCode: careCase.code,
      status: 'open',
    });
    const [tasks] = await db
      .select({ n: count() })
      .from(assistantTasks)
      .where(eq(assistantTasks.caseId, careCase.id));
    expect(tasks?.n).toBe(1);
    expect((await call(caller, 'PUT', url, { ...body, contactChannel: 'pigeon' })).statusCode).toBe(400);
    expect((await call(caller, 'PUT', url, { ...body, note: 'a\u0000b' })).statusCode).toBe(400);
    // Without the consent to let assistants act for the client, nothing is handed over.
    const { assistantConsent: _consent, ...withoutConsent } = body;
    expect((await call(caller, 'PUT', url, withoutConsent)).statusCode).toBe(400);
    expect((await call(assistant, 'PUT', url, body)).statusCode).toBe(404);

    const listed = await call(assistant, 'GET', '/admin/assistant-tasks');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items).toEqual(
      expect.arrayContaining([expect.objectContaining({ caseId: careCase.id, contactChannel: 'email' })]),
    );
    expect((await call(caller, 'GET', '/admin/assistant-tasks')).statusCode).toBe(403);
  });
});
