import type { CheckoutCreateInput } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { useMutation } from '@tanstack/react-query';
import { callOperation } from '@/lib/operations.ts';

/**
 * `createCheckout`: starts paying for a plan (the caller's one open checkout is reused, so a double
 * click makes one); a free plan answers already paid.
 */
export function createCheckout(body: CheckoutCreateInput) {
  return callOperation(operations.createCheckout, { body });
}

export function useCreateCheckout() {
  return useMutation({ mutationFn: createCheckout });
}
