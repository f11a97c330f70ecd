import {
  basicNeedQuestionName,
  basicNeeds,
  type CaseSurvey,
  CaseSurveySchema,
  helpNeededValues,
  type SurveyDefinition,
  type ValidationProblem,
} from '@opora/contracts';
import { surveyAnswers } from '@opora/db';
import { createCase, createSurveyDefinition } from '@opora/db/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountTestServer, startAccountTestServer } from '../accounts/testing/account-test-server.ts';
import { buildApp } from '../app.ts';
import { captureLogs, testConfig } from '../testing/test-app.ts';

// A case's questionnaires against the seeded platform definitions (extended-case-v1, case-v1). Nothing
// here publishes another platform version; versioning is in survey-definitions.int.test.ts.

let server: AccountTestServer;
/** The app's own pool, smaller than the number of simultaneous saves the concurrency test sends. */
const poolSize = 3;

beforeAll(async () => {
  server = await startAccountTestServer({ env: { RATE_LIMIT_MAX: '100000' }, pool: { max: poolSize } });
});

afterAll(async () => {
  await server.close();
});

/** A case of a new signed-in account, and that account's headers. */
async function ownCase() {
  const { userId, headers } = await server.signedIn();
  const careCase = await createCase(server.database.db, { ownerUserId: userId });
  return { caseId: careCase.id, headers };
}

