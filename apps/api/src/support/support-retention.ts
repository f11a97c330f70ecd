import { supportMessageRetentionMonths } from '@opora/contracts';
import { type Db, supportMessages } from '@opora/db';
import { and, eq, lt } from 'drizzle-orm';
import { backgroundWork, defineQueue } from '../platform/jobs.ts';

/**
 * Closed support messages are deleted with their replies `supportMessageRetentionMonths` after they were
 * closed (decision 0124): the sender's name, address and words are kept no longer than the answer is
 * of use. The e-mails stay in the outbox only as long as the outbox keeps any.
 */
export async function deleteExpiredSupportMessages(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - supportMessageRetentionMonths);
  const deleted = await db
    .delete(supportMessages)
    .where(and(eq(supportMessages.status, 'closed'), lt(supportMessages.closedAt, cutoff)))
    .returning({ id: supportMessages.id });
  return deleted.length;
}

export const supportRetentionQueue = defineQueue<Record<string, never>>('support-retention-sweep', {
  retryLimit: 0,
  retryDelaySeconds: 60,
  retryDelayMaxSeconds: 60,
  expireInSeconds: 600,
  concurrency: 1,
});

/** support-retention-sweep: daily, closed support messages a year old deleted. */
export const supportRetention = {
  ...backgroundWork(supportRetentionQueue, async (app) => {
    const deleted = await deleteExpiredSupportMessages(app.db, app.clock());
    app.log.info({ deleted }, 'support messages past retention deleted');
  }),
  cron: '7 3 * * *',
};
