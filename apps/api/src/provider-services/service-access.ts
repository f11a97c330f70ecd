import type { Db } from '@opora/db';
import type { Principal } from '../platform/auth.ts';
import { ForbiddenError } from '../platform/errors.ts';
import { type ProviderScope, resolveProviderScope } from '../platform/provider-scope.ts';

/** Administrators and coordinators manage every facility's services; workers read them. */
export function managesServices(scope: ProviderScope): boolean {
  return scope.roles.some((role) => role === 'providerAdmin' || role === 'providerCoordinator');
}

/**
 * The caller's scope in `providerId` (404 when they are not its member). `manage`: they must be an
 * administrator or coordinator there — the operation's roles may come from another provider.
 */
export async function serviceScope(
  db: Db,
  principal: Principal,
  providerId: string,
  { manage }: { manage: boolean },
): Promise<ProviderScope> {
  const scope = await resolveProviderScope(db, principal, providerId);
  if (manage && !managesServices(scope)) {
    throw new ForbiddenError('Only the provider’s administrators and coordinators manage its services.');
  }
  return scope;
}
