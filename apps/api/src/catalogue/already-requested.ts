import type { Db } from '@opora/db';
import { sql } from 'drizzle-orm';

/**
 * Which of `serviceIds` the user already requested for one of their cases (SPEC §3 flag
 * `alreadyRequested`; a withdrawn or expired request does not count). One small query per page, so guests' cached pages stay shared.
 */
export async function alreadyRequestedIds(
  db: Db,
  userId: string,
  serviceIds: string[],
): Promise<Set<string>> {
  if (serviceIds.length === 0) return new Set();
  const { rows } = await db.execute<{ facility_service_id: string }>(sql`
    select distinct cr.facility_service_id
    from care_requests cr join cases c on c.id = cr.case_id
    where c.owner_user_id = ${userId} and not cr.allows_new_request
      and cr.facility_service_id in (${sql.join(
        serviceIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
  `);
  return new Set(rows.map((row) => row.facility_service_id));
}
