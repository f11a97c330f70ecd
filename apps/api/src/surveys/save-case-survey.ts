import {
  type CaseSurvey,
  type CaseSurveySave,
  type CaseSurveyType,
  createErrorDetail,
  surveyAnswersSchema,
  toErrorDetails,
} from '@opora/contracts';
import { type Db, postgresErrorCodes, postgresErrorOf, surveyAnswers } from '@opora/db';
import { sql } from 'drizzle-orm';
import { findOwnCase } from '../cases/own-case.ts';
import type { Principal } from '../platform/auth.ts';
import { ConflictError, FieldValidationError } from '../platform/errors.ts';
import { toCaseSurvey } from './case-survey.ts';
import { findPublishedDefinition } from './survey-definitions.ts';

function unavailableDefinition(): FieldValidationError {
  return new FieldValidationError(
    [createErrorDetail('surveyDefinitionId', 'invalidOption')],
    'ValidationFailed',
    'The questionnaire is not a published one of this type.',
  );
}

/**
 * Saves the caller's answers to their case's questionnaire of a type: a draft as the user goes, or
 * sent as complete. Answers are checked against the definition they were given for (issues named by
 * question); answers to hidden questions are dropped. One statement inserts or updates the case's one
 * answer set of the type, so simultaneous autosaves neither fail nor duplicate, and it refuses (409) a
 * case already bound to another version.
 *
 * `submittedAt` holds only while the stored answers are complete: a complete save sets it (keeping the
 * first time on a repeated send), a later draft save keeps it while the answers still pass the complete
 * check and clears it when an edit leaves a required question unanswered.
 *
 * Health data: the answers are stored for the signed-in owner of the case; the explicit health-data
 * consent is collected with the client's details, not checked here (docs/surveys.md). Answers are never
 * logged.
 */
export async function saveCaseSurvey(
  db: Db,
  principal: Principal,
  { caseId, type }: { caseId: string; type: CaseSurveyType },
  input: CaseSurveySave,
): Promise<CaseSurvey> {
  await findOwnCase(db, principal.userId, caseId);
  return storeCaseSurvey(db, { caseId, type, createdByUserId: principal.userId }, input);
}

/**
 * Checks and stores answers of a case whose access the caller has already checked (its owner:
 * `findOwnCase`; a guest, with the guest's health-data consent: `findGuestCase`). `createdByUserId`
 * is null for a guest.
 */
export async function storeCaseSurvey(
  db: Db,
  { caseId, type, createdByUserId }: { caseId: string; type: CaseSurveyType; createdByUserId: string | null },
  input: CaseSurveySave,
): Promise<CaseSurvey> {
  const definition = await findPublishedDefinition(db, input.surveyDefinitionId, type);
  if (!definition) throw unavailableDefinition();

  const checked = surveyAnswersSchema(definition.definition, { complete: input.complete }).safeParse(
    input.answers,
  );
  if (!checked.success) throw new FieldValidationError(toErrorDetails(checked.error));
  const answers = checked.data;
  const complete =
    input.complete ||
    surveyAnswersSchema(definition.definition, { complete: true }).safeParse(answers).success;

  let saved: (typeof surveyAnswers.$inferSelect)[];
  try {
    saved = await db
      .insert(surveyAnswers)
      .values({
        surveyDefinitionId: definition.id,
        surveyType: type,
        caseId,
        answers,
        createdByUserId,
        submittedAt: input.complete ? sql`now()` : null,
      })
      .onConflictDoUpdate({
        target: [surveyAnswers.caseId, surveyAnswers.surveyType],
        set: {
          answers: sql`excluded.answers`,
          submittedAt: input.complete
            ? sql`coalesce(${surveyAnswers.submittedAt}, now())`
            : complete
              ? sql`${surveyAnswers.submittedAt}`
              : null,
          updatedAt: sql`now()`,
        },
        // Answers stay bound to the version they were first given for.
        setWhere: sql`${surveyAnswers.surveyDefinitionId} = excluded.survey_definition_id`,
      })
      .returning();
  } catch (error) {
    // The definition was deleted between the check and the insert.
    if (postgresErrorOf(error)?.code === postgresErrorCodes.foreignKeyViolation)
      throw unavailableDefinition();
    throw error;
  }
  const [row] = saved;
  if (!row) {
    throw new ConflictError(
      'This questionnaire of the case was answered in another version; load it again to continue.',
    );
  }
  return toCaseSurvey(caseId, type, definition, row);
}
