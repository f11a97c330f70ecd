import type { SurveyDefinition } from '@opora/contracts';
import { type Db, surveyDefinitions } from '@opora/db';
import { asc, desc, sql } from 'drizzle-orm';
import { toSurveyDefinition } from './survey-definitions.ts';

/** Every questionnaire definition, the platform's first, by type and newest version first. */
export async function listSurveyDefinitions(db: Db): Promise<SurveyDefinition[]> {
  const rows = await db
    .select()
    .from(surveyDefinitions)
    .orderBy(
      sql`${surveyDefinitions.providerId} nulls first`,
      asc(surveyDefinitions.type),
      desc(surveyDefinitions.version),
    );
  return rows.map(toSurveyDefinition);
}
