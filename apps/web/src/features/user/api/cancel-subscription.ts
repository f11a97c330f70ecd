import { operations } from '@opora/contracts/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '@/lib/operations.ts';
import {
  currentSubscriptionQueryOptions,
  refreshSubscriptionState,
} from '@/shared-features/subscriptions/subscription-queries.ts';

/**
 * `cancelCurrentSubscription`: one click, free; nothing more is charged and the services stay until
 * the end of the paid month (a repeated cancel changes nothing). Answers the subscription as it now is.
 */
export function cancelSubscription() {
  return callOperation(operations.cancelCurrentSubscription, {});
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: async (current) => {
      queryClient.setQueryData(currentSubscriptionQueryOptions().queryKey, current);
      await refreshSubscriptionState(queryClient);
    },
  });
}
