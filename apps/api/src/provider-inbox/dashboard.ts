import {
  type CareRequestDeclineReason,
  type CareRequestStatusCode,
  careRequestDeclineReasons,
  careRequestStatusCodes,
  type ProviderDashboard,
} from '@opora/contracts';
import type { Db } from '@opora/db';
import { sql } from 'drizzle-orm';
import { careRequestInScope, type ProviderScope } from '../platform/provider-scope.ts';

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
    db.execute<{ status: CareRequestStatusCode; count: number }>(sql`
      select rs.code as status, count(*)::int as count
      from care_requests cr join request_statuses rs on rs.id = cr.status_id
      where ${inScope}
      group by rs.code
    `),
    db.execute<{ received: number; answered: number; median_hours: number | null }>(sql`
      select count(*)::int as received, count(cr.first_answered_at)::int as answered,
        round((percentile_cont(0.5) within group (
          order by extract(epoch from cr.first_answered_at - cr.created_at)) / 3600)::numeric, 1)::float8
          as median_hours
      from care_requests cr
      where ${inScope} and cr.created_at > ${since} and cr.created_at <= ${now}
    `),
    db.execute<{ status: CareRequestStatusCode; reason: CareRequestDeclineReason | null; count: number }>(sql`
      select rs.code as status, cr.decline_reason as reason, count(*)::int as count
      from care_requests cr join request_statuses rs on rs.id = cr.status_id
      where ${inScope} and cr.closed_at > ${since} and cr.closed_at <= ${now}
      group by rs.code, cr.decline_reason
    `),
  ]);

  const counts = zeroes(careRequestStatusCodes);
  for (const row of byStatus.rows) counts[row.status] = row.count;
  const ended = { accepted: 0, declined: zeroes(careRequestDeclineReasons), expired: 0, withdrawn: 0 };
  for (const row of outcomes.rows) {
    // Declines from before reasons were required have none: they count as `other`.
    if (row.status === 'rejected') ended.declined[row.reason ?? 'other'] += row.count;
    else if (row.status === 'accepted' || row.status === 'expired' || row.status === 'withdrawn')
      ended[row.status] += row.count;
  }
  const answered = window.rows[0];
  return {
    days,
    byStatus: counts,
    medianHoursToFirstAnswer: answered?.median_hours ?? null,
    received: answered?.received ?? 0,
    answered: answered?.answered ?? 0,
    outcomes: ended,
  };
}
