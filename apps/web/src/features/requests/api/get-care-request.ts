import { getCareRequestRoute } from '@opora/contracts';
import { useQuery } from '@tanstack/react-query';
import { operationQueryOptions } from '@/lib/operations.ts';

/** `getCareRequest`: one of the caller's requests with its history, questionnaires and documents. */
export function careRequestQueryOptions(careRequestId: string) {
  return operationQueryOptions(getCareRequestRoute, { params: { careRequestId } });
}

export function useCareRequest(careRequestId: string | null) {
  return useQuery({ ...careRequestQueryOptions(careRequestId ?? ''), enabled: careRequestId !== null });
}
