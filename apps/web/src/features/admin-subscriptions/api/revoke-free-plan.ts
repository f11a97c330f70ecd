import type { FreePlanRevokeInput } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { callOperation } from '@/lib/operations.ts';

/** `revokeFreePlan`: the free plan from Opora ends at once; 404 when none is live. */
export function revokeFreePlan(userId: string, body: FreePlanRevokeInput, signal?: AbortSignal) {
  return callOperation(operations.revokeFreePlan, { params: { userId }, body }, { signal });
}
