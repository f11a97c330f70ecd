import type { CaseAssistantWork } from '@opora/contracts';
import { assistantTasks, type DbExecutor } from '@opora/db';
import { and, desc, eq } from 'drizzle-orm';
import { findOwnCase } from '../cases/own-case.ts';
import { readEntries } from './task-entries.ts';
import { consentedTask } from './task-records.ts';

/** The first name a carer is told (an assistant's surname is theirs to give). */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/**
 * `GET /api/v1/web/cases/{caseId}/assistant-task` (issue 25 §2): what the carer sees of the assistants'
 * work on their case — waiting, in progress (with the assistant's first name) or done, each call's
 * provider and outcome, each request sent, and the summary. The assistant's own notes (a release's
 * reason too) and follow-up dates stay with the assistants, and an assistant is named by first name
 * only. The newest task of the case; null when it was never handed over (another user's case answers
 * 404).
 */
export async function readCaseAssistantWork(
  db: DbExecutor,
  userId: string,
  caseId: string,
): Promise<CaseAssistantWork | null> {
  await findOwnCase(db, userId, caseId);
  const [task] = await db
    .select()
    .from(assistantTasks)
    .where(and(eq(assistantTasks.caseId, caseId), eq(assistantTasks.userId, userId), consentedTask))
    .orderBy(desc(assistantTasks.createdAt))
    .limit(1);
  if (!task) return null;
  const entries = await readEntries(db, task.id);
  return {
    taskId: task.id,
    state: task.status === 'done' ? 'done' : task.claimedAt ? 'in-progress' : 'waiting',
    handedOverAt: task.createdAt.toISOString(),
    assistantName: task.claimedByName ? firstNameOf(task.claimedByName) : null,
    entries: entries.map(({ note: _note, followUpOn: _followUpOn, ...entry }) => ({
      ...entry,
      by: firstNameOf(entry.by),
      releasedFrom: entry.releasedFrom && firstNameOf(entry.releasedFrom),
      assignedTo: entry.assignedTo && firstNameOf(entry.assignedTo),
    })),
    summary: task.summary,
    closedAt: task.completedAt?.toISOString() ?? null,
  };
}
