import type { Country, Locale, ProviderRole } from '@opora/contracts';
import { careRequestEvents, careRequests, emailOutbox, providerUsers, requestStatuses } from '@opora/db';
import {
  createCareRequest,
  createCase,
  createClient,
  createFacility,
  createFacilityService,
  createProvider,
  createTestDatabase,
  createUser,
  type TestDatabase,
} from '@opora/db/testing';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { testConfig } from '../../testing/test-app.ts';
import { type DeadlineSweepContext, sweepUnansweredCareRequests } from './deadline-sweep.ts';

let database: TestDatabase;
let app: App;

beforeAll(async () => {
  database = await createTestDatabase();
  // No workers: the real clock's cron sweep must not touch these fixtures, dated years apart; queued
  // e-mails stay in the outbox to be read.
  app = await buildApp({ config: testConfig({ JOBS_WORKER: 'false' }), db: database.db });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
});

const context = (): DeadlineSweepContext => ({
  db: database.db,
  mailer: app.mailer,
  publicUrl: app.config.publicUrl,
});
const sweep = (at: string) => sweepUnansweredCareRequests(context(), new Date(at));

async function providerWithService(country: Country = 'CZ') {
  const db = database.db;
  const provider = await createProvider(db, { country });
  const facility = await createFacility(db, { providerId: provider.id });
  const service = await createFacilityService(db, { facilityId: facility.id });
  return { provider, facility, service, requestsEmail: provider.requestsEmail ?? '' };
}

async function member(providerId: string, roles: ProviderRole[], locale: Locale) {
  const user = await createUser(database.db, { locale });
  const [row] = await database.db
    .insert(providerUsers)
    .values({ providerId, userId: user.id, roles })
    .returning({ id: providerUsers.id });
  return { email: user.email ?? '', providerUserId: row?.id ?? '' };
}

/** A request to `serviceId` sent at `sentAt`, by a carer who reads Opora in Slovak. */
async function sentRequest(
  serviceId: string,
  sentAt: string,
  overrides: Parameters<typeof createCareRequest>[1] = {},
) {
  const db = database.db;
  const owner = await createUser(db, { locale: 'sk' });
  const client = await createClient(db, { ownerUserId: owner.id, firstName: 'Marie', lastName: 'Dvořáková' });
  const careCase = await createCase(db, { ownerUserId: owner.id, clientId: client.id });
  const request = await createCareRequest(db, {
    caseId: careCase.id,
    facilityServiceId: serviceId,
    createdAt: new Date(sentAt),
    updatedAt: new Date(sentAt),
    ...overrides,
  });
  return { ...request, code: careCase.code, ownerEmail: owner.email ?? '' };
}

async function events(careRequestId: string) {
  return database.db
    .select({
      kind: careRequestEvents.kind,
      by: careRequestEvents.createdByUserId,
      at: careRequestEvents.eventDate,
      status: requestStatuses.code,
      payload: careRequestEvents.payload,
    })
    .from(careRequestEvents)
    .leftJoin(requestStatuses, eq(requestStatuses.id, careRequestEvents.requestStatusId))
    .where(eq(careRequestEvents.careRequestId, careRequestId))
    .orderBy(asc(careRequestEvents.eventDate));
}

/** E-mails about the request (its id is in every link the provider gets) or to the given addresses. */
async function mails(careRequestId: string, alsoTo: string[] = []) {
  const rows = await database.db
    .select({
      to: emailOutbox.toAddress,
      template: emailOutbox.template,
      locale: emailOutbox.locale,
      params: emailOutbox.params,
    })
    .from(emailOutbox)
    .where(
      inArray(emailOutbox.template, [
        'care-request-reminder',
        'care-request-escalated',
        'care-request-expired',
      ]),
    )
    .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.toAddress));
  return rows
    .filter((row) => JSON.stringify(row.params).includes(careRequestId) || alsoTo.includes(row.to))
    .map((row) => ({
      to: row.to,
      template: row.template,
      locale: row.locale,
      subject: String(row.params.subject),
      text: String(row.params.text),
    }));
}

async function state(careRequestId: string) {
  const [row] = await database.db
    .select({
      status: requestStatuses.code,
      remindedAt: careRequests.remindedAt,
      escalatedAt: careRequests.escalatedAt,
      closedAt: careRequests.closedAt,
      allowsNewRequest: careRequests.allowsNewRequest,
    })
    .from(careRequests)
    .innerJoin(requestStatuses, eq(requestStatuses.id, careRequests.statusId))
    .where(eq(careRequests.id, careRequestId));
  return row;
}

