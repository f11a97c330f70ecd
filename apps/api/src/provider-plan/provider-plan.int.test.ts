import {
  CheckoutSchema,
  ProviderPlanSchema,
  type ProviderRole,
  ServiceListSchema,
  ServiceOfferSchema,
  type TestGatewayEvent,
} from '@opora/contracts';
import {
  checkouts,
  emailOutbox,
  providerPlans,
  providers,
  startProviderTrial,
  subscriptions,
} from '@opora/db';
import {
  createCareRequest,
  createCase,
  createClient,
  createFacility,
  createFacilityService,
  createProvider,
  createSubscription,
} from '@opora/db/testing';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTestServer,
  type SignedInAccount,
  startAccountTestServer,
} from '../accounts/testing/account-test-server.ts';
import { signTestGatewayEvent, testGatewayEvent, testGatewaySignatureHeader } from '../payments/gateway.ts';
import { providerMember } from '../provider-inbox/testing/provider-member.ts';
import { sweepProviderPlans } from './provider-plan-sweep.ts';

// A pool smaller than the simultaneous calls below.
const poolSize = 4;
const simultaneous = 3 * poolSize;
let server: AccountTestServer;

beforeAll(async () => {
  // Guests' catalogue answers uncached: each look at the catalogue reads what is committed.
  server = await startAccountTestServer({
    pool: { max: poolSize },
    env: { RATE_LIMIT_MAX: '100000', CATALOGUE_CACHE_SECONDS: '0' },
  });
});

afterAll(async () => {
  await server.close();
});

const day = 86_400_000;
const sweep = (now: Date) =>
  sweepProviderPlans(
    { db: server.app.db, mailer: server.app.mailer, publicUrl: server.app.config.publicUrl },
    now,
  );

/**
 * A provider on its plan since `trialStartedAt`, with a service in a county of its own (no other test
 * lists there) and a signed-in member of each role.
 */
async function providerOnPlan(trialStartedAt: Date, countyCode: string) {
  const db = server.database.db;
  const provider = await createProvider(db);
  await startProviderTrial(db, provider.id, trialStartedAt);
  const facility = await createFacility(db, { providerId: provider.id });
  const service = await createFacilityService(db, { facilityId: facility.id, counties: [countyCode] });
  const member = (roles: ProviderRole[]) => providerMember(server, provider.id, roles);
  return {
    provider,
    service,
    countyCode,
    administrator: await member(['providerAdmin']),
    coordinator: await member(['providerCoordinator']),
    worker: await member(['providerUser']),
  };
}

function call(caller: SignedInAccount | undefined, method: 'GET' | 'POST' | 'PUT', url: string) {
  return server.app.inject({ method, url: `/api/v1${url}`, headers: caller?.headers ?? {} });
}

async function planOf(caller: SignedInAccount, providerId: string) {
  const response = await call(caller, 'GET', `/provider/providers/${providerId}/plan`);
  expect(response.statusCode, response.body).toBe(200);
  return ProviderPlanSchema.parse(response.json());
}

/** Whether a guest finds the service in the county's list and on its detail page. */
async function inCatalogue(serviceId: string, countyCode: string) {
  const list = await call(undefined, 'GET', `/web/services?countyCode=${countyCode}&pageSize=100`);
  expect(list.statusCode, list.body).toBe(200);
  const listed = ServiceListSchema.parse(list.json()).items.some((item) => item.id === serviceId);
  const detail = await call(undefined, 'GET', `/web/services/${serviceId}`);
  expect([200, 404]).toContain(detail.statusCode);
  return { listed, detail: detail.statusCode === 200 };
}

async function mailsAbout(template: string, to: string[]) {
  return server.database.db
    .select({ to: emailOutbox.toAddress, locale: emailOutbox.locale })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.template, template), inArray(emailOutbox.toAddress, to)));
}

function deliver(event: TestGatewayEvent) {
  const body = JSON.stringify(event);
  return server.app.inject({
    method: 'POST',
    url: '/api/v1/payments/test-gateway/events',
    headers: {
      'content-type': 'application/json',
      [testGatewaySignatureHeader]: signTestGatewayEvent(server.app.config.payments.testGatewaySecret, body),
    },
    payload: body,
  });
}

