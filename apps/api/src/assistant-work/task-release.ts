import {
  type AssistantQueueItem,
  type AssistantTaskReassign,
  AssistantTaskReassignSchema,
  type AssistantTaskRelease,
  AssistantTaskReleaseSchema,
  createErrorDetail,
  rolesCan,
} from '@opora/contracts';
import { assistantTaskEntries, assistantTasks, type DbExecutor } from '@opora/db';
import { and, eq } from 'drizzle-orm';
import type { Principal } from '../platform/auth.ts';
import { FieldValidationError, NotFoundError } from '../platform/errors.ts';
import type { RequestContext } from '../requests/request-context.ts';
import { recordStaffAction, type StaffActor, staffActor } from '../staff-audit/record-staff-action.ts';
import { type AssistantListContext, listAssistants } from './assistant-list.ts';
import { firstNameOf } from './carer-view.ts';
import { subscriberOf } from './task-actions.ts';
import {
  consentedTask,
  readQueueItem,
  stepInstant,
  taskClaimedError,
  taskClosedError,
  taskNotClaimedError,
} from './task-records.ts';

/**
 * The task locked for moving its claim, as the caller saw it claimed by `claimantId`. Under the row lock
 * that claims take, so of simultaneous claims, releases and reassignments each sees the one before it:
 * 404 when the task is missing or — to anyone who may not move others' claims — not the caller's (as the
 * other claimant-only routes answer); 409 when it is closed, nobody has it, or another has it now.
 */
async function claimToMove(tx: DbExecutor, principal: Principal, taskId: string, claimantId: string) {
  const [task] = await tx
    .select()
    .from(assistantTasks)
    .where(and(eq(assistantTasks.id, taskId), consentedTask))
    .for('update');
  if (!task) throw new NotFoundError();
  const movesOthers = rolesCan(principal.roles, 'reassignAssistantTask');
  if (!movesOthers && task.claimedByUserId !== principal.userId) throw new NotFoundError();
  if (task.status === 'done') throw taskClosedError();
  if (!task.claimedByUserId || !task.claimedByName) throw taskNotClaimedError();
  if (task.claimedByUserId !== claimantId) throw taskClaimedError(task.claimedByName);
  return { id: task.id, claimantId: task.claimedByUserId, claimantName: task.claimedByName };
}

/** The audit log's label of a task: its case's code. */
async function caseCodeOf(tx: DbExecutor, taskId: string): Promise<string> {
  return (await subscriberOf(tx, taskId, ''))?.caseCode ?? taskId;
}

/**
 * `POST …/assistant-tasks/{taskId}/release` (decision 0127): the claim the caller saw ends and the task
 * is back in the queue, unclaimed, with its first contact due as before. The claimant releases their
 * own; a platform administrator anyone's. A history entry (with whose claim it was and the note, which
 * the carer does not see) and an audit entry; the carer is not e-mailed — they hear from the next
 * assistant who takes it, and their page says it is waiting again.
 */
export async function releaseAssistantTask(
  context: RequestContext,
  principal: Principal,
  taskId: string,
  body: AssistantTaskRelease,
  now: Date,
): Promise<AssistantQueueItem> {
  const input = AssistantTaskReleaseSchema.parse(body);
  const actor = await staffActor(context.db, principal);
  await context.db.transaction(async (tx) => {
    const claim = await claimToMove(tx, principal, taskId, input.claimantId);
    const at = await stepInstant(tx, taskId, now);
    await tx
      .update(assistantTasks)
      .set({ claimedByUserId: null, claimedByName: null, claimedAt: null })
      .where(eq(assistantTasks.id, taskId));
    await tx.insert(assistantTaskEntries).values({
      ...entryBy(actor, taskId, at),
      kind: 'released',
      note: input.note ?? null,
      releasedFromUserId: claim.claimantId,
      releasedFromName: claim.claimantName,
    });
    await recordStaffAction(tx, actor, {
      action: 'assistant-task-released',
      recordType: 'assistant-task',
      recordId: taskId,
      recordLabel: await caseCodeOf(tx, taskId),
      reason: input.note ?? null,
      details: { releasedFromUserId: claim.claimantId, releasedFromName: claim.claimantName },
    });
  });
  return readQueueItem(context.db, principal.userId, taskId, now);
}

/**
 * `POST …/assistant-tasks/{taskId}/reassign` (platform administrators): the claim the caller saw moves
 * to another account with the `assistant` role (400 beside `assistantId` for anyone else, the claimant
 * included). The new claimant sees the client's record from now on and the former one no longer; the
 * carer is e-mailed who is on it now, as on a claim.
 */
export async function reassignAssistantTask(
  context: RequestContext & AssistantListContext,
  principal: Principal,
  taskId: string,
  body: AssistantTaskReassign,
  now: Date,
): Promise<AssistantQueueItem> {
  const input = AssistantTaskReassignSchema.parse(body);
  const actor = await staffActor(context.db, principal);
  // Who holds the role is the identity server's to say, read before the lock is taken.
  const assignee = (await listAssistants(context)).items.find(
    (assistant) => assistant.userId === input.assistantId,
  );
  if (!assignee || assignee.userId === input.claimantId) {
    throw new FieldValidationError([createErrorDetail('assistantId', 'invalidOption')]);
  }
  await context.db.transaction(async (tx) => {
    const claim = await claimToMove(tx, principal, taskId, input.claimantId);
    const at = await stepInstant(tx, taskId, now);
    await tx
      .update(assistantTasks)
      .set({ claimedByUserId: assignee.userId, claimedByName: assignee.name, claimedAt: at })
      .where(eq(assistantTasks.id, taskId));
    await tx.insert(assistantTaskEntries).values({
      ...entryBy(actor, taskId, at),
      kind: 'reassigned',
      note: input.note ?? null,
      releasedFromUserId: claim.claimantId,
      releasedFromName: claim.claimantName,
      assignedToUserId: assignee.userId,
      assignedToName: assignee.name,
    });
    await recordStaffAction(tx, actor, {
      action: 'assistant-task-reassigned',
      recordType: 'assistant-task',
      recordId: taskId,
      recordLabel: await caseCodeOf(tx, taskId),
      reason: input.note ?? null,
      details: {
        releasedFromUserId: claim.claimantId,
        releasedFromName: claim.claimantName,
        assignedToUserId: assignee.userId,
        assignedToName: assignee.name,
      },
    });
    const subscriber = await subscriberOf(tx, taskId, context.config.publicUrl);
    if (subscriber?.email) {
      await context.mailer.queue(tx, {
        to: subscriber.email,
        locale: subscriber.locale,
        template: 'assistant-task-claimed',
        params: {
          link: subscriber.link,
          assistantName: firstNameOf(assignee.name),
          caseCode: subscriber.caseCode,
        },
      });
    }
  });
  return readQueueItem(context.db, principal.userId, taskId, now);
}

function entryBy(actor: StaffActor, taskId: string, now: Date) {
  return { taskId, createdAt: now, createdByUserId: actor.userId, createdByName: actor.name };
}
