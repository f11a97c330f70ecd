import type { ProviderMembership } from '@opora/contracts';

/** Administrators and coordinators change services and their questionnaires; workers read them. */
export function managesServices(membership: ProviderMembership): boolean {
  return membership.roles.some((role) => role === 'providerAdmin' || role === 'providerCoordinator');
}
