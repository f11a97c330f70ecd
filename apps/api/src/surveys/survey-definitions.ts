import {
  type CaseSurveyType,
  type SurveyDefinition,
  SurveyDocumentSchema,
  type SurveyType,
} from '@opora/contracts';
import { type DbExecutor, surveyDefinitions } from '@opora/db';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';

export type SurveyDefinitionRow = typeof surveyDefinitions.$inferSelect;

/** A stored definition as the API answers it; the document is read through its schema. */
export function toSurveyDefinition(row: SurveyDefinitionRow): SurveyDefinition {
  return {
    id: row.id,
    type: row.type,
    version: row.version,
    code: row.code,
    status: row.status,
    providerId: row.providerId,
    definition: SurveyDocumentSchema.parse(row.definition),
  };
}

/** The platform's newest published questionnaire of a type, or undefined when there is none. */
export async function latestPublishedDefinition(
  db: DbExecutor,
  type: CaseSurveyType,
): Promise<SurveyDefinition | undefined> {
  const [row] = await db
    .select()
    .from(surveyDefinitions)
    .where(
      and(
        eq(surveyDefinitions.type, type),
        eq(surveyDefinitions.status, 'published'),
        isNull(surveyDefinitions.providerId),
      ),
    )
    .orderBy(desc(surveyDefinitions.version))
    .limit(1);
  return row && toSurveyDefinition(row);
}

/**
 * A platform questionnaire of the type by id (any version) that answers may be saved for: a published
 * one, or a retired one a case is half-way through (decision 0125); undefined otherwise.
 */
export async function findPublishedDefinition(
  db: DbExecutor,
  id: string,
  type: SurveyType,
): Promise<SurveyDefinition | undefined> {
  const [row] = await db
    .select()
    .from(surveyDefinitions)
    .where(
      and(
        eq(surveyDefinitions.id, id),
        eq(surveyDefinitions.type, type),
        inArray(surveyDefinitions.status, ['published', 'retired']),
        isNull(surveyDefinitions.providerId),
      ),
    );
  return row && toSurveyDefinition(row);
}
