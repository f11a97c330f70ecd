import {
  type CarerSearchResult,
  type CarerSubscriptions,
  CurrentSubscriptionSchema,
  todayIsoDate,
} from '@opora/contracts';
import { emailOutbox, freePlanGrants, providerUsers, staffAuditLog, subscriptions } from '@opora/db';
import {
  createCase,
  createClient,
  createFacility,
  createFacilityService,
  createProvider,
  createSubscription,
} from '@opora/db/testing';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTestServer,
  type SignedInAccount,
  startAccountTestServer,
} from '../accounts/testing/account-test-server.ts';
import { sweepSubscriptions } from './renewals.ts';

// Issue 25 §4 (decision 0129): platform administrators find a person by e-mail, open their subscriptions
// (audited), and give Opora's free plan with a reason — which opens what a paid plan opens — or take it back.

const poolSize = 4;
const simultaneous = 12;
let server: AccountTestServer;
let admin: SignedInAccount;
let assistant: SignedInAccount;

beforeAll(async () => {
  server = await startAccountTestServer({ pool: { max: poolSize }, env: { RATE_LIMIT_MAX: '100000' } });
  admin = await server.signedIn({
    realmRoles: ['client', 'admin'],
    firstName: 'Alena',
    lastName: 'Správcová',
  });
  assistant = await server.signedIn({ realmRoles: ['client', 'assistant'] });
});

afterAll(async () => {
  await server.close();
});

let sequence = 0;
const carer = (prefix = 'pecujici') =>
  server.signedIn({
    email: `${prefix}-${Date.now()}-${++sequence}@Example.cz`,
    firstName: 'Jana',
    lastName: 'Nováková',
  });

const api = (caller: SignedInAccount | undefined, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  server.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: {
      ...(caller?.headers ?? {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined
      ? {}
      : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
  });

const grant = (userId: string, body: unknown = { reason: 'hardship' }, caller = admin) =>
  api(caller, 'POST', `/admin/subscriptions/${userId}/free-plan`, body);

async function auditOf(userId: string) {
  return server.database.db
    .select()
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.recordType, 'user'), eq(staffAuditLog.recordId, userId)))
    .orderBy(staffAuditLog.id);
}

async function liveOf(userId: string) {
  return server.database.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['active', 'past-due'])));
}

