import { fullName, type Locale, type MyClient, type Sex } from '@opora/contracts';
import type { Db } from '@opora/db';
import { sql } from 'drizzle-orm';
import { relationshipJoin, toRelationshipType } from './client-views.ts';

type MyClientRow = {
  id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  date_of_birth: string | null;
  sex: Sex | null;
  region_code: string | null;
  region_name: string | null;
  relationship_type_id: string | null;
  relationship_type_code: string | null;
  locale: Locale;
  requests_count: number;
  active_services_count: number;
};

/**
 * `GET /clients/my-enum`: the caller's clients in the order they were entered, each with the region
 * of their permanent residence, the relationship named in the caller's language, and counts of their
 * requests and of those accepted (the services they receive).
 */
export async function listMyClients(db: Db, userId: string): Promise<MyClient[]> {
  const { rows } = await db.execute<MyClientRow>(sql`
    select c.id, c.first_name, c.last_name, c.email, c.date_of_birth::text as date_of_birth, c.sex,
      r.code as region_code, r.name as region_name,
      rt.id as relationship_type_id, rt.code as relationship_type_code, u.locale,
      coalesce(requests.total, 0) as requests_count, coalesce(requests.accepted, 0) as active_services_count
    from clients c
    join users u on u.id = c.owner_user_id
    left join counties k on k.code = c.county_code
    left join regions r on r.code = k.region_code
    ${relationshipJoin}
    left join lateral (
      select count(*)::int as total, (count(*) filter (where rs.code = 'accepted'))::int as accepted
      from care_requests cr join request_statuses rs on rs.id = cr.status_id
      where cr.client_id = c.id
    ) requests on true
    where c.owner_user_id = ${userId}
    order by c.created_at, c.id
  `);
  return rows.map((row) => ({
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    fullName: fullName({ firstName: row.first_name, lastName: row.last_name }),
    email: row.email,
    dateOfBirth: row.date_of_birth,
    sex: row.sex,
    region: row.region_code && row.region_name ? { code: row.region_code, name: row.region_name } : null,
    relationshipType: toRelationshipType(row.relationship_type_id, row.relationship_type_code, row.locale),
    requestsCount: row.requests_count,
    activeServicesCount: row.active_services_count,
  }));
}
