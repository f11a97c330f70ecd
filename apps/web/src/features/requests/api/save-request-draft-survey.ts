import { type RequestDraftSurveySave, saveRequestDraftSurveyRoute } from '@opora/contracts';
import { callOperation } from '@/lib/operations.ts';

/** `saveRequestDraftSurvey`: answers to one of the provider's questionnaires, as a draft or complete. */
export function saveRequestDraftSurvey(
  draftId: string,
  surveyDefinitionId: string,
  body: RequestDraftSurveySave,
) {
  return callOperation(saveRequestDraftSurveyRoute, { params: { draftId, surveyDefinitionId }, body });
}
