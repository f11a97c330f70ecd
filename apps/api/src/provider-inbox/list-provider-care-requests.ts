import type { ProviderRequestListQuerySchema, ProviderRequestPage } from '@opora/contracts';
import { careRequests, type Db } from '@opora/db';
import { count, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { preparedRows } from '../platform/prepared.ts';
import { careRequestScopeBranches, type ProviderScope } from '../platform/provider-scope.ts';
import { cr } from '../requests/care-request-view.ts';
import {
  type ProviderRequestRowRecord,
  providerRequestFilters,
  providerRequestOrderBy,
  providerRequestPageColumns,
  providerRequestPageOrderBy,
  providerRequestPageService,
  providerRequestSortAliases,
  providerRequestSortColumns,
  providerRequestSortJoins,
  requestStatusIds,
  type StatusIds,
  toProviderRequestRow,
} from './request-rows.ts';

type ListQuery = z.output<typeof ProviderRequestListQuerySchema>;

/**
 * How far past the page's first row the grid counts: "more than 1,000" beyond it. An exact count of
 * a large provider's 100,000 requests reads every entry (12–14 ms warm, the whole budget of a page);
 * nobody pages through a thousand requests, and a deeper page counts as far again from there.
 */
export const providerRequestCountWindow = 1000;

/**
 * A text search counts 100 past the page: "more than 100" asks for a better search, and finding
 * 1,000 matches of a rare name meant reading up to 20,000 requests (6–10 ms at 100,000).
 */
export const providerRequestSearchCountWindow = 100;

/**
 * `GET /provider/providers/{providerId}/requests`: a page of the grid — the caller's scope, the
 * filters, the sort (ties broken by creation and id, so pages never overlap) — and how many requests
 * match, counted up to `providerRequestCountWindow` past the page's start (`providerRequestSearchCountWindow`
 * for a text search; `totalExact` false beyond).
 *
 * One statement, in three steps:
 * 1. `matching`: the keys of the requests from the first up to the end of the count window, read in
 *    the grid's order from `care_requests` alone — for each part of the scope
 *    (`careRequestScopeBranches`) one range of one index, merged;
 * 2. `page`: the page's rows of it;
 * 3. their names and codes, looked up for those rows only, and how many `matching` holds.
 */
export async function listProviderCareRequests(
  db: Db,
  scope: ProviderScope,
  query: ListQuery,
): Promise<ProviderRequestPage> {
  const { sort, page, pageSize } = query;
  const offset = (page - 1) * pageSize;
  const searched = Boolean(query.client || query.creator);
  const countLimit = offset + (searched ? providerRequestSearchCountWindow : providerRequestCountWindow);
  const statusIds = await requestStatusIds(db);
  const matching = matchingKeys(scope, query, countLimit + 1, statusIds);
  const rows = await gridRows<ProviderRequestRowRecord & { matchCount: number }>(
    db,
    !searched,
    sql`
    with matching as materialized (${matching}),
    page as materialized (
      select ${cr}.*${providerRequestSortAliases(sort, 'm')}
      from (select * from matching cr ${providerRequestPageOrderBy(sort)} limit ${pageSize} offset ${offset}) m
      join ${careRequests} ${cr} on ${cr.id} = m.id
    )
    select ${providerRequestPageColumns}, (select count(*)::int from matching) as "matchCount"
    from page cr ${providerRequestPageService}
    ${providerRequestPageOrderBy(sort)}
  `,
  );
  let matched = rows[0]?.matchCount;
  if (matched === undefined) {
    // No row on this page: the first page of nothing, or a page past the end (an old link).
    matched =
      offset === 0
        ? 0
        : ((
            await db
              .select({ n: count() })
              .from(sql`(${matchingKeys(scope, { ...query, page: 1 }, countLimit + 1, statusIds)}) m`)
          )[0]?.n ?? 0);
  }
  return {
    items: rows.map(toProviderRequestRow),
    total: Math.min(matched, countLimit),
    totalExact: matched <= countLimit,
    page,
    pageSize,
  };
}

const dialect = new PgDialect();

/** Statement text → its prepared name, for the shapes the grid has used in this process. */
const preparedShapes = new Map<string, string>();

/**
 * Past this many shapes (filters given × sort × a worker's facilities), the rest run unprepared: each
 * prepared shape holds a plan on every pooled connection, and the usual few are the ones that matter.
 */
const maxPreparedShapes = 64;

/**
 * Runs a grid statement, prepared when `prepare` says its generic plan serves every value: planning
 * the page's statement cost more than running it (0.5–2 ms of PostgreSQL's time a page, 55 % of a
 * page's statement time in `pnpm bench inbox`). A text search is never prepared: a generic plan
 * guesses how many requests any text matches, and may leave the ordered index for a bitmap and a sort.
 */
async function gridRows<T extends Record<string, unknown>>(
  db: Db,
  prepare: boolean,
  statement: SQL,
): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  let name = prepare ? preparedShapes.get(text) : undefined;
  if (prepare && name === undefined && preparedShapes.size < maxPreparedShapes) {
    name = `provider-requests-${preparedShapes.size + 1}`;
    preparedShapes.set(text, name);
  }
  if (name !== undefined) return preparedRows<T>(db, name, text, params);
  return (await db.$client.query<T>({ text, values: params })).rows;
}

/** Id, creation and sort keys of the first `limit` requests in the grid's order. */
function matchingKeys(scope: ProviderScope, query: ListQuery, limit: number, statusIds: StatusIds): SQL {
  const { sort, page: _page, pageSize: _pageSize, ...filter } = query;
  const filters = providerRequestFilters(scope, filter, statusIds);
  const branches = careRequestScopeBranches(scope).map(
    (branch) => sql`
      select ${cr.id}, ${cr.createdAt}${providerRequestSortColumns(sort)}
      from ${careRequests} ${cr} ${providerRequestSortJoins(sort)}
      where ${sql.join([branch, ...filters], sql` and `)}
      ${providerRequestOrderBy(sort)}
      limit ${limit}`,
  );
  if (branches.length === 1) return branches[0] as SQL;
  return sql`
    select * from (${sql.join(
      branches.map((branch) => sql`(${branch})`),
      sql` union `,
    )}) cr
    ${providerRequestPageOrderBy(sort)}
    limit ${limit}`;
}
