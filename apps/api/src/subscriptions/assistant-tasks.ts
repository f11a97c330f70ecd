import type { AssistantTask, AssistantTaskInput } from '@opora/contracts';
import { fullName } from '@opora/contracts';
import { assistantTasks, cases, type Db, type DbExecutor, users } from '@opora/db';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import { findOwnCase } from '../cases/own-case.ts';
import { AppError } from '../platform/errors.ts';
import { findActiveSubscription } from './active-subscription.ts';

async function readTasks(db: DbExecutor, where: SQL, limit = 200): Promise<AssistantTask[]> {
  const rows = await db
    .select({
      id: assistantTasks.id,
      caseId: assistantTasks.caseId,
      caseCode: cases.code,
      status: assistantTasks.status,
      contactChannel: assistantTasks.contactChannel,
      preferredTime: assistantTasks.preferredTime,
      note: assistantTasks.note,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      createdAt: assistantTasks.createdAt,
    })
    .from(assistantTasks)
    .innerJoin(cases, eq(cases.id, assistantTasks.caseId))
    .innerJoin(users, eq(users.id, assistantTasks.userId))
    .where(where)
    .orderBy(asc(assistantTasks.createdAt), asc(assistantTasks.id))
    .limit(limit);
  return rows.map(({ firstName, lastName, email, phone, createdAt, ...task }) => ({
    ...task,
    user: {
      fullName: fullName({ firstName: firstName ?? '', lastName: lastName ?? '' }),
      email: email ?? '',
      phone,
    },
    createdAt: createdAt.toISOString(),
  }));
}

/**
 * `PUT /cases/{caseId}/assistant-task`: hands the caller's case to the assistants, saying how and when
 * to contact them. Needs a live with-assistant subscription (402 otherwise). One open task per case: a
 * repeated save updates it.
 */
export async function saveAssistantTask(
  db: Db,
  userId: string,
  caseId: string,
  input: AssistantTaskInput,
): Promise<AssistantTask> {
  await findOwnCase(db, userId, caseId);
  const subscription = await findActiveSubscription(db, userId);
  if (subscription?.variant !== 'with-assistant') {
    throw new AppError(
      'InsufficientSubscription',
      'The assistant is part of the with-assistant subscription.',
    );
  }
  const contact = {
    contactChannel: input.contactChannel,
    preferredTime: input.preferredTime ?? null,
    note: input.note ?? null,
  };
  const [saved] = await db
    .insert(assistantTasks)
    .values({ caseId, userId, ...contact })
    .onConflictDoUpdate({
      target: assistantTasks.caseId,
      targetWhere: sql`${assistantTasks.status} = 'open'`,
      set: { ...contact, updatedAt: sql`now()` },
    })
    .returning({ id: assistantTasks.id });
  const [task] = saved ? await readTasks(db, eq(assistantTasks.id, saved.id)) : [];
  if (!task) throw new Error('The assistant task was not saved');
  return task;
}

/** `GET /admin/assistant-tasks`: the open tasks, oldest first (the assistants' queue). */
export function listAssistantTasks(db: Db): Promise<AssistantTask[]> {
  return readTasks(db, eq(assistantTasks.status, 'open'));
}
