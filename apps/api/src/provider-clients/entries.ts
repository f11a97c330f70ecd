import { createErrorDetail, type ProviderEntryRequest } from '@opora/contracts';
import {
  careRequestEvents,
  careRequests,
  type DbExecutor,
  facilityServices,
  postgresErrorCodes,
  postgresErrorOf,
  requestStatuses,
} from '@opora/db';
import { and, eq } from 'drizzle-orm';
import { FieldValidationError } from '../platform/errors.ts';
import type { ProviderScope } from '../platform/provider-scope.ts';
import { alreadyRequested } from '../requests/open-request-draft.ts';

/**
 * Version of the consent text the provider's form shows ("the client agreed that we keep their record
 * here"), recorded with each `provider-record` consent. Change it together with the text.
 */
export const providerRecordConsentVersion = '2026-12';

/**
 * The service of a request the provider enters: one of its own active services, in one of the
 * caller's facilities for a worker (else the request would leave their sight the moment it is made).
 * Anything else answers `invalidOption` on `field`, as a choice outside the list does.
 */
async function entryService(
  tx: DbExecutor,
  scope: ProviderScope,
  facilityServiceId: string,
  field: string,
): Promise<{ id: string; facilityId: string }> {
  const [service] = await tx
    .select({
      id: facilityServices.id,
      facilityId: facilityServices.facilityId,
      status: facilityServices.status,
    })
    .from(facilityServices)
    .where(
      and(eq(facilityServices.id, facilityServiceId), eq(facilityServices.providerId, scope.providerId)),
    );
  if (
    service?.status !== 'active' ||
    (scope.facilityIds !== 'all' && !scope.facilityIds.includes(service.facilityId))
  ) {
    throw new FieldValidationError([createErrorDetail(field, 'invalidOption')]);
  }
  return service;
}

/**
 * A request the provider enters for its own client's case: status `new`, its source, the caller as
 * who entered it (no carer sent it: no contractor, no e-mails), and the `created` event. A live
 * request of the same case and service answers `FacilityServiceAlreadyRequested`.
 */
export async function insertEntry(
  tx: DbExecutor,
  scope: ProviderScope,
  owner: { clientId: string; caseId: string },
  request: ProviderEntryRequest,
  fieldPrefix = '',
): Promise<string> {
  const service = await entryService(tx, scope, request.facilityServiceId, `${fieldPrefix}facilityServiceId`);
  const [status] = await tx
    .select({ id: requestStatuses.id })
    .from(requestStatuses)
    .where(eq(requestStatuses.code, 'new'));
  if (!status) throw new Error('Request status `new` is missing');
  try {
    // A savepoint: a refused insert leaves the transaction usable for the caller's answer.
    return await tx.transaction(async (savepoint) => {
      const [created] = await savepoint
        .insert(careRequests)
        .values({
          caseId: owner.caseId,
          providerId: scope.providerId,
          facilityServiceId: service.id,
          facilityId: service.facilityId,
          clientId: owner.clientId,
          statusId: status.id,
          note: request.message ?? null,
          contractorUserId: null,
          createdByUserId: scope.userId,
          source: request.source,
        })
        .returning({ id: careRequests.id });
      if (!created) throw new Error('Insert returned no request');
      await savepoint.insert(careRequestEvents).values({
        careRequestId: created.id,
        createdByUserId: scope.userId,
        kind: 'created',
        requestStatusId: status.id,
        payload: { source: request.source },
      });
      return created.id;
    });
  } catch (error) {
    const failure = postgresErrorOf(error);
    if (
      failure?.code === postgresErrorCodes.uniqueViolation &&
      failure.constraint === 'care_requests_case_id_facility_service_id_live_unique'
    ) {
      throw alreadyRequested();
    }
    throw error;
  }
}
