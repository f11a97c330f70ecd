import {
  type CareRequestStatusCode,
  normalizeSearchText,
  type ProviderRequestFilter,
  type ProviderRequestRow,
  type ProviderRequestSortField,
  type ServiceTypeCode,
  statusFilterCodes,
} from '@opora/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { careRequestInScope, type ProviderScope } from './scope.ts';

// The rows of the requests grid, shared by the grid (a page of them) and the exports (all of them,
// streamed): one FROM clause, one filter, one sort, so what is exported is exactly what was shown.

/**
 * Czech and Slovak letters folded to ASCII, lower case — what `normalizeSearchText` does to typed text,
 * as an immutable SQL expression (PostgreSQL's `unaccent` is an extension we do not rely on).
 */
export function foldedSql(expression: SQL): SQL {
  return sql`translate(lower(${expression}), 'áäčďéěíĺľňóôöŕřšťúůüýž', 'aacdeeillnooorrstuuuyz')`;
}

/** `%text%` for `like`, with the pattern's own characters escaped. */
function containsPattern(text: string): string {
  return `%${normalizeSearchText(text).replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Day boundaries of the filter's dates in the platform's time zone. */
const timeZone = 'Europe/Prague';

/**
 * The joins every grid or export query reads from: the request (`cr`), its case (`k`), client (`c`),
 * service (`fs`), service type (`st`), facility (`f`), status (`rs`), sender (`u`) and assignees
 * (`apu`/`au`, `af`).
 */
export const providerRequestFrom = sql`
  care_requests cr
  join cases k on k.id = cr.case_id
  join clients c on c.id = cr.client_id
  join facility_services fs on fs.id = cr.facility_service_id
  join service_types st on st.id = fs.service_type_id
  join facilities f on f.id = cr.facility_id
  join request_statuses rs on rs.id = cr.status_id
  left join users u on u.id = cr.created_by_user_id
  left join provider_users apu on apu.id = cr.assignee_provider_user_id
  left join users au on au.id = apu.user_id
  left join facilities af on af.id = cr.assignee_facility_id`;

/**
 * The FROM of a count of `providerRequestWhere(scope, filter)`: only the joins the given filters
 * read. Every join of `providerRequestFrom` follows a non-null foreign key, so it never changes the
 * count, but PostgreSQL does not drop inner joins by itself, and a count over a provider's tens of
 * thousands of requests would otherwise visit six tables per row.
 */
export function providerRequestCountFrom(filter: ProviderRequestFilter): SQL {
  const from = [sql`care_requests cr`];
  if (filter.client) {
    from.push(sql`join cases k on k.id = cr.case_id join clients c on c.id = cr.client_id`);
  }
  if (filter.serviceType) {
    from.push(
      sql`join facility_services fs on fs.id = cr.facility_service_id join service_types st on st.id = fs.service_type_id`,
    );
  }
  if (filter.creator) from.push(sql`left join users u on u.id = cr.created_by_user_id`);
  return sql.join(from, sql` `);
}

/** The grid's columns, named as `ProviderRequestRow`'s fields (nested objects are built by the caller). */
export const providerRequestColumns = sql`
  cr.id, k.code, c.id as "clientId", trim(c.first_name || ' ' || c.last_name) as "clientName",
  fs.id as "serviceId", fs.name as "serviceName", st.code as "serviceType",
  f.id as "facilityId", f.name as "facilityName", cr.care_from::text as "date", rs.code as status,
  coalesce(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as creator,
  cr.created_at as "createdDate", cr.updated_at as "editedDate",
  apu.id as "assigneeProviderUserId",
  nullif(trim(coalesce(au.first_name, '') || ' ' || coalesce(au.last_name, '')), '') as "assigneeName",
  af.id as "assigneeFacilityId", af.name as "assigneeFacilityName"`;

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

/** The WHERE condition of the scope and the grid's filters. */
export function providerRequestWhere(scope: ProviderScope, filter: ProviderRequestFilter): SQL {
  const conditions: SQL[] = [careRequestInScope(scope)];
  const statuses = statusFilterCodes(filter.status);
  if (statuses.length > 0) {
    conditions.push(
      sql`cr.status_id in (select id from request_statuses where code in (${sql.join(
        statuses.map((code) => sql`${code}`),
        sql`, `,
      )}))`,
    );
  }
  if (filter.client) {
    const pattern = containsPattern(filter.client);
    conditions.push(
      sql`(${foldedSql(sql`c.first_name || ' ' || c.last_name`)} like ${pattern} or lower(k.code) like ${pattern})`,
    );
  }
  if (filter.creator) {
    conditions.push(
      sql`${foldedSql(sql`coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')`)} like ${containsPattern(filter.creator)}`,
    );
  }
  if (filter.serviceType) {
    conditions.push(sql`st.code = ${filter.serviceType}`);
  }
  if (filter.createdFrom) {
    conditions.push(sql`cr.created_at >= (${filter.createdFrom}::date::timestamp at time zone ${timeZone})`);
  }
  if (filter.createdTo) {
    conditions.push(
      sql`cr.created_at < ((${filter.createdTo}::date + 1)::timestamp at time zone ${timeZone})`,
    );
  }
  if (filter.assignedToMe === 'true') {
    conditions.push(sql`cr.assignee_provider_user_id = ${scope.providerUserId}`);
  }
  if (filter.facilityId) {
    conditions.push(
      sql`(cr.facility_id = ${filter.facilityId} or cr.assignee_facility_id = ${filter.facilityId})`,
    );
  }
  return sql.join(conditions, sql` and `);
}

/** Sort columns; a person's name sorts by last, then first name, in Czech order (Č after C). */
const czech = (column: string) => `${column} collate "cs-x-icu"`;
const sortColumns: Record<ProviderRequestSortField, readonly string[]> = {
  code: ['k.code'],
  client: [czech('c.last_name'), czech('c.first_name')],
  service: [czech('fs.name')],
  serviceType: ['st.code'],
  date: ['cr.care_from'],
  status: ['rs.sort_order'],
  creator: [czech('u.last_name'), czech('u.first_name')],
  createdDate: ['cr.created_at'],
  editedDate: ['cr.updated_at'],
};

/** ORDER BY of a sort key (`-createdDate`); ties broken by creation and id so paging is stable. */
export function providerRequestOrderBy(sort: string): SQL {
  const descending = sort.startsWith('-');
  const field = (descending ? sort.slice(1) : sort) as ProviderRequestSortField;
  const direction = descending ? 'desc' : 'asc';
  if (field === 'createdDate' || !(field in sortColumns)) {
    return sql.raw(`order by cr.created_at ${direction}, cr.id ${direction}`);
  }
  const columns = sortColumns[field].map((column) => `${column} ${direction} nulls last`).join(', ');
  return sql.raw(`order by ${columns}, cr.created_at desc, cr.id desc`);
}
