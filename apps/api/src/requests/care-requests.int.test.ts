import { readFileSync } from 'node:fs';
import {
  type CareRequest,
  CareRequestListSchema,
  CareRequestSchema,
  CareRequestSurveySchema,
  ProviderCareRequestSchema,
  type RequestDraft,
  RequestDraftSchema,
} from '@opora/contracts';
import {
  careRequestEvents,
  careRequests,
  consents,
  emailOutbox,
  jobQueueSchema,
  providers,
  requestDrafts,
  requestStatuses,
  subscriptions,
  surveyAnswers,
  users,
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
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTestServer,
  type SignedInAccount,
  startAccountTestServer,
} from '../accounts/testing/account-test-server.ts';
import { providerMember } from '../provider-inbox/testing/provider-member.ts';
import { notifyClientOfStatusChange } from './request-mails.ts';

// The app gets a pool of its own, smaller than the number of simultaneous requests the concurrency
// tests send, so sends queue for connections while another holds the draft's lock.
const poolSize = 5;

let server: AccountTestServer;

beforeAll(async () => {
  server = await startAccountTestServer({ pool: { max: poolSize }, env: { RATE_LIMIT_MAX: '100000' } });
});

afterAll(async () => {
  await server.close();
});

interface Setup {
  caller: SignedInAccount;
  caseId: string;
  caseCode: string;
  clientId: string;
  serviceId: string;
  providerId: string;
  requestsEmail: string;
  surveyIds: string[];
}

/**
 * A carer with a subscription, her mother as the client, a case, and a verified provider's service
 * asking for `surveys` questionnaires (the factory's: a required colour, a text shown for "other").
 */
async function prepared({
  surveys = 1,
  subscription = true,
  verified = true,
  caller,
}: {
  surveys?: number;
  subscription?: boolean;
  verified?: boolean;
  caller?: SignedInAccount;
} = {}): Promise<Setup> {
  const db = server.database.db;
  const who = caller ?? (await server.signedIn());
  const client = await createClient(db, {
    ownerUserId: who.userId,
    firstName: 'Marie',
    lastName: 'Dvořáková',
    phone: '+420601123456',
  });
  const careCase = await createCase(db, { ownerUserId: who.userId, clientId: client.id });
  const provider = await createProvider(db, { verified });
  const facility = await createFacility(db, { providerId: provider.id });
  const service = await createFacilityService(db, { facilityId: facility.id });
  const surveyIds: string[] = [];
  for (let index = 0; index < surveys; index += 1) {
    surveyIds.push((await createServiceSurvey(db, { facilityServiceId: service.id })).id);
  }
  if (subscription && !caller) await createSubscription(db, { userId: who.userId });
  return {
    caller: who,
    caseId: careCase.id,
    caseCode: careCase.code,
    clientId: client.id,
    serviceId: service.id,
    providerId: provider.id,
    requestsEmail: provider.requestsEmail ?? '',
    surveyIds,
  };
}

function open(caller: SignedInAccount, caseId: string, serviceId: string) {
  return server.app.inject({
    method: 'PUT',
    url: `/api/v1/web/cases/${caseId}/request-drafts/${serviceId}`,
    headers: caller.headers,
  });
}

async function opened(setup: Setup): Promise<RequestDraft> {
  const response = await open(setup.caller, setup.caseId, setup.serviceId);
  expect(response.statusCode, response.body).toBe(200);
  return RequestDraftSchema.parse(response.json());
}

function saveSurvey(caller: SignedInAccount, draftId: string, surveyDefinitionId: string, payload: unknown) {
  return server.app.inject({
    method: 'PUT',
    url: `/api/v1/web/request-drafts/${draftId}/surveys/${surveyDefinitionId}`,
    headers: caller.headers,
    payload: payload as object,
  });
}

async function answerAll(setup: Setup, draftId: string): Promise<void> {
  for (const id of setup.surveyIds) {
    const response = await saveSurvey(setup.caller, draftId, id, {
      answers: { colour: 'red' },
      complete: true,
    });
    expect(response.statusCode, response.body).toBe(200);
  }
}

function send(caller: SignedInAccount, draftId: string, payload: unknown = { providerConsent: true }) {
  return server.app.inject({
    method: 'POST',
    url: `/api/v1/web/request-drafts/${draftId}/send`,
    headers: caller.headers,
    payload: payload as object,
  });
}

async function sent(caller: SignedInAccount, draftId: string, payload?: unknown): Promise<CareRequest> {
  const response = await send(caller, draftId, payload);
  expect(response.statusCode, response.body).toBe(200);
  return CareRequestSchema.parse(response.json());
}

/** A draft with every questionnaire answered, sent. */
async function sentRequest(setup: Setup, payload?: unknown): Promise<CareRequest> {
  const draft = await opened(setup);
  await answerAll(setup, draft.id);
  return sent(setup.caller, draft.id, payload);
}

