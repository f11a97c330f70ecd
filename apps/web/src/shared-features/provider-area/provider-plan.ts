import { operations } from '@opora/contracts/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation, operationKey, operationQueryOptions } from '@/lib/operations.ts';

/** `getProviderPlan`: free months, monthly price with VAT, state and payments of the provider's plan. */
export function providerPlanQueryOptions(providerId: string) {
  return operationQueryOptions(operations.getProviderPlan, { params: { providerId } });
}

/**
 * The plan; while `awaitingPayment` (back from the gateway, its signed answer not in yet), read
 * again every 2 seconds until the monthly payment shows as set up.
 */
export function useProviderPlan(providerId: string, { awaitingPayment = false } = {}) {
  return useQuery({
    ...providerPlanQueryOptions(providerId),
    staleTime: 60_000,
    refetchInterval: (query) => (awaitingPayment && query.state.data?.renews !== true ? 2_000 : false),
  });
}

/** `createProviderPlanCheckout`: the administrator sets up the monthly payment (one open checkout per provider). */
export function useCreateProviderPlanCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (providerId: string) =>
      callOperation(operations.createProviderPlanCheckout, { params: { providerId } }),
    onError: () => queryClient.invalidateQueries({ queryKey: operationKey(operations.getProviderPlan) }),
  });
}
