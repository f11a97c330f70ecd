import type { RequestDraft } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { operationKey, operationQueryOptions } from '@/lib/operations.ts';

/**
 * `openRequestDraft`: the review page of a request of a case to a service (made on the first call, the
 * same one afterwards — safe to repeat, so it is read like a query).
 */
export function requestDraftQueryOptions(caseId: string, serviceId: string) {
  return operationQueryOptions(operations.openRequestDraft, { params: { caseId, serviceId } });
}

export function useRequestDraft(caseId: string, serviceId: string) {
  // Never served from cache: what may be requested can change (subscription, already requested).
  return useQuery({ ...requestDraftQueryOptions(caseId, serviceId), staleTime: 0 });
}

/** Keeps the review page's copy in line with an answer set the server saved. */
export function storeDraftSurvey(
  queryClient: QueryClient,
  draft: RequestDraft,
  survey: RequestDraft['surveys'][number],
): void {
  queryClient.setQueryData(
    operationKey(operations.openRequestDraft, {
      params: { caseId: draft.case.id, serviceId: draft.service.id },
    }),
    (previous: RequestDraft | undefined) =>
      previous && {
        ...previous,
        surveys: previous.surveys.map((each) =>
          each.surveyDefinitionId === survey.surveyDefinitionId ? survey : each,
        ),
      },
  );
}

/** Keeps the review page's list of documents in line with an upload or a removal the server made. */
export function storeDraftDocuments(
  queryClient: QueryClient,
  draft: RequestDraft,
  change: (documents: RequestDraft['documents']) => RequestDraft['documents'],
): void {
  queryClient.setQueryData(
    operationKey(operations.openRequestDraft, {
      params: { caseId: draft.case.id, serviceId: draft.service.id },
    }),
    (previous: RequestDraft | undefined) =>
      previous && { ...previous, documents: change(previous.documents) },
  );
}
