import { randomUUID } from 'node:crypto';
import {
  AssistantListSchema,
  type AssistantQueue,
  type AssistantQueueItem,
  type AssistantTaskDetail,
  type AssistantTaskEntry,
  CareRequestSchema,
  type CaseAssistantWork,
  ProviderRequestPageSchema,
} from '@opora/contracts';
import {
  assistantTaskEntries,
  assistantTasks,
  careRequests,
  consents,
  contacts,
  staffAuditLog,
} from '@opora/db';
import {
  createCareRequest,
  createCase,
  createClient,
  createFacility,
  createFacilityService,
  createProvider,
  createServiceSurvey,
  createSubscription,
} from '@opora/db/testing';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTestServer,
  type SignedInAccount,
  startAccountTestServer,
} from '../accounts/testing/account-test-server.ts';
import { providerMember } from '../provider-inbox/testing/provider-member.ts';
import { sweepFollowUps } from './follow-up-reminders.ts';

// Issue 25 §2 (decision 0123): a with-assistant subscriber hands a case over; assistants claim it, see
// the client through the claimed task only, log calls, send requests for the client, close it with a
// summary; the carer follows it. Against a real database and server.

let server: AccountTestServer;
let assistants: SignedInAccount[];
let platformAdmin: SignedInAccount;

beforeAll(async () => {
  server = await startAccountTestServer({ pool: { max: 10 } });
  assistants = [];
  for (const [firstName, lastName] of [
    ['Alena', 'Pomocná'],
    ['Boris', 'Volající'],
    ['Cyril', 'Rychlý'],
    ['Dana', 'Ochotná'],
  ] as const) {
    assistants.push(await server.signedIn({ realmRoles: ['client', 'assistant'], firstName, lastName }));
  }
  platformAdmin = await server.signedIn({
    realmRoles: ['client', 'admin'],
    firstName: 'Eva',
    lastName: 'Správcová',
  });
});

afterAll(async () => {
  await server.close();
});

const inject = (
  account: SignedInAccount | undefined,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) =>
  server.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: account?.headers ?? {},
    ...(payload ? { payload } : {}),
  });

function first(): SignedInAccount {
  const [assistant] = assistants;
  if (!assistant) throw new Error('no assistant');
  return assistant;
}

/**
 * A with-assistant subscriber whose case (with its client, in `countyCode`) is handed over; answers the
 * task's id.
 */
