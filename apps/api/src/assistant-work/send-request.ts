import {
  type AssistantRequestInput,
  AssistantRequestInputSchema,
  type AssistantTaskEntry,
  createErrorDetail,
} from '@opora/contracts';
import {
  assistantTaskEntries,
  careRequestEvents,
  careRequests,
  cases,
  clients,
  consents,
  copyCaseSurveysToRequest,
  postgresErrorCodes,
  postgresErrorOf,
  requestStatuses,
} from '@opora/db';
import { eq } from 'drizzle-orm';
import type { Principal } from '../platform/auth.ts';
import { FieldValidationError, NotFoundError } from '../platform/errors.ts';
import { alreadyRequested, assertRequestable } from '../requests/open-request-draft.ts';
import type { RequestContext } from '../requests/request-context.ts';
import { queueRequestSentMails } from '../requests/request-mails.ts';
import { readRequestService } from '../requests/request-views.ts';
import { caseCareFrom } from '../requests/send-request-draft.ts';
import { recordStaffAction, staffActor } from '../staff-audit/record-staff-action.ts';
import { assistantSharingConsentVersion } from '../subscriptions/assistant-tasks.ts';
import { servicesWithOwnQuestionnaire } from './offer-marks.ts';
import { markFirstContact } from './task-actions.ts';
import { toEntry } from './task-entries.ts';
import { claimedTask } from './task-records.ts';

/**
 * `POST …/assistant-tasks/{taskId}/requests` (decision 0123): the claimant sends a request for the
 * client, as the subscriber would from the review page — the same checks (service offered, not yet
 * requested for the case, verified provider, the case's client, the subscriber's live plan), the case's
 * questionnaires copied, the provider's and the subscriber's e-mails — with the subscriber as the
 * request's contractor, the assistant as its author and `sent_by_assistant` set, so the provider sees
 * "sent by an Opora assistant for …". The hand-over's `assistant-sharing` consent covers sharing the
 * client's details. A service that asks its own questionnaire is refused beside `serviceId`: only the
 * carer can answer it. One transaction with the task's row lock: a double submit finds the request made
 * (`FacilityServiceAlreadyRequested`).
 */
export async function sendAssistantRequest(
  context: RequestContext,
  principal: Principal,
  taskId: string,
  body: AssistantRequestInput,
  now: Date,
): Promise<AssistantTaskEntry> {
  const input = AssistantRequestInputSchema.parse(body);
  const actor = await staffActor(context.db, principal);
  try {
    return await context.db.transaction(async (tx) => {
      const task = await claimedTask(tx, principal.userId, taskId, { lock: true });
      const [careCase] = await tx.select().from(cases).where(eq(cases.id, task.caseId));
      if (!careCase) throw new NotFoundError();
      const service = await assertRequestable(
        tx,
        task.userId,
        { id: careCase.id, clientId: careCase.clientId },
        await readRequestService(tx, input.serviceId),
      );
      const clientId = careCase.clientId;
      if (clientId === null) throw new NotFoundError();
      if ((await servicesWithOwnQuestionnaire(tx, [service.id])).size > 0)
        throw new FieldValidationError([createErrorDetail('serviceId', 'assistantServiceHasForms')]);

      const [status] = await tx
        .select({ id: requestStatuses.id })
        .from(requestStatuses)
        .where(eq(requestStatuses.code, 'new'));
      if (!status) throw new Error('Request status `new` is missing');
      const [created] = await tx
        .insert(careRequests)
        .values({
          caseId: careCase.id,
          providerId: service.provider.id,
          facilityServiceId: service.id,
          facilityId: service.facility.id,
          careFrom: await caseCareFrom(tx, careCase.id),
          clientId,
          statusId: status.id,
          note: input.message ?? null,
          contractorUserId: task.userId,
          createdByUserId: principal.userId,
          sentByAssistant: true,
          createdAt: now,
        })
        .returning({ id: careRequests.id });
      if (!created) throw new Error('Insert returned no request');
      await tx.insert(careRequestEvents).values({
        careRequestId: created.id,
        createdByUserId: principal.userId,
        kind: 'created',
        requestStatusId: status.id,
      });
      // The hand-over's consent let the assistants share the client's details with the providers they
      // contact: recorded with the request as the review page's consent is, naming where it came from.
      const [client] = await tx
        .select({ isSelf: clients.isSelf })
        .from(clients)
        .where(eq(clients.id, clientId));
      await tx.insert(consents).values({
        userId: task.userId,
        onBehalfOfClientId: client?.isSelf ? null : clientId,
        caseId: careCase.id,
        careRequestId: created.id,
        kind: 'provider-sharing',
        version: `assistant-sharing:${assistantSharingConsentVersion}`,
        grantedAt: task.consentedAt ?? now,
      });
      await copyCaseSurveysToRequest(tx, { caseId: careCase.id, careRequestId: created.id });
      await queueRequestSentMails(context, tx, created.id);
      const [entry] = await tx
        .insert(assistantTaskEntries)
        .values({
          taskId,
          kind: 'request-sent',
          createdAt: now,
          createdByUserId: actor.userId,
          createdByName: actor.name,
          facilityServiceId: service.id,
          serviceName: service.name,
          providerName: service.provider.name,
          careRequestId: created.id,
        })
        .returning();
      if (!entry) throw new Error('Insert returned no entry');
      await markFirstContact(tx, taskId, now);
      await recordStaffAction(tx, actor, {
        action: 'assistant-request-sent',
        recordType: 'assistant-task',
        recordId: taskId,
        recordLabel: `${service.provider.name} — ${service.name}`,
        details: { careRequestId: created.id },
      });
      return toEntry(entry);
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
