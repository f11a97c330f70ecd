import type { AssistantTaskDetail, CareRequestStatusCode, ServiceOfferItem } from '@opora/contracts';
import { careRequests, cases, facilityServices, providers, requestStatuses } from '@opora/db';
import { asc, eq } from 'drizzle-orm';
import { getClientServiceOffer } from '../clients/client-service-offer.ts';
import { readClient } from '../clients/client-views.ts';
import type { Principal } from '../platform/auth.ts';
import { AppError, NotFoundError } from '../platform/errors.ts';
import type { RequestContext } from '../requests/request-context.ts';
import { recordStaffAction, staffActor } from '../staff-audit/record-staff-action.ts';
import { markOffer } from './offer-marks.ts';
import { readEntries } from './task-entries.ts';
import { claimedTask, readQueueItem } from './task-records.ts';

/** The client's recommended services for the case, as the carer's offer shows them; none without a plan. */
async function offerOf(
  context: RequestContext,
  subscriberId: string,
  clientId: string,
  caseId: string,
  now: Date,
): Promise<ServiceOfferItem[]> {
  try {
    const offer = await getClientServiceOffer(
      context.db,
      subscriberId,
      clientId,
      { caseId, area: 'county', page: 1, pageSize: 50 },
      now,
    );
    return offer.items;
  } catch (error) {
    // The subscriber's plan ran out: the assistant still sees the record, and no offer.
    if (error instanceof AppError && error.code === 'InsufficientSubscription') return [];
    throw error;
  }
}

/**
 * `GET …/assistant-tasks/{taskId}`: what the claimant works with — the client's record, the case, the
 * services to call, the requests of the case and the history. Only the task's claimant sees it (404 for
 * anyone else, platform administrators included: staff see a client's health data only through a task
 * they claimed), and every view is written to the audit log (issue 25 §5).
 */
export async function readAssistantTaskDetail(
  context: RequestContext,
  principal: Principal,
  taskId: string,
  now: Date,
): Promise<AssistantTaskDetail> {
  const { db } = context;
  const task = await claimedTask(db, principal.userId, taskId, { lock: false, closed: true });
  const [careCase] = await db.select().from(cases).where(eq(cases.id, task.caseId));
  if (!careCase) throw new NotFoundError();
  const client = careCase.clientId ? await readClient(db, task.userId, careCase.clientId) : null;
  const offer = careCase.clientId
    ? await offerOf(context, task.userId, careCase.clientId, careCase.id, now)
    : [];
  const requests = await db
    .select({
      id: careRequests.id,
      serviceId: facilityServices.id,
      serviceName: facilityServices.name,
      providerName: providers.name,
      status: requestStatuses.code,
      createdAt: careRequests.createdAt,
      sentByAssistant: careRequests.sentByAssistant,
    })
    .from(careRequests)
    .innerJoin(facilityServices, eq(facilityServices.id, careRequests.facilityServiceId))
    .innerJoin(providers, eq(providers.id, careRequests.providerId))
    .innerJoin(requestStatuses, eq(requestStatuses.id, careRequests.statusId))
    .where(eq(careRequests.caseId, careCase.id))
    .orderBy(asc(careRequests.createdAt));
  const detail: AssistantTaskDetail = {
    task: await readQueueItem(db, principal.userId, taskId, now),
    client,
    case: { id: careCase.id, code: careCase.code, name: careCase.name },
    offer: await markOffer(db, offer),
    requests: requests.map((request) => ({
      id: request.id,
      service: { id: request.serviceId, name: request.serviceName, providerName: request.providerName },
      status: request.status as CareRequestStatusCode,
      createdAt: request.createdAt.toISOString(),
      sentByAssistant: request.sentByAssistant,
    })),
    entries: await readEntries(db, taskId),
    summary: task.summary,
  };
  if (client) {
    const actor = await staffActor(db, principal);
    await db.transaction((tx) =>
      recordStaffAction(tx, actor, {
        action: 'client-record-viewed',
        recordType: 'assistant-task',
        recordId: taskId,
        recordLabel: careCase.code,
        details: { clientId: client.id },
      }),
    );
  }
  return detail;
}
