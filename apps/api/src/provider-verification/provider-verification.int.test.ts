import { randomInt } from 'node:crypto';
import type { ProviderVerificationDetail, ProviderVerificationQueue, StaffAuditList } from '@opora/contracts';
import {
  facilityServices,
  providers,
  providerUsers,
  providerVerifications,
  staffAuditLog,
  users,
} from '@opora/db';
import { createFacility, createFacilityService, createProvider, testSurveyDocument } from '@opora/db/testing';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTestServer,
  bearer,
  type SignedInAccount,
  someClientAddress,
  startAccountTestServer,
} from '../accounts/testing/account-test-server.ts';
import { sweepProviderVerifications } from './verification-sweep.ts';

// Issue 25 §1 and §5 (decisions 0121, 0122): the verification queue, decisions, their e-mails and
// audit entries, claims, the yearly re-verification and lapse, against a real database and server.

let server: AccountTestServer;
let staff: SignedInAccount;

/** More connections wanted at once than the app's pool has (10). */
const crowd = 14;

beforeAll(async () => {
  server = await startAccountTestServer({ pool: { max: 10 } });
  staff = await server.signedIn({ realmRoles: ['client', 'admin'], firstName: 'Eva', lastName: 'Kontrolní' });
});

afterAll(async () => {
  await server.close();
});

/** An IČO nobody else in this run has: seven random digits and their check digit. */
function freshIdentificationCode(): string {
  const first = String(randomInt(1_000_000, 9_999_999));
  const sum = [...first].reduce((total, digit, index) => total + Number(digit) * (8 - index), 0);
  return `${first}${(11 - (sum % 11)) % 10}`;
}

let sequence = 0;
const uniqueEmail = (name: string) => `${name}-${Date.now()}-${++sequence}@example.cz`;
const password = 'dlouhé heslo 1';

function joinForm(email: string, identificationCode: string, locale = 'cs') {
  return {
    fullName: 'Petra Svobodová',
    firstName: 'Petra',
    lastName: 'Svobodová',
    email,
    phone: '+420 602 111 222',
    password,
    privacyPolicy: true,
    marketingAccept: false,
    locale,
    organisation: {
      name: 'Domácí péče Slunce, z. ú.',
      identificationCode,
      taxCode: `CZ${identificationCode}`,
      country: 'CZ',
      address: { street: 'Korunní 12', city: 'Praha 2', zipcode: '120 00', countyCode: 'CZ0100' },
      billingAddress: { name: '', street: '', city: '', zipcode: '' },
      requestsEmail: 'poptavky@slunce.example.cz',
      contactPhone: '+420 601 123 456',
      contactEmail: 'info@slunce.example.cz',
      url: 'https://slunce.example.cz',
      description: 'Pečovatelská služba v Praze 2.',
    },
  };
}

/** An organisation joins; answers its provider id, its administrator's e-mail and IČO. */
async function joined(locale = 'cs') {
  const email = uniqueEmail('org');
  const identificationCode = freshIdentificationCode();
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/v1/web/providers/join',
    payload: joinForm(email, identificationCode, locale),
    remoteAddress: someClientAddress(),
  });
  expect(response.statusCode, response.body).toBe(201);
  const { providerId } = response.json<{ providerId: string }>();
  return { providerId, email, identificationCode };
}