async function handedOver({ countyCode = 'CZ0100' } = {}) {
  const db = server.database.db;
  const carer = await server.signedIn({ firstName: 'Jana', lastName: 'Dcerová' });
  await createSubscription(db, { userId: carer.userId, typeCode: 'with-assistant' });
  const client = await createClient(db, {
    ownerUserId: carer.userId,
    firstName: 'Marie',
    lastName: 'Nováková',
    countyCode,
  });
  const careCase = await createCase(db, { ownerUserId: carer.userId, clientId: client.id });
  const saved = await inject(carer, 'PUT', `/web/cases/${careCase.id}/assistant-task`, {
    contactChannel: 'phone',
    preferredTime: 'odpoledne',
    assistantConsent: true,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const taskId = saved.json<{ id: string }>().id;
  return { carer, client, careCase, taskId };
}

async function verifiedService() {
  const db = server.database.db;
  const provider = await createProvider(db, { name: 'Pečovatelská služba Lípa', verified: true });
  const facility = await createFacility(db, { providerId: provider.id });
  return createFacilityService(db, { facilityId: facility.id, name: 'Pečovatelská služba', verified: true });
}

async function claim(account: SignedInAccount, taskId: string) {
  return inject(account, 'POST', `/admin/assistant-tasks/${taskId}/claim`);
}

async function auditOf(taskId: string) {
  return server.database.db.select().from(staffAuditLog).where(eq(staffAuditLog.recordId, taskId));
}

describe('the assistants’ queue', () => {
  it('lists a handed-over case with its due date, and exactly one of many simultaneous claims wins', async () => {
    const { carer, taskId } = await handedOver();
    const queue = await inject(first(), 'GET', '/admin/assistant-tasks');
    expect(queue.statusCode, queue.body).toBe(200);
    const item = queue.json<AssistantQueue>().items.find((entry) => entry.id === taskId);
    expect(item).toMatchObject({ claimedBy: null, mine: false, overdue: false, contactChannel: 'phone' });
    // Due a working day later: at least a day, at most four (a weekend and a holiday between).
    const wait = Date.parse(item?.dueAt ?? '') - Date.parse(item?.createdAt ?? '');
    expect(wait).toBeGreaterThanOrEqual(86_400_000 - 1000);
    expect(wait).toBeLessThanOrEqual(5 * 86_400_000);
    // The queue never carries the client's record.
    expect(queue.body).not.toContain('Nováková');
    expect(queue.json<AssistantQueue>().health.open).toBeGreaterThanOrEqual(1);

    // 16 claims at once, four from each assistant: more requests than the pool has connections.
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, index) => {
        const assistant = assistants[index % assistants.length];
        if (!assistant) throw new Error('no assistant');
        return claim(assistant, taskId).then((response) => ({ assistant, response }));
      }),
    );
    const winners = new Set(
      answers.filter(({ response }) => response.statusCode === 200).map(({ assistant }) => assistant.userId),
    );
    expect(winners.size).toBe(1);
    for (const { assistant, response } of answers) {
      if (winners.has(assistant.userId)) expect(response.statusCode).toBe(200);
      else {
        expect(response.statusCode).toBe(409);
        expect(response.json()).toMatchObject({
          code: 'AssistantTaskClaimed',
          claimedBy: expect.any(String),
        });
      }
    }
    expect((await auditOf(taskId)).filter((entry) => entry.action === 'assistant-task-claimed')).toHaveLength(
      1,
    );
    const mails = (await server.mailbox()).filter((message) => message.to === carer.email);
    expect(mails.filter((message) => /má na starosti/.test(message.subject))).toHaveLength(1);
  });

  it('shows the client only to the task’s claimant, and logs every view', async () => {
    const { taskId, client } = await handedOver();
    const [alena, boris] = assistants;
    if (!alena || !boris) throw new Error('no assistants');
    // Nobody sees the record before a claim; not even a platform administrator.
    for (const account of [alena, platformAdmin]) {
      expect((await inject(account, 'GET', `/admin/assistant-tasks/${taskId}`)).statusCode).toBe(404);
    }
    expect((await claim(alena, taskId)).statusCode).toBe(200);
    expect((await inject(boris, 'GET', `/admin/assistant-tasks/${taskId}`)).statusCode).toBe(404);
    expect((await inject(platformAdmin, 'GET', `/admin/assistant-tasks/${taskId}`)).statusCode).toBe(404);
    for (let view = 0; view < 2; view += 1) {
      const detail = await inject(alena, 'GET', `/admin/assistant-tasks/${taskId}`);
      expect(detail.statusCode, detail.body).toBe(200);
      expect(detail.json<AssistantTaskDetail>()).toMatchObject({
        task: { id: taskId, mine: true, claimedBy: { name: 'Alena Pomocná' } },
        client: { id: client.id, lastName: 'Nováková' },
        entries: [{ kind: 'claimed', by: 'Alena Pomocná' }],
      });
    }
    const views = (await auditOf(taskId)).filter((entry) => entry.action === 'client-record-viewed');
    expect(views).toHaveLength(2);
    expect(views[0]).toMatchObject({ actorUserId: alena.userId, recordType: 'assistant-task' });
    // A carer, a provider or a guest: refused by role.
    const carer = await server.signedIn();
    expect((await inject(carer, 'GET', `/admin/assistant-tasks/${taskId}`)).statusCode).toBe(403);
    expect((await inject(undefined, 'GET', '/admin/assistant-tasks')).statusCode).toBe(401);
  });
});

