import { operations } from '@opora/contracts/endpoints';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { operationQueryOptions } from '@/lib/operations.ts';
import { careRequestRefreshMs } from '@/shared-features/requests/refresh.ts';

/**
 * `getCareRequest`: one of the caller's requests with its history, questionnaires and documents —
 * never fresh for long: read again on every entry, on focus and every `careRequestRefreshMs`.
 */
export function careRequestQueryOptions(careRequestId: string) {
  return queryOptions({
    ...operationQueryOptions(operations.getCareRequest, { params: { careRequestId } }),
    staleTime: 0,
    refetchInterval: careRequestRefreshMs,
  });
}

/**
 * The request as it is now: a copy cached before this page was entered (the confirmation page's, or
 * one from an earlier visit) is not shown while it is being read again, so the page never shows an
 * older status than the list that led to it. Polls keep it current; they do not blank the page.
 */
export function useCareRequest(careRequestId: string | null) {
  const query = useQuery(
    careRequestId === null
      ? operationQueryOptions(operations.getCareRequest, skipToken)
      : careRequestQueryOptions(careRequestId),
  );
  const current = query.isFetchedAfterMount || !query.isFetching;
  return { ...query, data: current ? query.data : undefined };
}
