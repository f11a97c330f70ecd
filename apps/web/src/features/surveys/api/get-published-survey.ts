import type { CaseSurveyType } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { useQuery } from '@tanstack/react-query';
import { operationQueryOptions } from '@/lib/operations.ts';

/** `getPublishedSurvey`: the questionnaire of a type a new case is answered on. */
export function publishedSurveyQueryOptions(type: CaseSurveyType) {
  return operationQueryOptions(operations.getPublishedSurvey, { params: { type } });
}

export function usePublishedSurvey(type: CaseSurveyType, enabled: boolean) {
  return useQuery({ ...publishedSurveyQueryOptions(type), enabled });
}