describe('unanswered requests', () => {
  it('reminds, escalates and expires a Czech request once each, counting the Christmas days off', async () => {
    const { provider, service, requestsEmail } = await providerWithService('CZ');
    const adminCs = await member(provider.id, ['providerAdmin'], 'cs');
    const adminEn = await member(provider.id, ['providerAdmin', 'providerCoordinator'], 'en');
    const worker = await member(provider.id, ['providerUser'], 'sk');
    // Wednesday 23 December, 10:00 in Prague: 24–26 December and the weekend are days off.
    const waiting = await sentRequest(service.id, '2026-12-23T10:00:00+01:00', {
      assigneeProviderUserId: worker.providerUserId,
    });
    const answered = await sentRequest(service.id, '2026-12-23T10:00:00+01:00', {
      statusCode: 'in-progress',
      firstAnsweredAt: new Date('2026-12-23T12:00:00+01:00'),
    });

    await sweep('2026-12-28T12:00:00+01:00');
    await sweep('2026-12-29T09:59:00+01:00');
    expect(await events(waiting.id)).toEqual([]);

    // Two working days: Monday 28 and Tuesday 29 December, same time of day.
    await sweep('2026-12-29T10:01:00+01:00');
    await sweep('2026-12-29T10:01:00+01:00');
    await sweep('2026-12-30T15:00:00+01:00');
    expect(await state(waiting.id)).toMatchObject({
      status: 'new',
      remindedAt: new Date('2026-12-29T10:01:00+01:00'),
      escalatedAt: null,
    });
    expect(await events(waiting.id)).toEqual([
      {
        kind: 'reminder-sent',
        by: null,
        at: new Date('2026-12-29T10:01:00+01:00'),
        status: null,
        payload: { workingDays: 2 },
      },
    ]);
    const reminders = await mails(waiting.id);
    expect(reminders.map(({ to, template, locale }) => ({ to, template, locale }))).toEqual(
      [
        { to: requestsEmail, template: 'care-request-reminder', locale: 'cs' },
        { to: worker.email, template: 'care-request-reminder', locale: 'sk' },
      ].toSorted((a, b) => a.to.localeCompare(b.to)),
    );
    const czech = reminders.find((mail) => mail.locale === 'cs');
    expect(czech?.subject).toBe(`Poptávka ${waiting.code} čeká na odpověď`);
    expect(czech?.text).toContain('už 2 pracovní dny');
    // Ten working days: 28–31 December, 4–8 and 11 January (1 January is a day off).
    expect(czech?.text).toContain('Pokud se do 11. 01. 2027 její stav nezmění');
    expect(czech?.text).toContain(`/provider/requests/${waiting.id}?provider=${provider.id}`);

    // Four working days: Thursday 31 December.
    await sweep('2026-12-31T09:59:00+01:00');
    expect((await state(waiting.id))?.escalatedAt).toBeNull();
    await Promise.all([sweep('2026-12-31T10:01:00+01:00'), sweep('2026-12-31T10:01:00+01:00')]);
    expect((await events(waiting.id)).map((event) => event.kind)).toEqual(['reminder-sent', 'escalated']);
    const escalations = (await mails(waiting.id)).filter(
      (mail) => mail.template === 'care-request-escalated',
    );
    expect(
      escalations.map(({ to, locale }) => ({ to, locale })).toSorted((a, b) => a.to.localeCompare(b.to)),
    ).toEqual(
      [
        { to: adminCs.email, locale: 'cs' },
        { to: adminEn.email, locale: 'en' },
      ].toSorted((a, b) => a.to.localeCompare(b.to)),
    );
    expect(escalations.find((mail) => mail.locale === 'en')?.text).toContain(
      'has been waiting for an answer for 4 working days',
    );

    await sweep('2027-01-08T17:00:00+01:00');
    expect((await state(waiting.id))?.status).toBe('new');

    // Ten working days: Monday 11 January. The case may ask the same service again.
    await sweep('2027-01-11T10:01:00+01:00');
    await sweep('2027-01-12T10:01:00+01:00');
    expect(await state(waiting.id)).toMatchObject({
      status: 'expired',
      closedAt: new Date('2027-01-11T10:01:00+01:00'),
      allowsNewRequest: true,
    });
    expect((await events(waiting.id)).slice(2)).toEqual([
      {
        kind: 'status-changed',
        by: null,
        at: new Date('2027-01-11T10:01:00+01:00'),
        status: 'expired',
        payload: { from: 'new', to: 'expired' },
      },
    ]);
    const expiry = (await mails(waiting.id, [waiting.ownerEmail])).filter(
      (mail) => mail.template === 'care-request-expired',
    );
    expect(expiry).toHaveLength(1);
    expect(expiry[0]).toMatchObject({ to: waiting.ownerEmail, locale: 'sk' });
    expect(expiry[0]?.subject).toBe(`Dopyt ${waiting.code} zostal bez odpovede`);
    expect(expiry[0]?.text).toContain('neodpovedal ani po 10 pracovných dňoch');
    expect(expiry[0]?.text).toContain(`/dashboard/client/${waiting.clientId}?tab=service-offer`);
    await expect(
      createCareRequest(database.db, { caseId: waiting.caseId, facilityServiceId: service.id }),
    ).resolves.toMatchObject({ statusId: expect.any(String) });

    // Answered on the day it came: never reminded, escalated or expired.
    expect(await events(answered.id)).toEqual([]);
    expect(await mails(answered.id, [answered.ownerEmail])).toEqual([]);
    expect(await state(answered.id)).toMatchObject({
      status: 'in-progress',
      remindedAt: null,
      escalatedAt: null,
    });
  });

  it('skips Good Friday and Easter Monday, which move every year', async () => {
    const { service } = await providerWithService('CZ');
    // Thursday 2 April 2026: Good Friday 3 April, the weekend, Easter Monday 6 April.
    const request = await sentRequest(service.id, '2026-04-02T10:00:00+02:00');
    await sweep('2026-04-07T23:00:00+02:00');
    expect((await state(request.id))?.remindedAt).toBeNull();
    await sweep('2026-04-08T10:01:00+02:00');
    expect((await state(request.id))?.remindedAt).toEqual(new Date('2026-04-08T10:01:00+02:00'));
  });

  it('counts a Slovak provider’s days by the Slovak calendar', async () => {
    const czech = await providerWithService('CZ');
    const slovak = await providerWithService('SK');
    // Thursday 28 August 2025; Friday 29 August is the SNP anniversary, a day off in Slovakia only,
    // and 1 September (Constitution Day) is a Slovak working day since 2024.
    const toCzech = await sentRequest(czech.service.id, '2025-08-28T10:00:00+02:00');
    const toSlovak = await sentRequest(slovak.service.id, '2025-08-28T10:00:00+02:00');

    await sweep('2025-09-01T12:00:00+02:00');
    expect((await state(toCzech.id))?.remindedAt).toEqual(new Date('2025-09-01T12:00:00+02:00'));
    expect((await state(toSlovak.id))?.remindedAt).toBeNull();

    await sweep('2025-09-02T10:01:00+02:00');
    expect((await state(toSlovak.id))?.remindedAt).toEqual(new Date('2025-09-02T10:01:00+02:00'));
    const [reminder] = await mails(toSlovak.id);
    expect(reminder).toMatchObject({
      to: slovak.requestsEmail,
      template: 'care-request-reminder',
      locale: 'sk',
    });
    expect(reminder?.text).toContain('čaká na vašu odpoveď už 2 pracovné dni');

    // Escalated after four Slovak working days (Thursday 4 September); with no administrator
    // registered, the provider's address for requests hears of it.
    await sweep('2025-09-04T09:59:00+02:00');
    expect((await state(toSlovak.id))?.escalatedAt).toBeNull();
    await sweep('2025-09-04T10:01:00+02:00');
    expect((await mails(toSlovak.id)).map(({ to, template }) => ({ to, template }))).toEqual([
      { to: slovak.requestsEmail, template: 'care-request-reminder' },
      { to: slovak.requestsEmail, template: 'care-request-escalated' },
    ]);
  });

  it('takes each step once when two sweeps run at the same time', async () => {
    const { provider, service, requestsEmail } = await providerWithService('CZ');
    const admin = await member(provider.id, ['providerAdmin'], 'cs');
    // Tuesday 1 December: reminders due on Thursday 3 December.
    const requests = await Promise.all(
      [1, 2, 3].map(() => sentRequest(service.id, '2026-12-01T10:00:00+01:00')),
    );
    await Promise.all([
      sweep('2026-12-04T12:00:00+01:00'),
      sweep('2026-12-04T12:00:00+01:00'),
      sweep('2026-12-04T12:00:00+01:00'),
    ]);
    for (const request of requests) {
      expect((await events(request.id)).map((event) => event.kind)).toEqual(['reminder-sent']);
      expect(await mails(request.id)).toEqual([
        expect.objectContaining({ to: requestsEmail, template: 'care-request-reminder' }),
      ]);
    }

    // Long past every deadline at once (the worker was down): expired only, once, and the family
    // told once; nobody is reminded or escalated on the way out.
    await Promise.all([sweep('2026-12-28T12:00:00+01:00'), sweep('2026-12-28T12:00:00+01:00')]);
    for (const request of requests) {
      expect((await events(request.id)).map((event) => [event.kind, event.status])).toEqual([
        ['reminder-sent', null],
        ['status-changed', 'expired'],
      ]);
      expect((await mails(request.id, [request.ownerEmail])).map((mail) => mail.template)).toEqual([
        'care-request-reminder',
        'care-request-expired',
      ]);
    }
    expect((await mails(requests[0]?.id ?? '', [admin.email])).map((mail) => mail.to)).not.toContain(
      admin.email,
    );
  });
});
