import { type CareRequestClient, fullName, type ProviderClientRecord } from '@opora/contracts';
import {
  careRequestNotes,
  clients,
  consents,
  type DbExecutor,
  facilities,
  facilityServices,
  requestStatuses,
  users,
} from '@opora/db';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { NotFoundError } from '../platform/errors.ts';
import { careRequestInScope, type ProviderScope } from '../platform/provider-scope.ts';
import { cr } from '../requests/care-request-view.ts';
import { readRequestClient, statusCode } from '../requests/request-views.ts';

/**
 * The record of care (issue 24 §2): every request of the client at this provider that the caller may
 * see, oldest first, with its outcome and the internal note; and the client as the provider's request
 * detail shows them — a carer's client as their requests share them, the provider's own as entered,
 * with the consent it recorded. A client without such a request answers 404, as a missing one: a
 * provider sees a carer's client only through the requests sent to it.
 */
export async function readProviderClientRecord(
  db: DbExecutor,
  scope: ProviderScope,
  clientId: string,
): Promise<ProviderClientRecord> {
  const requests = await db
    .select({
      id: cr.id,
      code: cr.caseCode,
      source: cr.source,
      status: statusCode,
      serviceId: facilityServices.id,
      serviceName: facilityServices.name,
      facilityId: facilities.id,
      facilityName: facilities.name,
      message: cr.note,
      note: careRequestNotes.text,
      reason: cr.declineReason,
      reasonText: cr.declineReasonText,
      creatorFirstName: cr.creatorFirstName,
      creatorLastName: cr.creatorLastName,
      createdAt: cr.createdAt,
      closedAt: cr.closedAt,
    })
    .from(cr)
    .innerJoin(requestStatuses, eq(requestStatuses.id, cr.statusId))
    .innerJoin(facilityServices, eq(facilityServices.id, cr.facilityServiceId))
    .innerJoin(facilities, eq(facilities.id, cr.facilityId))
    .leftJoin(careRequestNotes, eq(careRequestNotes.careRequestId, cr.id))
    .where(and(eq(cr.clientId, clientId), careRequestInScope(scope)))
    .orderBy(asc(cr.createdAt), asc(cr.id));
  if (requests.length === 0) throw new NotFoundError();

  const [owner] = await db
    .select({ ownerUserId: clients.ownerUserId, providerId: clients.providerId })
    .from(clients)
    .where(eq(clients.id, clientId));
  if (!owner) throw new NotFoundError();
  const own = owner.providerId === scope.providerId;
  const client: CareRequestClient = await readRequestClient(db, own ? null : owner.ownerUserId, clientId);

  let consent: ProviderClientRecord['consent'] = null;
  if (own) {
    const [recorded] = await db
      .select({
        grantedAt: consents.grantedAt,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(consents)
      .innerJoin(users, eq(users.id, consents.userId))
      .where(
        and(
          eq(consents.onBehalfOfClientId, clientId),
          eq(consents.kind, 'provider-record'),
          isNull(consents.withdrawnAt),
        ),
      )
      .orderBy(desc(consents.grantedAt), desc(consents.id))
      .limit(1);
    consent = recorded
      ? {
          grantedAt: recorded.grantedAt.toISOString(),
          recordedBy: fullName(recorded) || (recorded.email ?? ''),
        }
      : null;
  }

  return {
    client,
    own,
    consent,
    requests: requests.map((row) => ({
      id: row.id,
      code: row.code,
      source: row.source,
      status: row.status,
      service: { id: row.serviceId, name: row.serviceName },
      facility: { id: row.facilityId, name: row.facilityName },
      message: row.message,
      note: row.note || null,
      reason: row.reason,
      reasonText: row.reasonText,
      createdBy: fullName({ firstName: row.creatorFirstName, lastName: row.creatorLastName }) || null,
      createdDate: row.createdAt.toISOString(),
      closedDate: row.closedAt?.toISOString() ?? null,
    })),
  };
}
