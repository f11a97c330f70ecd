import { randomUUID } from 'node:crypto';
import { type Case, CaseListSchema, CaseSchema } from '@opora/contracts';
import { cases } from '@opora/db';
import {
  createCareRequest,
  createCase,
  createClient,
  createFacilityService,
  createSurveyAnswers,
  createSurveyDefinition,
} from '@opora/db/testing';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTestServer,
  type SignedInAccount,
  startAccountTestServer,
} from '../accounts/testing/account-test-server.ts';

let server: AccountTestServer;
// A pool smaller than the simultaneous creates of one key below.
const poolSize = 4;
const simultaneous = 3 * poolSize;

beforeAll(async () => {
  server = await startAccountTestServer({ pool: { max: poolSize }, env: { RATE_LIMIT_MAX: '100000' } });
});

afterAll(async () => {
  await server.close();
});

const newCase = { date: '2026-11-24', fcServiceLevel: 1, name: 'Péče o maminku' };

function call(
  caller: SignedInAccount | undefined,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
) {
  return server.app.inject({
    method,
    url: `/api/v1/web${url}`,
    headers: caller?.headers ?? {},
    ...(payload && { payload }),
  });
}

async function casesOf(userId: string): Promise<number> {
  const [row] = await server.database.db
    .select({ n: count() })
    .from(cases)
    .where(eq(cases.ownerUserId, userId));
  return row?.n ?? 0;
}

describe('POST /api/v1/web/cases', () => {
  it('opens a case of the caller with a code from the sequence, no client and no questionnaire started', async () => {
    const caller = await server.signedIn();
    const response = await call(caller, 'POST', '/cases', { date: '2026-11-24', name: 'Nový případ' });
    expect(response.statusCode, response.body).toBe(200);
    const opened = CaseSchema.parse(response.json());
    expect(opened).toMatchObject({
      date: '2026-11-24',
      fcServiceLevel: 1,
      name: 'Nový případ',
      client: null,
      requests: [],
      facilityServices: [],
      surveys: [
        { type: 'extended-case', state: 'not-started' },
        { type: 'case', state: 'not-started' },
      ],
    });
    expect(opened.code).toMatch(/^OP-\d{6}$/);
    expect(Date.parse(opened.createdDate)).toBeGreaterThan(Date.now() - 60_000);
    const [row] = await server.database.db.select().from(cases).where(eq(cases.id, opened.id));
    expect(row?.ownerUserId).toBe(caller.userId);
  });

  it(`answers one case to ${simultaneous} simultaneous creates with one creation key on a pool of ${poolSize}`, async () => {
    const caller = await server.signedIn();
    const other = await server.signedIn();
    const creationKey = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: simultaneous }, () => call(caller, 'POST', '/cases', { ...newCase, creationKey })),
    );
    expect(answers.map((response) => response.statusCode)).toEqual(answers.map(() => 200));
    const ids = new Set(answers.map((response) => CaseSchema.parse(response.json()).id));
    expect(ids.size).toBe(1);
    expect(await casesOf(caller.userId)).toBe(1);
    // A retry later answers the same case; the key is the caller's own, so another user gets theirs.
    const retried = await call(caller, 'POST', '/cases', { ...newCase, creationKey });
    expect(CaseSchema.parse(retried.json()).id).toBe([...ids][0]);
    const others = await call(other, 'POST', '/cases', { ...newCase, creationKey });
    expect(others.statusCode).toBe(200);
    expect(CaseSchema.parse(others.json()).id).not.toBe([...ids][0]);
    expect(await casesOf(other.userId)).toBe(1);
  });

  it('opens a case per call without a creation key: a double submit opens two cases with their own codes', async () => {
    const caller = await server.signedIn();
    const [first, second] = await Promise.all([
      call(caller, 'POST', '/cases', newCase),
      call(caller, 'POST', '/cases', newCase),
    ]);
    expect([first?.statusCode, second?.statusCode]).toEqual([200, 200]);
    const codes = [first, second].map((response) => CaseSchema.parse(response?.json()).code);
    expect(new Set(codes).size).toBe(2);
    expect(await casesOf(caller.userId)).toBe(2);
  });

  it('refuses an invalid case and a guest', async () => {
    const caller = await server.signedIn();
    const invalid = await call(caller, 'POST', '/cases', {
      date: '24. 11. 2026',
      fcServiceLevel: 0,
      name: ' ',
    });
    expect(invalid.statusCode).toBe(400);
    expect(
      invalid
        .json<{ errors: { property: string }[] }>()
        .errors.map((error) => error.property)
        .toSorted(),
    ).toEqual(['date', 'fcServiceLevel', 'name']);
    const hostile = await call(caller, 'POST', '/cases', { ...newCase, name: 'a\u0000b' });
    expect(hostile.statusCode).toBe(400);
    expect((await call(undefined, 'POST', '/cases', newCase)).statusCode).toBe(401);
    expect(await casesOf(caller.userId)).toBe(0);
  });
});

