import type { Checkout } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isMissing } from '@/components/ui/page-states.tsx';
import { operationQueryOptions } from '@/lib/operations.ts';
import { checkoutQueryOptions } from '../api/get-checkout.ts';
import { checkoutPollDelay, checkoutPollTimeoutMs } from '../utils/checkout-polling.ts';

export type CheckoutOutcome =
  | { state: 'checking' }
  /** No outcome after `checkoutPollTimeoutMs`: asking stops until `retry`. */
  | { state: 'slow'; retry: () => void; retrying: boolean }
  | { state: 'missing' }
  | { state: 'settled'; checkout: Checkout };

/**
 * Back from the gateway with `?checkout=<id>`: asks where the checkout stands, with backoff, until the
 * gateway's outcome is there (paid, failed, cancelled, expired), and gives up asking after a while
 * (a person can ask again). A network or server failure counts as "no outcome yet".
 */
export function useCheckoutOutcome(checkoutId: string | null): CheckoutOutcome | null {
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    setStartedAt(Date.now());
    setTimedOut(false);
  }, [checkoutId]);

  const query = useQuery({
    ...(checkoutId === null
      ? operationQueryOptions(operations.getCheckout, skipToken)
      : checkoutQueryOptions(checkoutId)),
    enabled: !timedOut,
    staleTime: 0,
    retry: false,
    refetchInterval: (current) => {
      if (current.state.data && current.state.data.status !== 'open') return false;
      if (isMissing(current.state.error)) return false;
      return checkoutPollDelay(current.state.dataUpdateCount + current.state.errorUpdateCount);
    },
  });

  const status = query.data?.status;
  const stillOpen = !isMissing(query.error) && (status === undefined || status === 'open');
  useEffect(() => {
    if (!checkoutId || !stillOpen || timedOut) return;
    const timer = setTimeout(
      () => setTimedOut(true),
      Math.max(0, startedAt + checkoutPollTimeoutMs - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [checkoutId, stillOpen, timedOut, startedAt]);

  if (!checkoutId) return null;
  if (query.data && query.data.status !== 'open') return { state: 'settled', checkout: query.data };
  if (isMissing(query.error)) return { state: 'missing' };
  if (timedOut) {
    return {
      state: 'slow',
      retrying: query.isFetching,
      retry: () => {
        setStartedAt(Date.now());
        setTimedOut(false);
        void query.refetch();
      },
    };
  }
  return { state: 'checking' };
}
