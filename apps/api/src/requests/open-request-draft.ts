import type { RequestDraft } from '@opora/contracts';
import { type Db, type DbExecutor, requestDrafts } from '@opora/db';
import { and, eq } from 'drizzle-orm';
import { findOwnCase } from '../cases/own-case.ts';
import type { Principal } from '../platform/auth.ts';
import { AppError, ConflictError, NotFoundError } from '../platform/errors.ts';
import { requireActiveSubscription } from '../subscriptions/active-subscription.ts';
import { type OwnDraft, requestOfCaseAndService } from './own-draft.ts';
import {
  type RequestService,
  readDocuments,
  readDraftSurveys,
  readRequestCase,
  readRequestClient,
  readRequester,
  readRequestService,
  withoutStatus,
} from './request-views.ts';

/** Version of the text of the consent to hand the information to the provider (review page). */
export const providerSharingConsentVersion = '2026-11';

export function alreadyRequested(): AppError {
  return new AppError('FacilityServiceAlreadyRequested', 'This service was already requested for this case.');
}

export function providerNotVerified(): AppError {
  return new AppError(
    'FacilityServiceProviderNotVerified',
    'Services of a provider whose registration was not verified cannot be requested.',
  );
}

/**
 * What stands between a case and a request to a service, checked in the order a caller can act on:
 * the service must be offered (active, its provider listed), not requested for the case yet, by a verified provider (SPEC §8), the
 * case must have its client, and the caller an active subscription (SPEC §4, 402).
 */
export async function assertRequestable(
  db: DbExecutor,
  userId: string,
  careCase: { id: string; clientId: string | null },
  service: RequestService | undefined,
): Promise<RequestService> {
  // An unpaid provider's service is out of the catalogue (decision 0098): not offered, as a draft is not.
  if (service?.status !== 'active' || !service.listed) throw new NotFoundError('The service is not offered.');
  if (await requestOfCaseAndService(db, careCase.id, service.id)) throw alreadyRequested();
  if (!service.provider.verified) throw providerNotVerified();
  if (careCase.clientId === null) {
    throw new ConflictError('The case has no client yet; enter the client’s details first.');
  }
  await requireActiveSubscription(db, userId);
  return service;
}

/** The review page of a draft: the case, service, client and requester, the questionnaires, the files. */
export async function readRequestDraft(
  db: DbExecutor,
  userId: string,
  draft: OwnDraft,
): Promise<RequestDraft> {
  if (draft.clientId === null) throw new NotFoundError();
  const [careCase, service, client, requester, surveys, documents] = await Promise.all([
    readRequestCase(db, userId, draft.caseId),
    readRequestService(db, draft.facilityServiceId),
    readRequestClient(db, userId, draft.clientId),
    readRequester(db, userId),
    readDraftSurveys(db, draft.id, draft.facilityServiceId),
    readDocuments(db, { requestDraftId: draft.id }),
  ]);
  if (!service) throw new NotFoundError();
  return {
    id: draft.id,
    case: careCase,
    service: withoutStatus(service),
    client,
    requester,
    surveys,
    documents,
    consentVersion: providerSharingConsentVersion,
  };
}

/**
 * `PUT /cases/{caseId}/request-drafts/{serviceId}`: the review page of a request of the caller's case
 * to a service — made on the first call, the same draft afterwards (one per case and service; calls at
 * the same time make one). Another user's case answers 404.
 */
export async function openRequestDraft(
  db: Db,
  principal: Principal,
  { caseId, serviceId }: { caseId: string; serviceId: string },
): Promise<RequestDraft> {
  const careCase = await findOwnCase(db, principal.userId, caseId);
  const service = await readRequestService(db, serviceId);
  await assertRequestable(db, principal.userId, careCase, service);
  await db
    .insert(requestDrafts)
    .values({ caseId, facilityServiceId: serviceId, createdByUserId: principal.userId })
    .onConflictDoNothing({ target: [requestDrafts.caseId, requestDrafts.facilityServiceId] });
  const [row] = await db
    .select({ id: requestDrafts.id })
    .from(requestDrafts)
    .where(and(eq(requestDrafts.caseId, caseId), eq(requestDrafts.facilityServiceId, serviceId)));
  const draftId = row?.id;
  // Sent (and so deleted) between the insert and this read.
  if (!draftId) throw alreadyRequested();
  return readRequestDraft(db, principal.userId, {
    id: draftId,
    caseId,
    facilityServiceId: serviceId,
    clientId: careCase.clientId,
  });
}
