import {
  type CareRequestSurvey,
  type RequestDraftSurveySave,
  SurveyDocumentSchema,
  surveyAnswersSchema,
  toErrorDetails,
} from '@opora/contracts';
import { type Db, facilityServiceSurveys, surveyAnswers, surveyDefinitions } from '@opora/db';
import { and, eq, exists, sql } from 'drizzle-orm';
import type { Principal } from '../platform/auth.ts';
import { ConflictError, FieldValidationError, NotFoundError } from '../platform/errors.ts';
import { findOwnDraft, requestSentFromDraft } from './own-draft.ts';

/**
 * `PUT /request-drafts/{draftId}/surveys/{surveyDefinitionId}`: the caller's answers to one of the
 * questionnaires the provider asks for with the service, saved on the review page as the person goes
 * (`complete: false`) or sent as complete. Checked against the definition as case questionnaires are
 * (the contracts' `surveyAnswersSchema`, issues named by question); answers to hidden questions are
 * dropped. One statement inserts or updates the draft's one answer set of the questionnaire, so
 * simultaneous autosaves neither fail nor duplicate; the draft is share-locked, so a save never lands
 * beside the send that moves the answers to the request (a save after the send answers 409).
 */
export async function saveRequestDraftSurvey(
  db: Db,
  principal: Principal,
  { draftId, surveyDefinitionId }: { draftId: string; surveyDefinitionId: string },
  input: RequestDraftSurveySave,
): Promise<CareRequestSurvey> {
  return db.transaction(async (tx) => {
    const draft = await findOwnDraft(tx, principal.userId, draftId, { lock: 'share' });
    if (!draft) {
      if (await requestSentFromDraft(tx, principal.userId, draftId)) {
        throw new ConflictError('The request was sent already; its answers can no longer change.');
      }
      throw new NotFoundError();
    }
    const [row] = await tx
      .select({
        id: surveyDefinitions.id,
        type: surveyDefinitions.type,
        code: surveyDefinitions.code,
        definition: surveyDefinitions.definition,
      })
      .from(surveyDefinitions)
      .where(
        and(
          eq(surveyDefinitions.id, surveyDefinitionId),
          eq(surveyDefinitions.status, 'published'),
          exists(
            tx
              .select({ id: facilityServiceSurveys.surveyDefinitionId })
              .from(facilityServiceSurveys)
              .where(
                and(
                  eq(facilityServiceSurveys.facilityServiceId, draft.facilityServiceId),
                  eq(facilityServiceSurveys.surveyDefinitionId, surveyDefinitions.id),
                ),
              ),
          ),
        ),
      );
    if (!row) throw new NotFoundError('The service asks for no such questionnaire.');
    const document = SurveyDocumentSchema.parse(row.definition);

    const checked = surveyAnswersSchema(document, { complete: input.complete }).safeParse(input.answers);
    if (!checked.success) throw new FieldValidationError(toErrorDetails(checked.error));
    const answers = checked.data;
    const complete =
      input.complete || surveyAnswersSchema(document, { complete: true }).safeParse(answers).success;

    const [saved] = await tx
      .insert(surveyAnswers)
      .values({
        surveyDefinitionId: row.id,
        surveyType: row.type,
        requestDraftId: draft.id,
        answers,
        createdByUserId: principal.userId,
        submittedAt: input.complete ? sql`now()` : null,
      })
      .onConflictDoUpdate({
        target: [surveyAnswers.requestDraftId, surveyAnswers.surveyDefinitionId],
        set: {
          answers: sql`excluded.${sql.identifier(surveyAnswers.answers.name)}`,
          submittedAt: input.complete
            ? sql`coalesce(${surveyAnswers.submittedAt}, now())`
            : complete
              ? sql`${surveyAnswers.submittedAt}`
              : null,
          updatedAt: sql`now()`,
        },
      })
      .returning();
    if (!saved) throw new Error('Upsert returned no answers');
    return {
      surveyDefinitionId: row.id,
      type: row.type,
      code: row.code,
      definition: document,
      answers: saved.answers as CareRequestSurvey['answers'],
      complete,
      submittedAt: saved.submittedAt?.toISOString() ?? null,
      updatedAt: saved.updatedAt.toISOString(),
    };
  });
}
