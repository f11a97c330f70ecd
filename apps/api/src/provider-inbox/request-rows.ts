import {
  type CareRequestSource,
  type CareRequestStatusCode,
  normalizeSearchText,
  type ProviderRequestFilter,
  type ProviderRequestRow,
  type ProviderRequestSortField,
  type ServiceTypeCode,
  statusFilterCodes,
} from '@opora/contracts';
import {
  careRequests,
  type Db,
  facilities,
  facilityServices,
  providerUsers,
  requestStatuses,
  serviceTypes,
  users,
} from '@opora/db';
import { eq, getTableName, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import { careRequestInScope, type ProviderScope } from '../platform/provider-scope.ts';
import { cr } from '../requests/care-request-view.ts';

// The rows of the requests grid, shared by the grid (a page of them) and the exports (all of them,
// streamed): one FROM clause, one filter, one sort, so what is exported is exactly what was shown.

/**
 * Czech and Slovak letters folded to ASCII, lower case — what `normalizeSearchText` does to typed text
 * — by the database's `fold_search_text` (migration 0014; PostgreSQL's `unaccent` is an extension we
 * do not rely on).
 */
export function foldedSql(expression: SQL): SQL {
  return sql`fold_search_text(${expression})`;
}

/** `%text%` for `like`, with the pattern's own characters escaped. */
function containsPattern(text: string): string {
  return `%${normalizeSearchText(text).replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

// The grid's SQL is kept by hand over these aliases (a measured hot path: docs/performance.md, "Raw SQL
// kept: requests and provider inbox"); the columns are the schema's, so a rename fails `pnpm typecheck`.
const fs = alias(facilityServices, 'fs');
const st = alias(serviceTypes, 'st');
const f = alias(facilities, 'f');
const rs = alias(requestStatuses, 'rs');
const apu = alias(providerUsers, 'apu');
const au = alias(users, 'au');
const af = alias(facilities, 'af');

/** The client's name as the grid shows it, from the copies on the request. */
const clientName = sql`trim(${cr.clientFirstName} || ' ' || ${cr.clientLastName})`;

/** Day boundaries of the filter's dates in the platform's time zone. */
const timeZone = 'Europe/Prague';

/**
 * The joins an export reads from: the request (`cr`, which carries its client's name, its case's code
 * and its sender's name), its service (`fs`), service type (`st`), facility (`f`), status (`rs`) and
 * assignees (`apu`/`au`, `af`) — the provider's own few rows, which PostgreSQL hashes or remembers.
 */
export const providerRequestFrom = sql`
  ${careRequests} ${cr}
  join ${facilityServices} ${fs} on ${fs.id} = ${cr.facilityServiceId}
  join ${serviceTypes} ${st} on ${st.id} = ${fs.serviceTypeId}
  join ${facilities} ${f} on ${f.id} = ${cr.facilityId}
  join ${requestStatuses} ${rs} on ${rs.id} = ${cr.statusId}
  left join ${providerUsers} ${apu} on ${apu.id} = ${cr.assigneeProviderUserId}
  left join ${users} ${au} on ${au.id} = ${apu.userId}
  left join ${facilities} ${af} on ${af.id} = ${cr.assigneeFacilityId}`;

/** The sender's name as the grid shows it, from the copies on the request (`''` without a sender). */
const creatorName = sql`coalesce(trim(${cr.creatorFirstName} || ' ' || ${cr.creatorLastName}), '')`;

/** The assignee's name (null without one). */
const assigneeName = sql`nullif(trim(coalesce(${au.firstName}, '') || ' ' || coalesce(${au.lastName}, '')), '')`;

/** The grid's columns, named as `ProviderRequestRow`'s fields (nested objects are built by the caller). */
export const providerRequestColumns = sql`
  ${cr.id}, ${cr.caseCode} as code, ${cr.clientId} as "clientId", ${clientName} as "clientName",
  ${fs.id} as "serviceId", ${fs.name} as "serviceName", ${st.code} as "serviceType",
  ${f.id} as "facilityId", ${f.name} as "facilityName", ${cr.careFrom}::text as "date", ${rs.code} as status,
  ${cr.source} as source, ${creatorName} as creator, ${cr.createdAt} as "createdDate", ${cr.updatedAt} as "editedDate",
  ${apu.id} as "assigneeProviderUserId", ${assigneeName} as "assigneeName",
  ${af.id} as "assigneeFacilityId", ${af.name} as "assigneeFacilityName"`;

/**
 * The grid's columns over a page of requests already picked (`cr`, a few rows): each name looked up
 * by its key rather than joined, so PostgreSQL plans one small query per lookup instead of searching
 * the join orders of ten tables (that planning alone took 25 ms a page).
 */
export const providerRequestPageColumns = sql`
  ${cr.id}, ${cr.caseCode} as code, ${cr.clientId} as "clientId", ${clientName} as "clientName",
  ${cr.facilityServiceId} as "serviceId", s.name as "serviceName", s.code as "serviceType",
  ${cr.facilityId} as "facilityId",
  (select ${f.name} from ${facilities} ${f} where ${f.id} = ${cr.facilityId}) as "facilityName",
  ${cr.careFrom}::text as "date",
  (select ${rs.code} from ${requestStatuses} ${rs} where ${rs.id} = ${cr.statusId}) as status,
  ${cr.source} as source, ${cr.sentByAssistant} as "sentByAssistant", ${creatorName} as creator,
  ${cr.createdAt} as "createdDate", ${cr.updatedAt} as "editedDate",
  ${cr.assigneeProviderUserId} as "assigneeProviderUserId",
  (select ${assigneeName} from ${providerUsers} ${apu} join ${users} ${au} on ${au.id} = ${apu.userId}
   where ${apu.id} = ${cr.assigneeProviderUserId}) as "assigneeName",
  ${cr.assigneeFacilityId} as "assigneeFacilityId",
  (select ${af.name} from ${facilities} ${af} where ${af.id} = ${cr.assigneeFacilityId}) as "assigneeFacilityName"`;

/** The service of a page's request (`s.name`, `s.code`), for `providerRequestPageColumns`. */
export const providerRequestPageService = sql`
  cross join lateral (
    select ${fs.name}, ${st.code} from ${facilityServices} ${fs} join ${serviceTypes} ${st} on ${st.id} = ${fs.serviceTypeId}
    where ${fs.id} = ${cr.facilityServiceId}
  ) s`;

export interface ProviderRequestRowRecord extends Record<string, unknown> {
  id: string;
  code: string;
  clientId: string;
  clientName: string;
  serviceId: string;
  serviceName: string;
  serviceType: string;
  facilityId: string;
  facilityName: string;
  date: string | null;
  status: string;
  source: CareRequestSource;
  sentByAssistant: boolean;
  creator: string;
  createdDate: Date;
  editedDate: Date;
  assigneeProviderUserId: string | null;
  assigneeName: string | null;
  assigneeFacilityId: string | null;
  assigneeFacilityName: string | null;
}

/** A row as the contracts answer it (`ProviderRequestRow`). */
export function toProviderRequestRow(record: ProviderRequestRowRecord): ProviderRequestRow {
  return {
    id: record.id,
    code: record.code,
    client: { id: record.clientId, fullName: record.clientName },
    service: { id: record.serviceId, name: record.serviceName },
    serviceType: record.serviceType as ServiceTypeCode,
    facility: { id: record.facilityId, name: record.facilityName },
    date: record.date,
    status: record.status as CareRequestStatusCode,
    source: record.source,
    sentByAssistant: record.sentByAssistant,
    creator: record.creator,
    createdDate: new Date(record.createdDate).toISOString(),
    editedDate: new Date(record.editedDate).toISOString(),
    assignee: {
      colleague: record.assigneeProviderUserId
        ? { providerUserId: record.assigneeProviderUserId, fullName: record.assigneeName ?? '' }
        : null,
      facility:
        record.assigneeFacilityId && record.assigneeFacilityName !== null
          ? { id: record.assigneeFacilityId, name: record.assigneeFacilityName }
          : null,
    },
  };
}

/** `request_statuses` ids by code (reference data, fixed once seeded). */
export type StatusIds = ReadonlyMap<string, string>;

const statusIdsOf = new WeakMap<Db, Promise<StatusIds>>();

/**
 * The status ids of `db`'s database, read once per process and database (a failed read is tried
 * again next time).
 */
export function requestStatusIds(db: Db): Promise<StatusIds> {
  let ids = statusIdsOf.get(db);
  if (!ids) {
    ids = db
      .select({ id: requestStatuses.id, code: requestStatuses.code })
      .from(requestStatuses)
      .then((rows) => new Map(rows.map((row) => [row.code, row.id])));
    ids.catch(() => statusIdsOf.delete(db));
    statusIdsOf.set(db, ids);
  }
  return ids;
}

/**
 * The WHERE condition of the scope and the grid's filters, on the request's own columns (`cr`) and
 * subqueries only: the grid picks its page from `care_requests` and its indexes alone, and joins the
 * rest for those 25 rows (`listProviderCareRequests`). The client's name and the case's code are read
 * from their copies on the request (`client_search`, migration 0014), which the grid's indexes carry: a
 * search reads the provider's entries in order until it has enough (a text nothing matches reads them
 * all — about 10 ms at 100,000 — never the table).
 */
export function providerRequestWhere(scope: ProviderScope, filter: ProviderRequestFilter): SQL {
  return sql.join([careRequestInScope(scope), ...providerRequestFilters(scope, filter)], sql` and `);
}

/** The grid's filters alone (the scope's provider and member name the service types and "me"). */
export function providerRequestFilters(
  scope: ProviderScope,
  filter: ProviderRequestFilter,
  statusIds?: StatusIds,
): SQL[] {
  const conditions: SQL[] = [];
  const statuses = statusFilterCodes(filter.status);
  if (statuses.length > 0 && statusIds) {
    // The ids themselves: PostgreSQL estimates how many requests each status has (a subquery's ids it
    // guesses, and it then sorted a worker's every request instead of reading them in order).
    conditions.push(
      sql`${cr.statusId} in (${sql.join(
        statuses.map((code) => sql`${statusIds.get(code) ?? null}::uuid`),
        sql`, `,
      )})`,
    );
  } else if (statuses.length > 0) {
    conditions.push(
      sql`${cr.statusId} in (select ${requestStatuses.id} from ${requestStatuses} where ${requestStatuses.code} in (${sql.join(
        statuses.map((code) => sql`${code}`),
        sql`, `,
      )}))`,
    );
  }
  if (filter.client) {
    const code = normalizeSearchText(filter.client);
    conditions.push(
      // A case's code (`OP-0012…`, from an e-mail or a phone call) is found by its start in an index
      // of the codes; any other text anywhere in the name or the code.
      /^op-\d+$/.test(code)
        ? sql`split_part(${cr.clientSearch}, chr(31), 2) like ${`${code}%`}`
        : sql`${cr.clientSearch} like ${containsPattern(filter.client)}`,
    );
  }
  if (filter.creator) {
    conditions.push(
      sql`${foldedSql(sql`${cr.creatorFirstName} || ' ' || ${cr.creatorLastName}`)} like ${containsPattern(
        filter.creator,
      )}`,
    );
  }
  if (filter.serviceType) {
    conditions.push(
      sql`${cr.facilityServiceId} in (select ${fs.id} from ${facilityServices} ${fs}
        join ${serviceTypes} ${st} on ${st.id} = ${fs.serviceTypeId}
        where ${fs.providerId} = ${scope.providerId} and ${st.code} = ${filter.serviceType})`,
    );
  }
  if (filter.createdFrom) {
    conditions.push(
      sql`${cr.createdAt} >= (${filter.createdFrom}::date::timestamp at time zone ${timeZone})`,
    );
  }
  if (filter.createdTo) {
    conditions.push(
      sql`${cr.createdAt} < ((${filter.createdTo}::date + 1)::timestamp at time zone ${timeZone})`,
    );
  }
  if (filter.assignedToMe === 'true') {
    conditions.push(eq(cr.assigneeProviderUserId, scope.providerUserId));
  }
  if (filter.facilityId) {
    conditions.push(
      sql`(${cr.facilityId} = ${filter.facilityId} or ${cr.assigneeFacilityId} = ${filter.facilityId})`,
    );
  }
  if (filter.source) conditions.push(eq(cr.source, filter.source));
  return conditions;
}

/**
 * A sort of the grid: the keys (SQL over `cr` and the joins it names) and whether they may be null.
 * A person's name sorts by last, then first name, in Czech order (Č after C); the client's from the
 * copies on the request, which `care_requests_provider_id_client_name_idx` keeps in that order.
 */
interface SortKeys {
  keys: readonly string[];
  joins?: string;
  nullable?: boolean;
}
const czech = (column: string) => `${column} collate "cs-x-icu"`;
/** `alias.column` of a schema column (the sort's text is composed as strings, then `sql.raw`). */
const name = (table: string, column: AnyPgColumn) => `${table}.${column.name}`;
const joinService = `join ${getTableName(facilityServices)} fs on ${name('fs', fs.id)} = ${name('cr', cr.facilityServiceId)}`;
const sortKeys: Record<ProviderRequestSortField, SortKeys> = {
  code: { keys: [name('cr', cr.caseCode)] },
  client: { keys: [czech(name('cr', cr.clientLastName)), czech(name('cr', cr.clientFirstName))] },
  service: { keys: [czech(name('fs', fs.name))], joins: joinService },
  serviceType: {
    keys: [name('st', st.code)],
    joins: `${joinService} join ${getTableName(serviceTypes)} st on ${name('st', st.id)} = ${name('fs', fs.serviceTypeId)}`,
  },
  date: { keys: [name('cr', cr.careFrom)], nullable: true },
  status: {
    keys: [name('rs', rs.sortOrder)],
    joins: `join ${getTableName(requestStatuses)} rs on ${name('rs', rs.id)} = ${name('cr', cr.statusId)}`,
  },
  creator: {
    keys: [czech(name('cr', cr.creatorLastName)), czech(name('cr', cr.creatorFirstName))],
    nullable: true,
  },
  createdDate: { keys: [] },
  editedDate: { keys: [name('cr', cr.updatedAt)] },
};

function parseSort(sort: string): { field: ProviderRequestSortField; direction: 'asc' | 'desc' } {
  const descending = sort.startsWith('-');
  const name = descending ? sort.slice(1) : sort;
  const field = (name in sortKeys ? name : 'createdDate') as ProviderRequestSortField;
  return { field, direction: descending ? 'desc' : 'asc' };
}

/**
 * ORDER BY of a sort key (`-createdDate`) over `key` (each sort key as written, or its alias in a
 * page already picked); ties broken by creation and id, newest first, so pages never overlap. Keys that
 * are never null sort without `nulls last`, so an index in that order serves them.
 */
function orderBy(sort: string, key: (expression: string, index: number) => string): SQL {
  const { field, direction } = parseSort(sort);
  const { keys, nullable } = sortKeys[field];
  if (keys.length === 0) {
    return sql.raw(`order by ${name('cr', cr.createdAt)} ${direction}, ${name('cr', cr.id)} ${direction}`);
  }
  const columns = keys
    .map((expression, index) => `${key(expression, index)} ${direction}${nullable ? ' nulls last' : ''}`)
    .join(', ');
  return sql.raw(`order by ${columns}, ${name('cr', cr.createdAt)} desc, ${name('cr', cr.id)} desc`);
}

/** ORDER BY of a sort key over `providerRequestFrom` (exports: every row in the grid's order). */
export function providerRequestOrderBy(sort: string): SQL {
  return orderBy(sort, (expression) => expression);
}

/** The joins a sort needs besides the request (none for the request's own columns). */
export function providerRequestSortJoins(sort: string): SQL {
  return sql.raw(sortKeys[parseSort(sort).field].joins ?? '');
}

/** The sort's keys as columns `sort_1`, `sort_2`… of a page picked first (`, …` or nothing). */
export function providerRequestSortColumns(sort: string): SQL {
  const { keys } = sortKeys[parseSort(sort).field];
  return sql.raw(keys.map((expression, index) => `, ${expression} as sort_${index + 1}`).join(''));
}

/** The sort's keys of a page picked first, as columns of `table` (`, m.sort_1, m.sort_2`). */
export function providerRequestSortAliases(sort: string, table: string): SQL {
  const { keys } = sortKeys[parseSort(sort).field];
  return sql.raw(keys.map((_key, index) => `, ${table}.sort_${index + 1}`).join(''));
}

/** ORDER BY over a page picked with `providerRequestSortColumns` (its keys by alias, collation kept). */
export function providerRequestPageOrderBy(sort: string): SQL {
  return orderBy(sort, (expression, index) =>
    expression.includes('collate') ? czech(`cr.sort_${index + 1}`) : `cr.sort_${index + 1}`,
  );
}