describe('GET and PATCH /api/v1/web/cases/{caseId}', () => {
  it('answers the case with its client, requests, services and questionnaire states', async () => {
    const caller = await server.signedIn();
    const db = server.database.db;
    const client = await createClient(db, {
      ownerUserId: caller.userId,
      firstName: 'Jana',
      lastName: 'Malá',
    });
    const careCase = await createCase(db, { clientId: client.id, ownerUserId: caller.userId });
    const service = await createFacilityService(db, { name: 'Pečovatelská služba Malá' });
    const request = await createCareRequest(db, {
      caseId: careCase.id,
      facilityServiceId: service.id,
      statusCode: 'in-progress',
    });
    const extended = await createSurveyDefinition(db, { type: 'extended-case', status: 'published' });
    const survey = await createSurveyDefinition(db, { type: 'case', status: 'published' });
    await createSurveyAnswers(db, {
      surveyDefinitionId: extended.id,
      caseId: careCase.id,
      submittedAt: new Date(),
    });
    await createSurveyAnswers(db, { surveyDefinitionId: survey.id, caseId: careCase.id });

    const response = await call(caller, 'GET', `/cases/${careCase.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(CaseSchema.parse(response.json())).toEqual({
      id: careCase.id,
      date: careCase.date,
      fcServiceLevel: 1,
      name: careCase.name,
      code: careCase.code,
      client: { id: client.id, fullName: 'Jana Malá' },
      requests: [{ id: request.id, facilityServiceId: service.id, statusCode: 'in-progress' }],
      facilityServices: [{ id: service.id, name: 'Pečovatelská služba Malá' }],
      surveys: [
        { type: 'extended-case', state: 'completed' },
        { type: 'case', state: 'draft' },
      ],
      createdDate: careCase.createdAt.toISOString(),
    } satisfies Case);
  });

  it('answers and renames only the caller’s case: anyone else’s is 404, as a missing one', async () => {
    const owner = await server.signedIn();
    const other = await server.signedIn();
    const careCase = await createCase(server.database.db, { clientId: null, ownerUserId: owner.userId });
    for (const url of [`/cases/${careCase.id}`, '/cases/6d1f0c3e-2a53-4a4c-9d7e-1f1e0a1b2c3d']) {
      const read = await call(other, 'GET', url);
      expect(read.statusCode).toBe(404);
      expect(read.json()).toMatchObject({ code: 'NotFoundException' });
      expect((await call(other, 'PATCH', url, { name: 'Cizí' })).statusCode).toBe(404);
    }
    expect((await call(owner, 'GET', '/cases/not-a-uuid')).statusCode).toBe(400);

    const renamed = await call(owner, 'PATCH', `/cases/${careCase.id}`, { name: '  Péče po nemocnici ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: careCase.id, name: 'Péče po nemocnici', code: careCase.code });
    expect((await call(owner, 'PATCH', `/cases/${careCase.id}`, { name: '' })).statusCode).toBe(400);
    const [row] = await server.database.db.select().from(cases).where(eq(cases.id, careCase.id));
    expect(row?.name).toBe('Péče po nemocnici');
  });
});

describe('/api/v1/web/clients/{clientId}/cases', () => {
  it('lists a client’s cases newest first and opens a new one for the client', async () => {
    const caller = await server.signedIn();
    const db = server.database.db;
    const client = await createClient(db, { ownerUserId: caller.userId });
    const older = await createCase(db, { clientId: client.id, ownerUserId: caller.userId });
    // Cases of the caller's other clients are not listed.
    await createCase(db, { ownerUserId: caller.userId });

    const opened = await call(caller, 'POST', `/clients/${client.id}/cases`, newCase);
    expect(opened.statusCode, opened.body).toBe(201);
    const created = CaseSchema.parse(opened.json());
    expect(created).toMatchObject({ name: 'Péče o maminku', client: { id: client.id } });

    const listed = await call(caller, 'GET', `/clients/${client.id}/cases`);
    expect(listed.statusCode).toBe(200);
    expect(CaseListSchema.parse(listed.json()).map((each) => each.id)).toEqual([created.id, older.id]);
  });

  it('answers a repeated creation key with its case, and 409 when it is reused for another client', async () => {
    const caller = await server.signedIn();
    const db = server.database.db;
    const client = await createClient(db, { ownerUserId: caller.userId });
    const another = await createClient(db, { ownerUserId: caller.userId });
    const creationKey = randomUUID();
    const first = await call(caller, 'POST', `/clients/${client.id}/cases`, { ...newCase, creationKey });
    const again = await call(caller, 'POST', `/clients/${client.id}/cases`, { ...newCase, creationKey });
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(CaseSchema.parse(again.json()).id).toBe(CaseSchema.parse(first.json()).id);
    const reused = await call(caller, 'POST', `/clients/${another.id}/cases`, { ...newCase, creationKey });
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ code: 'Conflict' });
    expect(await casesOf(caller.userId)).toBe(1);
  });

  it('answers another user’s client 404 and opens nothing for it', async () => {
    const caller = await server.signedIn();
    const othersClient = await createClient(server.database.db);
    expect((await call(caller, 'GET', `/clients/${othersClient.id}/cases`)).statusCode).toBe(404);
    const refused = await call(caller, 'POST', `/clients/${othersClient.id}/cases`, newCase);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'NotFoundException' });
    const [row] = await server.database.db
      .select({ n: count() })
      .from(cases)
      .where(eq(cases.clientId, othersClient.id));
    expect(row?.n).toBe(0);
    expect(await casesOf(caller.userId)).toBe(0);
  });
});
