import {
  type CaseSurvey,
  type SurveyDefinition,
  SurveyDefinitionListSchema,
  SurveyDefinitionSchema,
  type SurveyDocument,
  type ValidationProblem,
} from '@opora/contracts';
import { staffAuditLog, surveyDefinitions } from '@opora/db';
import {
  createCase,
  createSurveyAnswers,
  createSurveyDefinition,
  testSurveyDocument,
} from '@opora/db/testing';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTestServer,
  bearer,
  startAccountTestServer,
} from '../accounts/testing/account-test-server.ts';

// Staff's questionnaire definitions and versioning. This file publishes a version 2 of the case survey,
// so it has a database of its own (as every test file does).

let server: AccountTestServer;
let admin: Record<string, string>;
let client: Record<string, string>;
let clientUserId: string;

beforeAll(async () => {
  server = await startAccountTestServer({ env: { RATE_LIMIT_MAX: '100000' } });
  const adminAccount = await server.createAccount({ realmRoles: ['client', 'admin'] });
  admin = bearer((await server.signIn(adminAccount.email, adminAccount.password)).accessToken);
  const clientAccount = await server.createAccount();
  clientUserId = clientAccount.userId;
  client = bearer((await server.signIn(clientAccount.email, clientAccount.password)).accessToken);
});

afterAll(async () => {
  await server.close();
});

const definitionsUrl = '/api/v1/admin/survey-definitions';

function create(body: { type: string; version: number; code: string; definition: string }, headers = admin) {
  return server.app.inject({ method: 'POST', url: definitionsUrl, headers, payload: body });
}

async function created(body: Parameters<typeof create>[0]): Promise<SurveyDefinition> {
  const response = await create(body);
  expect(response.statusCode, response.body).toBe(201);
  return SurveyDefinitionSchema.parse(response.json());
}

function publish(id: string, headers = admin) {
  return server.app.inject({ method: 'POST', url: `${definitionsUrl}/${id}/publish`, headers });
}

function remove(id: string, headers = admin) {
  return server.app.inject({ method: 'DELETE', url: `${definitionsUrl}/${id}`, headers });
}

