import { operations } from '@opora/contracts/endpoints';
import { operationQueryOptions } from '@/lib/operations.ts';

/** `getCheckout`: where the caller's checkout stands (open until the gateway reports its outcome). */
export function checkoutQueryOptions(checkoutId: string) {
  return operationQueryOptions(operations.getCheckout, { params: { checkoutId } });
}