async function queue(headers = staff.headers): Promise<ProviderVerificationQueue> {
  const response = await server.app.inject({ url: '/api/v1/admin/provider-verifications', headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProviderVerificationQueue>();
}

async function openCheckOf(providerId: string): Promise<string> {
  const item = (await queue()).items.find((entry) => entry.provider.id === providerId);
  if (!item) throw new Error(`No open check of ${providerId}`);
  return item.verificationId;
}

async function detail(verificationId: string): Promise<ProviderVerificationDetail> {
  const response = await server.app.inject({
    url: `/api/v1/admin/provider-verifications/${verificationId}`,
    headers: staff.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProviderVerificationDetail>();
}

const decide = (verificationId: string, payload: object, headers = staff.headers) =>
  server.app.inject({
    method: 'POST',
    url: `/api/v1/admin/provider-verifications/${verificationId}/decision`,
    headers,
    payload,
  });

async function auditOf(providerId: string) {
  return server.database.db.select().from(staffAuditLog).where(eq(staffAuditLog.recordId, providerId));
}

async function providerRow(providerId: string) {
  const [row] = await server.database.db.select().from(providers).where(eq(providers.id, providerId));
  if (!row) throw new Error('provider gone');
  return row;
}

describe('the verification queue', () => {
  it('lists a joined organisation with what staff check, and an approval verifies it and its services', async () => {
    const { providerId, email, identificationCode } = await joined('en');
    const facility = await createFacility(server.database.db, { providerId });
    const service = await createFacilityService(server.database.db, {
      facilityId: facility.id,
      verified: false,
      registerNumber: '1234567',
    });
    const unnumbered = await createFacilityService(server.database.db, {
      facilityId: facility.id,
      verified: false,
      status: 'draft',
    });

    const items = (await queue()).items;
    const item = items.find((entry) => entry.provider.id === providerId);
    expect(item).toMatchObject({
      kind: 'new',
      servicesCount: 2,
      provider: { identificationCode, country: 'CZ' },
    });
    // Oldest first.
    const opened = items.map((entry) => entry.openedAt);
    expect(opened).toEqual([...opened].sort());

    const check = await detail(item?.verificationId ?? '');
    expect(check).toMatchObject({
      status: 'open',
      kind: 'new',
      provider: { id: providerId, verified: false, identificationCodeValid: true },
      details: { name: 'Domácí péče Slunce, z. ú.', taxCode: `CZ${identificationCode}`, country: 'CZ' },
      previousDetails: null,
      administrators: [{ name: 'Petra Svobodová', email, registered: true }],
      history: [],
    });
    expect(check.services).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: service.id,
          registerNumber: '1234567',
          serviceType: expect.objectContaining({ code: 'home-care-service' }),
        }),
        expect.objectContaining({ id: unnumbered.id, registerNumber: null, status: 'draft' }),
      ]),
    );

    const approved = await decide(check.verificationId, {
      outcome: 'approved',
      providerRevision: check.provider.revision,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      status: 'approved',
      provider: { verified: true, verifiedAt: expect.any(String) },
      history: [{ outcome: 'approved', decidedBy: 'Eva Kontrolní', reason: null }],
    });
    expect((await queue()).items.some((entry) => entry.provider.id === providerId)).toBe(false);
    const services = await server.database.db
      .select({ verified: facilityServices.verified })
      .from(facilityServices)
      .where(eq(facilityServices.providerId, providerId));
    expect(services.map((row) => row.verified)).toEqual([true, true]);
    // What carers see: the check's date and the register number.
    const publicDetail = await server.app.inject({ url: `/api/v1/web/services/${service.id}` });
    expect(publicDetail.json()).toMatchObject({ provider: { verified: true }, flags: { verified: true } });

    const audit = await auditOf(providerId);
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'provider-verification-approved',
        actorUserId: staff.userId,
        actorName: 'Eva Kontrolní',
        actorEmail: staff.email,
        recordType: 'provider',
        recordLabel: 'Domácí péče Slunce, z. ú.',
      }),
    ]);
    const mail = (await server.mailbox()).filter((message) => message.to === email);
    expect(mail.map((message) => message.subject)).toContain(
      'Domácí péče Slunce, z. ú. is verified on Opora',
    );

    // Decided once: a second decision is refused and changes nothing.
    const again = await decide(check.verificationId, {
      outcome: 'rejected',
      reason: 'other',
      note: 'Omyl',
      providerRevision: check.provider.revision,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ProviderVerificationDecided' });
    expect((await providerRow(providerId)).verified).toBe(true);
    expect(await auditOf(providerId)).toHaveLength(1);
  });

  it('refuses a rejection without a reason, `other` without a note, and hostile text, writing nothing', async () => {
    const { providerId } = await joined();
    const verificationId = await openCheckOf(providerId);
    const { provider } = await detail(verificationId);
    const cases: [object, string][] = [
      [{ outcome: 'rejected', providerRevision: provider.revision }, 'reason'],
      [{ outcome: 'rejected', reason: 'other', providerRevision: provider.revision }, 'note'],
      [{ outcome: 'approved', reason: 'other', note: 'x', providerRevision: provider.revision }, 'reason'],
      [
        {
          outcome: 'rejected',
          reason: 'not-in-register',
          note: 'a\u0000b',
          providerRevision: provider.revision,
        },
        'note',
      ],
      [
        {
          outcome: 'rejected',
          reason: 'not-in-register',
          note: 'x\ud800',
          providerRevision: provider.revision,
        },
        'note',
      ],
      [{ outcome: 'rejected', reason: 'nope', providerRevision: provider.revision }, 'reason'],
    ];
    for (const [payload, property] of cases) {
      const response = await decide(verificationId, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(response.json())).toContain(`"${property}"`);
    }
    const huge = await decide(verificationId, {
      outcome: 'rejected',
      reason: 'other',
      note: 'x'.repeat(1_000_000),
      providerRevision: provider.revision,
    });
    expect([400, 413]).toContain(huge.statusCode);
    expect((await detail(verificationId)).status).toBe('open');
    expect(await auditOf(providerId)).toHaveLength(0);
    const unknown = await decide('00000000-0000-4000-8000-000000000000', {
      outcome: 'approved',
      providerRevision: 1,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('rejects with a reason: the provider stays unverified, is told why in its language, and is queued again once it corrects its details', async () => {
    const { providerId, email } = await joined('en');
    const verificationId = await openCheckOf(providerId);
    const { provider } = await detail(verificationId);
    const rejected = await decide(verificationId, {
      outcome: 'rejected',
      reason: 'not-in-register',
      note: 'IČO v registru MPSV nenalezeno.',
      providerRevision: provider.revision,
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({
      status: 'rejected',
      provider: { verified: false },
      history: [{ outcome: 'rejected', reason: 'not-in-register', note: 'IČO v registru MPSV nenalezeno.' }],
    });
    expect((await queue()).items.some((entry) => entry.provider.id === providerId)).toBe(false);
    const [entry] = await auditOf(providerId);
    expect(entry).toMatchObject({
      action: 'provider-verification-rejected',
      reason: 'not-in-register: IČO v registru MPSV nenalezeno.',
    });
    const mail = (await server.mailbox()).find(
      (message) => message.to === email && /could not be verified/.test(message.subject),
    );
    expect(mail?.text).toContain('we did not find the organisation in the register of providers');
    expect(mail?.text).toContain('IČO v registru MPSV nenalezeno.');

    // The administrator corrects the profile: the provider is back in the queue, once.
    const { accessToken } = await server.signIn(email, password);
    const profileUrl = `/api/v1/provider/providers/${providerId}/profile`;
    const profile = await server.app.inject({ url: profileUrl, headers: bearer(accessToken) });
    expect(profile.statusCode, profile.body).toBe(200);
    const current = profile.json<{ provider: { revision: number } }>().provider;
    const form = joinForm(email, '00000000').organisation;
    const { identificationCode: _ico, country: _country, ...details } = form;
    for (const revision of [current.revision, current.revision + 1]) {
      const saved = await server.app.inject({
        method: 'PUT',
        url: profileUrl,
        headers: bearer(accessToken),
        payload: { ...details, name: 'Domácí péče Slunce, zapsaný ústav', revision },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const requeued = (await queue()).items.filter((item) => item.provider.id === providerId);
    expect(requeued).toMatchObject([
      { kind: 'new', provider: { name: 'Domácí péče Slunce, zapsaný ústav' } },
    ]);
  });

  it('refuses an approval of details the provider changed since staff loaded them (409 with the check as it is now)', async () => {
    const { providerId, email } = await joined();
    const verificationId = await openCheckOf(providerId);
    const seen = await detail(verificationId);
    const { accessToken } = await server.signIn(email, password);
    const profileUrl = `/api/v1/provider/providers/${providerId}/profile`;
    const form = joinForm(email, '00000000').organisation;
    const { identificationCode: _ico, country: _country, ...details } = form;
    const saved = await server.app.inject({
      method: 'PUT',
      url: profileUrl,
      headers: bearer(accessToken),
      payload: { ...details, name: 'Jiné jméno, s. r. o.', revision: seen.provider.revision },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const stale = await decide(verificationId, {
      outcome: 'approved',
      providerRevision: seen.provider.revision,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'RecordChangedByAnother',
      current: { status: 'open', details: { name: 'Jiné jméno, s. r. o.' } },
    });
    // A failed action leaves no audit entry and no verification.
    expect(await auditOf(providerId)).toHaveLength(0);
    expect((await providerRow(providerId)).verified).toBe(false);

    const fresh = await detail(verificationId);
    const approved = await decide(verificationId, {
      outcome: 'approved',
      providerRevision: fresh.provider.revision,
    });
    expect(approved.statusCode, approved.body).toBe(200);
  });

  it('lets exactly one of many simultaneous decisions through (more than the pool has connections)', async () => {
    const { providerId } = await joined();
    const verificationId = await openCheckOf(providerId);
    const { provider } = await detail(verificationId);
    const answers = await Promise.all(
      Array.from({ length: crowd }, (_, index) =>
        decide(
          verificationId,
          index % 2 === 0
            ? { outcome: 'approved', providerRevision: provider.revision }
            : { outcome: 'rejected', reason: 'details-differ', providerRevision: provider.revision },
        ),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(crowd - 1);
    for (const answer of answers.filter((response) => response.statusCode === 409)) {
      expect(answer.json()).toMatchObject({ code: 'ProviderVerificationDecided' });
    }
    expect(await auditOf(providerId)).toHaveLength(1);
  });
});

describe('a claim', () => {
  it('shows the listing as it was beside the claimant’s details; rejected, the listing comes back and the claimant loses it', async () => {
    const db = server.database.db;
    const identificationCode = freshIdentificationCode();
    const checkedAt = new Date('2026-05-04T08:00:00Z');
    const listing = await createProvider(db, {
      name: 'Charita Původní',
      identificationCode,
      country: 'CZ',
      contactEmail: 'info@charita.example.cz',
      verified: true,
      verifiedAt: checkedAt,
    });
    const facility = await createFacility(db, { providerId: listing.id });
    await createFacilityService(db, { facilityId: facility.id, registerNumber: '7654321' });

    const email = uniqueEmail('claimant');
    const claim = await server.app.inject({
      method: 'POST',
      url: '/api/v1/web/providers/join',
      payload: joinForm(email, identificationCode),
      remoteAddress: someClientAddress(),
    });
    expect(claim.statusCode, claim.body).toBe(201);
    expect(claim.json()).toMatchObject({ providerId: listing.id, claimed: true });

    const verificationId = await openCheckOf(listing.id);
    const check = await detail(verificationId);
    expect(check).toMatchObject({
      kind: 'claim',
      provider: { verified: false },
      details: { name: 'Domácí péče Slunce, z. ú.', contactEmail: 'info@slunce.example.cz' },
      previousDetails: { name: 'Charita Původní', contactEmail: 'info@charita.example.cz' },
    });

    const rejected = await decide(verificationId, {
      outcome: 'rejected',
      reason: 'claim-not-proven',
      providerRevision: check.provider.revision,
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    // The decided check still shows the claimant's details staff rejected.
    expect(rejected.json()).toMatchObject({
      status: 'rejected',
      details: { name: 'Domácí péče Slunce, z. ú.' },
      previousDetails: { name: 'Charita Původní' },
    });
    const restored = await providerRow(listing.id);
    expect(restored).toMatchObject({
      name: 'Charita Původní',
      contactEmail: 'info@charita.example.cz',
      verified: true,
      verifiedAt: checkedAt,
    });
    expect(
      await db.select().from(providerUsers).where(eq(providerUsers.providerId, listing.id)),
    ).toHaveLength(0);
    const [entry] = await auditOf(listing.id);
    expect(entry).toMatchObject({ action: 'provider-claim-rejected', reason: 'claim-not-proven' });
    const mail = (await server.mailbox()).find(
      (message) => message.to === email && /neproběhlo/.test(message.subject),
    );
    expect(mail?.text).toContain('Zápis se vrátil do podoby před vaší žádostí');

    // The claimant's next call to the provider answers as for anyone outside it.
    const { accessToken } = await server.signIn(email, password);
    const profile = await server.app.inject({
      url: `/api/v1/provider/providers/${listing.id}/profile`,
      headers: bearer(accessToken),
    });
    expect([403, 404]).toContain(profile.statusCode);
  });

  it('approved, the claimant keeps the listing, verified from today', async () => {
    const db = server.database.db;
    const identificationCode = freshIdentificationCode();
    const listing = await createProvider(db, {
      name: 'Domov Starý',
      identificationCode,
      verified: true,
      verifiedAt: new Date('2025-01-01T00:00:00Z'),
    });
    const email = uniqueEmail('claimant-ok');
    await server.app.inject({
      method: 'POST',
      url: '/api/v1/web/providers/join',
      payload: joinForm(email, identificationCode),
      remoteAddress: someClientAddress(),
    });
    const verificationId = await openCheckOf(listing.id);
    const { provider } = await detail(verificationId);
    const approved = await decide(verificationId, {
      outcome: 'approved',
      providerRevision: provider.revision,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const row = await providerRow(listing.id);
    expect(row.verified).toBe(true);
    expect(row.name).toBe('Domácí péče Slunce, z. ú.');
    expect(Date.now() - (row.verifiedAt?.getTime() ?? 0)).toBeLessThan(60_000);
    const [member] = await db
      .select({ email: users.email })
      .from(providerUsers)
      .innerJoin(users, eq(users.id, providerUsers.userId))
      .where(eq(providerUsers.providerId, listing.id));
    expect(member?.email).toBe(email);
    expect((await auditOf(listing.id)).map((entry) => entry.action)).toEqual(['provider-claim-approved']);
  });
});

describe('the yearly check', () => {
  const context = () => ({
    db: server.database.db,
    mailer: server.app.mailer,
    publicUrl: server.config.publicUrl,
  });

  async function verifiedProvider(verifiedAt: Date) {
    const { providerId, email } = await joined();
    await server.database.db
      .update(providers)
      .set({ verified: true, verifiedAt })
      .where(eq(providers.id, providerId));
    await server.database.db
      .update(providerVerifications)
      .set({ status: 'approved', decidedAt: verifiedAt, decidedByName: 'Eva Kontrolní' })
      .where(and(eq(providerVerifications.providerId, providerId), eq(providerVerifications.status, 'open')));
    return { providerId, email };
  }

  it('queues a provider 30 days before its check is a year old, once', async () => {
    const now = new Date();
    const due = new Date(now.getTime() - 340 * 86_400_000);
    const notYet = new Date(now.getTime() - 300 * 86_400_000);
    const soon = await verifiedProvider(due);
    const later = await verifiedProvider(notYet);
    await Promise.all([
      sweepProviderVerifications(context(), now),
      sweepProviderVerifications(context(), now),
    ]);
    await sweepProviderVerifications(context(), now);
    const items = (await queue()).items;
    expect(items.filter((item) => item.provider.id === soon.providerId)).toMatchObject([
      { kind: 'reverification' },
    ]);
    expect(items.some((item) => item.provider.id === later.providerId)).toBe(false);
    // Still verified until the year is out.
    expect((await providerRow(soon.providerId)).verified).toBe(true);
  });

  it('lapses a check a year old: unverified with its services, marked lapsed, administrators told once', async () => {
    const now = new Date();
    const { providerId, email } = await verifiedProvider(new Date(now.getTime() - 370 * 86_400_000));
    const facility = await createFacility(server.database.db, { providerId });
    const service = await createFacilityService(server.database.db, {
      facilityId: facility.id,
      verified: true,
    });
    await Promise.all(Array.from({ length: 3 }, () => sweepProviderVerifications(context(), now)));
    const row = await providerRow(providerId);
    expect(row).toMatchObject({ verified: false, verifiedAt: null });
    expect(row.verificationLapsedAt).toBeInstanceOf(Date);
    const [serviceRow] = await server.database.db
      .select({ verified: facilityServices.verified })
      .from(facilityServices)
      .where(eq(facilityServices.id, service.id));
    expect(serviceRow?.verified).toBe(false);
    const mails = (await server.mailbox()).filter(
      (message) => message.to === email && /vypršelo/.test(message.subject),
    );
    expect(mails).toHaveLength(1);
    // Carers see it lapsed, and cannot request it.
    const publicDetail = await server.app.inject({ url: `/api/v1/web/services/${service.id}` });
    expect(publicDetail.json()).toMatchObject({ provider: { verified: false } });

    // Staff check it again: verified from today, the lapse cleared.
    const verificationId = await openCheckOf(providerId);
    const { provider } = await detail(verificationId);
    const approved = await decide(verificationId, {
      outcome: 'approved',
      providerRevision: provider.revision,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await providerRow(providerId)).toMatchObject({ verified: true, verificationLapsedAt: null });
  });
});

describe('the audit log', () => {
  it('is append-only in the database', async () => {
    const { providerId } = await joined();
    const verificationId = await openCheckOf(providerId);
    const { provider } = await detail(verificationId);
    await decide(verificationId, { outcome: 'approved', providerRevision: provider.revision });
    const db = server.database.db;
    await expect(
      db.update(staffAuditLog).set({ reason: 'přepsáno' }).where(eq(staffAuditLog.recordId, providerId)),
    ).rejects.toThrow();
    await expect(db.delete(staffAuditLog).where(eq(staffAuditLog.recordId, providerId))).rejects.toThrow();
    await expect(db.execute(sql`truncate ${staffAuditLog}`)).rejects.toThrow();
    expect(await auditOf(providerId)).toHaveLength(1);
  });

  it('lists entries newest first with filters and pages, for platform administrators only', async () => {
    const survey = await server.app.inject({
      method: 'POST',
      url: '/api/v1/admin/survey-definitions',
      headers: staff.headers,
      payload: {
        type: 'service',
        version: randomInt(1_000, 1_000_000),
        code: `audit-${Date.now()}`,
        definition: JSON.stringify(testSurveyDocument()),
      },
    });
    expect(survey.statusCode, survey.body).toBe(201);
    const { id: surveyId } = survey.json<{ id: string }>();
    const published = await server.app.inject({
      method: 'POST',
      url: `/api/v1/admin/survey-definitions/${surveyId}/publish`,
      headers: staff.headers,
    });
    expect(published.statusCode, published.body).toBe(200);

    const byRecord = await server.app.inject({
      url: `/api/v1/admin/audit?recordId=${surveyId}`,
      headers: staff.headers,
    });
    expect(byRecord.statusCode, byRecord.body).toBe(200);
    expect(byRecord.json<StaffAuditList>().items.map((entry) => entry.action)).toEqual([
      'survey-definition-published',
      'survey-definition-created',
    ]);

    const firstPage = await server.app.inject({ url: '/api/v1/admin/audit?limit=1', headers: staff.headers });
    const first = firstPage.json<StaffAuditList>();
    expect(first.items).toHaveLength(1);
    expect(first.nextBefore).not.toBeNull();
    const secondPage = await server.app.inject({
      url: `/api/v1/admin/audit?limit=1&before=${first.nextBefore}`,
      headers: staff.headers,
    });
    const second = secondPage.json<StaffAuditList>();
    expect(BigInt(second.items[0]?.id ?? '0')).toBeLessThan(BigInt(first.items[0]?.id ?? '0'));

    const byAction = await server.app.inject({
      url: '/api/v1/admin/audit?action=survey-definition-created&q=Kontroln%C3%AD',
      headers: staff.headers,
    });
    const actions = byAction.json<StaffAuditList>().items;
    expect(actions.length).toBeGreaterThan(0);
    expect(actions.every((entry) => entry.action === 'survey-definition-created')).toBe(true);
    // `%` and `_` typed are text, not patterns.
    const literal = await server.app.inject({ url: '/api/v1/admin/audit?q=%25%25', headers: staff.headers });
    expect(literal.json<StaffAuditList>().items).toEqual([]);

    const client = await server.signedIn();
    for (const url of ['/api/v1/admin/audit', '/api/v1/admin/provider-verifications']) {
      expect((await server.app.inject({ url, headers: client.headers })).statusCode).toBe(403);
      expect((await server.app.inject({ url })).statusCode).toBe(401);
    }
  });
});
