import { type Case, type CaseSurveyType, caseSurveyTypes, fullName } from '@opora/contracts';
import type { DbExecutor } from '@opora/db';
import { type SQL, sql } from 'drizzle-orm';
import { NotFoundError } from '../platform/errors.ts';
import { isoInstant } from '../platform/sql-time.ts';

type CaseRow = {
  id: string;
  date: string;
  fc_service_level: number;
  name: string;
  code: string;
  created_at: string;
  client_id: string | null;
  client_first_name: string | null;
  client_last_name: string | null;
  requests: { id: string; facilityServiceId: string; statusCode: string; serviceName: string }[];
  /** Survey type → submitted. */
  surveys: Partial<Record<CaseSurveyType, boolean>>;
};

function toCase(row: CaseRow): Case {
  const services = new Map(row.requests.map((request) => [request.facilityServiceId, request.serviceName]));
  return {
    id: row.id,
    date: row.date,
    fcServiceLevel: row.fc_service_level,
    name: row.name,
    code: row.code,
    client:
      row.client_id === null
        ? null
        : {
            id: row.client_id,
            fullName: fullName({ firstName: row.client_first_name, lastName: row.client_last_name }),
          },
    requests: row.requests.map(({ id, facilityServiceId, statusCode }) => ({
      id,
      facilityServiceId,
      statusCode,
    })),
    facilityServices: [...services].map(([id, name]) => ({ id, name })),
    surveys: caseSurveyTypes.map((type) => {
      const submitted = row.surveys[type];
      return { type, state: submitted === undefined ? 'not-started' : submitted ? 'completed' : 'draft' };
    }),
    createdDate: row.created_at,
  };
}

/**
 * Cases of `userId` matching `where` (alias `k`) as the API answers them, newest first: the client's
 * name, the requests with their services and states, and where each case questionnaire stands (no
 * answers: not started; saved: draft; submitted: completed). One statement, whatever the count.
 */
export async function readCases(db: DbExecutor, userId: string, where: SQL): Promise<Case[]> {
  const { rows } = await db.execute<CaseRow>(sql`
    select k.id, k.date::text as date, k.fc_service_level, k.name, k.code,
      ${isoInstant(sql`k.created_at`)} as created_at,
      cl.id as client_id, cl.first_name as client_first_name, cl.last_name as client_last_name,
      coalesce((
        select json_agg(json_build_object('id', cr.id, 'facilityServiceId', cr.facility_service_id,
                                          'statusCode', rs.code, 'serviceName', fs.name)
                        order by cr.created_at, cr.id)
        from care_requests cr
        join request_statuses rs on rs.id = cr.status_id
        join facility_services fs on fs.id = cr.facility_service_id
        where cr.case_id = k.id
      ), '[]'::json) as requests,
      coalesce((
        select json_object_agg(sa.survey_type, sa.submitted_at is not null)
        from survey_answers sa where sa.case_id = k.id
      ), '{}'::json) as surveys
    from cases k
    left join clients cl on cl.id = k.client_id
    where k.owner_user_id = ${userId} and ${where}
    order by k.created_at desc, k.id
  `);
  return rows.map(toCase);
}

/** One case of `userId` as the API answers it, or 404 `NotFoundException`. */
export async function readCase(db: DbExecutor, userId: string, caseId: string): Promise<Case> {
  const [found] = await readCases(db, userId, sql`k.id = ${caseId}`);
  if (!found) throw new NotFoundError();
  return found;
}