function getRequest(caller: SignedInAccount, careRequestId: string) {
  return server.app.inject({
    method: 'GET',
    url: `/api/v1/web/care-requests/${careRequestId}`,
    headers: caller.headers,
  });
}

function withdraw(caller: SignedInAccount, careRequestId: string) {
  return server.app.inject({
    method: 'POST',
    url: `/api/v1/web/care-requests/${careRequestId}/withdraw`,
    headers: caller.headers,
  });
}

function list(caller: SignedInAccount, clientId: string, query = '') {
  return server.app.inject({
    method: 'GET',
    url: `/api/v1/web/clients/${clientId}/care-requests${query}`,
    headers: caller.headers,
  });
}

/** `property code` of every error of a 400 answer. */
function fieldErrors(response: { statusCode: number; body: string; json: <T>() => T }): string[] {
  expect(response.statusCode, response.body).toBe(400);
  return response
    .json<{ errors: { property: string; code: string }[] }>()
    .errors.map((error) => `${error.property} ${error.code}`);
}

function problemCode(response: { json: <T>() => T }): string {
  return response.json<{ code: string }>().code;
}

/** What the database holds for a case and service: requests, their events, consents, e-mails. */
async function stored(setup: Setup) {
  const db = server.database.db;
  const requests = await db
    .select()
    .from(careRequests)
    .where(and(eq(careRequests.caseId, setup.caseId), eq(careRequests.facilityServiceId, setup.serviceId)));
  const ids = requests.map((row) => row.id);
  const events =
    ids.length === 0
      ? []
      : await db.select().from(careRequestEvents).where(sql`${careRequestEvents.careRequestId} in ${ids}`);
  const sharing =
    ids.length === 0 ? [] : await db.select().from(consents).where(sql`${consents.careRequestId} in ${ids}`);
  const drafts = await db
    .select()
    .from(requestDrafts)
    .where(and(eq(requestDrafts.caseId, setup.caseId), eq(requestDrafts.facilityServiceId, setup.serviceId)));
  const providerMails = await db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, setup.requestsEmail));
  const senderMails = await db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, setup.caller.email));
  return { requests, events, sharing, drafts, providerMails, senderMails };
}

