import { fullName, type ProviderMembershipList, type ProviderTeam } from '@opora/contracts';
import {
  type Db,
  facilities,
  facilityAssignments,
  providers,
  providerUsers,
  requestStatuses,
  users,
} from '@opora/db';
import { and, asc, count, eq, exists, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../platform/auth.ts';
import { careRequestInScope, type ProviderScope, scopeOfMembership } from '../platform/provider-scope.ts';
import { cr } from '../requests/care-request-view.ts';

/** A membership counts while it has a role (a pending invitation has none). */
export const hasRoles = sql`cardinality(${providerUsers.roles}) > 0`;

/** The facilities a member is assigned to (`provider_users` of the enclosing query). */
const assignedToMember = and(
  eq(facilityAssignments.providerId, providerUsers.providerId),
  eq(facilityAssignments.providerUserId, providerUsers.id),
);

/**
 * `GET /provider/memberships`: every provider the caller works for (the header's switcher), with
 * their roles and facilities there and how many requests in their scope still wait as `new`. Pending
 * invitations are not memberships yet.
 */
export async function listProviderMemberships(db: Db, principal: Principal): Promise<ProviderMembershipList> {
  const rows = await db
    .select({
      providerId: providers.id,
      providerUserId: providerUsers.id,
      name: providers.name,
      verified: providers.verified,
      roles: providerUsers.roles,
      // The member's facilities with the membership, in one statement: json_agg.
      facilities: sql<Pick<typeof facilities.$inferSelect, 'id' | 'name'>[]>`coalesce((
        select json_agg(json_build_object('id', ${facilities.id}, 'name', ${facilities.name})
          order by ${facilities.name}, ${facilities.id})
        from ${facilityAssignments} join ${facilities} on ${facilities.id} = ${facilityAssignments.facilityId}
        where ${assignedToMember}
      ), '[]'::json)`,
    })
    .from(providerUsers)
    .innerJoin(providers, eq(providers.id, providerUsers.providerId))
    .where(and(eq(providerUsers.userId, principal.userId), hasRoles))
    .orderBy(providers.name, providers.id);
  const items = await Promise.all(
    rows.map(async (row) => {
      const scope = scopeOfMembership({
        providerId: row.providerId,
        providerUserId: row.providerUserId,
        userId: principal.userId,
        roles: row.roles,
        facilityIds: row.facilities.map((facility) => facility.id),
      });
      return {
        providerId: row.providerId,
        name: row.name,
        verified: row.verified,
        roles: row.roles,
        facilities: row.facilities,
        newRequestsCount: await countNewRequests(db, scope),
      };
    }),
  );
  return { items };
}

async function countNewRequests(db: Db, scope: ProviderScope): Promise<number> {
  const newStatus = db
    .select({ id: requestStatuses.id })
    .from(requestStatuses)
    .where(eq(requestStatuses.code, 'new'));
  const [row] = await db
    .select({ count: count() })
    .from(cr)
    .where(and(careRequestInScope(scope), eq(cr.statusId, newStatus)));
  return row?.count ?? 0;
}

/**
 * The facilities that can occur in the caller's grid, as a request's service's facility or its
 * facility team (the grid's facility filter matches either): for those who see the whole provider,
 * every facility. A worker's scope (`careRequestInScope`) holds the requests of their facilities, of
 * their facility teams and those assigned to them; so besides their own facilities, a facility occurs
 * there as the service's of a request assigned to them or to their team, or as the team of a request
 * assigned to them or of their facilities. Each `exists` reads one short index range: few requests
 * have a team or a person assigned.
 */
async function readScopeFacilities(db: Db, scope: ProviderScope) {
  const { providerId, providerUserId, facilityIds } = scope;
  if (facilityIds === 'all') return null;
  const requestsWhere = (condition: SQL | undefined) =>
    exists(
      db
        .select({ id: cr.id })
        .from(cr)
        .where(and(eq(cr.providerId, providerId), condition)),
    );
  const conditions = [
    requestsWhere(
      and(
        eq(cr.assigneeProviderUserId, providerUserId),
        or(eq(facilities.id, cr.facilityId), eq(facilities.id, cr.assigneeFacilityId)),
      ),
    ),
  ];
  if (facilityIds.length > 0) {
    conditions.push(
      inArray(facilities.id, facilityIds),
      requestsWhere(and(inArray(cr.assigneeFacilityId, facilityIds), eq(cr.facilityId, facilities.id))),
      requestsWhere(and(eq(cr.assigneeFacilityId, facilities.id), inArray(cr.facilityId, facilityIds))),
    );
  }
  return db
    .select({ id: facilities.id, name: facilities.name })
    .from(facilities)
    .where(and(eq(facilities.providerId, providerId), or(...conditions)))
    .orderBy(facilities.name, facilities.id);
}

/**
 * `GET /provider/providers/{providerId}/team`: the registered colleagues (whom a request can be
 * assigned to) with their roles and facilities, the provider's facilities (facility teams), and the
 * facilities that can occur in the caller's grid (its facility filter), for any member of the provider.
 */
export async function readProviderTeam(db: Db, scope: ProviderScope): Promise<ProviderTeam> {
  const [colleagues, providerFacilities, scopeFacilities] = await Promise.all([
    db
      .select({
        providerUserId: providerUsers.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: sql<string>`coalesce(${users.email}, '')`,
        roles: providerUsers.roles,
        // The member's facility ids with the membership, in one statement: array_agg.
        facilityIds: sql<string[]>`coalesce((
          select array_agg(${facilityAssignments.facilityId}::text order by ${facilityAssignments.facilityId})
          from ${facilityAssignments} where ${assignedToMember}
        ), '{}')`,
      })
      .from(providerUsers)
      .innerJoin(users, eq(users.id, providerUsers.userId))
      .where(and(eq(providerUsers.providerId, scope.providerId), hasRoles))
      .orderBy(asc(users.lastName), asc(users.firstName), asc(providerUsers.id)),
    db
      .select({ id: facilities.id, name: facilities.name })
      .from(facilities)
      .where(eq(facilities.providerId, scope.providerId))
      .orderBy(facilities.name, facilities.id),
    readScopeFacilities(db, scope),
  ]);
  return {
    colleagues: colleagues.map((row) => ({
      providerUserId: row.providerUserId,
      fullName: fullName(row) || row.email,
      email: row.email,
      roles: row.roles,
      facilityIds: row.facilityIds,
    })),
    facilities: providerFacilities,
    scopeFacilities: scopeFacilities ?? providerFacilities,
    meProviderUserId: scope.providerUserId,
  };
}
