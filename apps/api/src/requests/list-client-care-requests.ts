import {
  type CareRequestList,
  type CareRequestStatusCode,
  careRequestStatusCodes,
  type ServiceTypeCode,
} from '@opora/contracts';
import {
  careRequests,
  cases,
  clients,
  type Db,
  facilityServices,
  providers,
  requestStatuses,
  serviceTypes,
} from '@opora/db';
import { and, count, desc, eq } from 'drizzle-orm';
import { NotFoundError } from '../platform/errors.ts';
import { statusCode } from './request-views.ts';

type ListQuery = { status: CareRequestStatusCode | 'all'; page: number; pageSize: number };

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
  const [owned] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.ownerUserId, userId)));
  if (!owned) throw new NotFoundError();

  const mine = and(eq(careRequests.clientId, clientId), eq(cases.ownerUserId, userId));
  const countRows = await db
    .select({ status: statusCode, n: count() })
    .from(careRequests)
    .innerJoin(cases, eq(cases.id, careRequests.caseId))
    .innerJoin(requestStatuses, eq(requestStatuses.id, careRequests.statusId))
    .where(mine)
    .groupBy(requestStatuses.code);
  const counts = Object.fromEntries(careRequestStatusCodes.map((code) => [code, 0])) as Record<
    CareRequestStatusCode,
    number
  >;
  for (const row of countRows) counts[row.status] = row.n;
  const allCount = countRows.reduce((sum, row) => sum + row.n, 0);

  const rows = await db
    .select({
      id: careRequests.id,
      code: cases.code,
      status: statusCode,
      createdAt: careRequests.createdAt,
      updatedAt: careRequests.updatedAt,
      caseId: cases.id,
      caseName: cases.name,
      serviceId: facilityServices.id,
      serviceName: facilityServices.name,
      serviceTypeCode: serviceTypes.code,
      form: facilityServices.form,
      providerId: providers.id,
      providerName: providers.name,
    })
    .from(careRequests)
    .innerJoin(cases, eq(cases.id, careRequests.caseId))
    .innerJoin(requestStatuses, eq(requestStatuses.id, careRequests.statusId))
    .innerJoin(facilityServices, eq(facilityServices.id, careRequests.facilityServiceId))
    .innerJoin(serviceTypes, eq(serviceTypes.id, facilityServices.serviceTypeId))
    .innerJoin(providers, eq(providers.id, careRequests.providerId))
    .where(query.status === 'all' ? mine : and(mine, eq(requestStatuses.code, query.status)))
    .orderBy(desc(careRequests.createdAt), careRequests.id)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    items: rows.map((row) => ({
      id: row.id,
      code: row.code,
      status: row.status,
      createdDate: row.createdAt.toISOString(),
      editedDate: row.updatedAt.toISOString(),
      case: { id: row.caseId, name: row.caseName },
      service: {
        id: row.serviceId,
        name: row.serviceName,
        serviceType: { code: row.serviceTypeCode as ServiceTypeCode },
        form: row.form,
      },
      provider: { id: row.providerId, name: row.providerName },
    })),
    total: query.status === 'all' ? allCount : counts[query.status],
    page: query.page,
    pageSize: query.pageSize,
    counts,
    allCount,
  };
}
