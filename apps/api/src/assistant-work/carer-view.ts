import type { CaseAssistantWork } from '@opora/contracts';
import { assistantTasks, type DbExecutor } from '@opora/db';
import { and, desc, eq } from 'drizzle-orm';
import { findOwnCase } from '../cases/own-case.ts';
import { NotFoundError } from '../platform/errors.ts';
import { readEntries } from './task-entries.ts';
import { consentedTask } from './task-records.ts';

/**
 * `GET /api/v1/web/cases/{caseId}/assistant-task` (issue 25 §2): what the carer sees of the assistants'
 * work on their case — waiting, in progress (with the assistant's first name) or done, each call's
 * provider and outcome, each request sent, and the summary. The assistant's own notes and follow-up
 * dates stay with the assistants. The newest task of the case; 404 when it was never handed over.
 */
export async function readCaseAssistantWork(
  db: DbExecutor,
  userId: string,
  caseId: string,
): Promise<CaseAssistantWork> {
  await findOwnCase(db, userId, caseId);
  const [task] = await db
    .select()
    .from(assistantTasks)
    .where(and(eq(assistantTasks.caseId, caseId), eq(assistantTasks.userId, userId), consentedTask))
    .orderBy(desc(assistantTasks.createdAt))
    .limit(1);
  if (!task) throw new NotFoundError();
  const entries = await readEntries(db, task.id);
  return {
    taskId: task.id,
    state: task.status === 'done' ? 'done' : task.claimedAt ? 'in-progress' : 'waiting',
    handedOverAt: task.createdAt.toISOString(),
    assistantName: task.claimedByName ? (task.claimedByName.split(' ')[0] ?? null) : null,
    entries: entries.map(({ note: _note, followUpOn: _followUpOn, ...entry }) => entry),
    summary: task.summary,
    closedAt: task.completedAt?.toISOString() ?? null,
  };
}
