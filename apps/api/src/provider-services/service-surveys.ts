import {
  createErrorDetail,
  hasUnsupportedCharacters,
  type ProviderServiceSurveys,
  type ProviderSurveyDefinitionInputSchema,
  type SurveyDefinition,
  type SurveyDocument,
  SurveyDocumentSchema,
} from '@opora/contracts';
import { type Db, type DbExecutor, facilityServiceSurveys, surveyDefinitions } from '@opora/db';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { FieldValidationError, NotFoundError } from '../platform/errors.ts';
import { stringsOf, uniqueFailure } from '../surveys/create-survey-definition.ts';
import { deleteSurveyDefinition } from '../surveys/delete-survey-definition.ts';
import { toSurveyDefinition } from '../surveys/survey-definitions.ts';
import { readProviderService } from './provider-service-rows.ts';

/** Questionnaires a provider may attach: the platform's published `service` ones and its own. */
function attachable(providerId: string) {
  return and(
    eq(surveyDefinitions.type, 'service'),
    eq(surveyDefinitions.status, 'published'),
    or(isNull(surveyDefinitions.providerId), eq(surveyDefinitions.providerId, providerId)),
  );
}

// Spelled out: inside a selected expression Drizzle would name the column without its table.
const answered = sql<boolean>`exists (select 1 from survey_answers sa where sa.survey_definition_id = "survey_definitions"."id")`;

/** `GET …/services/{id}/surveys`: what the service asks carers to fill, and what could be attached. */
export async function readServiceSurveys(
  db: DbExecutor,
  providerId: string,
  serviceId: string,
): Promise<ProviderServiceSurveys> {
  await readProviderService(db, providerId, serviceId);
  const attached = await db
    .select({ definition: surveyDefinitions })
    .from(surveyDefinitions)
    .innerJoin(
      facilityServiceSurveys,
      and(
        eq(facilityServiceSurveys.surveyDefinitionId, surveyDefinitions.id),
        eq(facilityServiceSurveys.facilityServiceId, serviceId),
      ),
    )
    .orderBy(surveyDefinitions.code, surveyDefinitions.id);
  const available = await db
    .select({ definition: surveyDefinitions, answered })
    .from(surveyDefinitions)
    .where(attachable(providerId))
    .orderBy(surveyDefinitions.code, surveyDefinitions.version, surveyDefinitions.id);
  return {
    attached: attached.map((row) => toSurveyDefinition(row.definition)),
    available: available.map((row) => ({ ...toSurveyDefinition(row.definition), answered: row.answered })),
  };
}

/**
 * `PUT …/services/{id}/surveys`: the questionnaires the service asks for, replaced as a whole. Each
 * must be attachable (else 400 on `surveyDefinitionIds`); requests already sent keep their answers.
 */
export async function saveServiceSurveys(
  db: Db,
  providerId: string,
  serviceId: string,
  surveyDefinitionIds: string[],
): Promise<ProviderServiceSurveys> {
  const ids = [...new Set(surveyDefinitionIds.map((id) => id.toLowerCase()))];
  await db.transaction(async (tx) => {
    await readProviderService(tx, providerId, serviceId);
    // Two editors saving at once: one after the other, each replacing the whole list.
    await tx.execute(sql`select 1 from facility_services where id = ${serviceId} for update`);
    if (ids.length > 0) {
      const found = await tx
        .select({ id: surveyDefinitions.id })
        .from(surveyDefinitions)
        .where(and(inArray(surveyDefinitions.id, ids), attachable(providerId)));
      if (found.length !== ids.length) {
        throw new FieldValidationError([createErrorDetail('surveyDefinitionIds', 'invalidOption')]);
      }
    }
    await tx.delete(facilityServiceSurveys).where(eq(facilityServiceSurveys.facilityServiceId, serviceId));
    if (ids.length > 0) {
      await tx
        .insert(facilityServiceSurveys)
        .values(ids.map((surveyDefinitionId) => ({ facilityServiceId: serviceId, surveyDefinitionId })));
    }
  });
  return readServiceSurveys(db, providerId, serviceId);
}

type ProviderSurveyInput = z.output<typeof ProviderSurveyDefinitionInputSchema>;

/** The simple editor's questions as a one-page `SurveyDocument` (names `q1`…, choices `c1`…). */
export function providerSurveyDocument(input: ProviderSurveyInput): SurveyDocument {
  return SurveyDocumentSchema.parse({
    title: input.title,
    pages: [
      {
        name: 'questions',
        title: input.title,
        questions: input.questions.map((question, index) =>
          question.type === 'single'
            ? {
                name: `q${index + 1}`,
                type: 'single',
                title: question.label,
                required: question.required,
                choices: question.choices.map((label, choice) => ({ value: `c${choice + 1}`, label })),
              }
            : { name: `q${index + 1}`, type: 'text', title: question.label, required: question.required },
        ),
      },
    ],
  });
}

/**
 * `POST …/survey-definitions`: the provider's own questionnaire, published at once so carers can
 * answer it. Code and type + version are unique (409 `SurveyDefinitionCodeUnique` on `code`,
 * `SurveyDefinitionTypeVersionUnique` on `version`).
 */
export async function createProviderSurveyDefinition(
  db: Db,
  providerId: string,
  userId: string,
  input: ProviderSurveyInput,
): Promise<SurveyDefinition> {
  if ([...stringsOf(input)].some((text) => hasUnsupportedCharacters(text, 'multiline'))) {
    throw new FieldValidationError([createErrorDetail('questions', 'unsupportedCharacters')]);
  }
  const document = providerSurveyDocument(input);
  try {
    const [row] = await db
      .insert(surveyDefinitions)
      .values({
        type: 'service',
        version: input.version,
        code: input.code,
        definition: document,
        providerId,
        status: 'published',
        publishedAt: sql`now()`,
        createdByUserId: userId,
      })
      .returning();
    if (!row) throw new Error('Insert returned no survey definition');
    return toSurveyDefinition(row);
  } catch (error) {
    throw uniqueFailure(error) ?? error;
  }
}

/** `DELETE …/survey-definitions/{id}`: the provider's own, unanswered (else 409 `SurveyDefinitionDeleteRestriction`). */
export async function deleteProviderSurveyDefinition(
  db: Db,
  providerId: string,
  surveyDefinitionId: string,
): Promise<void> {
  const [own] = await db
    .select({ id: surveyDefinitions.id })
    .from(surveyDefinitions)
    .where(and(eq(surveyDefinitions.id, surveyDefinitionId), eq(surveyDefinitions.providerId, providerId)));
  if (!own) throw new NotFoundError();
  await deleteSurveyDefinition(db, surveyDefinitionId);
}
