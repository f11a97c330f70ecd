import { eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../client.ts';
import { surveyAnswers } from '../schema/surveys.ts';

/**
 * The case's own questionnaires (extended case survey, case survey) as they stand now, copied onto a
 * request being sent: what the review page lists and the consent names. The copies belong to the
 * request, so the provider reads what was sent and later edits of the case leave them as they are. A
 * questionnaire never started has no row to copy and stays "not filled in"; a partly filled one goes
 * as it is. Used by the send (apps/api) and by the demo data; migration 0016 did it for older requests.
 */
export async function copyCaseSurveysToRequest(
  db: DbExecutor,
  { caseId, careRequestId }: { caseId: string; careRequestId: string },
): Promise<void> {
  await db.insert(surveyAnswers).select(
    db
      .select({
        id: sql<string>`gen_random_uuid()`.as('id'),
        surveyDefinitionId: surveyAnswers.surveyDefinitionId,
        surveyType: surveyAnswers.surveyType,
        caseId: sql<null>`null::uuid`.as('case_id'),
        careRequestId: sql<string>`${careRequestId}::uuid`.as('care_request_id'),
        requestDraftId: sql<null>`null::uuid`.as('request_draft_id'),
        answers: surveyAnswers.answers,
        createdByUserId: surveyAnswers.createdByUserId,
        submittedAt: surveyAnswers.submittedAt,
        createdAt: surveyAnswers.createdAt,
        updatedAt: surveyAnswers.updatedAt,
      })
      .from(surveyAnswers)
      .where(eq(surveyAnswers.caseId, caseId)),
  );
}
