import {
  type CareRequestList,
  type CareRequestListItem,
  type CareRequestStatusCode,
  careRequestStatusCodes,
} from '@opora/contracts';
import type { Db } from '@opora/db';
import { sql } from 'drizzle-orm';
import { NotFoundError } from '../platform/errors.ts';
import { isoInstant } from '../platform/sql-time.ts';

type ListQuery = { status: CareRequestStatusCode | 'all'; page: number; pageSize: number };

type ItemRow = {
  id: string;
  code: string;
  status: CareRequestStatusCode;
  created_at: string;
  updated_at: string;
  case_id: string;
  case_name: string;
  service_id: string;
  service_name: string;
  service_type_code: CareRequestListItem['service']['serviceType']['code'];
  form: CareRequestListItem['service']['form'];
  provider_id: string;
  provider_name: string;
};

/**
 * `GET /clients/{clientId}/care-requests`: the requests sent for the caller's client (my-services),
 * newest first, filtered by status, with every status's count over all of them. Another user's client
 * answers 404.
 */
export async function listClientCareRequests(
  db: Db,
  userId: string,
  clientId: string,
  query: ListQuery,
): Promise<CareRequestList> {
  const { rows: owned } = await db.execute<{ found: boolean }>(sql`
    select exists (select from clients where id = ${clientId} and owner_user_id = ${userId}) as found
  `);
  if (!owned[0]?.found) throw new NotFoundError();

  const mine = sql`cr.client_id = ${clientId} and k.owner_user_id = ${userId}`;
  const { rows: countRows } = await db.execute<{ status: CareRequestStatusCode; n: number }>(sql`
    select rs.code as status, count(*)::int as n
    from care_requests cr
    join cases k on k.id = cr.case_id
    join request_statuses rs on rs.id = cr.status_id
    where ${mine}
    group by rs.code
  `);
  const counts = Object.fromEntries(careRequestStatusCodes.map((code) => [code, 0])) as Record<
    CareRequestStatusCode,
    number
  >;
  for (const row of countRows) counts[row.status] = row.n;
  const allCount = countRows.reduce((sum, row) => sum + row.n, 0);

  const filter = query.status === 'all' ? sql`true` : sql`rs.code = ${query.status}`;
  const { rows } = await db.execute<ItemRow>(sql`
    select cr.id, k.code, rs.code as status,
      ${isoInstant(sql`cr.created_at`)} as created_at, ${isoInstant(sql`cr.updated_at`)} as updated_at,
      k.id as case_id, k.name as case_name,
      fs.id as service_id, fs.name as service_name, st.code as service_type_code, fs.form,
      p.id as provider_id, p.name as provider_name
    from care_requests cr
    join cases k on k.id = cr.case_id
    join request_statuses rs on rs.id = cr.status_id
    join facility_services fs on fs.id = cr.facility_service_id
    join service_types st on st.id = fs.service_type_id
    join providers p on p.id = cr.provider_id
    where ${mine} and ${filter}
    order by cr.created_at desc, cr.id
    limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}
  `);
  return {
    items: rows.map((row) => ({
      id: row.id,
      code: row.code,
      status: row.status,
      createdDate: row.created_at,
      editedDate: row.updated_at,
      case: { id: row.case_id, name: row.case_name },
      service: {
        id: row.service_id,
        name: row.service_name,
        serviceType: { code: row.service_type_code },
        form: row.form,
      },
      provider: { id: row.provider_id, name: row.provider_name },
    })),
    total: query.status === 'all' ? allCount : counts[query.status],
    page: query.page,
    pageSize: query.pageSize,
    counts,
    allCount,
  };
}
