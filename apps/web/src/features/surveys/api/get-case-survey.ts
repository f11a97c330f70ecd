import type { CaseSurvey, CaseSurveyType } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { type QueryClient, skipToken, useQuery } from '@tanstack/react-query';
import { operationKey, operationQueryOptions } from '@/lib/operations.ts';

/** `getCaseSurvey`: a case's questionnaire of one type — its definition, the answers so far, the estimate. */
export function caseSurveyQueryOptions(caseId: string, type: CaseSurveyType) {
  return operationQueryOptions(operations.getCaseSurvey, { params: { caseId, type } });
}

export function useCaseSurvey(caseId: string | null, type: CaseSurveyType) {
  return useQuery(
    caseId === null
      ? operationQueryOptions(operations.getCaseSurvey, skipToken)
      : caseSurveyQueryOptions(caseId, type),
  );
}

/** Keeps the cache on what the server answered to a save, so coming back shows the saved answers. */
export function storeCaseSurvey(queryClient: QueryClient, survey: CaseSurvey): void {
  queryClient.setQueryData(
    operationKey(operations.getCaseSurvey, { params: { caseId: survey.caseId, type: survey.type } }),
    survey,
  );
}