let codes = 0;
const uniqueCode = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++codes}`;

function problemFields(response: { json: <T>() => T }) {
  return response.json<ValidationProblem>().errors.map((error) => `${error.property} ${error.code}`);
}

describe('who may manage definitions', () => {
  it('refuses every staff operation to a client (403) and a guest (401)', async () => {
    const draft = await createSurveyDefinition(server.database.db);
    const body = {
      type: 'service',
      version: 7,
      code: uniqueCode('x'),
      definition: JSON.stringify(testSurveyDocument()),
    };
    for (const [headers, status] of [
      [client, 403],
      [{}, 401],
    ] as const) {
      expect((await server.app.inject({ method: 'GET', url: definitionsUrl, headers })).statusCode).toBe(
        status,
      );
      expect((await create(body, headers)).statusCode).toBe(status);
      expect((await publish(draft.id, headers)).statusCode).toBe(status);
      expect((await remove(draft.id, headers)).statusCode).toBe(status);
    }
    const [row] = await server.database.db
      .select({ status: surveyDefinitions.status })
      .from(surveyDefinitions)
      .where(eq(surveyDefinitions.id, draft.id));
    expect(row?.status).toBe('draft');
  });
});

describe('creating, publishing and deleting', () => {
  it('creates a draft from JSON text, lists it, publishes it once and deletes it', async () => {
    const code = uniqueCode('service');
    const draft = await created({
      type: 'service',
      version: 900,
      code,
      definition: JSON.stringify(testSurveyDocument('Provider form')),
    });
    expect(draft).toMatchObject({ type: 'service', version: 900, code, status: 'draft', providerId: null });
    // Defaults are filled in: what is stored is what the web renders.
    expect(draft.definition.pages[0]?.questions[0]).toMatchObject({ name: 'colour', required: true });

    const list = await server.app.inject({ method: 'GET', url: definitionsUrl, headers: admin });
    expect(list.statusCode).toBe(200);
    const listed = SurveyDefinitionListSchema.parse(list.json());
    expect(listed.map((definition) => definition.code)).toEqual(
      expect.arrayContaining(['extended-case-v1', 'case-v1', code]),
    );

    const first = await publish(draft.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ id: draft.id, status: 'published' });
    const again = await publish(draft.id);
    expect(again.json()).toEqual(first.json());

    expect((await remove(draft.id)).statusCode).toBe(204);
    expect((await remove(draft.id)).statusCode).toBe(404);
    expect((await publish(draft.id)).statusCode).toBe(404);
  });

  it('refuses a duplicate code and a duplicate type and version with their catalogue codes', async () => {
    const definition = JSON.stringify(testSurveyDocument());
    const duplicateCode = await create({ type: 'service', version: 901, code: 'case-v1', definition });
    expect(duplicateCode.statusCode).toBe(409);
    expect(duplicateCode.json()).toMatchObject({ code: 'SurveyDefinitionCodeUnique' });
    expect(problemFields(duplicateCode)).toEqual(['code SurveyDefinitionCodeUnique']);

    const duplicateVersion = await create({ type: 'case', version: 1, code: uniqueCode('case'), definition });
    expect(duplicateVersion.statusCode).toBe(409);
    expect(duplicateVersion.json()).toMatchObject({ code: 'SurveyDefinitionTypeVersionUnique' });
    expect(problemFields(duplicateVersion)).toEqual(['version SurveyDefinitionTypeVersionUnique']);
  });

  it('refuses a document that is not a questionnaire, or holds text the database cannot store', async () => {
    const base = { type: 'service', version: 902, code: uniqueCode('bad') };
    const notSurvey = await create({ ...base, definition: '{"pages":[]}' });
    expect(notSurvey.statusCode).toBe(400);
    expect(problemFields(notSurvey)).toEqual(['definition json']);

    const document = testSurveyDocument('Nul\u0000');
    const nul = await create({ ...base, definition: JSON.stringify(document) });
    expect(nul.statusCode).toBe(400);
    expect(problemFields(nul)).toEqual(['definition unsupportedCharacters']);
    const surrogate = await create({
      ...base,
      definition: JSON.stringify(testSurveyDocument('Half \uD800')),
    });
    expect(problemFields(surrogate)).toEqual(['definition unsupportedCharacters']);
  });

  it('refuses to delete a definition with answers, and the database refuses to change it', async () => {
    const db = server.database.db;
    const definition = await createSurveyDefinition(db, { status: 'published' });
    await createSurveyAnswers(db, { surveyDefinitionId: definition.id, answers: { colour: 'red' } });
    const response = await remove(definition.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'SurveyDefinitionDeleteRestriction' });
    await expect(
      db
        .update(surveyDefinitions)
        .set({ definition: testSurveyDocument('Changed') })
        .where(eq(surveyDefinitions.id, definition.id)),
    ).rejects.toMatchObject({
      cause: expect.objectContaining({ constraint: 'survey_definitions_frozen_when_answered' }),
    });
    expect(await db.$count(surveyDefinitions, eq(surveyDefinitions.id, definition.id))).toBe(1);
  });
});

describe('versions', () => {
  /** Version 2 of the case survey: version 1 plus a question. */
  async function caseSurveyVersion2(): Promise<SurveyDefinition> {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/web/surveys/case' });
    const v1 = SurveyDefinitionSchema.parse(response.json());
    expect(v1.version).toBe(1);
    const document: SurveyDocument = structuredClone(v1.definition);
    document.pages[0]?.questions.push({
      name: 'pets',
      type: 'boolean',
      required: false,
      title: { cs: 'Máte doma zvíře?', en: 'Is there a pet at home?', sk: 'Máte doma zviera?' },
    });
    const v2 = await created({
      type: 'case',
      version: 2,
      code: uniqueCode('case-v2'),
      definition: JSON.stringify(document),
    });
    const published = await publish(v2.id);
    expect(published.statusCode).toBe(200);
    return { ...v2, status: 'published' };
  }

  it('keeps a case answered in version 1 on it when version 2 is published; new cases get version 2', async () => {
    const db = server.database.db;
    const v1 = SurveyDefinitionSchema.parse(
      (await server.app.inject({ method: 'GET', url: '/api/v1/web/surveys/case' })).json(),
    );
    const answeredCase = await createCase(db, { ownerUserId: clientUserId });
    const url = `/api/v1/web/cases/${answeredCase.id}/surveys/case`;
    const first = await server.app.inject({
      method: 'PUT',
      url,
      headers: client,
      payload: { surveyDefinitionId: v1.id, answers: { 'help-needed': ['advice'] } },
    });
    expect(first.statusCode, first.body).toBe(200);

    const v2 = await caseSurveyVersion2();
    const latest = await server.app.inject({ method: 'GET', url: '/api/v1/web/surveys/case' });
    expect(latest.json()).toMatchObject({ id: v2.id, version: 2 });

    const bound = (await server.app.inject({ method: 'GET', url, headers: client })).json<CaseSurvey>();
    expect(bound.definition.id).toBe(v1.id);
    expect(bound.answers).toEqual({ 'help-needed': ['advice'] });

    const newCase = await createCase(db, { ownerUserId: clientUserId });
    const fresh = await server.app.inject({
      method: 'GET',
      url: `/api/v1/web/cases/${newCase.id}/surveys/case`,
      headers: client,
    });
    expect(fresh.json<CaseSurvey>().definition.id).toBe(v2.id);

    const conflict = await server.app.inject({
      method: 'PUT',
      url,
      headers: client,
      payload: { surveyDefinitionId: v2.id, answers: { 'help-needed': ['advice'], pets: true } },
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({ code: 'Conflict' });
    const unchanged = (await server.app.inject({ method: 'GET', url, headers: client })).json<CaseSurvey>();
    expect(unchanged).toEqual(bound);

    // Version 1 has answers now: it can be neither deleted nor changed.
    const deleted = await remove(v1.id);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json()).toMatchObject({ code: 'SurveyDefinitionDeleteRestriction' });
  });
});

describe('editing, versions and retirement (issue 25 §3)', () => {
  const url = (id: string, tail = '') => `${definitionsUrl}/${id}${tail}`;

  it('edits a draft, freezes a published one, and makes a new version as the next draft of its type', async () => {
    const code = uniqueCode('edit');
    const draft = await created({
      type: 'service',
      version: 700 + (codes % 50),
      code,
      definition: JSON.stringify(testSurveyDocument('First')),
    });
    const edited = await server.app.inject({
      method: 'PUT',
      url: url(draft.id),
      headers: admin,
      payload: { code, version: draft.version, definition: JSON.stringify(testSurveyDocument('Second')) },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      status: 'draft',
      answersCount: 0,
      definition: { title: { en: 'Second' } },
    });
    const hostile = await server.app.inject({
      method: 'PUT',
      url: url(draft.id),
      headers: admin,
      payload: { code, version: draft.version, definition: JSON.stringify(testSurveyDocument('a\u0000b')) },
    });
    expect(hostile.statusCode).toBe(400);

    expect((await publish(draft.id)).statusCode).toBe(200);
    const frozen = await server.app.inject({
      method: 'PUT',
      url: url(draft.id),
      headers: admin,
      payload: { code, version: draft.version, definition: JSON.stringify(testSurveyDocument('Third')) },
    });
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json()).toMatchObject({ code: 'SurveyDefinitionNotDraft' });

    const nextCode = uniqueCode('edit-next');
    const version = await server.app.inject({
      method: 'POST',
      url: url(draft.id, '/versions'),
      headers: admin,
      payload: { code: nextCode },
    });
    expect(version.statusCode, version.body).toBe(201);
    const next = version.json<SurveyDefinition>();
    expect(next).toMatchObject({
      code: nextCode,
      status: 'draft',
      type: 'service',
      definition: { title: { en: 'Second' } },
    });
    expect(next.version).toBeGreaterThan(draft.version);
    const taken = await server.app.inject({
      method: 'POST',
      url: url(draft.id, '/versions'),
      headers: admin,
      payload: { code: nextCode },
    });
    expect(taken.statusCode).toBe(409);
    expect(problemFields(taken)).toEqual(['code SurveyDefinitionCodeUnique']);

    const audit = await server.database.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.recordId, draft.id));
    expect(audit.map((entry) => entry.action)).toEqual([
      'survey-definition-created',
      'survey-definition-updated',
      'survey-definition-published',
    ]);
  });

  it('retires a published case survey once a newer one is published, and never the last one new cases need', async () => {
    const db = server.database.db;
    const published = await db
      .select()
      .from(surveyDefinitions)
      .where(
        and(
          eq(surveyDefinitions.type, 'extended-case'),
          isNull(surveyDefinitions.providerId),
          eq(surveyDefinitions.status, 'published'),
        ),
      );
    expect(published.length).toBeGreaterThan(0);
    // Retire all but one; the last is refused.
    const [last, ...others] = published;
    for (const definition of others) {
      expect(
        (await server.app.inject({ method: 'POST', url: url(definition.id, '/retire'), headers: admin }))
          .statusCode,
      ).toBe(200);
    }
    const refused = await server.app.inject({
      method: 'POST',
      url: url(last?.id ?? '', '/retire'),
      headers: admin,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'SurveyDefinitionLastPublished' });

    // A newer version published, the old one goes; new cases get the newer one.
    const nextCode = uniqueCode('extended-case');
    const next = (
      await server.app.inject({
        method: 'POST',
        url: url(last?.id ?? '', '/versions'),
        headers: admin,
        payload: { code: nextCode },
      })
    ).json<SurveyDefinition>();
    expect((await publish(next.id)).statusCode).toBe(200);
    // Two retirements at once of the last two: one goes through, the other is refused.
    const both = await Promise.all(
      [last?.id ?? '', next.id].map((id) =>
        server.app.inject({ method: 'POST', url: url(id, '/retire'), headers: admin }),
      ),
    );
    expect(both.map((response) => response.statusCode).sort(), both.map((r) => r.body).join()).toEqual([
      200, 409,
    ]);
    const current = await server.app.inject({ method: 'GET', url: '/api/v1/web/surveys/extended-case' });
    expect(current.statusCode).toBe(200);
    const survivor = both[0]?.statusCode === 409 ? last?.id : next.id;
    expect(current.json()).toMatchObject({ id: survivor, status: 'published' });

    // A draft is deleted, not retired.
    const draft = await created({
      type: 'service',
      version: 800 + (codes % 50),
      code: uniqueCode('draft'),
      definition: JSON.stringify(testSurveyDocument()),
    });
    expect(
      (await server.app.inject({ method: 'POST', url: url(draft.id, '/retire'), headers: admin })).statusCode,
    ).toBe(409);
    // Staff only.
    expect(
      (await server.app.inject({ method: 'POST', url: url(draft.id, '/retire'), headers: client }))
        .statusCode,
    ).toBe(403);
  });
});
