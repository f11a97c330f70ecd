import type { CareRequest, CareRequestSend } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation, operationKey } from '@/lib/operations.ts';

/**
 * `sendRequestDraft`: the draft becomes the request; sending again answers the same request, so a
 * retry after a lost answer is safe.
 */
export function useSendRequestDraft(draftId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CareRequestSend) =>
      callOperation(operations.sendRequestDraft, { params: { draftId }, body }),
    onSuccess: async (request: CareRequest) => {
      queryClient.setQueryData(
        operationKey(operations.getCareRequest, { params: { careRequestId: request.id } }),
        request,
      );
      // The case's requests, the client's list and counts, the pool's "already requested" flags.
      await Promise.all(
        [operations.getCase, operations.listClientCareRequests, operations.listMyClients].map((route) =>
          queryClient.invalidateQueries({ queryKey: operationKey(route) }),
        ),
      );
    },
  });
}
