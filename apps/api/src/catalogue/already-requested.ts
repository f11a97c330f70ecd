import { careRequests, cases, type Db } from '@opora/db';
import { and, eq, inArray, not } from 'drizzle-orm';

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
  const rows = await db
    .selectDistinct({ id: careRequests.facilityServiceId })
    .from(careRequests)
    .innerJoin(cases, eq(cases.id, careRequests.caseId))
    .where(
      and(
        eq(cases.ownerUserId, userId),
        not(careRequests.allowsNewRequest),
        inArray(careRequests.facilityServiceId, serviceIds),
      ),
    );
  return new Set(rows.map((row) => row.id));
}