describe('PUT /api/v1/web/cases/{caseId}/request-drafts/{serviceId}', () => {
  it('opens the review page with what the provider will see and the questionnaires to fill', async () => {
    const setup = await prepared({ surveys: 2 });
    const draft = await opened(setup);
    expect(draft).toMatchObject({
      case: { id: setup.caseId, code: setup.caseCode },
      service: { id: setup.serviceId, provider: { id: setup.providerId, verified: true } },
      client: { id: setup.clientId, fullName: 'Marie Dvořáková', phone: '+420601123456' },
      requester: { fullName: 'Petr Svoboda', email: setup.caller.email },
      documents: [],
      consentVersion: '2026-11',
    });
    expect(draft.surveys.map((survey) => survey.surveyDefinitionId).toSorted()).toEqual(
      setup.surveyIds.toSorted(),
    );
    expect(draft.surveys.every((survey) => !survey.complete && survey.updatedAt === null)).toBe(true);
    // Again: the same draft.
    expect((await opened(setup)).id).toBe(draft.id);
  });

  it('makes one draft of simultaneous opens', async () => {
    const setup = await prepared();
    const responses = await Promise.all(
      Array.from({ length: 3 * poolSize }, () => open(setup.caller, setup.caseId, setup.serviceId)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    expect(new Set(responses.map((response) => response.json<{ id: string }>().id)).size).toBe(1);
    expect((await stored(setup)).drafts).toHaveLength(1);
  });

  it('answers 404 for another user’s case and for a service that is not offered', async () => {
    const setup = await prepared();
    const stranger = await server.signedIn();
    await createSubscription(server.database.db, { userId: stranger.userId });
    expect((await open(stranger, setup.caseId, setup.serviceId)).statusCode).toBe(404);
    const archived = await createFacilityService(server.database.db, { status: 'archive' });
    expect((await open(setup.caller, setup.caseId, archived.id)).statusCode).toBe(404);
    expect((await open(setup.caller, setup.caseId, crypto.randomUUID())).statusCode).toBe(404);
    expect((await open(setup.caller, 'not-a-uuid', setup.serviceId)).statusCode).toBe(400);
    expect((await stored(setup)).drafts).toHaveLength(0);
  });

  it('refuses without a subscription (402), for an unverified provider, a requested service or a case without client (409)', async () => {
    const withoutSubscription = await prepared({ subscription: false });
    const refused = await open(
      withoutSubscription.caller,
      withoutSubscription.caseId,
      withoutSubscription.serviceId,
    );
    expect(refused.statusCode).toBe(402);
    expect(problemCode(refused)).toBe('InsufficientSubscription');

    const unverified = await prepared({ verified: false });
    const notVerified = await open(unverified.caller, unverified.caseId, unverified.serviceId);
    expect(notVerified.statusCode).toBe(409);
    expect(problemCode(notVerified)).toBe('FacilityServiceProviderNotVerified');

    const requested = await prepared();
    await createCareRequest(server.database.db, {
      caseId: requested.caseId,
      facilityServiceId: requested.serviceId,
    });
    const again = await open(requested.caller, requested.caseId, requested.serviceId);
    expect(again.statusCode).toBe(409);
    expect(problemCode(again)).toBe('FacilityServiceAlreadyRequested');

    const noClient = await prepared();
    const emptyCase = await createCase(server.database.db, {
      clientId: null,
      ownerUserId: noClient.caller.userId,
    });
    const withoutClient = await open(noClient.caller, emptyCase.id, noClient.serviceId);
    expect(withoutClient.statusCode).toBe(409);
    expect(problemCode(withoutClient)).toBe('Conflict');

    for (const setup of [withoutSubscription, unverified, noClient]) {
      expect((await stored(setup)).drafts).toHaveLength(0);
    }
  });
});

describe('PUT /api/v1/web/request-drafts/{draftId}/surveys/{surveyDefinitionId}', () => {
  it('saves a draft as the person goes and says when the answers are complete', async () => {
    const setup = await prepared();
    const draft = await opened(setup);
    const surveyId = setup.surveyIds[0] ?? '';
    const partial = await saveSurvey(setup.caller, draft.id, surveyId, { answers: {} });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(CareRequestSurveySchema.parse(partial.json())).toMatchObject({
      complete: false,
      submittedAt: null,
    });

    const answered = await saveSurvey(setup.caller, draft.id, surveyId, {
      // The text is hidden unless "other" is chosen: dropped.
      answers: { colour: 'red', 'other-colour': 'modrá' },
    });
    expect(CareRequestSurveySchema.parse(answered.json())).toMatchObject({
      complete: true,
      answers: { colour: 'red' },
      submittedAt: null,
    });
    const reopened = await opened(setup);
    expect(reopened.surveys[0]).toMatchObject({ complete: true, answers: { colour: 'red' } });
  });

  it('checks answers against the questionnaire, naming the question', async () => {
    const setup = await prepared();
    const draft = await opened(setup);
    const surveyId = setup.surveyIds[0] ?? '';
    expect(
      fieldErrors(await saveSurvey(setup.caller, draft.id, surveyId, { answers: {}, complete: true })),
    ).toEqual(['colour required']);
    expect(
      fieldErrors(await saveSurvey(setup.caller, draft.id, surveyId, { answers: { colour: 'blue' } })),
    ).toEqual(['colour invalidOption']);
    expect(
      fieldErrors(await saveSurvey(setup.caller, draft.id, surveyId, { answers: { shoe: 'red' } })),
    ).toEqual(['shoe unrecognizedKeys']);
  });

  it('refuses hostile text: NUL bytes, lone surrogates, a megabyte', async () => {
    const setup = await prepared();
    const draft = await opened(setup);
    const surveyId = setup.surveyIds[0] ?? '';
    for (const text of ['modrá\u0000', 'modrá\ud800']) {
      expect(
        fieldErrors(
          await saveSurvey(setup.caller, draft.id, surveyId, {
            answers: { colour: 'other', 'other-colour': text },
          }),
        ),
      ).toEqual(['other-colour unsupportedCharacters']);
    }
    const huge = await saveSurvey(setup.caller, draft.id, surveyId, {
      answers: { colour: 'other', 'other-colour': 'x'.repeat(1024 * 1024) },
    });
    expect(huge.statusCode).toBe(413);
    const [row] = await server.database.db
      .select({ n: count() })
      .from(surveyAnswers)
      .where(eq(surveyAnswers.requestDraftId, draft.id));
    expect(row?.n).toBe(0);
  });

  it('keeps one answer set through simultaneous saves', async () => {
    const setup = await prepared();
    const draft = await opened(setup);
    const surveyId = setup.surveyIds[0] ?? '';
    const responses = await Promise.all(
      Array.from({ length: 3 * poolSize }, (_, index) =>
        saveSurvey(setup.caller, draft.id, surveyId, {
          answers: { colour: index % 2 === 0 ? 'red' : 'other' },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    const [row] = await server.database.db
      .select({ n: count() })
      .from(surveyAnswers)
      .where(eq(surveyAnswers.requestDraftId, draft.id));
    expect(row?.n).toBe(1);
  });

  it('answers 404 for another user’s draft and a questionnaire the service does not ask for', async () => {
    const setup = await prepared();
    const draft = await opened(setup);
    const stranger = await server.signedIn();
    const surveyId = setup.surveyIds[0] ?? '';
    expect((await saveSurvey(stranger, draft.id, surveyId, { answers: {} })).statusCode).toBe(404);
    const other = await prepared();
    expect(
      (await saveSurvey(setup.caller, draft.id, other.surveyIds[0] ?? '', { answers: {} })).statusCode,
    ).toBe(404);
  });
});

describe('POST /api/v1/web/request-drafts/{draftId}/send', () => {
  it('creates the request in status new, records the consent and the event, moves the answers, e-mails both sides', async () => {
    const setup = await prepared({ surveys: 2 });
    const draft = await opened(setup);
    await answerAll(setup, draft.id);
    const request = await sent(setup.caller, draft.id, {
      providerConsent: true,
      message: '  Maminka potřebuje pomoc od ledna.\nDěkuji.  ',
    });
    expect(request).toMatchObject({
      code: setup.caseCode,
      status: 'new',
      message: 'Maminka potřebuje pomoc od ledna.\nDěkuji.',
      case: { id: setup.caseId },
      service: { id: setup.serviceId },
      client: { id: setup.clientId },
      canWithdraw: true,
      documents: [],
    });
    expect(request.events).toEqual([
      expect.objectContaining({
        kind: 'created',
        status: 'new',
        actor: 'requester',
        createdBy: 'Petr Svoboda',
      }),
    ]);
    expect(request.surveys.map((survey) => [survey.complete, survey.answers])).toEqual([
      [true, { colour: 'red' }],
      [true, { colour: 'red' }],
    ]);
    expect(request.providerConsentGrantedAt).not.toBeNull();

    const db = server.database.db;
    const state = await stored(setup);
    expect(state.requests).toHaveLength(1);
    expect(state.requests[0]).toMatchObject({ draftId: draft.id, contractorUserId: setup.caller.userId });
    expect(state.drafts).toHaveLength(0);
    expect(state.sharing).toEqual([
      expect.objectContaining({
        kind: 'provider-sharing',
        userId: setup.caller.userId,
        onBehalfOfClientId: setup.clientId,
        caseId: setup.caseId,
        version: '2026-11',
      }),
    ]);
    const answers = await db.select().from(surveyAnswers).where(eq(surveyAnswers.careRequestId, request.id));
    expect(answers).toHaveLength(2);
    expect(answers.every((row) => row.requestDraftId === null && row.submittedAt !== null)).toBe(true);

    expect(state.providerMails).toHaveLength(1);
    expect(state.providerMails[0]).toMatchObject({ template: 'care-request-received', locale: 'cs' });
    const providerText = String(state.providerMails[0]?.params.text);
    expect(providerText).toContain(setup.caseCode);
    // The announcement carries no personal data: those stay behind the inbox's sign-in.
    expect(providerText).not.toContain('Dvořáková');
    expect(providerText).not.toContain('Maminka');
    expect(state.senderMails).toHaveLength(1);
    expect(state.senderMails[0]).toMatchObject({ template: 'care-request-sent', locale: 'cs' });
    expect(String(state.senderMails[0]?.params.text)).toContain(`/dashboard/request/${request.id}`);
  });

  it('answers the same request to a retried send: one request, one event, one e-mail each', async () => {
    const setup = await prepared();
    const draft = await opened(setup);
    await answerAll(setup, draft.id);
    const first = await sent(setup.caller, draft.id);
    const again = await sent(setup.caller, draft.id);
    expect(again.id).toBe(first.id);
    const state = await stored(setup);
    expect([state.requests.length, state.events.length, state.sharing.length]).toEqual([1, 1, 1]);
    expect([state.providerMails.length, state.senderMails.length]).toEqual([1, 1]);
    // The service is requested now: the review page says so.
    expect(problemCode(await open(setup.caller, setup.caseId, setup.serviceId))).toBe(
      'FacilityServiceAlreadyRequested',
    );
    // Answers cannot change behind the provider's back.
    const late = await saveSurvey(setup.caller, draft.id, setup.surveyIds[0] ?? '', { answers: {} });
    expect(late.statusCode).toBe(409);
  });

  it('makes one request of twenty simultaneous sends through a pool of five', async () => {
    const setup = await prepared();
    const draft = await opened(setup);
    await answerAll(setup, draft.id);
    const responses = await Promise.all(Array.from({ length: 20 }, () => send(setup.caller, draft.id)));
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    expect(new Set(responses.map((response) => response.json<{ id: string }>().id)).size).toBe(1);
    const state = await stored(setup);
    expect([state.requests.length, state.events.length, state.sharing.length]).toEqual([1, 1, 1]);
    expect([state.providerMails.length, state.senderMails.length]).toEqual([1, 1]);
    const { rows } = await server.database.db.execute<{ n: number }>(sql`
      select count(*)::int as n from ${sql.identifier(jobQueueSchema)}.job
      where name = 'email-delivery' and data->>'outboxId' = ${state.providerMails[0]?.id ?? ''}
    `);
    expect(rows[0]?.n).toBe(1);
  });

  it('refuses until every questionnaire is complete, writing nothing, and sends after they are', async () => {
    const setup = await prepared({ surveys: 2 });
    const draft = await opened(setup);
    const [first = '', second = ''] = setup.surveyIds;
    await saveSurvey(setup.caller, draft.id, first, { answers: { colour: 'red' }, complete: true });
    const refused = await send(setup.caller, draft.id);
    expect(fieldErrors(refused)).toEqual([`surveys.${second} allFormsRequired`]);
    expect(refused.json<{ detail: string }>().detail).toBe(
      'All forms must be filled before submitting the request.',
    );
    let state = await stored(setup);
    expect([state.requests.length, state.drafts.length, state.providerMails.length]).toEqual([0, 1, 0]);

    await saveSurvey(setup.caller, draft.id, second, {
      answers: { colour: 'other', 'other-colour': 'zelená' },
    });
    const request = await sent(setup.caller, draft.id);
    expect(request.status).toBe('new');
    state = await stored(setup);
    expect([state.requests.length, state.drafts.length, state.providerMails.length]).toEqual([1, 0, 1]);
  });

  it('needs the consent to share with the provider', async () => {
    const setup = await prepared({ surveys: 0 });
    const draft = await opened(setup);
    expect(fieldErrors(await send(setup.caller, draft.id, {}))).toEqual([
      'providerConsent providerConsentRequired',
    ]);
    expect(fieldErrors(await send(setup.caller, draft.id, { providerConsent: false }))).toEqual([
      'providerConsent providerConsentRequired',
    ]);
    expect((await stored(setup)).requests).toHaveLength(0);
    // No questionnaire asked: the consent is all it takes.
    expect((await sent(setup.caller, draft.id)).surveys).toEqual([]);
  });

  it('refuses a hostile note: NUL bytes, lone surrogates, too long, a megabyte', async () => {
    const setup = await prepared({ surveys: 0 });
    const draft = await opened(setup);
    for (const message of ['Dobrý den\u0000', 'Dobrý den\udc00']) {
      expect(fieldErrors(await send(setup.caller, draft.id, { providerConsent: true, message }))).toEqual([
        'message unsupportedCharacters',
      ]);
    }
    expect(
      fieldErrors(await send(setup.caller, draft.id, { providerConsent: true, message: 'x'.repeat(2001) })),
    ).toEqual(['message maxLength']);
    const huge = await send(setup.caller, draft.id, {
      providerConsent: true,
      message: 'x'.repeat(1024 * 1024),
    });
    expect(huge.statusCode).toBe(413);
    expect((await stored(setup)).requests).toHaveLength(0);
    // Tabs and line breaks of a text area are fine.
    expect(
      (await sent(setup.caller, draft.id, { providerConsent: true, message: 'a\tb\r\nc' })).message,
    ).toBe('a\tb\r\nc');
  });

  it('refuses when the subscription ended, the provider lost its verification or the service was requested meanwhile', async () => {
    const db = server.database.db;
    const ended = await prepared({ surveys: 0 });
    const endedDraft = await opened(ended);
    await db
      .update(subscriptions)
      .set({
        status: 'cancelled',
        cancelledAt: new Date(),
        endedAt: new Date(),
        currentPeriodEnd: new Date(),
      })
      .where(eq(subscriptions.userId, ended.caller.userId));
    const noSubscription = await send(ended.caller, endedDraft.id);
    expect(noSubscription.statusCode).toBe(402);
    expect(problemCode(noSubscription)).toBe('InsufficientSubscription');

    const unverified = await prepared({ surveys: 0 });
    const unverifiedDraft = await opened(unverified);
    await db
      .update(providers)
      .set({ verified: false, verifiedAt: null })
      .where(eq(providers.id, unverified.providerId));
    const notVerified = await send(unverified.caller, unverifiedDraft.id);
    expect(notVerified.statusCode).toBe(409);
    expect(problemCode(notVerified)).toBe('FacilityServiceProviderNotVerified');

    const raced = await prepared({ surveys: 0 });
    const racedDraft = await opened(raced);
    await createCareRequest(db, { caseId: raced.caseId, facilityServiceId: raced.serviceId });
    const already = await send(raced.caller, racedDraft.id);
    expect(already.statusCode).toBe(409);
    expect(problemCode(already)).toBe('FacilityServiceAlreadyRequested');

    for (const setup of [ended, unverified]) {
      const state = await stored(setup);
      expect([state.requests.length, state.drafts.length, state.providerMails.length]).toEqual([0, 1, 0]);
    }
  });

  it('answers 404 for another user’s draft and an unknown one', async () => {
    const setup = await prepared({ surveys: 0 });
    const draft = await opened(setup);
    const stranger = await server.signedIn();
    await createSubscription(server.database.db, { userId: stranger.userId });
    expect((await send(stranger, draft.id)).statusCode).toBe(404);
    expect((await send(setup.caller, crypto.randomUUID())).statusCode).toBe(404);
    // Nor does the stranger learn of the request it became.
    await sent(setup.caller, draft.id);
    expect((await send(stranger, draft.id)).statusCode).toBe(404);
  });
});

describe('GET /api/v1/web/care-requests/{careRequestId}', () => {
  it('answers the sender’s request and 404 to anyone else', async () => {
    const setup = await prepared();
    const request = await sentRequest(setup);
    const response = await getRequest(setup.caller, request.id);
    expect(response.statusCode).toBe(200);
    const read = CareRequestSchema.parse(response.json());
    expect(read).toEqual(request);
    expect(read.answerExpectedBy).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const stranger = await server.signedIn();
    expect((await getRequest(stranger, request.id)).statusCode).toBe(404);
    expect((await getRequest(setup.caller, crypto.randomUUID())).statusCode).toBe(404);
  });
});

describe('POST /api/v1/web/care-requests/{careRequestId}/withdraw', () => {
  it('withdraws an undecided request once, logs it and tells the provider', async () => {
    const setup = await prepared({ surveys: 0 });
    const request = await sentRequest(setup);
    const responses = await Promise.all(Array.from({ length: 10 }, () => withdraw(setup.caller, request.id)));
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    const withdrawn = CareRequestSchema.parse(responses[0]?.json());
    expect(withdrawn).toMatchObject({ status: 'withdrawn', canWithdraw: false });
    expect(withdrawn.events.map((event) => [event.kind, event.status, event.actor])).toEqual([
      ['created', 'new', 'requester'],
      ['status-changed', 'withdrawn', 'requester'],
    ]);
    const state = await stored(setup);
    expect(state.events).toHaveLength(2);
    expect(state.providerMails.map((mail) => mail.template).toSorted()).toEqual([
      'care-request-received',
      'care-request-withdrawn',
    ]);
  });

  it('lets the case ask the same service again once withdrawn, and only once at a time', async () => {
    const setup = await prepared({ surveys: 0 });
    const first = await sentRequest(setup);
    expect((await open(setup.caller, setup.caseId, setup.serviceId)).statusCode).toBe(409);
    expect((await withdraw(setup.caller, first.id)).statusCode).toBe(200);

    // The pool no longer marks it requested; a new review opens and sends a second request.
    const again = await sentRequest(setup);
    expect(again.id).not.toBe(first.id);
    expect(again.status).toBe('new');
    const reopened = await open(setup.caller, setup.caseId, setup.serviceId);
    expect(reopened.statusCode).toBe(409);
    expect(problemCode(reopened)).toBe('FacilityServiceAlreadyRequested');
    const all = await list(setup.caller, setup.clientId);
    expect(all.json()).toMatchObject({ counts: { new: 1, withdrawn: 1 } });
  });

  it('refuses a decided request (409) and another user’s (404)', async () => {
    const setup = await prepared({ surveys: 0 });
    const decided = await createCareRequest(server.database.db, {
      caseId: setup.caseId,
      facilityServiceId: setup.serviceId,
      statusCode: 'accepted',
    });
    const refused = await withdraw(setup.caller, decided.id);
    expect(refused.statusCode).toBe(409);
    expect(problemCode(refused)).toBe('Conflict');
    const stranger = await server.signedIn();
    expect((await withdraw(stranger, decided.id)).statusCode).toBe(404);
    const [status] = await server.database.db
      .select({ code: requestStatuses.code })
      .from(careRequests)
      .innerJoin(requestStatuses, eq(requestStatuses.id, careRequests.statusId))
      .where(eq(careRequests.id, decided.id));
    expect(status?.code).toBe('accepted');
  });
});

describe('GET /api/v1/web/clients/{clientId}/care-requests', () => {
  it('lists the client’s requests newest first with counts per status and a status filter', async () => {
    const setup = await prepared({ surveys: 0 });
    const db = server.database.db;
    const first = await sentRequest(setup);
    const second = await prepared({ surveys: 0, caller: setup.caller });
    // Another case of the same client.
    const otherCase = await createCase(db, { ownerUserId: setup.caller.userId, clientId: setup.clientId });
    const accepted = await createCareRequest(db, {
      caseId: otherCase.id,
      facilityServiceId: second.serviceId,
      statusCode: 'accepted',
    });
    const all = CareRequestListSchema.parse((await list(setup.caller, setup.clientId)).json());
    expect(all.items.map((item) => item.id)).toEqual([accepted.id, first.id]);
    expect(all).toMatchObject({ total: 2, allCount: 2, page: 1 });
    expect(all.counts).toMatchObject({ new: 1, accepted: 1, withdrawn: 0 });
    const onlyNew = CareRequestListSchema.parse(
      (await list(setup.caller, setup.clientId, '?status=new')).json(),
    );
    expect(onlyNew.items.map((item) => item.id)).toEqual([first.id]);
    expect(onlyNew).toMatchObject({ total: 1, allCount: 2 });
    const none = CareRequestListSchema.parse(
      (await list(setup.caller, setup.clientId, '?status=rejected')).json(),
    );
    expect(none).toMatchObject({ items: [], total: 0, allCount: 2 });
    const paged = CareRequestListSchema.parse(
      (await list(setup.caller, setup.clientId, '?pageSize=1&page=2')).json(),
    );
    expect(paged.items.map((item) => item.id)).toEqual([first.id]);
    expect((await list(setup.caller, setup.clientId, '?status=lost')).statusCode).toBe(400);
  });

  it('answers 404 for another user’s client', async () => {
    const setup = await prepared({ surveys: 0 });
    const stranger = await server.signedIn();
    expect((await list(stranger, setup.clientId)).statusCode).toBe(404);
  });
});

describe('notifyClientOfStatusChange', () => {
  /** A provider's status change as the inbox will make it: the status, the event, the e-mail, in one transaction. */
  async function changeStatus(careRequestId: string, to: 'accepted' | 'waiting-list', byUserId: string) {
    await server.db.transaction(async (tx) => {
      const [status] = await tx.select().from(requestStatuses).where(eq(requestStatuses.code, to));
      await tx
        .update(careRequests)
        .set({ statusId: status?.id ?? '' })
        .where(eq(careRequests.id, careRequestId));
      await tx.insert(careRequestEvents).values({
        careRequestId,
        createdByUserId: byUserId,
        kind: 'status-changed',
        requestStatusId: status?.id ?? null,
      });
      await notifyClientOfStatusChange(
        { mailer: server.app.mailer, config: server.config },
        tx,
        careRequestId,
        to,
      );
    });
  }

  it('e-mails the sender in their language about every change the provider makes', async () => {
    const setup = await prepared({ surveys: 0 });
    await server.database.db.update(users).set({ locale: 'en' }).where(eq(users.id, setup.caller.userId));
    const request = await sentRequest(setup);
    const staff = await server.createAccount();
    await server.database.db.execute(sql`
      insert into provider_users (provider_id, user_id, roles) values (${setup.providerId}, ${staff.userId}, '{providerUser}')
    `);
    await changeStatus(request.id, 'waiting-list', staff.userId);
    await changeStatus(request.id, 'accepted', staff.userId);

    const mails = (await stored(setup)).senderMails.filter(
      (mail) => mail.template === 'care-request-status-changed',
    );
    expect(mails.map((mail) => mail.locale)).toEqual(['en', 'en']);
    const texts = mails.map((mail) => String(mail.params.text));
    expect(texts.some((text) => text.includes('to: waiting list.'))).toBe(true);
    expect(texts.some((text) => text.includes('to: accepted.'))).toBe(true);
    expect(mails.every((mail) => String(mail.params.subject).includes(setup.caseCode))).toBe(true);

    const read = CareRequestSchema.parse((await getRequest(setup.caller, request.id)).json());
    expect(read.status).toBe('accepted');
    expect(read.canWithdraw).toBe(false);
    expect(read.events.slice(1).map((event) => [event.status, event.actor, event.createdBy])).toEqual([
      ['waiting-list', 'provider', read.service.provider.name],
      ['accepted', 'provider', read.service.provider.name],
    ]);
  });

  it('queues nothing when the change does not commit', async () => {
    const setup = await prepared({ surveys: 0 });
    const request = await sentRequest(setup);
    await expect(
      server.db.transaction(async (tx) => {
        await notifyClientOfStatusChange(
          { mailer: server.app.mailer, config: server.config },
          tx,
          request.id,
          'accepted',
        );
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const mails = (await stored(setup)).senderMails.filter(
      (mail) => mail.template === 'care-request-status-changed',
    );
    expect(mails).toEqual([]);
  });
});

describe('the need goes with the request', () => {
  /** The case's own questionnaire of `type`, answered through the carer's API. */
  async function answerCase(
    setup: Setup,
    type: 'extended-case' | 'case',
    answers: Record<string, unknown>,
    complete: boolean,
  ): Promise<void> {
    const url = `/api/v1/web/cases/${setup.caseId}/surveys/${type}`;
    const current = await server.app.inject({ method: 'GET', url, headers: setup.caller.headers });
    expect(current.statusCode, current.body).toBe(200);
    const surveyDefinitionId = current.json<{ definition: { id: string } }>().definition.id;
    const saved = await server.app.inject({
      method: 'PUT',
      url,
      headers: setup.caller.headers,
      payload: { surveyDefinitionId, answers, complete },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }

  async function providerView(setup: Setup, coordinator: SignedInAccount, careRequestId: string) {
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/v1/provider/providers/${setup.providerId}/requests/${careRequestId}`,
      headers: coordinator.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return ProviderCareRequestSchema.parse(response.json());
  }

  const extendedAnswers = { 'need-mobility': 'needs-help', 'need-hygiene': 'with-difficulty' };
  const caseAnswers = {
    'help-needed': ['personal-care-at-home'],
    place: 'home',
    'start-date': '2027-01-04',
    notes: 'Maminka je po pádu, potřebuje pomoc ráno a večer.\nNejlépe od ledna.',
  };

  it('gives the provider the case’s questionnaires as they were when it was sent, as the review page listed them', async () => {
    const setup = await prepared();
    await answerCase(setup, 'extended-case', extendedAnswers, false);
    await answerCase(setup, 'case', caseAnswers, true);
    const draft = await opened(setup);
    // What the review page lists under "What the provider will see".
    expect(draft.case.surveys).toEqual([
      { type: 'extended-case', state: 'draft' },
      { type: 'case', state: 'completed' },
    ]);
    await answerAll(setup, draft.id);
    const request = await sent(setup.caller, draft.id);

    const coordinator = await providerMember(server, setup.providerId, ['providerCoordinator']);
    const seen = await providerView(setup, coordinator, request.id);
    expect(seen.case).toEqual(draft.case);
    expect(seen.client).toEqual(draft.client);
    expect(seen.requester.fullName).toBe(draft.requester.fullName);
    expect(seen.surveys.map((survey) => [survey.type, survey.code, survey.answers, survey.complete])).toEqual(
      [
        ['extended-case', 'extended-case-v1', extendedAnswers, false],
        ['case', 'case-v1', caseAnswers, true],
        ['service', draft.surveys[0]?.code, { colour: 'red' }, true],
      ],
    );
    // The sender reads the same as the provider: what was sent.
    expect(request.surveys).toEqual(seen.surveys);
    expect(request.case.surveys).toEqual(draft.case.surveys);

    // The carer changes the need afterwards: the request keeps what was sent; the case moves on.
    await answerCase(setup, 'case', { ...caseAnswers, notes: 'Už jen večer.' }, true);
    await answerCase(setup, 'extended-case', { ...extendedAnswers, 'need-mobility': 'alone' }, false);
    const later = await providerView(setup, coordinator, request.id);
    expect(later.surveys).toEqual(seen.surveys);
    expect(later.case.surveys).toEqual(seen.case.surveys);
    const own = CareRequestSchema.parse((await getRequest(setup.caller, request.id)).json());
    expect(own.surveys).toEqual(seen.surveys);
  });

  it('sends a need not yet described as not filled in, and a retried send copies it once', async () => {
    const setup = await prepared();
    const draft = await opened(setup);
    await answerAll(setup, draft.id);
    const first = await sent(setup.caller, draft.id);
    const again = await sent(setup.caller, draft.id);
    expect(again.id).toBe(first.id);
    const coordinator = await providerMember(server, setup.providerId, ['providerCoordinator']);
    const seen = await providerView(setup, coordinator, first.id);
    expect(seen.case.surveys).toEqual([
      { type: 'extended-case', state: 'not-started' },
      { type: 'case', state: 'not-started' },
    ]);
    expect(seen.surveys.map((survey) => survey.type)).toEqual(['service']);
    // Described after sending: still not what this request carries.
    await answerCase(setup, 'case', caseAnswers, true);
    expect((await providerView(setup, coordinator, first.id)).surveys.map((survey) => survey.type)).toEqual([
      'service',
    ]);
  });

  it('copies the need once for twenty simultaneous sends through a pool of five', async () => {
    const setup = await prepared();
    await answerCase(setup, 'extended-case', extendedAnswers, false);
    await answerCase(setup, 'case', caseAnswers, true);
    const draft = await opened(setup);
    await answerAll(setup, draft.id);
    const responses = await Promise.all(Array.from({ length: 20 }, () => send(setup.caller, draft.id)));
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    const careRequestId = responses[0]?.json<{ id: string }>().id ?? '';
    const copies = await server.database.db
      .select({ type: surveyAnswers.surveyType })
      .from(surveyAnswers)
      .where(eq(surveyAnswers.careRequestId, careRequestId))
      .orderBy(surveyAnswers.surveyType);
    expect(copies.map((copy) => copy.type)).toEqual(['extended-case', 'case', 'service']);
  });

  it('copies the case’s answers onto requests sent before the copy existed (migration 0016)', async () => {
    const setup = await prepared();
    await answerCase(setup, 'case', caseAnswers, true);
    const request = await sentRequest(setup);
    const db = server.database.db;
    // As such a request was stored: its provider's answers only.
    await db
      .delete(surveyAnswers)
      .where(and(eq(surveyAnswers.careRequestId, request.id), sql`${surveyAnswers.surveyType} <> 'service'`));
    const migration = readFileSync(
      new URL('../../../../packages/db/drizzle/0016_request_need_snapshots.sql', import.meta.url),
      'utf8',
    );
    await db.execute(sql.raw(migration));
    await db.execute(sql.raw(migration));
    const coordinator = await providerMember(server, setup.providerId, ['providerCoordinator']);
    const seen = await providerView(setup, coordinator, request.id);
    expect(seen.surveys.map((survey) => [survey.type, survey.answers])).toEqual([
      ['case', caseAnswers],
      ['service', { colour: 'red' }],
    ]);
  });
});
