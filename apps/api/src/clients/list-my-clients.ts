import { fullName, type MyClient } from '@opora/contracts';
import {
  careRequests,
  clients,
  counties,
  type Db,
  regions,
  relationshipTypes,
  requestStatuses,
  users,
} from '@opora/db';
import { asc, eq, sql } from 'drizzle-orm';
import { relationshipOfClient, toRelationshipType } from './client-views.ts';

/**
 * `GET /clients/my-enum`: the caller's clients in the order they were entered, each with the region
 * of their permanent residence, the relationship named in the caller's language, and counts of their
 * requests and of those accepted (the services they receive).
 */
export async function listMyClients(db: Db, userId: string): Promise<MyClient[]> {
  const requests = db
    .select({
      total: sql<number>`count(*)::int`.as('total'),
      accepted: sql<number>`(count(*) filter (where ${requestStatuses.code} = 'accepted'))::int`.as(
        'accepted',
      ),
    })
    .from(careRequests)
    .innerJoin(requestStatuses, eq(requestStatuses.id, careRequests.statusId))
    .where(eq(careRequests.clientId, clients.id))
    .as('requests');
  const rows = await db
    .select({
      id: clients.id,
      firstName: clients.firstName,
      lastName: clients.lastName,
      email: clients.email,
      dateOfBirth: clients.dateOfBirth,
      sex: clients.sex,
      region: { code: regions.code, name: regions.name },
      relationshipTypeId: relationshipTypes.id,
      relationshipTypeCode: relationshipTypes.code,
      locale: users.locale,
      requestsCount: sql<number>`coalesce(${requests.total}, 0)`,
      activeServicesCount: sql<number>`coalesce(${requests.accepted}, 0)`,
    })
    .from(clients)
    .innerJoin(users, eq(users.id, clients.ownerUserId))
    .leftJoin(counties, eq(counties.code, clients.countyCode))
    .leftJoin(regions, eq(regions.code, counties.regionCode))
    .leftJoin(relationshipTypes, relationshipOfClient)
    .leftJoinLateral(requests, sql`true`)
    .where(eq(clients.ownerUserId, userId))
    .orderBy(asc(clients.createdAt), asc(clients.id));
  return rows.map(({ relationshipTypeId, relationshipTypeCode, locale, ...client }) => ({
    ...client,
    fullName: fullName(client),
    relationshipType: toRelationshipType(relationshipTypeId, relationshipTypeCode, locale),
  }));
}
