import type { ProviderInvitationCreate, ProviderTeamMemberUpdate } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation, operationKey, operationQueryOptions } from '@/lib/operations.ts';

/** `listProviderTeamMembers`: the provider's people and pending invitations. */
export function providerTeamMembersQueryOptions(providerId: string) {
  return operationQueryOptions(operations.listProviderTeamMembers, { params: { providerId } });
}

/** The team of `providerId`; none is read while it is null (the caller is not its administrator). */
export function useProviderTeamMembers(providerId: string | null) {
  // Another administrator changes the same team: read afresh on every visit.
  return useQuery({
    ...operationQueryOptions(
      operations.listProviderTeamMembers,
      providerId ? { params: { providerId } } : skipToken,
    ),
    staleTime: 0,
  });
}

/** After any change: the list, and the inbox's colleague pickers that read the team too. */
export function useRefreshTeam() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: operationKey(operations.listProviderTeamMembers) }),
      queryClient.invalidateQueries({ queryKey: operationKey(operations.getProviderTeam) }),
    ]);
}

export function inviteProviderUser(providerId: string, body: ProviderInvitationCreate) {
  return callOperation(operations.inviteProviderUser, { params: { providerId }, body });
}

export function updateTeamMember(providerId: string, providerUserId: string, body: ProviderTeamMemberUpdate) {
  return callOperation(operations.updateProviderTeamMember, { params: { providerId, providerUserId }, body });
}

export function removeTeamMember(providerId: string, providerUserId: string) {
  return callOperation(operations.removeProviderTeamMember, { params: { providerId, providerUserId } });
}

export function resendInvitation(providerId: string, providerUserId: string) {
  return callOperation(operations.resendProviderInvitation, { params: { providerId, providerUserId } });
}
