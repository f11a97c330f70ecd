import { SurveyDocumentSchema } from '@opora/contracts';
import { asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveyDefinitions } from '../../schema/index.ts';
import { createSurveyAnswers, createTestDatabase, type TestDatabase } from '../../testing.ts';
import { seed } from '../index.ts';
import { caseSurveyV1 } from './case-survey.ts';
import { type PlatformSurveyDefinition, platformSurveyDefinitions, seedSurveyDefinitions } from './index.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

async function platformDefinitions() {
  return database.db
    .select()
    .from(surveyDefinitions)
    .where(isNull(surveyDefinitions.providerId))
    .orderBy(asc(surveyDefinitions.code));
}

/** The case survey version 1 with another title, as if someone edited the shipped document. */
function withEditedCaseSurvey(): PlatformSurveyDefinition[] {
  return platformSurveyDefinitions.map((entry) =>
    entry.code === 'case-v1'
      ? { ...entry, document: { ...caseSurveyV1, title: { cs: 'Jiný', en: 'Other', sk: 'Iný' } } }
      : entry,
  );
}

describe('platform questionnaires in the seed', () => {
  it('are published platform definitions, version 1 of each case questionnaire', async () => {
    const rows = await platformDefinitions();
    expect(rows.map((row) => [row.code, row.type, row.version, row.status])).toEqual([
      ['case-v1', 'case', 1, 'published'],
      ['extended-case-v1', 'extended-case', 1, 'published'],
    ]);
    for (const row of rows) {
      expect(row.publishedAt).not.toBeNull();
      expect(SurveyDocumentSchema.safeParse(row.definition).success).toBe(true);
    }
  });

  it('change nothing when seeded again', async () => {
    const before = await platformDefinitions();
    await seed(database.db, { demo: false, expectedUrl: database.url, env: {} });
    expect(await platformDefinitions()).toEqual(before);
  });

  it('follow an edited document while nobody has answered it, and never once somebody has', async () => {
    const db = database.db;
    await seedSurveyDefinitions(db, withEditedCaseSurvey());
    const [edited] = await db.select().from(surveyDefinitions).where(eq(surveyDefinitions.code, 'case-v1'));
    expect(edited?.definition).toMatchObject({ title: { en: 'Other' } });

    await seedSurveyDefinitions(db);
    const [restored] = await db.select().from(surveyDefinitions).where(eq(surveyDefinitions.code, 'case-v1'));
    expect(restored?.definition).toEqual(caseSurveyV1);
    expect(restored?.publishedAt).toEqual(edited?.publishedAt);

    await createSurveyAnswers(db, { surveyDefinitionId: restored?.id ?? '', answers: { place: 'home' } });
    await seedSurveyDefinitions(db, withEditedCaseSurvey());
    const [answered] = await db.select().from(surveyDefinitions).where(eq(surveyDefinitions.code, 'case-v1'));
    expect(answered).toEqual(restored);
  });
});