async function published(type: 'extended-case' | 'case'): Promise<SurveyDefinition> {
  const response = await server.app.inject({ method: 'GET', url: `/api/v1/web/surveys/${type}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SurveyDefinition>();
}

function surveyUrl(caseId: string, type: 'extended-case' | 'case') {
  return `/api/v1/web/cases/${caseId}/surveys/${type}`;
}

function save(
  caseId: string,
  type: 'extended-case' | 'case',
  headers: Record<string, string>,
  body: { surveyDefinitionId: string; answers: Record<string, unknown>; complete?: boolean },
) {
  return server.app.inject({ method: 'PUT', url: surveyUrl(caseId, type), headers, payload: body });
}

async function saved(...args: Parameters<typeof save>): Promise<CaseSurvey> {
  const response = await save(...args);
  expect(response.statusCode, response.body).toBe(200);
  return CaseSurveySchema.parse(response.json());
}

function problems(response: { json: <T>() => T }) {
  const problem = response.json<ValidationProblem>();
  return problem.errors.map((error) => `${error.property} ${error.code}`);
}

async function storedRows(caseId: string) {
  return server.database.db.select().from(surveyAnswers).where(eq(surveyAnswers.caseId, caseId));
}

/** Every need answered: the first `unmanaged` as needing help, the rest as managed alone. */
function needAnswers(unmanaged: number): Record<string, string> {
  return Object.fromEntries(
    basicNeeds.map((need, index) => [
      basicNeedQuestionName(need),
      index < unmanaged ? 'needs-help' : 'alone',
    ]),
  );
}

describe('published questionnaires', () => {
  it('serves each platform questionnaire to guests: the ten needs, and the help the pool recommends by', async () => {
    const extended = await published('extended-case');
    expect(extended).toMatchObject({
      code: 'extended-case-v1',
      version: 1,
      status: 'published',
      providerId: null,
    });
    const needQuestions = extended.definition.pages
      .flatMap((page) => page.questions)
      .filter((question) => question.name.startsWith('need-'));
    expect(needQuestions.map((question) => question.name).toSorted()).toEqual(
      basicNeeds.map(basicNeedQuestionName).toSorted(),
    );
    for (const question of needQuestions) {
      expect(question).toMatchObject({ type: 'single', required: true });
      expect('choices' in question && question.choices.map((choice) => choice.value)).toEqual([
        'alone',
        'with-difficulty',
        'needs-help',
      ]);
    }

    const caseSurvey = await published('case');
    expect(caseSurvey).toMatchObject({ code: 'case-v1', version: 1, status: 'published' });
    const helpNeeded = caseSurvey.definition.pages[0]?.questions.find(
      (question) => question.name === 'help-needed',
    );
    expect(helpNeeded?.type).toBe('multiple');
    expect(helpNeeded && 'choices' in helpNeeded && helpNeeded.choices.map((choice) => choice.value)).toEqual(
      helpNeededValues,
    );
  });

  it('knows only the case questionnaires', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/web/surveys/service' });
    expect(response.statusCode).toBe(400);
  });
});

describe('a case’s questionnaire', () => {
  it('starts empty on the newest published version, with every need still unanswered', async () => {
    const { caseId, headers } = await ownCase();
    const response = await server.app.inject({
      method: 'GET',
      url: surveyUrl(caseId, 'extended-case'),
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const survey = CaseSurveySchema.parse(response.json());
    expect(survey).toMatchObject({
      caseId,
      type: 'extended-case',
      answers: {},
      submittedAt: null,
      updatedAt: null,
      careAllowanceEstimate: {
        unmanagedNeeds: [],
        unansweredNeeds: [...basicNeeds],
        degree: null,
        monthlyAmountCzk: null,
      },
    });
    expect(survey.definition.code).toBe('extended-case-v1');
    const caseSurvey = await server.app.inject({ method: 'GET', url: surveyUrl(caseId, 'case'), headers });
    expect(caseSurvey.json()).toMatchObject({ type: 'case', careAllowanceEstimate: null });
  });

  it('answers another user’s case, and a case that does not exist, 404; a guest 401', async () => {
    const { caseId } = await ownCase();
    const other = await server.signedIn();
    const definition = await published('extended-case');
    const read = await server.app.inject({
      method: 'GET',
      url: surveyUrl(caseId, 'extended-case'),
      headers: other.headers,
    });
    expect(read.statusCode).toBe(404);
    expect(read.json()).toMatchObject({ code: 'NotFoundException' });
    const write = await save(caseId, 'extended-case', other.headers, {
      surveyDefinitionId: definition.id,
      answers: { 'need-mobility': 'alone' },
    });
    expect(write.statusCode).toBe(404);
    const missing = await server.app.inject({
      method: 'GET',
      url: surveyUrl('00000000-0000-4000-8000-000000000000', 'case'),
      headers: other.headers,
    });
    expect(missing.statusCode).toBe(404);
    const guest = await server.app.inject({ method: 'GET', url: surveyUrl(caseId, 'extended-case') });
    expect(guest.statusCode).toBe(401);
    expect(await storedRows(caseId)).toEqual([]);
  });

  it('saves a draft with some answers and reads it back', async () => {
    const { caseId, headers } = await ownCase();
    const definition = await published('extended-case');
    const answers = { living: 'alone', 'current-help': ['family'], 'need-mobility': 'needs-help' };
    const draft = await saved(caseId, 'extended-case', headers, {
      surveyDefinitionId: definition.id,
      answers,
    });
    expect(draft).toMatchObject({ answers, submittedAt: null });
    expect(draft.updatedAt).not.toBeNull();
    expect(draft.careAllowanceEstimate?.unmanagedNeeds).toEqual(['mobility']);

    const read = await server.app.inject({ method: 'GET', url: surveyUrl(caseId, 'extended-case'), headers });
    expect(CaseSurveySchema.parse(read.json())).toEqual(draft);
    expect(await storedRows(caseId)).toHaveLength(1);
  });

  it('refuses to send as complete while a need is unanswered, naming the question, and stores nothing', async () => {
    const { caseId, headers } = await ownCase();
    const definition = await published('extended-case');
    const { 'need-mobility': _mobility, ...answers } = needAnswers(0);
    const response = await save(caseId, 'extended-case', headers, {
      surveyDefinitionId: definition.id,
      answers,
      complete: true,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'ValidationFailed' });
    expect(problems(response)).toEqual(['need-mobility required']);
    expect(await storedRows(caseId)).toEqual([]);
  });

  it('refuses questions the questionnaire does not have and choices it does not offer', async () => {
    const { caseId, headers } = await ownCase();
    const extended = await published('extended-case');
    const unknown = await save(caseId, 'extended-case', headers, {
      surveyDefinitionId: extended.id,
      answers: { 'favourite-food': 'dumplings', 'need-eating': 'alone' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(problems(unknown)).toEqual(['favourite-food unrecognizedKeys']);

    const choice = await save(caseId, 'extended-case', headers, {
      surveyDefinitionId: extended.id,
      answers: { 'need-eating': 'sometimes', 'current-help': ['family', 'butler'] },
    });
    expect(choice.statusCode).toBe(400);
    expect(problems(choice).toSorted()).toEqual(['current-help invalidOption', 'need-eating invalidOption']);

    const exclusive = await save(caseId, 'extended-case', headers, {
      surveyDefinitionId: extended.id,
      answers: { 'current-help': ['family', 'none'] },
    });
    expect(problems(exclusive)).toEqual(['current-help invalidOption']);

    const caseSurvey = await published('case');
    const wrongType = await save(caseId, 'case', headers, {
      surveyDefinitionId: caseSurvey.id,
      answers: {
        budget: 'a lot',
        'start-date': '2026-02-30',
        'home-nursing-prescribed': 'yes',
        'help-needed': ['nursing-at-home'],
      },
    });
    expect(problems(wrongType).toSorted()).toEqual([
      'budget number',
      'home-nursing-prescribed invalidOption',
      'start-date dateFormat',
    ]);
    expect(await storedRows(caseId)).toEqual([]);
  });

  it('drops answers to questions their condition hides', async () => {
    const { caseId, headers } = await ownCase();
    const caseSurvey = await published('case');
    const hidden = await saved(caseId, 'case', headers, {
      surveyDefinitionId: caseSurvey.id,
      answers: { 'help-needed': ['advice'], 'home-nursing-prescribed': true },
    });
    expect(hidden.answers).toEqual({ 'help-needed': ['advice'] });
    const shown = await saved(caseId, 'case', headers, {
      surveyDefinitionId: caseSurvey.id,
      answers: { 'help-needed': ['advice', 'nursing-at-home'], 'home-nursing-prescribed': true },
    });
    expect(shown.answers).toEqual({
      'help-needed': ['advice', 'nursing-at-home'],
      'home-nursing-prescribed': true,
    });

    const extended = await published('extended-case');
    const degree = await saved(caseId, 'extended-case', headers, {
      surveyDefinitionId: extended.id,
      answers: { 'care-allowance': 'no', 'care-allowance-degree': 'degree-2' },
    });
    expect(degree.answers).toEqual({ 'care-allowance': 'no' });
    const [row] = await server.database.db
      .select({ answers: surveyAnswers.answers })
      .from(surveyAnswers)
      .where(and(eq(surveyAnswers.caseId, caseId), eq(surveyAnswers.surveyType, 'extended-case')));
    expect(row?.answers).toEqual({ 'care-allowance': 'no' });
  });

  it('refuses hostile text (NUL, a lone surrogate, a megabyte) and stores nothing', async () => {
    const { caseId, headers } = await ownCase();
    const caseSurvey = await published('case');
    const base = { 'help-needed': ['advice'], place: 'home' };
    const hostile = ['Dobrý den\u0000', 'Dobrý den\uD800', 'x'.repeat(1_000_000)];
    const expected = ['notes unsupportedCharacters', 'notes unsupportedCharacters', 'notes maxLength'];
    for (const [index, notes] of hostile.entries()) {
      const response = await save(caseId, 'case', headers, {
        surveyDefinitionId: caseSurvey.id,
        answers: { ...base, notes },
      });
      expect(response.statusCode, `${index}`).toBe(400);
      expect(problems(response)).toEqual([expected[index]]);
    }
    expect(await storedRows(caseId)).toEqual([]);
  });

  it('refuses a definition that is not a published platform one of the path’s type', async () => {
    const { caseId, headers } = await ownCase();
    const caseSurvey = await published('case');
    const draft = await createSurveyDefinition(server.database.db, { type: 'extended-case' });
    for (const surveyDefinitionId of [caseSurvey.id, draft.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await save(caseId, 'extended-case', headers, { surveyDefinitionId, answers: {} });
      expect(response.statusCode, surveyDefinitionId).toBe(400);
      expect(problems(response)).toEqual(['surveyDefinitionId invalidOption']);
    }
    expect(await storedRows(caseId)).toEqual([]);
  });
});

describe('the care allowance estimate', () => {
  it.each([
    [0, null, null],
    [2, null, null],
    [3, 1, 880],
    [4, 1, 880],
    [5, 2, 4_400],
    [6, 2, 4_400],
    [7, 3, 12_800],
    [8, 3, 12_800],
    [9, 4, 19_200],
    [10, 4, 19_200],
  ])('counts %i needs needing help as degree %s (%s CZK a month)', async (unmanaged, degree, amount) => {
    const { caseId, headers } = await ownCase();
    const definition = await published('extended-case');
    const survey = await saved(caseId, 'extended-case', headers, {
      surveyDefinitionId: definition.id,
      answers: needAnswers(unmanaged),
      complete: true,
    });
    expect(survey.careAllowanceEstimate).toEqual({
      unmanagedNeeds: basicNeeds.slice(0, unmanaged),
      unansweredNeeds: [],
      degree,
      monthlyAmountCzk: amount,
    });
  });
});

describe('sending and saving again', () => {
  it('sends as complete once: a double submit leaves one row and the same result', async () => {
    const { caseId, headers } = await ownCase();
    const definition = await published('extended-case');
    const body = { surveyDefinitionId: definition.id, answers: needAnswers(4), complete: true };
    const [first, second] = await Promise.all([
      saved(caseId, 'extended-case', headers, body),
      saved(caseId, 'extended-case', headers, body),
    ]);
    expect(first.submittedAt).not.toBeNull();
    expect(second.submittedAt).toBe(first.submittedAt);
    expect(second.answers).toEqual(first.answers);
    expect(second.careAllowanceEstimate).toEqual(first.careAllowanceEstimate);
    expect(await storedRows(caseId)).toHaveLength(1);
  });

  it('keeps a sent questionnaire sent while a draft edit leaves it complete, and reopens it when it does not', async () => {
    const { caseId, headers } = await ownCase();
    const definition = await published('extended-case');
    const sent = await saved(caseId, 'extended-case', headers, {
      surveyDefinitionId: definition.id,
      answers: needAnswers(3),
      complete: true,
    });
    const edited = await saved(caseId, 'extended-case', headers, {
      surveyDefinitionId: definition.id,
      answers: { ...needAnswers(5), living: 'alone' },
    });
    expect(edited.submittedAt).toBe(sent.submittedAt);
    expect(edited.careAllowanceEstimate?.degree).toBe(2);

    const { 'need-household': _household, ...incomplete } = needAnswers(5);
    const reopened = await saved(caseId, 'extended-case', headers, {
      surveyDefinitionId: definition.id,
      answers: incomplete,
    });
    expect(reopened.submittedAt).toBeNull();
    expect(reopened.answers).toEqual(incomplete);
    expect(reopened.careAllowanceEstimate?.unansweredNeeds).toEqual(['household']);
  });

  it(`takes more simultaneous autosaves than the pool's ${poolSize} connections: all succeed, one row`, async () => {
    const { caseId, headers } = await ownCase();
    const definition = await published('case');
    const budgets = Array.from({ length: poolSize * 4 }, (_, index) => 1_000 * (index + 1));
    const responses = await Promise.all(
      budgets.map((budget) =>
        save(caseId, 'case', headers, {
          surveyDefinitionId: definition.id,
          answers: { 'help-needed': ['personal-care-at-home'], budget },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(budgets.map(() => 200));
    const rows = await storedRows(caseId);
    expect(rows).toHaveLength(1);
    expect(budgets).toContain(rows[0]?.answers.budget);
  });
});

describe('health data in logs', () => {
  it('never writes answers to the log, saved or refused', async () => {
    const logs = captureLogs();
    // A twin of the app on the same database and realm keys, logging at info level.
    const app = await buildApp({
      config: testConfig({ ...server.env, JOBS_WORKER: 'false' }),
      db: server.db,
      logger: logs.logger,
    });
    try {
      const { caseId, headers } = await ownCase();
      const definition = await published('case');
      const url = surveyUrl(caseId, 'case');
      const marker = 'Maminka-bere-warfarin';
      for (const notes of [marker, `${marker}\u0000`]) {
        await app.inject({
          method: 'PUT',
          url,
          headers,
          payload: { surveyDefinitionId: definition.id, answers: { 'help-needed': ['advice'], notes } },
        });
      }
      await app.inject({ method: 'GET', url, headers });
      expect(logs.lines.length).toBeGreaterThan(0);
      expect(logs.lines.filter((line) => line.includes('Maminka'))).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
