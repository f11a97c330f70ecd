import {
  createErrorDetail,
  hasUnsupportedCharacters,
  type SurveyDefinition,
  type SurveyDefinitionInput,
  SurveyDocumentSchema,
} from '@opora/contracts';
import { type Db, postgresErrorCodes, postgresErrorOf, surveyDefinitions } from '@opora/db';
import type { Principal } from '../platform/auth.ts';
import { FieldValidationError } from '../platform/errors.ts';
import { recordStaffAction, staffActor } from '../staff-audit/record-staff-action.ts';
import { toSurveyDefinition } from './survey-definitions.ts';

/** Unique constraints of `survey_definitions` and the catalogue code and field each stands for. */
const uniqueConstraints = {
  survey_definitions_code_unique: { code: 'SurveyDefinitionCodeUnique', property: 'code' },
  survey_definitions_type_version_unique: { code: 'SurveyDefinitionTypeVersionUnique', property: 'version' },
} as const;

/**
 * The document of staff's JSON text (already checked against `SurveyDocumentSchema` by the body schema),
 * defaults filled in. PostgreSQL's jsonb takes neither NUL nor a lone surrogate; control characters are
 * refused anyway, beside `definition`.
 */
export function parseSurveyDocument(text: string) {
  const parsed: unknown = JSON.parse(text);
  if ([...stringsOf(parsed)].some((value) => hasUnsupportedCharacters(value, 'multiline'))) {
    throw new FieldValidationError([createErrorDetail('definition', 'unsupportedCharacters')]);
  }
  return SurveyDocumentSchema.parse(parsed);
}

/** Every string of a parsed JSON value, however deep. */
export function* stringsOf(value: unknown): Generator<string> {
  if (typeof value === 'string') yield value;
  else if (Array.isArray(value)) for (const item of value) yield* stringsOf(item);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      yield key;
      yield* stringsOf(item);
    }
  }
}

/**
 * A platform questionnaire as a draft, from the JSON text staff edit (already checked against
 * `SurveyDocumentSchema` by the body schema). Stored as parsed, defaults filled in. A code, or a type
 * and version, that exists already answers 409 with its catalogue code on the field.
 */
export async function createSurveyDefinition(
  db: Db,
  principal: Principal,
  input: SurveyDefinitionInput,
): Promise<SurveyDefinition> {
  const document = parseSurveyDocument(input.definition);
  const actor = await staffActor(db, principal);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(surveyDefinitions)
        .values({
          type: input.type,
          version: input.version,
          code: input.code,
          definition: document,
          providerId: null,
          status: 'draft',
          createdByUserId: principal.userId,
        })
        .returning();
      if (!row) throw new Error('Insert returned no survey definition');
      await recordStaffAction(tx, actor, {
        action: 'survey-definition-created',
        recordType: 'survey-definition',
        recordId: row.id,
        recordLabel: row.code,
        details: { type: row.type, version: row.version },
      });
      return toSurveyDefinition(row);
    });
  } catch (error) {
    throw uniqueFailure(error) ?? error;
  }
}

/** A unique violation of `survey_definitions` as its catalogue code on the field, else undefined. */
export function uniqueFailure(error: unknown): FieldValidationError | undefined {
  const failure = postgresErrorOf(error);
  const unique =
    failure?.code === postgresErrorCodes.uniqueViolation && failure.constraint
      ? uniqueConstraints[failure.constraint as keyof typeof uniqueConstraints]
      : undefined;
  return unique && new FieldValidationError([createErrorDetail(unique.property, unique.code)], unique.code);
}
