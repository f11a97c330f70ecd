import type { ProviderTeamMember, ProviderTeamMemberList } from '@opora/contracts';
import { type DbExecutor, facilities, facilityAssignments, providerUsers, users } from '@opora/db';
import { and, asc, eq, sql } from 'drizzle-orm';
import { ForbiddenError, NotFoundError } from '../platform/errors.ts';
import { isProviderAdmin, type ProviderScope } from '../platform/provider-scope.ts';

/** The team is the administrators' (issue 24 §1): other members of the provider are refused. */
export function assertTeamAdministrator(scope: ProviderScope): void {
  if (!isProviderAdmin(scope)) {
    throw new ForbiddenError('Only the provider’s administrators manage its team.');
  }
}

const memberColumns = {
  providerUserId: providerUsers.id,
  email: sql<string>`coalesce(${users.email}, ${providerUsers.inviteEmail}, '')`,
  firstName: users.firstName,
  lastName: users.lastName,
  roles: providerUsers.roles,
  facilities: sql<{ id: string; name: string }[]>`coalesce((
    select json_agg(json_build_object('id', ${facilities.id}, 'name', ${facilities.name})
      order by ${facilities.name}, ${facilities.id})
    from ${facilityAssignments} join ${facilities} on ${facilities.id} = ${facilityAssignments.facilityId}
    where ${facilityAssignments.providerId} = ${providerUsers.providerId}
      and ${facilityAssignments.providerUserId} = ${providerUsers.id}
  ), '[]'::json)`,
  registered: sql<boolean>`${providerUsers.userId} is not null`,
  invitedAt: providerUsers.invitedAt,
  inviteExpiresAt: providerUsers.inviteExpiresAt,
  inviteExpired: sql<boolean>`coalesce(${providerUsers.userId} is null and ${providerUsers.inviteExpiresAt} <= now(), false)`,
  lastSignInAt: users.lastSignInAt,
};

type MemberRow = Awaited<ReturnType<typeof selectMembers>>[number];

function toMember(row: MemberRow): ProviderTeamMember {
  return {
    providerUserId: row.providerUserId,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    roles: row.roles,
    facilities: row.facilities,
    registered: row.registered,
    invitedAt: row.invitedAt?.toISOString() ?? null,
    inviteExpiresAt: row.registered ? null : (row.inviteExpiresAt?.toISOString() ?? null),
    inviteExpired: row.inviteExpired,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  };
}

function selectMembers(db: DbExecutor) {
  return db.select(memberColumns).from(providerUsers).leftJoin(users, eq(users.id, providerUsers.userId));
}

/** `GET …/users`: every member and pending invitation, registered ones first, by name. */
export async function listTeamMembers(db: DbExecutor, scope: ProviderScope): Promise<ProviderTeamMemberList> {
  assertTeamAdministrator(scope);
  const [rows, providerFacilities] = await Promise.all([
    selectMembers(db)
      .where(eq(providerUsers.providerId, scope.providerId))
      .orderBy(
        sql`${providerUsers.userId} is null`,
        asc(users.lastName),
        asc(users.firstName),
        sql`lower(coalesce(${users.email}, ${providerUsers.inviteEmail}))`,
        asc(providerUsers.id),
      ),
    db
      .select({ id: facilities.id, name: facilities.name })
      .from(facilities)
      .where(eq(facilities.providerId, scope.providerId))
      .orderBy(facilities.name, facilities.id),
  ]);
  return {
    items: rows.map((row) => toMember(row)),
    facilities: providerFacilities,
    meProviderUserId: scope.providerUserId,
  };
}

/** One member of the provider; another provider's (or none) answers 404. */
export async function readTeamMember(
  db: DbExecutor,
  scope: ProviderScope,
  providerUserId: string,
): Promise<ProviderTeamMember> {
  const [row] = await selectMembers(db).where(
    and(eq(providerUsers.providerId, scope.providerId), eq(providerUsers.id, providerUserId)),
  );
  if (!row) throw new NotFoundError();
  return toMember(row);
}
