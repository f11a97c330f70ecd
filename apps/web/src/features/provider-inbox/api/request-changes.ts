import type { ProviderAssignment, ProviderCareRequest, ProviderStatusChange } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation, operationKey } from '@/lib/operations.ts';
import { storeProviderRequest } from './get-request.ts';

/** After a change the grid, the badge's count, the dashboard's figures and the record of care are read again. */
async function afterChange(queryClient: QueryClient, providerId: string, request: ProviderCareRequest) {
  storeProviderRequest(queryClient, providerId, request);
  await Promise.all(
    [
      operations.listProviderCareRequests,
      operations.listProviderMemberships,
      operations.getProviderDashboard,
      operations.getProviderClient,
    ].map((route) => queryClient.invalidateQueries({ queryKey: operationKey(route) })),
  );
}

/** `changeProviderCareRequestStatus`: the change-status dialog; the client is told by e-mail. */
export function useChangeProviderRequestStatus(providerId: string, careRequestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProviderStatusChange) =>
      callOperation(operations.changeProviderCareRequestStatus, {
        params: { providerId, careRequestId },
        body,
      }),
    onSuccess: (request) => afterChange(queryClient, providerId, request),
  });
}

/** `assignProviderCareRequest`: a colleague, a facility team, both or nobody. */
export function useAssignProviderRequest(providerId: string, careRequestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProviderAssignment) =>
      callOperation(operations.assignProviderCareRequest, { params: { providerId, careRequestId }, body }),
    onSuccess: (request) => afterChange(queryClient, providerId, request),
  });
}
