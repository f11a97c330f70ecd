import { type Case, type CaseSurveyType, caseSurveyTypes, fullName } from '@opora/contracts';
import {
  careRequests,
  cases,
  clients,
  type DbExecutor,
  facilityServices,
  requestStatuses,
  surveyAnswers,
} from '@opora/db';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { NotFoundError } from '../platform/errors.ts';

function toCase(row: CaseRow): Case {
  const services = new Map(row.requests.map((request) => [request.facilityServiceId, request.serviceName]));
  return {
    id: row.id,
    date: row.date,
    fcServiceLevel: row.fcServiceLevel,
    name: row.name,
    code: row.code,
    client: row.client && { id: row.client.id, fullName: fullName(row.client) },
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
    createdDate: row.createdAt.toISOString(),
  };
}

/** The case's requests with their services and states, in the order they were sent. */
const caseRequests = sql<
  { id: string; facilityServiceId: string; statusCode: string; serviceName: string }[]
>`
  coalesce((
    select json_agg(json_build_object('id', ${careRequests.id}, 'facilityServiceId', ${careRequests.facilityServiceId},
                                      'statusCode', ${requestStatuses.code}, 'serviceName', ${facilityServices.name})
                    order by ${careRequests.createdAt}, ${careRequests.id})
    from ${careRequests}
    join ${requestStatuses} on ${requestStatuses.id} = ${careRequests.statusId}
    join ${facilityServices} on ${facilityServices.id} = ${careRequests.facilityServiceId}
    where ${careRequests.caseId} = ${cases.id}
  ), '[]'::json)`;

/** Survey type → submitted. */
const caseSurveys = sql<Partial<Record<CaseSurveyType, boolean>>>`
  coalesce((
    select json_object_agg(${surveyAnswers.surveyType}, ${surveyAnswers.submittedAt} is not null)
    from ${surveyAnswers} where ${surveyAnswers.caseId} = ${cases.id}
  ), '{}'::json)`;

function selectCases(db: DbExecutor, userId: string, where: SQL) {
  return db
    .select({
      id: cases.id,
      date: cases.date,
      fcServiceLevel: cases.fcServiceLevel,
      name: cases.name,
      code: cases.code,
      createdAt: cases.createdAt,
      client: { id: clients.id, firstName: clients.firstName, lastName: clients.lastName },
      requests: caseRequests,
      surveys: caseSurveys,
    })
    .from(cases)
    .leftJoin(clients, eq(clients.id, cases.clientId))
    .where(and(eq(cases.ownerUserId, userId), where))
    .orderBy(desc(cases.createdAt), asc(cases.id));
}

type CaseRow = Awaited<ReturnType<typeof selectCases>>[number];

/**
 * Cases of `userId` matching `where` as the API answers them, newest first: the client's name, the
 * requests with their services and states, and where each case questionnaire stands (no answers: not
 * started; saved: draft; submitted: completed). One statement (`json_agg` trees), whatever the count.
 */
export async function readCases(db: DbExecutor, userId: string, where: SQL): Promise<Case[]> {
  const rows = await selectCases(db, userId, where);
  return rows.map(toCase);
}

/** One case of `userId` as the API answers it, or 404 `NotFoundException`. */
export async function readCase(db: DbExecutor, userId: string, caseId: string): Promise<Case> {
  const [found] = await readCases(db, userId, eq(cases.id, caseId));
  if (!found) throw new NotFoundError();
  return found;
}
