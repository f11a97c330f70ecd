import { operations } from '@opora/contracts/endpoints';
import { skipToken, useQuery } from '@tanstack/react-query';
import { operationQueryOptions } from '@/lib/operations.ts';

/** `getCaseSurvey` of the case survey: its answers name the service types the pool recommends. */
export function useCaseSurveyAnswers(caseId: string | null) {
  return useQuery(
    operationQueryOptions(
      operations.getCaseSurvey,
      caseId === null ? skipToken : { params: { caseId, type: 'case' } },
    ),
  );
}
