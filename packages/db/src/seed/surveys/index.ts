import { type CaseSurveyType, type SurveyDocument, SurveyDocumentSchema } from '@opora/contracts';
import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../client.ts';
import { excluded } from '../../excluded.ts';
import { surveyAnswers, surveyDefinitions } from '../../schema/index.ts';
import { caseSurveyV1 } from './case-survey.ts';
import { extendedCaseSurveyV1 } from './extended-case-survey.ts';

export interface PlatformSurveyDefinition {
  type: CaseSurveyType;
  /** Unique across all definitions; `<type>-v<version>`. */
  code: string;
  version: number;
  document: SurveyDocument;
}

/**
 * The platform's questionnaires, every version ever shipped. A version that may have answers is
 * never edited: a changed questionnaire is a new entry with the next version and code (docs/surveys.md).
 */
export const platformSurveyDefinitions: readonly PlatformSurveyDefinition[] = [
  { type: 'extended-case', code: 'extended-case-v1', version: 1, document: extendedCaseSurveyV1 },
  { type: 'case', code: 'case-v1', version: 1, document: caseSurveyV1 },
];

/**
 * Inserts each platform questionnaire as a published definition, keyed by `code`. An existing row is
 * brought in line with the code only while nobody has answered it; once answered it stays as it is
 * (the database would refuse the change anyway). A second run changes nothing.
 */
export async function seedSurveyDefinitions(
  db: DbExecutor,
  definitions: readonly PlatformSurveyDefinition[] = platformSurveyDefinitions,
): Promise<void> {
  const now = new Date();
  await db
    .insert(surveyDefinitions)
    .values(
      definitions.map((entry) => ({
        type: entry.type,
        version: entry.version,
        code: entry.code,
        // Stored as parsed, defaults filled in, so the next run compares like with like.
        definition: SurveyDocumentSchema.parse(entry.document),
        providerId: null,
        status: 'published' as const,
        publishedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: surveyDefinitions.code,
      set: {
        type: excluded(surveyDefinitions.type),
        version: excluded(surveyDefinitions.version),
        definition: excluded(surveyDefinitions.definition),
        providerId: excluded(surveyDefinitions.providerId),
        status: excluded(surveyDefinitions.status),
        publishedAt: sql`coalesce(${surveyDefinitions.publishedAt}, ${excluded(surveyDefinitions.publishedAt)})`,
        updatedAt: now,
      },
      setWhere: sql`(${surveyDefinitions.type}, ${surveyDefinitions.version}, ${surveyDefinitions.definition},
          ${surveyDefinitions.providerId}, ${surveyDefinitions.status})
        is distinct from (${excluded(surveyDefinitions.type)}, ${excluded(surveyDefinitions.version)}, ${excluded(surveyDefinitions.definition)}, ${excluded(surveyDefinitions.providerId)}, ${excluded(surveyDefinitions.status)})
        and not exists (select 1 from ${surveyAnswers} where ${surveyAnswers.surveyDefinitionId} = ${surveyDefinitions.id})
        and ${surveyDefinitions.status} <> 'retired'`,
    });
}
