import type { ProviderCareRequest } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { operationQueryOptions } from '@/lib/operations.ts';

/** `getProviderCareRequest`: a request with its client, requester, note, history, surveys and documents. */
export function providerRequestQueryOptions(providerId: string, careRequestId: string) {
  return operationQueryOptions(operations.getProviderCareRequest, { params: { providerId, careRequestId } });
}

export function useProviderRequest(providerId: string, careRequestId: string) {
  return useQuery({ ...providerRequestQueryOptions(providerId, careRequestId), staleTime: 10_000 });
}

/** Keeps the detail in line with what a change answered (status, assignment). */
export function storeProviderRequest(
  queryClient: QueryClient,
  providerId: string,
  request: ProviderCareRequest,
) {
  queryClient.setQueryData(providerRequestQueryOptions(providerId, request.id).queryKey, request);
}
