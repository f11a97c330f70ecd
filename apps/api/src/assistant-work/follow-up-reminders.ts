import { paths, todayIsoDate } from '@opora/contracts';
import { assistantTaskEntries, assistantTasks, cases, type Db, users } from '@opora/db';
import { and, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import { backgroundWork, defineQueue } from '../platform/jobs.ts';
import type { Mailer } from '../platform/mail.ts';

export interface FollowUpContext {
  db: Db;
  mailer: Pick<Mailer, 'queue'>;
  publicUrl: string;
}

const batchSize = 200;

/**
 * One pass at `now` (decision 0123): every call whose follow-up date has come (Prague's today) in an
 * open task reminds the task's assistant once — marked in the statement that checks it was not yet,
 * in the transaction that queues the e-mail, so sweeps running together remind once.
 */
export async function sweepFollowUps(context: FollowUpContext, now: Date) {
  const today = todayIsoDate(now);
  return context.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: assistantTaskEntries.id })
      .from(assistantTaskEntries)
      .innerJoin(assistantTasks, eq(assistantTasks.id, assistantTaskEntries.taskId))
      .where(
        and(
          isNotNull(assistantTaskEntries.followUpOn),
          lte(assistantTaskEntries.followUpOn, today),
          isNull(assistantTaskEntries.followUpRemindedAt),
          eq(assistantTasks.status, 'open'),
        ),
      )
      .limit(batchSize)
      .for('update', { of: assistantTaskEntries, skipLocked: true });
    let reminded = 0;
    for (const { id } of due) {
      const [entry] = await tx
        .update(assistantTaskEntries)
        .set({ followUpRemindedAt: now })
        .where(and(eq(assistantTaskEntries.id, id), isNull(assistantTaskEntries.followUpRemindedAt)))
        .returning();
      if (!entry) continue;
      const [assistant] = await tx
        .select({ email: users.email, locale: users.locale, caseCode: cases.code })
        .from(assistantTasks)
        .innerJoin(users, eq(users.id, assistantTasks.claimedByUserId))
        .innerJoin(cases, eq(cases.id, assistantTasks.caseId))
        .where(eq(assistantTasks.id, entry.taskId));
      if (!assistant?.email) continue;
      await context.mailer.queue(tx, {
        to: assistant.email,
        locale: assistant.locale,
        template: 'assistant-follow-up-due',
        params: {
          link: `${context.publicUrl}${paths.adminAssistantTask.getHref({ taskId: entry.taskId })}`,
          caseCode: assistant.caseCode,
          serviceName: entry.serviceName ?? '',
          providerName: entry.providerName ?? '',
        },
      });
      reminded += 1;
    }
    return { reminded };
  });
}

export const followUpQueue = defineQueue<Record<string, never>>('assistant-follow-up-sweep', {
  retryLimit: 0,
  retryDelaySeconds: 60,
  retryDelayMaxSeconds: 60,
  expireInSeconds: 600,
  concurrency: 1,
});

/** assistant-follow-up-sweep: hourly, assistants reminded of the calls they meant to make again today. */
export const assistantFollowUpReminders = {
  ...backgroundWork(followUpQueue, async (app) => {
    const result = await sweepFollowUps(
      { db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl },
      app.clock(),
    );
    app.log.info(result, 'assistant follow-ups swept');
  }),
  cron: '23 * * * *',
};
