import type { CareRequest } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation, operationKey } from '@/lib/operations.ts';
import { careRequestQueryOptions } from './get-care-request.ts';

/** `withdrawCareRequest`: the sender takes the request back; repeating it changes nothing. */
export function useWithdrawCareRequest(careRequestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callOperation(operations.withdrawCareRequest, { params: { careRequestId } }),
    onSuccess: async (request: CareRequest) => {
      queryClient.setQueryData(careRequestQueryOptions(careRequestId).queryKey, request);
      await Promise.all(
        [operations.getCase, operations.listClientCareRequests, operations.listMyClients].map((route) =>
          queryClient.invalidateQueries({ queryKey: operationKey(route) }),
        ),
      );
    },
  });
}
