import type { FreePlanGrantInput } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { callOperation } from '@/lib/operations.ts';

/**
 * `grantFreePlan`: Opora's free plan from now, until the last day or until revoked; 400 (fields), 409
 * `SubscriptionPaidPlanLive` or `FreePlanAlreadyGranted`.
 */
export function grantFreePlan(userId: string, body: FreePlanGrantInput, signal?: AbortSignal) {
  return callOperation(operations.grantFreePlan, { params: { userId }, body }, { signal });
}
