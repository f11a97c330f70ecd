import {
  type AssistantCallInput,
  AssistantCallInputSchema,
  type AssistantQueueItem,
  type AssistantTaskClose,
  AssistantTaskCloseSchema,
  type AssistantTaskEntry,
  paths,
} from '@opora/contracts';
import { assistantTaskEntries, assistantTasks, cases, type DbExecutor, users } from '@opora/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Principal } from '../platform/auth.ts';
import { NotFoundError } from '../platform/errors.ts';
import type { RequestContext } from '../requests/request-context.ts';
import { recordStaffAction, staffActor } from '../staff-audit/record-staff-action.ts';
import { firstNameOf } from './carer-view.ts';
import { serviceNamed, toEntry } from './task-entries.ts';
import {
  claimedTask,
  consentedTask,
  readQueueItem,
  stepInstant,
  taskClaimedError,
  taskClosedError,
} from './task-records.ts';

/** The subscriber of a task: where their e-mails go, in their language, and the client page's link. */
export async function subscriberOf(tx: DbExecutor, taskId: string, publicUrl: string) {
  const [row] = await tx
    .select({ email: users.email, locale: users.locale, caseCode: cases.code, clientId: cases.clientId })
    .from(assistantTasks)
    .innerJoin(users, eq(users.id, assistantTasks.userId))
    .innerJoin(cases, eq(cases.id, assistantTasks.caseId))
    .where(eq(assistantTasks.id, taskId));
  if (!row) return undefined;
  const link = row.clientId
    ? `${publicUrl}${paths.dashboardClient.getHref({ id: row.clientId })}`
    : `${publicUrl}${paths.dashboard.getHref()}`;
  return { ...row, link };
}

/** Marks the first contact (the first call or request) of the task. */
export async function markFirstContact(tx: DbExecutor, taskId: string, now: Date): Promise<void> {
  await tx
    .update(assistantTasks)
    .set({ firstContactAt: now })
    .where(and(eq(assistantTasks.id, taskId), isNull(assistantTasks.firstContactAt)));
}

/**
 * `POST …/assistant-tasks/{taskId}/claim` (decision 0123): the caller takes an open task. Under the
 * task's row lock, so of two assistants claiming at once one wins and the other is told who has it
 * (409 `AssistantTaskClaimed`); claiming one's own again answers it unchanged. The carer is e-mailed
 * that an assistant is on it; the audit log records the claim.
 */
export async function claimAssistantTask(
  context: RequestContext,
  principal: Principal,
  taskId: string,
  now: Date,
): Promise<AssistantQueueItem> {
  const actor = await staffActor(context.db, principal);
  await context.db.transaction(async (tx) => {
    const [task] = await tx
      .select()
      .from(assistantTasks)
      .where(and(eq(assistantTasks.id, taskId), consentedTask))
      .for('update');
    if (!task) throw new NotFoundError();
    if (task.status === 'done') throw taskClosedError();
    if (task.claimedByUserId === principal.userId) return;
    if (task.claimedAt) throw taskClaimedError(task.claimedByName ?? '');
    const at = await stepInstant(tx, taskId, now);
    await tx
      .update(assistantTasks)
      .set({ claimedByUserId: principal.userId, claimedByName: actor.name, claimedAt: at })
      .where(eq(assistantTasks.id, taskId));
    await tx.insert(assistantTaskEntries).values({
      taskId,
      kind: 'claimed',
      createdAt: at,
      createdByUserId: actor.userId,
      createdByName: actor.name,
    });
    await recordStaffAction(tx, actor, {
      action: 'assistant-task-claimed',
      recordType: 'assistant-task',
      recordId: taskId,
      recordLabel: (await subscriberOf(tx, taskId, ''))?.caseCode ?? taskId,
    });
    const subscriber = await subscriberOf(tx, taskId, context.config.publicUrl);
    if (subscriber?.email) {
      await context.mailer.queue(tx, {
        to: subscriber.email,
        locale: subscriber.locale,
        template: 'assistant-task-claimed',
        params: {
          link: subscriber.link,
          assistantName: firstNameOf(actor.name),
          caseCode: subscriber.caseCode,
        },
      });
    }
  });
  return readQueueItem(context.db, principal.userId, taskId, now);
}

/**
 * `POST …/{taskId}/calls`: the claimant logs a call to a service's provider — its outcome, a note and
 * when to call again (a reminder comes that morning). The first call is the task's first contact.
 */
export async function logAssistantCall(
  context: RequestContext,
  principal: Principal,
  taskId: string,
  body: AssistantCallInput,
  now: Date,
): Promise<AssistantTaskEntry> {
  const input = AssistantCallInputSchema.parse(body);
  const actor = await staffActor(context.db, principal);
  return context.db.transaction(async (tx) => {
    await claimedTask(tx, principal.userId, taskId, { lock: true });
    const service = await serviceNamed(tx, input.serviceId);
    const [entry] = await tx
      .insert(assistantTaskEntries)
      .values({
        taskId,
        kind: 'call',
        createdAt: now,
        createdByUserId: actor.userId,
        createdByName: actor.name,
        facilityServiceId: service.id,
        serviceName: service.name,
        providerName: service.providerName,
        outcome: input.outcome,
        note: input.note ?? null,
        followUpOn: input.followUpOn ?? null,
      })
      .returning();
    if (!entry) throw new Error('Insert returned no entry');
    await markFirstContact(tx, taskId, now);
    await recordStaffAction(tx, actor, {
      action: 'assistant-call-logged',
      recordType: 'assistant-task',
      recordId: taskId,
      recordLabel: `${service.providerName} — ${service.name}`,
      reason: input.outcome,
    });
    return toEntry(entry);
  });
}

/**
 * `POST …/{taskId}/close`: the claimant closes the task with the summary the carer is e-mailed and
 * sees on the client page. Nothing more is logged or sent in a closed task.
 */
export async function closeAssistantTask(
  context: RequestContext,
  principal: Principal,
  taskId: string,
  body: AssistantTaskClose,
  now: Date,
): Promise<AssistantQueueItem> {
  const input = AssistantTaskCloseSchema.parse(body);
  const actor = await staffActor(context.db, principal);
  await context.db.transaction(async (tx) => {
    await claimedTask(tx, principal.userId, taskId, { lock: true });
    await tx
      .update(assistantTasks)
      .set({ status: 'done', completedAt: now, summary: input.summary, updatedAt: sql`now()` })
      .where(eq(assistantTasks.id, taskId));
    await tx.insert(assistantTaskEntries).values({
      taskId,
      kind: 'closed',
      createdAt: now,
      createdByUserId: actor.userId,
      createdByName: actor.name,
    });
    const subscriber = await subscriberOf(tx, taskId, context.config.publicUrl);
    await recordStaffAction(tx, actor, {
      action: 'assistant-task-closed',
      recordType: 'assistant-task',
      recordId: taskId,
      recordLabel: subscriber?.caseCode ?? taskId,
    });
    if (subscriber?.email) {
      await context.mailer.queue(tx, {
        to: subscriber.email,
        locale: subscriber.locale,
        template: 'assistant-task-closed',
        params: {
          link: subscriber.link,
          assistantName: firstNameOf(actor.name),
          caseCode: subscriber.caseCode,
          summary: input.summary,
        },
      });
    }
  });
  return readQueueItem(context.db, principal.userId, taskId, now);
}
