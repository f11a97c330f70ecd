import type { RequestDraftSurveySave } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { callOperation } from '@/lib/operations.ts';

/** `saveRequestDraftSurvey`: answers to one of the provider's questionnaires, as a draft or complete. */
export function saveRequestDraftSurvey(
  draftId: string,
  surveyDefinitionId: string,
  body: RequestDraftSurveySave,
) {
  return callOperation(operations.saveRequestDraftSurvey, { params: { draftId, surveyDefinitionId }, body });
}