describe('the free months', () => {
  it('start at creation and end three calendar months later in Prague; a second start keeps them', async () => {
    const db = server.database.db;
    const provider = await createProvider(db);
    // 30 November, 11:00 in Prague → 28 February, 11:00 in Prague (no 30 February).
    const ends = await startProviderTrial(db, provider.id, new Date('2026-11-30T10:00:00Z'));
    expect(ends.toISOString()).toBe('2027-02-28T10:00:00.000Z');
    // Across the change to summer time the wall clock stays: 11:00 CET → 11:00 CEST.
    const other = await createProvider(db);
    const summer = await startProviderTrial(db, other.id, new Date('2027-01-15T10:00:00Z'));
    expect(summer.toISOString()).toBe('2027-04-15T09:00:00.000Z');
    const again = await startProviderTrial(db, provider.id, new Date('2027-06-01T10:00:00Z'));
    expect(again.toISOString()).toBe('2027-02-28T10:00:00.000Z');
  });

  it('shows every member the plan; only the administrator may pay, another provider’s people get 404', async () => {
    const own = await providerOnPlan(new Date(), 'CZ0201');
    const stranger = await providerOnPlan(new Date(), 'CZ0202');
    const plan = await planOf(own.administrator, own.provider.id);
    expect(plan).toMatchObject({
      state: 'trial',
      listed: true,
      paidUntil: null,
      renews: false,
      canPay: true,
      price: { amountMinor: 99_000, currency: 'CZK', vatRatePercent: 21 },
      payments: [],
    });
    for (const colleague of [own.coordinator, own.worker]) {
      expect((await planOf(colleague, own.provider.id)).canPay).toBe(false);
      const refused = await call(colleague, 'POST', `/provider/providers/${own.provider.id}/plan/checkouts`);
      expect(refused.statusCode, refused.body).toBe(403);
    }
    for (const path of ['/plan', '/plan/checkouts'] as const) {
      const response = await call(
        stranger.administrator,
        path === '/plan' ? 'GET' : 'POST',
        `/provider/providers/${own.provider.id}${path}`,
      );
      expect(response.statusCode, path).toBe(404);
    }
    const [{ open } = { open: -1 }] = await server.database.db
      .select({ open: count() })
      .from(checkouts)
      .where(eq(checkouts.providerId, own.provider.id));
    expect(open).toBe(0);
  });

  it('prices a Slovak provider in euro with Slovak VAT', async () => {
    const db = server.database.db;
    const provider = await createProvider(db, { country: 'SK' });
    await startProviderTrial(db, provider.id, new Date());
    const administrator = await providerMember(server, provider.id, ['providerAdmin']);
    expect((await planOf(administrator, provider.id)).price).toEqual({
      amountMinor: 3_900,
      currency: 'EUR',
      vatRatePercent: 23,
    });
  });
});

describe('the plan sweep', () => {
  it('e-mails the reminder 7 days before the free months end, once, however many sweeps run at once', async () => {
    const now = new Date();
    // Free months that end in 6 days.
    const started = new Date(now.getTime() + 6 * day);
    started.setUTCMonth(started.getUTCMonth() - 3);
    const own = await providerOnPlan(started, 'CZ0203');
    const recipients = [own.administrator.email.toLowerCase(), own.provider.requestsEmail ?? ''];
    // Eight days before: too early.
    await sweep(new Date(now.getTime() - 2 * day));
    expect(await mailsAbout('provider-plan-trial-ending', recipients)).toEqual([]);

    await Promise.all(Array.from({ length: 3 }, () => sweep(now)));
    await sweep(new Date(now.getTime() + day));
    const mails = await mailsAbout('provider-plan-trial-ending', recipients);
    expect(mails.map((mail) => mail.to).toSorted()).toEqual(recipients.toSorted());
    expect((await inCatalogue(own.service.id, own.countyCode)).listed).toBe(true);
  });

  it('sends no reminder to a provider whose monthly payment is set up', async () => {
    const now = new Date();
    const started = new Date(now.getTime() + 3 * day);
    started.setUTCMonth(started.getUTCMonth() - 3);
    const own = await providerOnPlan(started, 'CZ0204');
    await createSubscription(server.database.db, {
      typeCode: 'provider',
      providerId: own.provider.id,
    });
    await sweep(now);
    expect(await mailsAbout('provider-plan-trial-ending', [own.administrator.email.toLowerCase()])).toEqual(
      [],
    );
  });
});

