import {
  fullName,
  type ProviderMembershipList,
  type ProviderRole,
  type ProviderTeam,
} from '@opora/contracts';
import type { Db } from '@opora/db';
import { sql } from 'drizzle-orm';
import type { Principal } from '../platform/auth.ts';
import {
  careRequestInScope,
  type ProviderScope,
  scopeOfMembership,
  uuidArray,
} from '../platform/provider-scope.ts';

type MembershipRow = {
  providerId: string;
  providerUserId: string;
  name: string;
  roles: ProviderRole[];
  facilities: { id: string; name: string }[];
};

/**
 * `GET /provider/memberships`: every provider the caller works for (the header's switcher), with
 * their roles and facilities there and how many requests in their scope still wait as `new`. Pending
 * invitations are not memberships yet.
 */
export async function listProviderMemberships(db: Db, principal: Principal): Promise<ProviderMembershipList> {
  const { rows } = await db.execute<MembershipRow>(sql`
    select p.id as "providerId", pu.id as "providerUserId", p.name, pu.roles::text[] as roles,
      coalesce((
        select json_agg(json_build_object('id', f.id, 'name', f.name) order by f.name, f.id)
        from facility_assignments fa join facilities f on f.id = fa.facility_id
        where fa.provider_id = pu.provider_id and fa.provider_user_id = pu.id
      ), '[]'::json) as facilities
    from provider_users pu join providers p on p.id = pu.provider_id
    where pu.user_id = ${principal.userId} and cardinality(pu.roles) > 0
    order by p.name, p.id
  `);
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
        roles: row.roles,
        facilities: row.facilities,
        newRequestsCount: await countNewRequests(db, scope),
      };
    }),
  );
  return { items };
}

async function countNewRequests(db: Db, scope: ProviderScope): Promise<number> {
  const { rows } = await db.execute<{ count: number }>(sql`
    select count(*)::int as count from care_requests cr
    where ${careRequestInScope(scope)}
      and cr.status_id = (select id from request_statuses where code = 'new')
  `);
  return rows[0]?.count ?? 0;
}

type ColleagueRow = {
  providerUserId: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  roles: ProviderRole[];
  facilityIds: string[];
};

type FacilityRow = { id: string; name: string };

/**
 * The facilities that can occur in the caller's grid, as a request's service's facility or its
 * facility team (the grid's facility filter matches either): for those who see the whole provider,
 * every facility. A worker's scope (`careRequestInScope`) holds the requests of their facilities, of
 * their facility teams and those assigned to them; so besides their own facilities, a facility occurs
 * there as the service's of a request assigned to them or to their team, or as the team of a request
 * assigned to them or of their facilities. Each `exists` reads one short index range: few requests
 * have a team or a person assigned.
 */
async function readScopeFacilities(db: Db, scope: ProviderScope): Promise<FacilityRow[] | null> {
  const { providerId, providerUserId, facilityIds } = scope;
  if (facilityIds === 'all') return null;
  const conditions = [
    sql`exists (select 1 from care_requests cr
      where cr.provider_id = ${providerId} and cr.assignee_provider_user_id = ${providerUserId}
        and f.id in (cr.facility_id, cr.assignee_facility_id))`,
  ];
  if (facilityIds.length > 0) {
    const own = uuidArray(facilityIds);
    conditions.push(
      sql`f.id = any(${own})`,
      sql`exists (select 1 from care_requests cr
        where cr.provider_id = ${providerId} and cr.assignee_facility_id = any(${own}) and cr.facility_id = f.id)`,
      sql`exists (select 1 from care_requests cr
        where cr.provider_id = ${providerId} and cr.assignee_facility_id = f.id and cr.facility_id = any(${own}))`,
    );
  }
  const { rows } = await db.execute<FacilityRow>(sql`
    select f.id, f.name from facilities f
    where f.provider_id = ${providerId} and (${sql.join(conditions, sql` or `)})
    order by f.name, f.id
  `);
  return rows;
}

/**
 * `GET /provider/providers/{providerId}/team`: the registered colleagues (whom a request can be
 * assigned to) with their roles and facilities, the provider's facilities (facility teams), and the
 * facilities that can occur in the caller's grid (its facility filter), for any member of the provider.
 */
export async function readProviderTeam(db: Db, scope: ProviderScope): Promise<ProviderTeam> {
  const [colleagues, facilities, scopeFacilities] = await Promise.all([
    db.execute<ColleagueRow>(sql`
      select pu.id as "providerUserId", u.first_name as "firstName", u.last_name as "lastName",
        coalesce(u.email, '') as email, pu.roles::text[] as roles,
        coalesce((
          select array_agg(fa.facility_id::text order by fa.facility_id)
          from facility_assignments fa
          where fa.provider_id = pu.provider_id and fa.provider_user_id = pu.id
        ), '{}') as "facilityIds"
      from provider_users pu join users u on u.id = pu.user_id
      where pu.provider_id = ${scope.providerId} and cardinality(pu.roles) > 0
      order by u.last_name, u.first_name, pu.id
    `),
    db.execute<FacilityRow>(sql`
      select f.id, f.name from facilities f where f.provider_id = ${scope.providerId} order by f.name, f.id
    `),
    readScopeFacilities(db, scope),
  ]);
  return {
    colleagues: colleagues.rows.map((row) => ({
      providerUserId: row.providerUserId,
      fullName: fullName(row) || row.email,
      email: row.email,
      roles: row.roles,
      facilityIds: row.facilityIds,
    })),
    facilities: facilities.rows,
    scopeFacilities: scopeFacilities ?? facilities.rows,
    meProviderUserId: scope.providerUserId,
  };
}
