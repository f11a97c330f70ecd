import { type Db, postgresErrorCodes, postgresErrorOf, surveyDefinitions } from '@opora/db';
import { eq } from 'drizzle-orm';
import { AppError, NotFoundError } from '../platform/errors.ts';
import { recordStaffAction, type StaffActor } from '../staff-audit/record-staff-action.ts';

/** The foreign key from answers to their definition (`on delete restrict`). */
const answersForeignKey = 'survey_answers_definition_fk';

/**
 * Deletes a definition nobody has answered (a draft, or a published one with no answers yet); one with
 * answers answers 409 `SurveyDefinitionDeleteRestriction`, as the database's restrict rule decides.
 * Staff's deletion (`actor`) is in the staff audit log (decision 0122); a provider's of its own is not.
 */
export async function deleteSurveyDefinition(db: Db, id: string, actor?: StaffActor): Promise<void> {
  let deleted: { id: string }[];
  try {
    deleted = await db.transaction(async (tx) => {
      const rows = await tx
        .delete(surveyDefinitions)
        .where(eq(surveyDefinitions.id, id))
        .returning({ id: surveyDefinitions.id, code: surveyDefinitions.code });
      for (const row of rows) {
        if (!actor) break;
        await recordStaffAction(tx, actor, {
          action: 'survey-definition-deleted',
          recordType: 'survey-definition',
          recordId: row.id,
          recordLabel: row.code,
        });
      }
      return rows;
    });
  } catch (error) {
    const failure = postgresErrorOf(error);
    if (
      (failure?.code === postgresErrorCodes.restrictViolation ||
        failure?.code === postgresErrorCodes.foreignKeyViolation) &&
      failure.constraint === answersForeignKey
    ) {
      throw new AppError(
        'SurveyDefinitionDeleteRestriction',
        'A questionnaire with answers cannot be deleted.',
        { cause: error },
      );
    }
    throw error;
  }
  if (deleted.length === 0) throw new NotFoundError();
}