describe('working a task', () => {
  it('logs calls, sends a request for the client, and closes with a summary the carer sees', async () => {
    const { carer, careCase, taskId } = await handedOver();
    const assistant = first();
    await claim(assistant, taskId);
    const service = await verifiedService();
    const today = new Date().toISOString().slice(0, 10);

    const refused: [object, string][] = [
      [{ serviceId: service.id, outcome: 'maybe' }, 'outcome'],
      [{ serviceId: service.id, outcome: 'no-answer', followUpOn: '2020-01-01' }, 'followUpOn'],
      [{ serviceId: service.id, outcome: 'no-answer', note: 'a\u0000b' }, 'note'],
      [{ serviceId: '00000000-0000-4000-8000-000000000000', outcome: 'no-answer' }, 'serviceId'],
    ];
    for (const [payload, property] of refused) {
      const response = await inject(assistant, 'POST', `/admin/assistant-tasks/${taskId}/calls`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.body).toContain(`"${property}"`);
    }
    const call = await inject(assistant, 'POST', `/admin/assistant-tasks/${taskId}/calls`, {
      serviceId: service.id,
      outcome: 'call-back',
      note: 'Vedoucí je na dovolené, volat ve čtvrtek.',
      followUpOn: today,
    });
    expect(call.statusCode, call.body).toBe(201);
    expect(call.json<AssistantTaskEntry>()).toMatchObject({
      kind: 'call',
      outcome: 'call-back',
      service: { id: service.id, providerName: 'Pečovatelská služba Lípa' },
      followUpOn: today,
    });

    // The follow-up reminds the assistant once, however many sweeps run.
    const sweepContext = {
      db: server.database.db,
      mailer: server.app.mailer,
      publicUrl: server.config.publicUrl,
    };
    await Promise.all(Array.from({ length: 3 }, () => sweepFollowUps(sweepContext, new Date())));
    const reminders = (await server.mailbox()).filter(
      (message) => message.to === assistant.email && /Dnes znovu zavolat/.test(message.subject),
    );
    expect(reminders).toHaveLength(1);

    // A request for the client: in the provider's inbox, marked as the assistant's.
    const sent = await inject(assistant, 'POST', `/admin/assistant-tasks/${taskId}/requests`, {
      serviceId: service.id,
      message: 'Volám za paní Novákovou, dcera souhlasí.',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const entry = sent.json<AssistantTaskEntry>();
    expect(entry).toMatchObject({ kind: 'request-sent', careRequestId: expect.any(String) });
    const [request] = await server.database.db
      .select()
      .from(careRequests)
      .where(eq(careRequests.id, entry.careRequestId ?? ''));
    expect(request).toMatchObject({
      caseId: careCase.id,
      contractorUserId: carer.userId,
      createdByUserId: assistant.userId,
      sentByAssistant: true,
    });
    // The hand-over's consent goes with the request, naming where it came from.
    const [consent] = await server.database.db
      .select()
      .from(consents)
      .where(eq(consents.careRequestId, entry.careRequestId ?? ''));
    expect(consent).toMatchObject({
      kind: 'provider-sharing',
      version: 'assistant-sharing:2026-12',
      userId: carer.userId,
    });
    // The carer's own page of the request says an assistant sent it, by first name only.
    const own = await inject(carer, 'GET', `/web/care-requests/${entry.careRequestId}`);
    expect(own.statusCode, own.body).toBe(200);
    expect(CareRequestSchema.parse(own.json())).toMatchObject({
      sentByAssistant: true,
      assistantName: 'Alena',
    });
    expect(own.body).not.toContain('Pomocná');
    // The provider's grid marks it beside a request the carer sent themselves.
    const carersOwn = await createCareRequest(server.database.db, {
      caseId: (await createCase(server.database.db, { ownerUserId: carer.userId })).id,
      facilityServiceId: service.id,
    });
    const carersRead = await inject(carer, 'GET', `/web/care-requests/${carersOwn.id}`);
    expect(carersRead.json()).toMatchObject({ sentByAssistant: false, assistantName: null });
    const member = await providerMember(server, service.providerId, ['providerAdmin']);
    const grid = await inject(member, 'GET', `/provider/providers/${service.providerId}/requests`);
    expect(grid.statusCode, grid.body).toBe(200);
    const rows = ProviderRequestPageSchema.parse(grid.json()).items;
    expect(rows.map((row) => [row.id, row.sentByAssistant]).sort()).toEqual(
      [
        [entry.careRequestId, true],
        [carersOwn.id, false],
      ].sort(),
    );

    // A double submit finds the request made.
    const again = await inject(assistant, 'POST', `/admin/assistant-tasks/${taskId}/requests`, {
      serviceId: service.id,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'FacilityServiceAlreadyRequested' });

    // What the carer sees: progress without the assistants' own notes.
    const work = await inject(carer, 'GET', `/web/cases/${careCase.id}/assistant-task`);
    expect(work.statusCode, work.body).toBe(200);
    const seen = work.json<CaseAssistantWork>();
    expect(seen).toMatchObject({ state: 'in-progress', assistantName: 'Alena', summary: null });
    expect(seen.entries.map((item) => item.kind)).toEqual(['claimed', 'call', 'request-sent']);
    // Assistants by first name only.
    expect(seen.entries.map((item) => item.by)).toEqual(['Alena', 'Alena', 'Alena']);
    expect(work.body).not.toContain('Pomocná');
    expect(work.body).not.toContain('dovolené');

    expect(
      (await inject(assistant, 'POST', `/admin/assistant-tasks/${taskId}/close`, { summary: '' })).statusCode,
    ).toBe(400);
    const closed = await inject(assistant, 'POST', `/admin/assistant-tasks/${taskId}/close`, {
      summary: 'Lípa čeká na váš telefonát, poptávka je odeslaná.',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<AssistantQueueItem>()).toMatchObject({ status: 'done', closedAt: expect.any(String) });
    const done = (
      await inject(carer, 'GET', `/web/cases/${careCase.id}/assistant-task`)
    ).json<CaseAssistantWork>();
    expect(done).toMatchObject({
      state: 'done',
      summary: 'Lípa čeká na váš telefonát, poptávka je odeslaná.',
    });
    const summaryMail = (await server.mailbox()).find(
      (message) => message.to === carer.email && /Shrnutí práce/.test(message.subject),
    );
    expect(summaryMail?.text).toContain('Lípa čeká na váš telefonát');
    // Closed: nothing more is logged.
    const late = await inject(assistant, 'POST', `/admin/assistant-tasks/${taskId}/calls`, {
      serviceId: service.id,
      outcome: 'interested',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'AssistantTaskClosed' });
    expect((await auditOf(taskId)).map((item) => item.action).sort()).toEqual(
      [
        'assistant-call-logged',
        'assistant-request-sent',
        'assistant-task-claimed',
        'assistant-task-closed',
      ].sort(),
    );
    // The first contact was the call: the task is not overdue, and it counts in the queue's health.
    const [row] = await server.database.db.select().from(assistantTasks).where(eq(assistantTasks.id, taskId));
    expect(row?.firstContactAt).toBeInstanceOf(Date);
  });

  it('leaves a service with its own questionnaire, and an unverified provider’s, to the carer', async () => {
    const { taskId } = await handedOver();
    const assistant = first();
    await claim(assistant, taskId);
    const withForm = await verifiedService();
    await createServiceSurvey(server.database.db, { facilityServiceId: withForm.id });
    const formRefused = await inject(assistant, 'POST', `/admin/assistant-tasks/${taskId}/requests`, {
      serviceId: withForm.id,
    });
    expect(formRefused.statusCode).toBe(400);
    expect(formRefused.body).toContain('assistantServiceHasForms');

    const db = server.database.db;
    const provider = await createProvider(db, { verified: false });
    const facility = await createFacility(db, { providerId: provider.id });
    const unverified = await createFacilityService(db, { facilityId: facility.id, verified: false });
    const notVerified = await inject(assistant, 'POST', `/admin/assistant-tasks/${taskId}/requests`, {
      serviceId: unverified.id,
    });
    expect(notVerified.statusCode).toBe(409);
    expect(notVerified.json()).toMatchObject({ code: 'FacilityServiceProviderNotVerified' });
    const made = await db
      .select()
      .from(careRequests)
      .where(and(eq(careRequests.sentByAssistant, true), eq(careRequests.facilityServiceId, unverified.id)));
    expect(made).toHaveLength(0);
  });

  it('marks the offer’s services that ask their own questionnaire, and gives each one’s public phone', async () => {
    // Pardubice: a county of this test's own, so the offer holds only the services made here.
    const countyCode = 'CZ0532';
    const { taskId } = await handedOver({ countyCode });
    const assistant = first();
    await claim(assistant, taskId);
    const db = server.database.db;
    // A provider whose facility has a public contact (and a private one, never shown) and a main line.
    const withContacts = await createProvider(db, { contactPhone: '+420222333444' });
    const branch = await createFacility(db, { providerId: withContacts.id, countyCode });
    await db.insert(contacts).values([
      {
        facilityId: branch.id,
        firstName: 'Zdena',
        lastName: 'Skrytá',
        phone: '+420777000111',
        type: 'private',
      },
      { facilityId: branch.id, firstName: 'Jana', lastName: 'Malá', phone: '+420601123456', type: 'public' },
      {
        providerId: withContacts.id,
        firstName: 'Petr',
        lastName: 'Král',
        phone: '+420603000222',
        type: 'public',
      },
    ]);
    const withForm = await createFacilityService(db, {
      facilityId: branch.id,
      name: 'Pečovatelská služba s dotazníkem',
      counties: [countyCode],
    });
    await createServiceSurvey(db, { facilityServiceId: withForm.id });
    // A facility "same as provider": the provider's public contact, not the facility's own.
    const sameAsProvider = await createFacility(db, {
      providerId: withContacts.id,
      countyCode,
      sameAsProvider: true,
    });
    await db.insert(contacts).values({
      facilityId: sameAsProvider.id,
      firstName: 'Stará',
      lastName: 'Kontaktní',
      phone: '+420604000333',
      type: 'public',
    });
    const atHeadquarters = await createFacilityService(db, {
      facilityId: sameAsProvider.id,
      name: 'Denní stacionář',
      serviceTypeCode: 'day-care-centre',
      counties: [countyCode],
    });
    // A provider with its main line only, and one with no public phone at all.
    const mainLineOnly = await createFacilityService(db, {
      facilityId: (
        await createFacility(db, {
          providerId: (await createProvider(db, { contactPhone: '+421905123456' })).id,
          countyCode,
        })
      ).id,
      counties: [countyCode],
    });
    const silent = await createFacilityService(db, {
      facilityId: (await createFacility(db, { countyCode })).id,
      counties: [countyCode],
    });
    // A questionnaire of the service retired: no longer asked, so no mark.
    await createServiceSurvey(db, {
      facilityServiceId: silent.id,
      status: 'retired',
      publishedAt: new Date(),
    });

    const detail = await inject(assistant, 'GET', `/admin/assistant-tasks/${taskId}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const offer = new Map(detail.json<AssistantTaskDetail>().offer.map((item) => [item.id, item]));
    expect(offer.size).toBe(4);
    expect(offer.get(withForm.id)).toMatchObject({
      needsCarerQuestionnaire: true,
      phone: { number: '+420601123456', contactName: 'Jana Malá' },
    });
    expect(offer.get(atHeadquarters.id)).toMatchObject({
      needsCarerQuestionnaire: false,
      phone: { number: '+420603000222', contactName: 'Petr Král' },
    });
    expect(offer.get(mainLineOnly.id)).toMatchObject({
      needsCarerQuestionnaire: false,
      phone: { number: '+421905123456', contactName: null },
    });
    expect(offer.get(silent.id)).toMatchObject({ needsCarerQuestionnaire: false, phone: null });
    expect(detail.body).not.toContain('+420777000111');
    // What the offer says is what sending finds.
    const refused = await inject(assistant, 'POST', `/admin/assistant-tasks/${taskId}/requests`, {
      serviceId: withForm.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('assistantServiceHasForms');
    const sent = await inject(assistant, 'POST', `/admin/assistant-tasks/${taskId}/requests`, {
      serviceId: silent.id,
    });
    expect(sent.statusCode, sent.body).toBe(201);
  });

  it('answers 404 to a carer asking about another’s case, and null for a case never handed over', async () => {
    const { careCase } = await handedOver();
    const stranger = await server.signedIn();
    expect((await inject(stranger, 'GET', `/web/cases/${careCase.id}/assistant-task`)).statusCode).toBe(404);
    const own = await createCase(server.database.db, { ownerUserId: stranger.userId, clientId: null });
    const never = await inject(stranger, 'GET', `/web/cases/${own.id}/assistant-task`);
    expect(never.statusCode).toBe(200);
    expect(never.json()).toBeNull();
  });
});

describe('moving a claim (decision 0127)', () => {
  const release = (account: SignedInAccount | undefined, taskId: string, payload: object) =>
    inject(account, 'POST', `/admin/assistant-tasks/${taskId}/release`, payload);
  const reassign = (account: SignedInAccount | undefined, taskId: string, payload: object) =>
    inject(account, 'POST', `/admin/assistant-tasks/${taskId}/reassign`, payload);
  const detail = (account: SignedInAccount, taskId: string) =>
    inject(account, 'GET', `/admin/assistant-tasks/${taskId}`);
  const carerMails = async (email: string) =>
    (await server.mailbox()).filter(
      (message) => message.to === email && /má na starosti/.test(message.subject),
    );
  const entriesOf = (taskId: string) =>
    server.database.db
      .select()
      .from(assistantTaskEntries)
      .where(eq(assistantTaskEntries.taskId, taskId))
      .orderBy(asc(assistantTaskEntries.createdAt), asc(assistantTaskEntries.id));
  const claimOf = async (taskId: string) => {
    const [row] = await server.database.db.select().from(assistantTasks).where(eq(assistantTasks.id, taskId));
    return row?.claimedByUserId ?? null;
  };
  function named(index: number): SignedInAccount {
    const assistant = assistants[index];
    if (!assistant) throw new Error(`no assistant ${index}`);
    return assistant;
  }

  it('lets the claimant give a task back: the carer sees it waiting, the client is no longer shown, another takes it', async () => {
    const { carer, careCase, taskId } = await handedOver();
    const [alena, boris] = [named(0), named(1)];
    expect((await claim(alena, taskId)).statusCode).toBe(200);

    const released = await release(alena, taskId, {
      claimantId: alena.userId,
      note: 'Odjíždím, převezměte to prosím.',
    });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json<AssistantQueueItem>()).toMatchObject({
      id: taskId,
      status: 'open',
      claimedBy: null,
      claimedAt: null,
      mine: false,
    });
    // Hers no longer: her view of the client is refused, as anyone's who has not claimed it.
    expect((await detail(alena, taskId)).statusCode).toBe(404);
    const queue = (await inject(boris, 'GET', '/admin/assistant-tasks')).json<AssistantQueue>();
    expect(queue.items.find((item) => item.id === taskId)).toMatchObject({ claimedBy: null });

    // The carer sees it waiting again, the release without its note; no e-mail says so.
    const work = await inject(carer, 'GET', `/web/cases/${careCase.id}/assistant-task`);
    expect(work.json<CaseAssistantWork>()).toMatchObject({ state: 'waiting', assistantName: null });
    expect(work.json<CaseAssistantWork>().entries).toMatchObject([
      { kind: 'claimed', by: 'Alena' },
      { kind: 'released', by: 'Alena', releasedFrom: 'Alena', assignedTo: null },
    ]);
    expect(work.body).not.toContain('Odjíždím');
    expect(work.body).not.toContain('Pomocná');
    expect(await carerMails(carer.email)).toHaveLength(1);

    // A retry of the release finds the task no longer hers; a colleague takes it and reads why.
    expect((await release(alena, taskId, { claimantId: alena.userId })).statusCode).toBe(404);
    expect((await claim(boris, taskId)).statusCode).toBe(200);
    const read = await detail(boris, taskId);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<AssistantTaskDetail>().entries).toMatchObject([
      { kind: 'claimed', by: 'Alena Pomocná' },
      {
        kind: 'released',
        by: 'Alena Pomocná',
        releasedFrom: 'Alena Pomocná',
        note: 'Odjíždím, převezměte to prosím.',
      },
      { kind: 'claimed', by: 'Boris Volající' },
    ]);
    const audit = (await auditOf(taskId)).filter((entry) => entry.action === 'assistant-task-released');
    expect(audit).toMatchObject([
      {
        actorUserId: alena.userId,
        recordType: 'assistant-task',
        recordLabel: careCase.code,
        reason: 'Odjíždím, převezměte to prosím.',
        details: { releasedFromUserId: alena.userId, releasedFromName: 'Alena Pomocná' },
      },
    ]);
  });

  it('lets a platform administrator give a task to another assistant or back; the carer is told who has it', async () => {
    const { carer, careCase, taskId } = await handedOver();
    const [alena, boris, cyril] = [named(0), named(1), named(2)];
    await claim(alena, taskId);

    // The candidates: the accounts with the assistant role, not the administrator herself.
    const listed = await inject(platformAdmin, 'GET', '/admin/assistants');
    expect(listed.statusCode, listed.body).toBe(200);
    const candidates = AssistantListSchema.parse(listed.json()).items;
    for (const assistant of assistants) {
      expect(candidates).toContainEqual({
        userId: assistant.userId,
        name: expect.any(String),
        email: assistant.email,
      });
    }
    expect(candidates.map((candidate) => candidate.userId)).not.toContain(platformAdmin.userId);
    expect(candidates.find((candidate) => candidate.userId === boris.userId)?.name).toBe('Boris Volající');

    const moved = await reassign(platformAdmin, taskId, {
      claimantId: alena.userId,
      assistantId: boris.userId,
      note: 'Alena je nemocná.',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<AssistantQueueItem>()).toMatchObject({
      claimedBy: { userId: boris.userId, name: 'Boris Volající' },
      mine: false,
    });
    expect((await detail(alena, taskId)).statusCode).toBe(404);
    // Nor does the administrator read the client: she moved the claim, she did not take it.
    expect((await detail(platformAdmin, taskId)).statusCode).toBe(404);
    const read = await detail(boris, taskId);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<AssistantTaskDetail>().entries.at(-1)).toMatchObject({
      kind: 'reassigned',
      by: 'Eva Správcová',
      releasedFrom: 'Alena Pomocná',
      assignedTo: 'Boris Volající',
      note: 'Alena je nemocná.',
    });
    const mails = await carerMails(carer.email);
    expect(mails).toHaveLength(2);
    expect(mails.some((message) => message.subject.includes('Boris z Opory'))).toBe(true);
    const work = (
      await inject(carer, 'GET', `/web/cases/${careCase.id}/assistant-task`)
    ).json<CaseAssistantWork>();
    expect(work).toMatchObject({ state: 'in-progress', assistantName: 'Boris' });
    expect(work.entries.at(-1)).toMatchObject({
      kind: 'reassigned',
      by: 'Eva',
      releasedFrom: 'Alena',
      assignedTo: 'Boris',
    });

    // The same step again (a double submit) finds the task moved on, and says who has it.
    const again = await reassign(platformAdmin, taskId, {
      claimantId: alena.userId,
      assistantId: cyril.userId,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'AssistantTaskClaimed', claimedBy: 'Boris Volající' });
    // Retried from what it says, it goes through.
    const retried = await reassign(platformAdmin, taskId, {
      claimantId: boris.userId,
      assistantId: cyril.userId,
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await claimOf(taskId)).toBe(cyril.userId);

    // Only an assistant other than the claimant: not the administrator, a carer, nobody, the claimant,
    // nor one whose account the identity server disabled.
    const gone = await server.signedIn({ realmRoles: ['client', 'assistant'], firstName: 'Filip' });
    await server.app.identityAdmin.updateUser(gone.subject, { enabled: false });
    const now = AssistantListSchema.parse((await inject(platformAdmin, 'GET', '/admin/assistants')).json());
    expect(now.items.map((item) => item.userId)).not.toContain(gone.userId);
    for (const assistantId of [platformAdmin.userId, carer.userId, randomUUID(), cyril.userId, gone.userId]) {
      const refused = await reassign(platformAdmin, taskId, { claimantId: cyril.userId, assistantId });
      expect(refused.statusCode, assistantId).toBe(400);
      expect(refused.body).toContain('"assistantId"');
    }

    // Back to the queue by the administrator; a second release finds nobody's claim to end.
    const back = await release(platformAdmin, taskId, { claimantId: cyril.userId });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<AssistantQueueItem>().claimedBy).toBeNull();
    const twice = await release(platformAdmin, taskId, { claimantId: cyril.userId });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'AssistantTaskNotClaimed' });
    expect((await carerMails(carer.email)).length).toBe(3);

    const audit = await auditOf(taskId);
    expect(audit.filter((entry) => entry.action === 'assistant-task-reassigned')).toMatchObject([
      {
        actorUserId: platformAdmin.userId,
        reason: 'Alena je nemocná.',
        details: {
          releasedFromUserId: alena.userId,
          releasedFromName: 'Alena Pomocná',
          assignedToUserId: boris.userId,
          assignedToName: 'Boris Volající',
        },
      },
      { actorUserId: platformAdmin.userId, reason: null, details: { assignedToUserId: cyril.userId } },
    ]);
    expect(audit.filter((entry) => entry.action === 'assistant-task-released')).toMatchObject([
      { actorUserId: platformAdmin.userId, details: { releasedFromUserId: cyril.userId } },
    ]);
    expect((await entriesOf(taskId)).map((entry) => entry.kind)).toEqual([
      'claimed',
      'reassigned',
      'reassigned',
      'released',
    ]);
  });

  it('answers another assistant 404, carers and providers by role, and a closed task 409', async () => {
    const { carer, taskId } = await handedOver();
    const [alena, boris] = [named(0), named(1)];
    await claim(alena, taskId);
    const member = await providerMember(server, (await createProvider(server.database.db)).id, [
      'providerAdmin',
    ]);
    const fromAlena = { claimantId: alena.userId };
    const toBoris = { claimantId: alena.userId, assistantId: boris.userId };

    // A colleague: as on every claimant-only route, no such task for him; reassigning is not his.
    expect((await release(boris, taskId, fromAlena)).statusCode).toBe(404);
    expect((await reassign(boris, taskId, toBoris)).statusCode).toBe(403);
    expect((await inject(boris, 'GET', '/admin/assistants')).statusCode).toBe(403);
    for (const account of [carer, member]) {
      expect((await release(account, taskId, fromAlena)).statusCode).toBe(403);
      expect((await reassign(account, taskId, toBoris)).statusCode).toBe(403);
      expect((await inject(account, 'GET', '/admin/assistants')).statusCode).toBe(403);
    }
    expect((await release(undefined, taskId, fromAlena)).statusCode).toBe(401);
    expect((await release(platformAdmin, randomUUID(), fromAlena)).statusCode).toBe(404);
    expect((await reassign(platformAdmin, randomUUID(), toBoris)).statusCode).toBe(404);
    expect(await claimOf(taskId)).toBe(alena.userId);

    const closed = await inject(alena, 'POST', `/admin/assistant-tasks/${taskId}/close`, {
      summary: 'Hotovo.',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    for (const response of [
      await release(alena, taskId, fromAlena),
      await release(platformAdmin, taskId, fromAlena),
      await reassign(platformAdmin, taskId, toBoris),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'AssistantTaskClosed' });
    }
    expect((await entriesOf(taskId)).map((entry) => entry.kind)).toEqual(['claimed', 'closed']);
    expect(
      (await auditOf(taskId)).filter((entry) =>
        ['assistant-task-released', 'assistant-task-reassigned'].includes(entry.action),
      ),
    ).toEqual([]);
  });

  it('refuses a hostile note beside it, writing nothing', async () => {
    const { taskId } = await handedOver();
    const [alena, boris] = [named(0), named(1)];
    await claim(alena, taskId);
    for (const note of ['a\u0000b', 'a\ud800b', 'x'.repeat(1_000_000)]) {
      for (const response of [
        await release(alena, taskId, { claimantId: alena.userId, note }),
        await reassign(platformAdmin, taskId, { claimantId: alena.userId, assistantId: boris.userId, note }),
      ]) {
        expect(response.statusCode, note.slice(0, 3)).toBe(400);
        expect(response.json()).toMatchObject({ code: 'ValidationFailed' });
        expect(response.body).toContain('"note"');
      }
    }
    for (const payload of [{}, { claimantId: 'alena' }, { claimantId: alena.userId, note: 7 }]) {
      expect((await release(alena, taskId, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await claimOf(taskId)).toBe(alena.userId);
    expect((await entriesOf(taskId)).map((entry) => entry.kind)).toEqual(['claimed']);
  });

  it('of 12 simultaneous claims, releases and reassignments, each step has exactly one winner', async () => {
    const [alena, boris, cyril, dana] = [named(0), named(1), named(2), named(3)];
    // A few rounds: each interleaving the pool and the lock happen to make.
    for (let round = 0; round < 3; round += 1) {
      const { carer, taskId } = await handedOver();
      await claim(alena, taskId);
      const fromAlena = { claimantId: alena.userId };
      const calls: {
        kind: 'release' | 'reassign' | 'claim';
        caller: SignedInAccount;
        run: () => ReturnType<typeof inject>;
      }[] = [];
      for (let index = 0; index < 4; index += 1) {
        const colleague = [boris, cyril, dana][index % 3] ?? boris;
        calls.push({ kind: 'release', caller: alena, run: () => release(alena, taskId, fromAlena) });
        calls.push({
          kind: 'reassign',
          caller: platformAdmin,
          run: () => reassign(platformAdmin, taskId, { ...fromAlena, assistantId: colleague.userId }),
        });
        calls.push({ kind: 'claim', caller: colleague, run: () => claim(colleague, taskId) });
      }
      const answers = await Promise.all(calls.map(async (call) => ({ ...call, response: await call.run() })));
      const won = (kind: string) =>
        answers.filter((answer) => answer.kind === kind && answer.response.statusCode === 200);
      // Alena's claim ended once, by her release or by a reassignment.
      expect(won('release').length + won('reassign').length, `round ${round}`).toBe(1);
      for (const { kind, response } of answers) {
        if (response.statusCode === 200) continue;
        if (kind === 'release') {
          // Hers no longer: no such task for her.
          expect(response.statusCode).toBe(404);
        } else {
          expect(response.statusCode, response.body).toBe(409);
          expect(['AssistantTaskClaimed', 'AssistantTaskNotClaimed']).toContain(
            response.json<{ code: string }>().code,
          );
        }
      }
      // The history tells the same story as the task's claim, the answers, the audit log and the e-mails:
      // after a release at most one claim took it; after a reassignment nobody's did.
      const entries = await entriesOf(taskId);
      const kinds = entries.map((entry) => entry.kind);
      if (won('release').length === 1) {
        expect([
          ['claimed', 'released'],
          ['claimed', 'released', 'claimed'],
        ]).toContainEqual(kinds);
      } else {
        expect(kinds).toEqual(['claimed', 'reassigned']);
      }
      const last = entries.at(-1);
      const holder =
        last?.kind === 'released'
          ? null
          : last?.kind === 'reassigned'
            ? last.assignedToUserId
            : last?.createdByUserId;
      expect(await claimOf(taskId)).toBe(holder);
      // A claim answered 200 took the task, or found it already the caller's (given to them).
      for (const answer of won('claim')) expect(answer.caller.userId).toBe(holder);
      const audit = await auditOf(taskId);
      for (const [action, kind] of [
        ['assistant-task-claimed', 'claimed'],
        ['assistant-task-released', 'released'],
        ['assistant-task-reassigned', 'reassigned'],
      ] as const) {
        expect(audit.filter((entry) => entry.action === action)).toHaveLength(
          kinds.filter((each) => each === kind).length,
        );
      }
      // One e-mail per claim and reassignment: who has the case now.
      expect(await carerMails(carer.email)).toHaveLength(kinds.filter((kind) => kind !== 'released').length);
    }
  });
});
