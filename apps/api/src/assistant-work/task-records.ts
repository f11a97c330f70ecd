import { type AssistantQueue, type AssistantQueueItem, fullName } from '@opora/contracts';
import { assistantTaskEntries, assistantTasks, cases, type DbExecutor, users } from '@opora/db';
import { and, asc, count, eq, gte, isNotNull, max, type SQL, sql } from 'drizzle-orm';
import { AppError, NotFoundError } from '../platform/errors.ts';

/** `AssistantTaskClaimed` (409): another assistant took the task first. */
export function taskClaimedError(name: string): AppError {
  return new AppError('AssistantTaskClaimed', `${name} has taken this task already.`, {
    extensions: { claimedBy: name },
  });
}

/** `AssistantTaskClosed` (409): the task is closed. */
export function taskClosedError(): AppError {
  return new AppError('AssistantTaskClosed', 'The task is closed.');
}

/** `AssistantTaskNotClaimed` (409): nobody has the task (it went back to the queue meanwhile). */
export function taskNotClaimedError(): AppError {
  return new AppError('AssistantTaskNotClaimed', 'Nobody has this task now.');
}

/** The tasks assistants may see: handed over with the subscriber's consent (decision 0123). */
export const consentedTask = isNotNull(assistantTasks.consentedAt);

/** Reads tasks as the queue lists them, for `callerId`. */
export async function readQueueItems(
  db: DbExecutor,
  callerId: string,
  where: SQL | undefined,
  now: Date,
  limit = 500,
): Promise<AssistantQueueItem[]> {
  const rows = await db
    .select({
      task: assistantTasks,
      caseCode: cases.code,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
    })
    .from(assistantTasks)
    .innerJoin(cases, eq(cases.id, assistantTasks.caseId))
    .innerJoin(users, eq(users.id, assistantTasks.userId))
    .where(and(consentedTask, where))
    .orderBy(asc(assistantTasks.createdAt), asc(assistantTasks.id))
    .limit(limit);
  return rows.map(({ task, caseCode, firstName, lastName, email, phone }) => ({
    id: task.id,
    caseId: task.caseId,
    caseCode,
    status: task.status,
    contactChannel: task.contactChannel,
    preferredTime: task.preferredTime,
    note: task.note,
    user: { fullName: fullName({ firstName, lastName }), email: email ?? '', phone },
    createdAt: task.createdAt.toISOString(),
    dueAt: task.dueAt.toISOString(),
    overdue: task.status === 'open' && task.firstContactAt === null && task.dueAt < now,
    claimedBy:
      task.claimedByUserId && task.claimedByName
        ? { userId: task.claimedByUserId, name: task.claimedByName }
        : null,
    claimedAt: task.claimedAt?.toISOString() ?? null,
    mine: task.claimedByUserId === callerId,
    firstContactAt: task.firstContactAt?.toISOString() ?? null,
    closedAt: task.completedAt?.toISOString() ?? null,
  }));
}

/** One task as the queue lists it; 404 when it is not an assistant's (no consent) or missing. */
export async function readQueueItem(
  db: DbExecutor,
  callerId: string,
  taskId: string,
  now: Date,
): Promise<AssistantQueueItem> {
  const [item] = await readQueueItems(db, callerId, eq(assistantTasks.id, taskId), now, 1);
  if (!item) throw new NotFoundError();
  return item;
}

/** `GET /api/v1/admin/assistant-tasks`: the open tasks oldest first, and the queue's health. */
export async function listAssistantQueue(
  db: DbExecutor,
  callerId: string,
  now: Date,
): Promise<AssistantQueue> {
  const open = and(consentedTask, eq(assistantTasks.status, 'open'));
  const [counts] = await db
    .select({
      open: count(),
      unclaimed: count(sql`case when ${assistantTasks.claimedAt} is null then 1 end`),
      overdue: count(
        sql`case when ${assistantTasks.firstContactAt} is null and ${assistantTasks.dueAt} < ${now} then 1 end`,
      ),
    })
    .from(assistantTasks)
    .where(open);
  const since = new Date(now.getTime() - 30 * 86_400_000);
  const [median] = await db
    .select({
      hours: sql<
        number | null
      >`percentile_cont(0.5) within group (order by extract(epoch from ${assistantTasks.firstContactAt} - ${assistantTasks.createdAt}) / 3600)`,
    })
    .from(assistantTasks)
    .where(
      and(consentedTask, isNotNull(assistantTasks.firstContactAt), gte(assistantTasks.createdAt, since)),
    );
  return {
    items: await readQueueItems(db, callerId, eq(assistantTasks.status, 'open'), now),
    health: {
      open: counts?.open ?? 0,
      unclaimed: counts?.unclaimed ?? 0,
      overdue: counts?.overdue ?? 0,
      medianHoursToFirstContact:
        median?.hours === null || median?.hours === undefined
          ? null
          : Math.round(Number(median.hours) * 10) / 10,
    },
  };
}

/**
 * The task locked for a change by its claimant: 404 unless the caller has it (staff see a client only
 * through a task they claimed, issue 25 §5), 409 `AssistantTaskClosed` once closed (unless `closed`
 * is allowed, for reading).
 */
export async function claimedTask(
  tx: DbExecutor,
  callerId: string,
  taskId: string,
  { lock, closed = false }: { lock: boolean; closed?: boolean },
) {
  const query = tx
    .select()
    .from(assistantTasks)
    .where(and(eq(assistantTasks.id, taskId), consentedTask, eq(assistantTasks.claimedByUserId, callerId)));
  const [task] = lock ? await query.for('update') : await query;
  if (!task) throw new NotFoundError();
  if (task.status === 'done' && !closed) throw taskClosedError();
  return task;
}

/**
 * When a step that moves a locked task's claim (taken, given back, given to another) is recorded: the
 * request's instant, or just after the task's last entry when that is not earlier. A request read its
 * clock before it waited for the lock, maybe behind the very step it found done; the history, ordered
 * by instant (on the page too), must tell the steps in the order they took the lock.
 */
export async function stepInstant(tx: DbExecutor, taskId: string, now: Date): Promise<Date> {
  const [row] = await tx
    .select({ last: max(assistantTaskEntries.createdAt) })
    .from(assistantTaskEntries)
    .where(eq(assistantTaskEntries.taskId, taskId));
  const last = row?.last;
  return last && last.getTime() >= now.getTime() ? new Date(last.getTime() + 1) : now;
}