describe('staff look up a person’s subscriptions', () => {
  it('finds people by the start of their e-mail, case ignored, a page at a time, and never everyone', async () => {
    const stamp = `hledany-${Date.now()}`;
    const found = [];
    for (let index = 0; index < 3; index += 1) {
      found.push(await server.signedIn({ email: `${stamp}-${index}@example.cz` }));
    }
    const first = await api(admin, 'GET', `/admin/subscriptions?email=${stamp.toUpperCase()}&limit=2`);
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json<CarerSearchResult>();
    expect(page.items.map((item) => item.email)).toEqual([found[0]?.email, found[1]?.email]);
    expect(page.nextAfter).not.toBeNull();
    const second = await api(
      admin,
      'GET',
      `/admin/subscriptions?email=${stamp}&limit=2&after=${encodeURIComponent(page.nextAfter ?? '')}`,
    );
    expect(second.json<CarerSearchResult>()).toMatchObject({
      items: [{ email: found[2]?.email }],
      nextAfter: null,
    });
    // `%` and `_` are text; fewer than 3 characters are refused.
    expect(
      (await api(admin, 'GET', '/admin/subscriptions?email=%25%25%25')).json<CarerSearchResult>().items,
    ).toEqual([]);
    expect((await api(admin, 'GET', '/admin/subscriptions?email=ab')).statusCode).toBe(400);
    expect((await api(admin, 'GET', '/admin/subscriptions')).statusCode).toBe(400);
  });

  it('lets platform administrators only: an assistant, a carer and a provider 403, a guest 401', async () => {
    const person = await carer();
    const provider = await server.signedIn();
    const providerRow = await createProvider(server.database.db);
    await server.database.db
      .insert(providerUsers)
      .values({ providerId: providerRow.id, userId: provider.userId, roles: ['providerAdmin'] });
    for (const url of [
      `/admin/subscriptions?email=${person.email}`,
      `/admin/subscriptions/${person.userId}`,
    ]) {
      expect((await api(undefined, 'GET', url)).statusCode, url).toBe(401);
      for (const caller of [assistant, person, provider]) {
        expect((await api(caller, 'GET', url)).statusCode, url).toBe(403);
      }
    }
    expect((await grant(person.userId, { reason: 'hardship' }, assistant)).statusCode).toBe(403);
    expect((await grant(person.userId, { reason: 'hardship' }, person)).statusCode).toBe(403);
    const anonymous = await api(undefined, 'POST', `/admin/subscriptions/${person.userId}/free-plan`, {
      reason: 'hardship',
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await api(admin, 'GET', `/admin/subscriptions/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect(await liveOf(person.userId)).toEqual([]);
    expect(await auditOf(person.userId)).toEqual([]);
  });

  it('shows the plans and payments of a person, and audits each look', async () => {
    const person = await carer();
    const paid = await createSubscription(server.database.db, { userId: person.userId });
    const response = await api(admin, 'GET', `/admin/subscriptions/${person.userId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<CarerSubscriptions>()).toMatchObject({
      user: { id: person.userId, email: person.email, name: 'Jana Nováková' },
      currentId: paid.id,
      subscriptions: [{ id: paid.id, plan: 'self-managed', live: true, grant: null }],
      payments: { paidCount: 0, failedCount: 0, paidTotals: [], recent: [] },
    });
    expect(await auditOf(person.userId)).toMatchObject([
      {
        action: 'subscription-viewed',
        actorUserId: admin.userId,
        actorName: 'Alena Správcová',
        recordLabel: person.email,
      },
    ]);
  });
});

describe('the free plan from Opora', () => {
  it('opens the services offer and requests for the carer, says so on their plan, is e-mailed and audited', async () => {
    const person = await carer();
    const db = server.database.db;
    const client = await createClient(db, { ownerUserId: person.userId });
    const careCase = await createCase(db, { ownerUserId: person.userId, clientId: client.id });
    const provider = await createProvider(db, { verified: true });
    const facility = await createFacility(db, { providerId: provider.id });
    const service = await createFacilityService(db, { facilityId: facility.id });
    const offer = () => api(person, 'GET', `/web/clients/${client.id}/service-offer`);
    const openDraft = () =>
      server.app.inject({
        method: 'PUT',
        url: `/api/v1/web/cases/${careCase.id}/request-drafts/${service.id}`,
        headers: person.headers,
      });
    expect((await offer()).statusCode).toBe(402);
    expect((await openDraft()).statusCode).toBe(402);

    const endsOn = '2099-06-30';
    const granted = await grant(person.userId, {
      reason: 'social-worker',
      note: 'Sociální pracovnice z Jeseníku',
      endsOn,
    });
    expect(granted.statusCode, granted.body).toBe(201);
    const view = granted.json<CarerSubscriptions>();
    expect(view.subscriptions[0]).toMatchObject({
      plan: 'free',
      live: true,
      price: { amountMinor: 0 },
      renews: false,
      grant: {
        reason: 'social-worker',
        note: 'Sociální pracovnice z Jeseníku',
        endsOn,
        grantedBy: 'Alena Správcová',
      },
    });
    expect(view.currentId).toBe(view.subscriptions[0]?.id);

    expect((await offer()).statusCode).toBe(200);
    expect((await openDraft()).statusCode).toBe(200);
    const current = CurrentSubscriptionSchema.parse(
      (await api(person, 'GET', '/web/subscriptions/current')).json(),
    );
    expect(current.subscription).toMatchObject({
      type: { code: 'free' },
      grantedFree: { endsOn },
      endDate: '2099-07-01',
    });

    const [mail] = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, person.email), eq(emailOutbox.template, 'free-plan-notice')));
    expect(mail?.locale).toBe('cs');
    expect(JSON.stringify(mail?.params)).toContain('30. 06. 2099');
    expect(await auditOf(person.userId)).toMatchObject([
      { action: 'free-plan-granted', reason: 'social-worker: Sociální pracovnice z Jeseníku' },
    ]);
  });

  it('lasts until revoked without an end date, and is taken back with a reason at once', async () => {
    const person = await carer();
    const first = await grant(person.userId, { reason: 'partner-programme' });
    expect(first.statusCode, first.body).toBe(201);
    const [live] = await liveOf(person.userId);
    expect(live?.currentPeriodEnd.getUTCFullYear()).toBe(9999);
    // Nothing renews, reminds or ends it.
    await sweepSubscriptions({
      db: server.database.db,
      gateways: server.app.paymentGateways,
      jobs: server.app.jobs,
      mailer: server.app.mailer,
      publicUrl: 'http://localhost',
    });
    expect(await liveOf(person.userId)).toHaveLength(1);

    const revoke = (body: unknown) =>
      api(admin, 'POST', `/admin/subscriptions/${person.userId}/free-plan/revoke`, body);
    expect((await revoke({ reason: ' ' })).statusCode).toBe(400);
    const revoked = await revoke({ reason: 'Rodina už pomoc nepotřebuje' });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json<CarerSubscriptions>()).toMatchObject({
      currentId: null,
      subscriptions: [
        {
          plan: 'free',
          live: false,
          status: 'cancelled',
          grant: { revokeReason: 'Rodina už pomoc nepotřebuje', revokedBy: 'Alena Správcová' },
        },
      ],
    });
    expect(await liveOf(person.userId)).toEqual([]);
    expect((await revoke({ reason: 'znovu' })).statusCode).toBe(404);
    expect((await api(person, 'GET', '/web/subscriptions/current')).json()).toEqual({ subscription: null });
    expect((await auditOf(person.userId)).map((row) => row.action)).toEqual([
      'free-plan-granted',
      'free-plan-revoked',
    ]);
    // Given again after it was taken back.
    expect((await grant(person.userId)).statusCode).toBe(201);
  });

  it('refuses while a paid plan is live (409 SubscriptionPaidPlanLive) and writes nothing', async () => {
    const person = await carer();
    const paid = await createSubscription(server.database.db, { userId: person.userId });
    const refused = await grant(person.userId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'SubscriptionPaidPlanLive' });
    expect((await liveOf(person.userId)).map((row) => row.id)).toEqual([paid.id]);
    expect(await auditOf(person.userId)).toEqual([]);
  });

  it(`of ${simultaneous} simultaneous grants on a pool of ${poolSize}, exactly one lands; a repeat answers 409`, async () => {
    const person = await carer();
    const answers = await Promise.all(Array.from({ length: simultaneous }, () => grant(person.userId)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(simultaneous - 1);
    for (const answer of answers.filter((one) => one.statusCode === 409)) {
      expect(answer.json()).toMatchObject({ code: 'FreePlanAlreadyGranted' });
    }
    expect(await liveOf(person.userId)).toHaveLength(1);
    const [grants] = await server.database.db
      .select({ n: count() })
      .from(freePlanGrants)
      .where(eq(freePlanGrants.userId, person.userId));
    expect(grants?.n).toBe(1);
    expect((await auditOf(person.userId)).map((row) => row.action)).toEqual(['free-plan-granted']);
  });

  it('refuses hostile or missing reasons with a clear 400 and writes nothing', async () => {
    const person = await carer();
    const bodies: unknown[] = [
      { reason: 'other' },
      { reason: 'other', note: 'ne\u0000ní' },
      '{"reason":"other","note":"\\ud800 osamělý"}',
      { reason: 'hardship', note: 'x'.repeat(1_000_000) },
      { reason: 'because' },
      { reason: 'hardship', endsOn: '2020-01-01' },
      { reason: 'hardship', endsOn: '31. 12. 2099' },
    ];
    for (const body of bodies) {
      const response = await grant(person.userId, body);
      expect([400, 413], typeof body === 'string' ? body : JSON.stringify(body).slice(0, 80)).toContain(
        response.statusCode,
      );
      expect(response.json()).toHaveProperty('code');
    }
    expect(await liveOf(person.userId)).toEqual([]);
    expect(await auditOf(person.userId)).toEqual([]);
    const today = todayIsoDate();
    expect((await grant(person.userId, { reason: 'hardship', endsOn: today })).statusCode).toBe(201);
  });

  it('keeps the carer from starting a checkout over the free plan (409)', async () => {
    const person = await carer();
    expect((await grant(person.userId)).statusCode).toBe(201);
    const [before] = await liveOf(person.userId);
    // The carer cannot start a checkout while the free plan is live.
    const types = await api(person, 'GET', '/web/subscription-types');
    const selfManaged = types
      .json<{ id: string; code: string }[]>()
      .find((type) => type.code === 'self-managed');
    const checkout = await api(person, 'POST', '/web/checkouts', {
      subscriptionTypeId: selfManaged?.id,
      returnPath: '/user',
    });
    expect(checkout.statusCode).toBe(409);
    expect(before?.status).toBe('active');
    const latest = await server.database.db
      .select({ action: staffAuditLog.action })
      .from(staffAuditLog)
      .where(eq(staffAuditLog.recordId, person.userId))
      .orderBy(desc(staffAuditLog.id))
      .limit(1);
    expect(latest[0]?.action).toBe('free-plan-granted');
  });
});
