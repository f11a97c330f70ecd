import type { ProviderRequestListQuerySchema, ProviderRequestPage } from '@opora/contracts';
import type { Db } from '@opora/db';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type ProviderRequestRowRecord,
  providerRequestColumns,
  providerRequestCountFrom,
  providerRequestFrom,
  providerRequestOrderBy,
  providerRequestWhere,
  toProviderRequestRow,
} from './request-rows.ts';
import type { ProviderScope } from './scope.ts';

type ListQuery = z.output<typeof ProviderRequestListQuerySchema>;

/**
 * `GET /provider/providers/{providerId}/requests`: a page of the grid — the caller's scope, the
 * filters, the sort (ties broken by creation and id, so pages never overlap) — and how many requests
 * match in all. The page and the count run side by side on two connections; the count joins only
 * what the filters read.
 */
export async function listProviderCareRequests(
  db: Db,
  scope: ProviderScope,
  query: ListQuery,
): Promise<ProviderRequestPage> {
  const { sort, page, pageSize, ...filter } = query;
  const where = providerRequestWhere(scope, filter);
  const [rows, counted] = await Promise.all([
    db.execute<ProviderRequestRowRecord>(sql`
      select ${providerRequestColumns} from ${providerRequestFrom}
      where ${where}
      ${providerRequestOrderBy(sort)}
      limit ${pageSize} offset ${(page - 1) * pageSize}
    `),
    db.execute<{ total: number }>(sql`
      select count(*)::int as total from ${providerRequestCountFrom(filter)} where ${where}
    `),
  ]);
  return {
    items: rows.rows.map(toProviderRequestRow),
    total: counted.rows[0]?.total ?? 0,
    page,
    pageSize,
  };
}
