import { careRequestDeclineReasons, careRequestStatusCodes, type ProviderDashboard } from '@opora/contracts';
import { type Db, requestStatuses } from '@opora/db';
import { and, count, eq, gt, lte, sql } from 'drizzle-orm';
import { careRequestInScope, type ProviderScope } from '../platform/provider-scope.ts';
import { cr } from '../requests/care-request-view.ts';
import { statusCode } from '../requests/request-views.ts';

const zeroes = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;

/**
 * `GET …/dashboard?days=30|90`: the requests in the caller's scope by current status; of those sent in
 * the last `days` days, how many were answered (the provider changed their status) and the median
 * hours to that first answer; and how the requests that ended in the window ended — accepted,
 * declined by reason, expired unanswered, withdrawn by the sender. `now` is the end of the window.
 */
export async function getProviderDashboard(
  db: Db,
  scope: ProviderScope,
  days: number,
  now = new Date(),
): Promise<ProviderDashboard> {
  const inScope = careRequestInScope(scope);
  const since = new Date(now.getTime() - days * 86_400_000);
  const [byStatus, window, outcomes] = await Promise.all([
    db
      .select({ status: statusCode, count: count() })
      .from(cr)
      .innerJoin(requestStatuses, eq(requestStatuses.id, cr.statusId))
      .where(inScope)
      .groupBy(requestStatuses.code),
    db
      .select({
        received: count(),
        answered: count(cr.firstAnsweredAt),
        // An ordered-set aggregate, which the builder cannot say.
        medianHours: sql<number | null>`round((percentile_cont(0.5) within group (
          order by extract(epoch from ${cr.firstAnsweredAt} - ${cr.createdAt})) / 3600)::numeric, 1)::float8`,
      })
      .from(cr)
      .where(and(inScope, gt(cr.createdAt, since), lte(cr.createdAt, now))),
    db
      .select({ status: statusCode, reason: cr.declineReason, count: count() })
      .from(cr)
      .innerJoin(requestStatuses, eq(requestStatuses.id, cr.statusId))
      .where(and(inScope, gt(cr.closedAt, since), lte(cr.closedAt, now)))
      .groupBy(requestStatuses.code, cr.declineReason),
  ]);

  const counts = zeroes(careRequestStatusCodes);
  for (const row of byStatus) counts[row.status] = row.count;
  const ended = { accepted: 0, declined: zeroes(careRequestDeclineReasons), expired: 0, withdrawn: 0 };
  for (const row of outcomes) {
    // Declines from before reasons were required have none: they count as `other`.
    if (row.status === 'rejected') ended.declined[row.reason ?? 'other'] += row.count;
    else if (row.status === 'accepted' || row.status === 'expired' || row.status === 'withdrawn')
      ended[row.status] += row.count;
  }
  const [answered] = window;
  return {
    days,
    byStatus: counts,
    medianHoursToFirstAnswer: answered?.medianHours ?? null,
    received: answered?.received ?? 0,
    answered: answered?.answered ?? 0,
    outcomes: ended,
  };
}
