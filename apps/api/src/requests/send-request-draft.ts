import { type CareRequest, type CareRequestSend, createErrorDetail, IsoDateSchema } from '@opora/contracts';
import {
  careRequestEvents,
  careRequests,
  clients,
  consents,
  copyCaseSurveysToRequest,
  type DbExecutor,
  documents,
  postgresErrorCodes,
  postgresErrorOf,
  requestDrafts,
  requestStatuses,
  surveyAnswers,
} from '@opora/db';
import { and, eq, sql } from 'drizzle-orm';
import type { Principal } from '../platform/auth.ts';
import { FieldValidationError, NotFoundError } from '../platform/errors.ts';
import { readCareRequest } from './care-request-view.ts';
import { alreadyRequested, assertRequestable, providerSharingConsentVersion } from './open-request-draft.ts';
import { findOwnDraft, requestSentFromDraft } from './own-draft.ts';
import type { RequestContext } from './request-context.ts';
import { queueRequestSentMails } from './request-mails.ts';
import { readDraftSurveys, readRequestService } from './request-views.ts';

/**
 * From when the case wants care: the case survey's `start-date` answer when it is a real
 * `yyyy-MM-dd` date (the inbox's "date" column), else null.
 */
export async function caseCareFrom(tx: DbExecutor, caseId: string): Promise<string | null> {
  const [row] = await tx
    // One field of the JSON answers (the builder has no `->>`).
    .select({ startDate: sql`${surveyAnswers.answers} ->> 'start-date'` })
    .from(surveyAnswers)
    .where(and(eq(surveyAnswers.caseId, caseId), eq(surveyAnswers.surveyType, 'case')));
  const parsed = IsoDateSchema.safeParse(row?.startDate);
  return parsed.success ? parsed.data : null;
}

/** The body after the contracts' schema: the consent given, the note trimmed (or left out). */
type SendInput = { providerConsent: true; message?: CareRequestSend['message'] };

/**
 * `POST /request-drafts/{draftId}/send`: the caller's draft becomes the care request, in one
 * transaction that holds the draft's row lock throughout — the checks of `assertRequestable` (service
 * offered, not yet requested, verified provider, the case's client, an active subscription), every
 * questionnaire the service asks for answered completely (else `allFormsRequired` on
 * `surveys.<definitionId>`), then the request in status `new` with its `created` event, the
 * `provider-sharing` consent (who gave it, for whom, which text), the draft's answers and documents
 * moved to the request, a copy of the case's questionnaires made, the e-mails to the provider and the
 * sender queued, and the draft deleted.
 *
 * Sending again — a double click, a retry after a lost answer, twenty at once — finds the draft gone
 * and its request carrying the draft's id, and answers that request: one request, one event, one
 * e-mail each. The note is never logged.
 */
export async function sendRequestDraft(
  context: RequestContext,
  principal: Principal,
  draftId: string,
  input: SendInput,
): Promise<CareRequest> {
  const { db } = context;
  const userId = principal.userId;
  let careRequestId: string;
  try {
    careRequestId = await db.transaction(async (tx) => {
      const draft = await findOwnDraft(tx, userId, draftId, { lock: 'update' });
      if (!draft) {
        const sent = await requestSentFromDraft(tx, userId, draftId);
        if (sent) return sent;
        throw new NotFoundError();
      }
      const service = await assertRequestable(
        tx,
        userId,
        { id: draft.caseId, clientId: draft.clientId },
        await readRequestService(tx, draft.facilityServiceId),
      );
      const clientId = draft.clientId;
      if (clientId === null) throw new NotFoundError();

      const unfilled = (await readDraftSurveys(tx, draft.id, draft.facilityServiceId)).filter(
        (survey) => !survey.complete,
      );
      if (unfilled.length > 0) {
        throw new FieldValidationError(
          unfilled.map((survey) =>
            createErrorDetail(`surveys.${survey.surveyDefinitionId}`, 'allFormsRequired'),
          ),
          'ValidationFailed',
          'All forms must be filled before submitting the request.',
        );
      }

      const [facts] = await tx
        .select({ id: requestStatuses.id, isSelf: clients.isSelf })
        .from(requestStatuses)
        .innerJoin(clients, eq(clients.id, clientId))
        .where(eq(requestStatuses.code, 'new'));
      if (!facts) throw new Error('Request status `new` or the client is missing');
      const [created] = await tx
        .insert(careRequests)
        .values({
          caseId: draft.caseId,
          providerId: service.provider.id,
          facilityServiceId: service.id,
          facilityId: service.facility.id,
          careFrom: await caseCareFrom(tx, draft.caseId),
          clientId,
          statusId: facts.id,
          note: input.message ?? null,
          contractorUserId: userId,
          createdByUserId: userId,
          draftId: draft.id,
        })
        .returning({ id: careRequests.id });
      if (!created) throw new Error('Insert returned no request');
      await tx.insert(careRequestEvents).values({
        careRequestId: created.id,
        createdByUserId: userId,
        kind: 'created',
        requestStatusId: facts.id,
      });
      await tx.insert(consents).values({
        userId,
        onBehalfOfClientId: facts.isSelf ? null : clientId,
        caseId: draft.caseId,
        careRequestId: created.id,
        kind: 'provider-sharing',
        version: providerSharingConsentVersion,
      });
      await tx
        .update(surveyAnswers)
        .set({
          careRequestId: created.id,
          requestDraftId: null,
          submittedAt: sql`coalesce(${surveyAnswers.submittedAt}, now())`,
        })
        .where(eq(surveyAnswers.requestDraftId, draft.id));
      await copyCaseSurveysToRequest(tx, { caseId: draft.caseId, careRequestId: created.id });
      await tx
        .update(documents)
        .set({ careRequestId: created.id, requestDraftId: null })
        .where(eq(documents.requestDraftId, draft.id));
      await tx.delete(requestDrafts).where(eq(requestDrafts.id, draft.id));
      await queueRequestSentMails(context, tx, created.id);
      return created.id;
    });
  } catch (error) {
    // Another draft of the same case and service cannot exist, but a request made another way (an
    // assistant, the provider's own entry) can win the race for the case and service.
    const failure = postgresErrorOf(error);
    if (
      failure?.code === postgresErrorCodes.uniqueViolation &&
      failure.constraint === 'care_requests_case_id_facility_service_id_live_unique'
    ) {
      throw alreadyRequested();
    }
    throw error;
  }
  return readCareRequest(db, userId, careRequestId);
}
