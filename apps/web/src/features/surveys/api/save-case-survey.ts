import type { CaseSurveySave, CaseSurveyType } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { callOperation } from '@/lib/operations.ts';

/**
 * `saveCaseSurvey`: answers saved as the user goes (`complete: false`) or sent as complete; answers
 * the case's questionnaire as it now stands (with the care-allowance estimate for the extended one).
 */
export function saveCaseSurvey(caseId: string, type: CaseSurveyType, body: CaseSurveySave) {
  return callOperation(operations.saveCaseSurvey, { params: { caseId, type }, body });
}
