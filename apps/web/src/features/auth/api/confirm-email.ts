import type { EmailConfirmation } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation, operationKey } from '@/lib/operations.ts';

/** `confirmEmail`: confirms the address the link was sent to. */
export function confirmEmail(body: EmailConfirmation): Promise<undefined> {
  return callOperation(operations.confirmEmail, { body });
}

/**
 * A query rather than a mutation: opening the link confirms, and the token works once, so the call
 * must run exactly once per token however often the page renders.
 */
export function confirmEmailQueryOptions(token: string) {
  return queryOptions({
    queryKey: operationKey(operations.confirmEmail, { body: { token } }),
    queryFn: () => confirmEmail({ token }).then(() => true as const),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useConfirmEmail(token: string) {
  return useQuery({ ...confirmEmailQueryOptions(token), enabled: token !== '' });
}