describe('an unpaid provider', () => {
  it('leaves the catalogue and the pool, keeps its inbox, and is back as soon as its payment commits', async () => {
    const db = server.database.db;
    const now = new Date();
    const own = await providerOnPlan(new Date(now.getTime() - 100 * day), 'CZ0205');
    const carer = await server.signedIn();
    await createSubscription(db, { userId: carer.userId });
    const client = await createClient(db, { ownerUserId: carer.userId, countyCode: own.countyCode });
    const careCase = await createCase(db, { clientId: client.id, ownerUserId: carer.userId });
    const request = await createCareRequest(db, { caseId: careCase.id, facilityServiceId: own.service.id });
    const pool = async () => {
      const response = await call(carer, 'GET', `/web/clients/${client.id}/service-offer`);
      expect(response.statusCode, response.body).toBe(200);
      return ServiceOfferSchema.parse(response.json()).items.map((item) => item.id);
    };
    expect(await inCatalogue(own.service.id, own.countyCode)).toEqual({ listed: true, detail: true });
    expect(await pool()).toContain(own.service.id);

    // Two sweeps at once: unlisted once, one e-mail per address.
    const results = await Promise.all([sweep(now), sweep(now)]);
    expect(results.map((result) => result.unlisted).toSorted()).toEqual([0, 1]);
    expect(await inCatalogue(own.service.id, own.countyCode)).toEqual({ listed: false, detail: false });
    expect(await pool()).not.toContain(own.service.id);
    const recipients = [own.administrator.email.toLowerCase(), own.provider.requestsEmail ?? ''];
    expect((await mailsAbout('provider-plan-lapsed', recipients)).map((mail) => mail.to).toSorted()).toEqual(
      recipients.toSorted(),
    );
    await sweep(new Date(now.getTime() + day));
    expect(await mailsAbout('provider-plan-lapsed', recipients)).toHaveLength(2);
    // Nothing lost: the request stays in the inbox and can be answered.
    const inbox = await call(
      own.coordinator,
      'GET',
      `/provider/providers/${own.provider.id}/requests/${request.id}`,
    );
    expect(inbox.statusCode, inbox.body).toBe(200);
    const plan = await planOf(own.worker, own.provider.id);
    expect(plan).toMatchObject({ state: 'unpaid', listed: false, canPay: false });

    // The administrator pays: a double click, and a burst larger than the pool, open one checkout.
    const answers = await Promise.all(
      Array.from({ length: simultaneous }, () =>
        call(own.administrator, 'POST', `/provider/providers/${own.provider.id}/plan/checkouts`),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    const ids = new Set(answers.map((answer) => CheckoutSchema.parse(answer.json()).id));
    expect(ids.size).toBe(1);
    const checkout = CheckoutSchema.parse(answers[0]?.json());
    expect(checkout).toMatchObject({
      status: 'open',
      price: { amountMinor: 99_000, currency: 'CZK', vatRatePercent: 21 },
      returnPath: '/provider/plan',
    });
    const reference = checkout.redirectUrl.split('/').at(-1) ?? '';
    const paid = await deliver(
      testGatewayEvent('checkout.paid', reference, { chargeId: 'tgwch_plan_first' }),
    );
    expect(paid.statusCode, paid.body).toBe(204);
    // Listed again by the payment's own transaction, before any sweep.
    expect(await inCatalogue(own.service.id, own.countyCode)).toEqual({ listed: true, detail: true });
    expect(await pool()).toContain(own.service.id);
    const after = await planOf(own.administrator, own.provider.id);
    expect(after).toMatchObject({ state: 'active', listed: true, renews: true, canPay: false });
    expect(after.payments).toMatchObject([
      { kind: 'initial', status: 'paid', price: { amountMinor: 99_000 } },
    ]);
    const [live] = await db
      .select({ userId: subscriptions.userId, end: subscriptions.currentPeriodEnd })
      .from(subscriptions)
      .where(eq(subscriptions.providerId, own.provider.id));
    expect(live?.userId).toBeNull();
    expect((live?.end.getTime() ?? 0) - Date.now()).toBeGreaterThan(27 * day);
    // Set up already: a second payment is refused.
    const again = await call(
      own.administrator,
      'POST',
      `/provider/providers/${own.provider.id}/plan/checkouts`,
    );
    expect(again.statusCode).toBe(409);
    // A sweep after the payment leaves it listed.
    expect((await sweep(new Date())).unlisted).toBe(0);
    const [row] = await db
      .select({ listed: providers.listed })
      .from(providers)
      .where(eq(providers.id, own.provider.id));
    expect(row?.listed).toBe(true);
  });

  it('paid during the free months, pays for the month after them', async () => {
    const db = server.database.db;
    const own = await providerOnPlan(new Date(), 'CZ0206');
    const answer = await call(
      own.administrator,
      'POST',
      `/provider/providers/${own.provider.id}/plan/checkouts`,
    );
    expect(answer.statusCode, answer.body).toBe(201);
    const reference = CheckoutSchema.parse(answer.json()).redirectUrl.split('/').at(-1) ?? '';
    expect(
      (await deliver(testGatewayEvent('checkout.paid', reference, { chargeId: 'tgwch_plan_early' })))
        .statusCode,
    ).toBe(204);
    const [plan] = await db
      .select({
        monthAfter: sql<boolean>`(${providerPlans.trialEndsAt} at time zone 'Europe/Prague' + interval '1 month') at time zone 'Europe/Prague' = ${subscriptions.currentPeriodEnd}`,
      })
      .from(providerPlans)
      .innerJoin(subscriptions, eq(subscriptions.providerId, providerPlans.providerId))
      .where(eq(providerPlans.providerId, own.provider.id));
    expect(plan?.monthAfter).toBe(true);
    expect((await planOf(own.administrator, own.provider.id)).state).toBe('trial');
  });

  it('a new request to its service is refused as to a service not offered', async () => {
    const own = await providerOnPlan(new Date(Date.now() - 100 * day), 'CZ0207');
    await sweep(new Date());
    const carer = await server.signedIn();
    await createSubscription(server.database.db, { userId: carer.userId });
    const client = await createClient(server.database.db, {
      ownerUserId: carer.userId,
      countyCode: own.countyCode,
    });
    const careCase = await createCase(server.database.db, { clientId: client.id, ownerUserId: carer.userId });
    const opened = await call(carer, 'PUT', `/web/cases/${careCase.id}/request-drafts/${own.service.id}`);
    expect(opened.statusCode, opened.body).toBe(404);
  });
});
