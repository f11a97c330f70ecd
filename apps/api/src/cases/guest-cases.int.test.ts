import { randomUUID } from 'node:crypto';
import {
  basicNeedQuestionName,
  basicNeeds,
  CaseSchema,
  CaseSurveySchema,
  GuestCaseCreatedSchema,
  GuestCaseSchema,
  type SurveyDefinition,
  type ValidationProblem,
} from '@opora/contracts';
import { cases, consents, surveyAnswers } from '@opora/db';
import { createCase } from '@opora/db/testing';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTestServer,
  someClientAddress,
  startAccountTestServer,
} from '../accounts/testing/account-test-server.ts';
import { deleteExpiredGuestCases } from './guest-cases.ts';

// The anonymous wizard's guest cases: opened with a consent, held by the server-made secret, claimed
// by the account at sign-up. A pool smaller than the simultaneous calls of the concurrency tests.

let server: AccountTestServer;
const poolSize = 4;
const simultaneous = 3 * poolSize;

beforeAll(async () => {
  server = await startAccountTestServer({ pool: { max: poolSize }, env: { RATE_LIMIT_MAX: '100000' } });
});

afterAll(async () => {
  await server.close();
});

type Method = 'GET' | 'POST' | 'PUT';

function call(
  method: Method,
  url: string,
  {
    secret,
    headers = {},
    payload,
    address = someClientAddress(),
  }: {
    secret?: string;
    headers?: Record<string, string>;
    payload?: unknown;
    address?: string;
  } = {},
) {
  return server.app.inject({
    method,
    url: `/api/v1/web${url}`,
    remoteAddress: address,
    headers: { ...headers, ...(secret === undefined ? {} : { 'x-guest-secret': secret }) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const createBody = () => ({
  date: '2026-11-24',
  name: 'Nová potřeba péče (24. 11. 2026)',
  creationKey: randomUUID(),
  healthDataConsent: true,
});

async function opened(body = createBody()) {
  const response = await call('POST', '/guest-cases', { payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return GuestCaseCreatedSchema.parse(response.json());
}

let extended: SurveyDefinition | undefined;
async function extendedSurvey(): Promise<SurveyDefinition> {
  if (extended) return extended;
  const response = await call('GET', '/surveys/extended-case');
  expect(response.statusCode).toBe(200);
  extended = response.json<SurveyDefinition>();
  return extended;
}

async function saveAnswers(
  caseId: string,
  secret: string | undefined,
  answers: Record<string, unknown>,
  complete = false,
) {
  const definition = await extendedSurvey();
  return call('PUT', `/guest-cases/${caseId}/surveys/extended-case`, {
    ...(secret === undefined ? {} : { secret }),
    payload: { surveyDefinitionId: definition.id, answers, complete },
  });
}

const allNeeds = (unmanaged: number) =>
  Object.fromEntries(
    basicNeeds.map((need, index) => [
      basicNeedQuestionName(need),
      index < unmanaged ? 'needs-help' : 'alone',
    ]),
  );

async function caseRow(id: string) {
  const [row] = await server.database.db.select().from(cases).where(eq(cases.id, id));
  return row;
}

function problems(response: { json: <T>() => T }) {
  return response.json<ValidationProblem>().errors.map((error) => `${error.property} ${error.code}`);
}

describe('opening a guest case', () => {
  it('opens a case without an owner, with the consent, and answers its secret once', async () => {
    const body = createBody();
    const created = await opened(body);
    expect(created.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.case).toMatchObject({ date: '2026-11-24', name: body.name });
    expect(created.case.code).toMatch(/^OP-\d{6}$/);
    const expires = new Date(created.case.expiresAt).getTime() - new Date(created.case.createdDate).getTime();
    expect(expires).toBe(30 * 24 * 60 * 60 * 1000);
    const row = await caseRow(created.case.id);
    expect(row).toMatchObject({ ownerUserId: null, clientId: null, guestConsentVersion: '2026-11' });
    expect(row?.guestConsentedAt).toBeInstanceOf(Date);
    // Only the hash is kept.
    expect(row?.guestSecretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.guestSecretHash).not.toContain(created.secret);

    const read = await call('GET', `/guest-cases/${created.case.id}`, { secret: created.secret });
    expect(read.statusCode, read.body).toBe(200);
    expect(GuestCaseSchema.parse(read.json())).toEqual(created.case);
  });

  it('refuses a case without the health-data consent, translated on its field, and stores nothing', async () => {
    const body = createBody();
    for (const payload of [
      { ...body, healthDataConsent: false },
      { date: body.date, name: body.name, creationKey: body.creationKey },
    ]) {
      const response = await call('POST', '/guest-cases', { payload });
      expect(response.statusCode).toBe(400);
      expect(problems(response)).toEqual(['healthDataConsent healthDataConsentRequired']);
    }
    const [row] = await server.database.db
      .select({ n: count() })
      .from(cases)
      .where(eq(cases.creationKey, body.creationKey));
    expect(row?.n).toBe(0);
  });

  it('refuses hostile text: NUL bytes, lone surrogates, a megabyte of name', async () => {
    for (const name of ['Péče\u0000', 'Péče \ud800 o mámu']) {
      const response = await call('POST', '/guest-cases', { payload: { ...createBody(), name } });
      expect(response.statusCode, name).toBe(400);
      expect(problems(response)[0]).toMatch(/^name /);
    }
    const huge = await call('POST', '/guest-cases', {
      payload: { ...createBody(), name: 'x'.repeat(1_048_576) },
    });
    expect([400, 413]).toContain(huge.statusCode);
  });

  it('answers a repeat of the creation key with the same case and a new secret while nothing is saved', async () => {
    const body = createBody();
    const first = await opened(body);
    const again = await opened(body);
    expect(again.case.id).toBe(first.case.id);
    expect(again.secret).not.toBe(first.secret);
    expect((await call('GET', `/guest-cases/${first.case.id}`, { secret: first.secret })).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/guest-cases/${first.case.id}`, { secret: again.secret })).statusCode).toBe(
      200,
    );

    expect((await saveAnswers(again.case.id, again.secret, { living: 'alone' })).statusCode).toBe(200);
    const afterAnswers = await call('POST', '/guest-cases', { payload: body });
    expect(afterAnswers.statusCode).toBe(409);
    expect(afterAnswers.json()).toMatchObject({ code: 'Conflict' });
    // The secret in use keeps working.
    expect((await call('GET', `/guest-cases/${again.case.id}`, { secret: again.secret })).statusCode).toBe(
      200,
    );
  });

  it(`opens one case for ${simultaneous} simultaneous creates of one key on a pool of ${poolSize}`, async () => {
    const body = createBody();
    const responses = await Promise.all(
      Array.from({ length: simultaneous }, () => call('POST', '/guest-cases', { payload: body })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(simultaneous).fill(201));
    const created = responses.map((response) => GuestCaseCreatedSchema.parse(response.json()));
    expect(new Set(created.map((each) => each.case.id)).size).toBe(1);
    const [row] = await server.database.db
      .select({ n: count() })
      .from(cases)
      .where(eq(cases.creationKey, body.creationKey));
    expect(row?.n).toBe(1);
    // Exactly one secret — the last one handed out — opens it.
    const reads = await Promise.all(
      created.map((each) => call('GET', `/guest-cases/${each.case.id}`, { secret: each.secret })),
    );
    expect(reads.filter((read) => read.statusCode === 200)).toHaveLength(1);
  });

  it('limits new cases per client address', async () => {
    const address = someClientAddress();
    const statuses: number[] = [];
    for (let index = 0; index < 21; index += 1) {
      statuses.push((await call('POST', '/guest-cases', { payload: createBody(), address })).statusCode);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(201));
    expect(statuses[20]).toBe(429);
  });
});

describe('a guest case’s questionnaire', () => {
  it('saves and reads answers with the secret, with the care-allowance estimate', async () => {
    const { case: guestCase, secret } = await opened();
    const empty = await call('GET', `/guest-cases/${guestCase.id}/surveys/extended-case`, { secret });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(CaseSurveySchema.parse(empty.json())).toMatchObject({ answers: {}, updatedAt: null });

    const draft = await saveAnswers(guestCase.id, secret, { living: 'alone', 'need-mobility': 'needs-help' });
    expect(draft.statusCode, draft.body).toBe(200);
    const complete = await saveAnswers(guestCase.id, secret, { living: 'alone', ...allNeeds(4) }, true);
    expect(complete.statusCode, complete.body).toBe(200);
    const read = CaseSurveySchema.parse(
      (await call('GET', `/guest-cases/${guestCase.id}/surveys/extended-case`, { secret })).json(),
    );
    expect(read.submittedAt).not.toBeNull();
    expect(read.careAllowanceEstimate).toMatchObject({ degree: 1, unmanagedNeeds: basicNeeds.slice(0, 4) });
    const [stored] = await server.database.db
      .select()
      .from(surveyAnswers)
      .where(eq(surveyAnswers.caseId, guestCase.id));
    expect(stored?.createdByUserId).toBeNull();
    const summary = GuestCaseSchema.parse(
      (await call('GET', `/guest-cases/${guestCase.id}`, { secret })).json(),
    );
    expect(summary.surveys).toContainEqual({ type: 'extended-case', state: 'completed' });
  });

  it('answers a missing, wrong or malformed secret 404, as a missing case, and stores nothing', async () => {
    const { case: guestCase } = await opened();
    const other = await opened();
    const wrongSecrets = [undefined, other.secret, 'x', 'A'.repeat(43), `${other.secret}x`];
    for (const secret of wrongSecrets) {
      for (const [method, url] of [
        ['GET', `/guest-cases/${guestCase.id}`],
        ['GET', `/guest-cases/${guestCase.id}/surveys/extended-case`],
      ] as const) {
        const response = await call(method, url, secret === undefined ? {} : { secret });
        expect(response.statusCode, `${url} ${secret}`).toBe(404);
        expect(response.json()).toMatchObject({ code: 'NotFoundException' });
      }
      expect((await saveAnswers(guestCase.id, secret, { living: 'alone' })).statusCode).toBe(404);
    }
    // Another case's secret with this id, and a made-up id.
    expect((await call('GET', `/guest-cases/${randomUUID()}`, { secret: other.secret })).statusCode).toBe(
      404,
    );
    const rows = await server.database.db
      .select()
      .from(surveyAnswers)
      .where(eq(surveyAnswers.caseId, guestCase.id));
    expect(rows).toEqual([]);
  });

  it('never opens a signed-in owner’s case, whatever the secret', async () => {
    const owner = await server.signedIn();
    const ownCase = await createCase(server.database.db, { ownerUserId: owner.userId });
    const { secret } = await opened();
    const response = await call('GET', `/guest-cases/${ownCase.id}/surveys/extended-case`, {
      secret,
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(404);
  });

  it('checks answers against the questionnaire, naming each question; hostile text refused', async () => {
    const { case: guestCase, secret } = await opened();
    const invalid = await saveAnswers(guestCase.id, secret, { 'need-mobility': 'flying' });
    expect(invalid.statusCode).toBe(400);
    expect(problems(invalid)[0]).toMatch(/^need-mobility /);
    const incomplete = await saveAnswers(guestCase.id, secret, { living: 'alone' }, true);
    expect(incomplete.statusCode).toBe(400);
    for (const text of ['\u0000', '\ud800', 'x'.repeat(1_048_576)]) {
      const response = await saveAnswers(guestCase.id, secret, { living: text });
      expect([400, 413], JSON.stringify(text.slice(0, 5))).toContain(response.statusCode);
    }
    expect(
      await server.database.db.select().from(surveyAnswers).where(eq(surveyAnswers.caseId, guestCase.id)),
    ).toEqual([]);
  });
});

describe('claiming a guest case', () => {
  it('makes the case the account’s with its answers, records the consent, and spends the secret', async () => {
    const { case: guestCase, secret } = await opened();
    expect((await saveAnswers(guestCase.id, secret, { living: 'alone', ...allNeeds(2) })).statusCode).toBe(
      200,
    );
    const before = await caseRow(guestCase.id);
    const user = await server.signedIn();

    const claimed = await call('POST', `/guest-cases/${guestCase.id}/claim`, {
      secret,
      headers: user.headers,
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(CaseSchema.parse(claimed.json())).toMatchObject({
      id: guestCase.id,
      code: guestCase.code,
      client: null,
      surveys: [
        { type: 'extended-case', state: 'draft' },
        { type: 'case', state: 'not-started' },
      ],
    });
    const after = await caseRow(guestCase.id);
    expect(after).toMatchObject({ ownerUserId: user.userId, guestSecretHash: null, creationKey: null });
    const recorded = await server.database.db
      .select()
      .from(consents)
      .where(and(eq(consents.userId, user.userId), eq(consents.kind, 'health-data')));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      caseId: guestCase.id,
      onBehalfOfClientId: null,
      version: '2026-11',
      grantedAt: before?.guestConsentedAt,
    });

    // The answers are the account's now, through the signed-in endpoints.
    const survey = await call('GET', `/cases/${guestCase.id}/surveys/extended-case`, {
      headers: user.headers,
    });
    expect(survey.statusCode).toBe(200);
    expect(survey.json()).toMatchObject({ answers: { living: 'alone' } });
    // The secret opens nothing any more.
    for (const url of [
      `/guest-cases/${guestCase.id}`,
      `/guest-cases/${guestCase.id}/surveys/extended-case`,
    ]) {
      expect((await call('GET', url, { secret })).statusCode).toBe(404);
    }
    expect((await saveAnswers(guestCase.id, secret, { living: 'family' })).statusCode).toBe(404);

    // A repeat by the same account answers the case; another account with the stale secret 404.
    const repeat = await call('POST', `/guest-cases/${guestCase.id}/claim`, {
      secret,
      headers: user.headers,
    });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toMatchObject({ id: guestCase.id });
    const other = await server.signedIn();
    const stolen = await call('POST', `/guest-cases/${guestCase.id}/claim`, {
      secret,
      headers: other.headers,
    });
    expect(stolen.statusCode).toBe(404);
    const [consentCount] = await server.database.db
      .select({ n: count() })
      .from(consents)
      .where(eq(consents.caseId, guestCase.id));
    expect(consentCount?.n).toBe(1);
  });

  it('needs a signed-in caller and the secret', async () => {
    const { case: guestCase, secret } = await opened();
    expect((await call('POST', `/guest-cases/${guestCase.id}/claim`, { secret })).statusCode).toBe(401);
    const user = await server.signedIn();
    const withoutSecret = await call('POST', `/guest-cases/${guestCase.id}/claim`, { headers: user.headers });
    expect(withoutSecret.statusCode).toBe(404);
    expect((await caseRow(guestCase.id))?.ownerUserId).toBeNull();
  });

  it(`gives the case to exactly one of two accounts claiming ${simultaneous} times at once on a pool of ${poolSize}`, async () => {
    const { case: guestCase, secret } = await opened();
    const first = await server.signedIn();
    const second = await server.signedIn();
    const callers = Array.from({ length: simultaneous }, (_, index) => (index % 2 === 0 ? first : second));
    const responses = await Promise.all(
      callers.map((caller) =>
        call('POST', `/guest-cases/${guestCase.id}/claim`, { secret, headers: caller.headers }),
      ),
    );
    const owner = (await caseRow(guestCase.id))?.ownerUserId;
    expect([first.userId, second.userId]).toContain(owner);
    callers.forEach((caller, index) => {
      expect(responses[index]?.statusCode, caller.email).toBe(caller.userId === owner ? 200 : 404);
    });
    const [consentCount] = await server.database.db
      .select({ n: count() })
      .from(consents)
      .where(eq(consents.caseId, guestCase.id));
    expect(consentCount?.n).toBe(1);
  });
});

describe('retention', () => {
  it('deletes guest cases nobody claimed within 30 days, with their answers; claimed ones stay', async () => {
    const db = server.database.db;
    const now = new Date('2027-03-01T12:00:00Z');
    const old = await opened();
    const recent = await opened();
    const claimed = await opened();
    await saveAnswers(old.case.id, old.secret, { living: 'alone' });
    const user = await server.signedIn();
    await call('POST', `/guest-cases/${claimed.case.id}/claim`, {
      secret: claimed.secret,
      headers: user.headers,
    });
    const daysBefore = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
    await db
      .update(cases)
      .set({ createdAt: daysBefore(30) })
      .where(eq(cases.id, old.case.id));
    await db
      .update(cases)
      .set({ createdAt: daysBefore(29) })
      .where(eq(cases.id, recent.case.id));
    await db
      .update(cases)
      .set({ createdAt: daysBefore(90) })
      .where(eq(cases.id, claimed.case.id));

    expect(await deleteExpiredGuestCases(db, now)).toBeGreaterThanOrEqual(1);
    const left = await db
      .select({ id: cases.id })
      .from(cases)
      .where(inArray(cases.id, [old.case.id, recent.case.id, claimed.case.id]));
    expect(left.map((row) => row.id).toSorted()).toEqual([recent.case.id, claimed.case.id].toSorted());
    expect(await db.select().from(surveyAnswers).where(eq(surveyAnswers.caseId, old.case.id))).toEqual([]);
    // Nothing more to delete at the same instant.
    expect(await deleteExpiredGuestCases(db, now)).toBe(0);
  });
});
