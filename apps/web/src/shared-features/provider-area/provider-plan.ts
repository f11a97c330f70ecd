import { operations } from '@opora/contracts/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { callOperation, operationKey, operationQueryOptions } from '@/lib/operations.ts';

/** `getProviderPlan`: free months, monthly price with VAT, state and payments of the provider's plan. */
export function providerPlanQueryOptions(providerId: string) {
  return operationQueryOptions(operations.getProviderPlan, { params: { providerId } });
}

/** The plan: free months, price, state and payments (the area's banner and the plan page). */
export function useProviderPlan(providerId: string) {
  return useQuery({ ...providerPlanQueryOptions(providerId), staleTime: 60_000 });
}

/**
 * How long the plan page asks again for a payment back from the gateway: every 2 s at first, less
 * often the longer it waits (a quarter of the time waited, at most every 15 s), and not after 2
 * minutes: a gateway that has not answered by then answers in its own time, not while the page polls.
 */
export const paymentWait = { firstDelayMs: 2_000, maxDelayMs: 15_000, limitMs: 120_000 };
export type PaymentWait = typeof paymentWait;

/** The next read's delay after waiting `waitedMs`. */
export function nextPaymentCheck(waitedMs: number, wait: PaymentWait = paymentWait): number {
  return Math.min(wait.maxDelayMs, Math.max(wait.firstDelayMs, Math.round(waitedMs / 4)));
}

/**
 * The plan while `awaitingPayment` (back from the gateway, its signed answer maybe not in yet): read
 * again, less and less often, until the monthly payment shows as set up or `wait.limitMs` passed.
 * Then `stillWaiting`; `checkAgain` reads at once and waits as long again.
 */
export function useAwaitedProviderPlan(providerId: string, awaitingPayment: boolean, wait = paymentWait) {
  const [since, setSince] = useState(() => Date.now());
  const [over, setOver] = useState(false);
  const polling = awaitingPayment && !over;
  const plan = useQuery({
    ...providerPlanQueryOptions(providerId),
    staleTime: 60_000,
    refetchInterval: (query) =>
      polling && query.state.data?.renews !== true ? nextPaymentCheck(Date.now() - since, wait) : false,
  });
  const paid = plan.data?.renews === true;
  useEffect(() => {
    if (!polling || paid) return;
    const timer = setTimeout(() => setOver(true), Math.max(0, since + wait.limitMs - Date.now()));
    return () => clearTimeout(timer);
  }, [polling, paid, since, wait.limitMs]);
  const checkAgain = () => {
    setSince(Date.now());
    setOver(false);
    void plan.refetch();
  };
  return { plan, stillWaiting: awaitingPayment && over && !paid, checkAgain };
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
