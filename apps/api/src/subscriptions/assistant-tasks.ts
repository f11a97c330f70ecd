import type { AssistantTask, AssistantTaskInput } from '@opora/contracts';
import { fullName } from '@opora/contracts';
import type { Db, DbExecutor } from '@opora/db';
import { type SQL, sql } from 'drizzle-orm';
import { findOwnCase } from '../cases/own-case.ts';
import { AppError } from '../platform/errors.ts';
import { findActiveSubscription } from './active-subscription.ts';

interface TaskRow extends Record<string, unknown> {
  id: string;
  case_id: string;
  case_code: string;
  status: AssistantTask['status'];
  contact_channel: AssistantTask['contactChannel'];
  preferred_time: string | null;
  note: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  created_at: Date;
}

async function readTasks(db: DbExecutor, where: SQL, limit = 200): Promise<AssistantTask[]> {
  const { rows } = await db.execute<TaskRow>(sql`
    select a.id, a.case_id, k.code as case_code, a.status, a.contact_channel, a.preferred_time, a.note,
      u.first_name, u.last_name, u.email, u.phone, a.created_at
    from assistant_tasks a join cases k on k.id = a.case_id join users u on u.id = a.user_id
    where ${where}
    order by a.created_at, a.id
    limit ${limit}
  `);
  return rows.map((row) => ({
    id: row.id,
    caseId: row.case_id,
    caseCode: row.case_code,
    status: row.status,
    contactChannel: row.contact_channel,
    preferredTime: row.preferred_time,
    note: row.note,
    user: {
      fullName: fullName({ firstName: row.first_name ?? '', lastName: row.last_name ?? '' }),
      email: row.email ?? '',
      phone: row.phone,
    },
    createdAt: new Date(row.created_at).toISOString(),
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
  const { rows } = await db.execute<{ id: string }>(sql`
    insert into assistant_tasks (case_id, user_id, contact_channel, preferred_time, note)
    values (${caseId}, ${userId}, ${input.contactChannel}, ${input.preferredTime ?? null}, ${input.note ?? null})
    on conflict (case_id) where status = 'open' do update set
      contact_channel = excluded.contact_channel, preferred_time = excluded.preferred_time,
      note = excluded.note, updated_at = now()
    returning id
  `);
  const [task] = await readTasks(db, sql`a.id = ${rows[0]?.id ?? null}`);
  if (!task) throw new Error('The assistant task was not saved');
  return task;
}

/** `GET /admin/assistant-tasks`: the open tasks, oldest first (the assistants' queue). */
export function listAssistantTasks(db: Db): Promise<AssistantTask[]> {
  return readTasks(db, sql`a.status = 'open'`);
}
