import type { ProviderInvitationSignUp } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { skipToken, useQuery } from '@tanstack/react-query';
import { callOperation, operationQueryOptions } from '@/lib/operations.ts';

/** `getProviderInvitation`: what an invitation link opens (a POST: the token stays out of logged URLs). */
export function useProviderInvitation(token: string | null) {
  return useQuery({
    ...operationQueryOptions(operations.getProviderInvitation, token ? { body: { token } } : skipToken),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function acceptInvitation(token: string) {
  return callOperation(operations.acceptProviderInvitation, { body: { token } });
}

export function signUpWithInvitation(body: ProviderInvitationSignUp) {
  return callOperation(operations.signUpWithProviderInvitation, { body });
}
