import { careRequests, cases, type DbExecutor, requestDrafts } from '@opora/db';
import { and, eq, not } from 'drizzle-orm';

/**
 * The caller's request draft (a draft of one of their cases), or undefined — another user's draft is
 * not told apart from a missing one. `lock: 'update'` holds the row until the transaction ends (a send
 * in progress), `'share'` lets saves of answers run together but not beside a send.
 */
export async function findOwnDraft(
  db: DbExecutor,
  userId: string,
  draftId: string,
  { lock }: { lock?: 'update' | 'share' } = {},
) {
  const query = db
    .select({
      id: requestDrafts.id,
      caseId: requestDrafts.caseId,
      facilityServiceId: requestDrafts.facilityServiceId,
      clientId: cases.clientId,
    })
    .from(requestDrafts)
    .innerJoin(cases, eq(cases.id, requestDrafts.caseId))
    .where(and(eq(requestDrafts.id, draftId), eq(cases.ownerUserId, userId)));
  const [row] = lock ? await query.for(lock, { of: requestDrafts }) : await query;
  return row;
}

export type OwnDraft = NonNullable<Awaited<ReturnType<typeof findOwnDraft>>>;

/** The request the caller's draft became when it was sent (the draft is gone then), or undefined. */
export async function requestSentFromDraft(
  db: DbExecutor,
  userId: string,
  draftId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: careRequests.id })
    .from(careRequests)
    .innerJoin(cases, eq(cases.id, careRequests.caseId))
    .where(and(eq(careRequests.draftId, draftId), eq(cases.ownerUserId, userId)));
  return row?.id;
}

/**
 * The live request of a case to a service, if one was sent (one per case and service; a withdrawn or
 * expired one lets the case ask again).
 */
export async function requestOfCaseAndService(
  db: DbExecutor,
  caseId: string,
  serviceId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: careRequests.id })
    .from(careRequests)
    .where(
      and(
        eq(careRequests.caseId, caseId),
        eq(careRequests.facilityServiceId, serviceId),
        not(careRequests.allowsNewRequest),
      ),
    );
  return row?.id;
}
