import type { ProviderRole } from '@opora/contracts';
import type { Db } from '@opora/db';
import { type SQL, sql } from 'drizzle-orm';
import type { Principal } from './auth.ts';
import { NotFoundError } from './errors.ts';
import { preparedRows } from './prepared.ts';

/**
 * What a provider user may see inside one provider (`/api/v1/provider/providers/{providerId}/…`):
 * resolved once per call, from their membership, roles and facilities there. Every provider route
 * starts with `resolveProviderScope` and scopes each query by `careRequestInScope`.
 *
 * - an administrator and a coordinator see every request of the provider;
 * - a worker sees the requests of their facilities (the service's facility, or the facility team the
 *   request is assigned to) and those assigned to them personally. A worker without facilities sees
 *   only what is assigned to them.
 */
export interface ProviderScope {
  providerId: string;
  /** The caller's `provider_users.id` in this provider (assignment, "assigned to me"). */
  providerUserId: string;
  userId: string;
  roles: ProviderRole[];
  /** `all` for administrators and coordinators; otherwise the worker's facilities. */
  facilityIds: 'all' | string[];
}

export function isProviderAdmin(scope: ProviderScope): boolean {
  return scope.roles.includes('providerAdmin');
}

/** Administrators and coordinators: every request of the provider, and they assign requests. */
export function seesWholeProvider(scope: ProviderScope): boolean {
  return scope.facilityIds === 'all';
}

const membershipStatement = {
  name: 'provider-scope-membership',
  text: `select pu.id as "providerUserId", pu.roles::text[] as roles,
    coalesce((select array_agg(fa.facility_id) from facility_assignments fa
              where fa.provider_id = pu.provider_id and fa.provider_user_id = pu.id), '{}') as "facilityIds"
  from provider_users pu
  where pu.provider_id = $1 and pu.user_id = $2
  limit 1`,
};

interface MembershipRow extends Record<string, unknown> {
  providerUserId: string;
  roles: ProviderRole[];
  facilityIds: string[];
}

/**
 * The caller's scope in `providerId`; a provider they do not belong to answers 404 (as if it did not
 * exist), whatever their roles elsewhere.
 */
export async function resolveProviderScope(
  db: Db,
  principal: Principal,
  providerId: string,
): Promise<ProviderScope> {
  const [membership] = await preparedRows<MembershipRow>(
    db,
    membershipStatement.name,
    membershipStatement.text,
    [providerId, principal.userId],
  );
  if (!membership || membership.roles.length === 0) throw new NotFoundError();
  return scopeOfMembership({ ...membership, providerId, userId: principal.userId });
}

/**
 * The scope a membership gives (for callers that read memberships themselves, e.g. the header's list
 * of every provider the person works for): administrators and coordinators see the whole provider.
 */
export function scopeOfMembership(membership: {
  providerId: string;
  providerUserId: string;
  userId: string;
  roles: ProviderRole[];
  facilityIds: string[];
}): ProviderScope {
  const wholeProvider = membership.roles.some(
    (role) => role === 'providerAdmin' || role === 'providerCoordinator',
  );
  return {
    providerId: membership.providerId,
    providerUserId: membership.providerUserId,
    userId: membership.userId,
    roles: membership.roles,
    facilityIds: wholeProvider ? 'all' : membership.facilityIds,
  };
}

/**
 * The condition a `care_requests` row (aliased `alias`, default `cr`) must meet to be visible in the
 * scope. Always includes the provider, so it is the one filter every provider query needs.
 */
export function careRequestInScope(scope: ProviderScope, alias = 'cr'): SQL {
  const table = sql.raw(alias);
  const ofProvider = sql`${table}.provider_id = ${scope.providerId}`;
  if (scope.facilityIds === 'all') return ofProvider;
  const mine = sql`${table}.assignee_provider_user_id = ${scope.providerUserId}`;
  if (scope.facilityIds.length === 0) return sql`(${ofProvider} and ${mine})`;
  const facilities = uuidArray(scope.facilityIds);
  return sql`(${ofProvider} and (${table}.facility_id = any(${facilities}) or ${table}.assignee_facility_id = any(${facilities}) or ${mine}))`;
}

/** `array[…]::uuid` of ids, for `= any(…)` (at least one id). */
export function uuidArray(ids: readonly string[]): SQL {
  return sql`array[${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]`;
}

/** Past this many facilities a worker's scope is read as one condition rather than a union. */
const maxScopeBranches = 12;

/**
 * The scope as conditions whose union is `careRequestInScope(scope)` (rows may match several), each a
 * range of one index that leads with the provider (`care_requests_provider_…_created_at_idx`): the
 * grid reads each in its order and merges them, where one `or` made PostgreSQL visit and sort every
 * request of a worker's facilities before the first page. A worker with many facilities gets the
 * single condition.
 */
export function careRequestScopeBranches(scope: ProviderScope): SQL[] {
  const ofProvider = sql`cr.provider_id = ${scope.providerId}`;
  if (scope.facilityIds === 'all') return [ofProvider];
  const mine = sql`${ofProvider} and cr.assignee_provider_user_id = ${scope.providerUserId}`;
  if (scope.facilityIds.length * 2 + 1 > maxScopeBranches) return [careRequestInScope(scope)];
  return [
    ...scope.facilityIds.flatMap((facilityId) => [
      sql`${ofProvider} and cr.facility_id = ${facilityId}`,
      sql`${ofProvider} and cr.assignee_facility_id = ${facilityId}`,
    ]),
    mine,
  ];
}
