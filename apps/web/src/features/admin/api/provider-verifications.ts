import type { ProviderVerificationDecision, ProviderVerificationDetail } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { callOperation, operationKey, operationQueryOptions } from '@/lib/operations.ts';

/** `listProviderVerifications`: the open checks, oldest first. */
export function verificationQueueQueryOptions() {
  return operationQueryOptions(operations.listProviderVerifications, {});
}

/** The queue, read afresh on every visit: other staff members decide from it at the same time. */
export function useVerificationQueue({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...verificationQueueQueryOptions(), staleTime: 0, enabled });
}

/** `getProviderVerification`: what staff check, side by side, and the decisions so far. */
export function verificationQueryOptions(verificationId: string) {
  return operationQueryOptions(operations.getProviderVerification, { params: { verificationId } });
}

export function useVerification(verificationId: string) {
  return useQuery({ ...verificationQueryOptions(verificationId), staleTime: 0 });
}

export function decideVerification(
  verificationId: string,
  body: ProviderVerificationDecision,
  signal?: AbortSignal,
) {
  return callOperation(
    operations.decideProviderVerification,
    { params: { verificationId }, body },
    { signal },
  );
}

/**
 * After a decision: the detail as the answer has it, the queue and the log (which now lists it) read
 * again.
 */
export async function storeDecidedVerification(queryClient: QueryClient, detail: ProviderVerificationDetail) {
  queryClient.setQueryData(verificationQueryOptions(detail.verificationId).queryKey, detail);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: operationKey(operations.listProviderVerifications) }),
    queryClient.invalidateQueries({ queryKey: operationKey(operations.listStaffAudit) }),
  ]);
}
