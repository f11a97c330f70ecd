import {
  type CaseSurvey,
  type CaseSurveyType,
  estimateCareAllowance,
  type SurveyAnswers,
  type SurveyDefinition,
} from '@opora/contracts';
import type { surveyAnswers } from '@opora/db';

type AnswersRow = Pick<typeof surveyAnswers.$inferSelect, 'answers' | 'submittedAt' | 'updatedAt'>;

/** A case's questionnaire as the API answers it, from its definition and its stored answers (if any). */
export function toCaseSurvey(
  caseId: string,
  type: CaseSurveyType,
  definition: SurveyDefinition,
  row: AnswersRow | undefined,
): CaseSurvey {
  const answers = (row?.answers ?? {}) as SurveyAnswers;
  return {
    caseId,
    type,
    definition,
    answers,
    submittedAt: row?.submittedAt?.toISOString() ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    careAllowanceEstimate: type === 'extended-case' ? estimateCareAllowance(answers) : null,
  };
}
