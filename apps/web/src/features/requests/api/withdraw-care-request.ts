import {
  type CareRequest,
  getCaseRoute,
  listClientCareRequestsRoute,
  listMyClientsRoute,
  withdrawCareRequestRoute,
} from '@opora/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation, operationKey } from '@/lib/operations.ts';
import { careRequestQueryOptions } from './get-care-request.ts';

/** `withdrawCareRequest`: the sender takes the request back; repeating it changes nothing. */
export function useWithdrawCareRequest(careRequestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callOperation(withdrawCareRequestRoute, { params: { careRequestId } }),
    onSuccess: async (request: CareRequest) => {
      queryClient.setQueryData(careRequestQueryOptions(careRequestId).queryKey, request);
      await Promise.all(
        [getCaseRoute, listClientCareRequestsRoute, listMyClientsRoute].map((route) =>
          queryClient.invalidateQueries({ queryKey: operationKey(route) }),
        ),
      );
    },
  });
}
