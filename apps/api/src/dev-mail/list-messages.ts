import type { DevMailMessage } from '@opora/contracts';
import { type Db, emailOutbox } from '@opora/db';
import { desc, eq } from 'drizzle-orm';
import { isOutboxContent } from '../platform/mail.ts';

/** The development mailbox shows the latest messages; older ones stay in the table. */
export const devMailLimit = 100;

/**
 * Messages the delivery worker has delivered through the outbox transport, newest first. Messages
 * still queued (or failed) are not shown.
 */
export async function listDevMail(db: Db): Promise<DevMailMessage[]> {
  const rows = await db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.status, 'sent'))
    .orderBy(desc(emailOutbox.sentAt), desc(emailOutbox.createdAt))
    .limit(devMailLimit);
  return rows.flatMap((row) =>
    isOutboxContent(row.params) && row.sentAt !== null
      ? [
          {
            id: row.id,
            to: row.toAddress,
            subject: row.params.subject,
            text: row.params.text,
            html: row.params.html,
            links: row.params.links,
            sentAt: row.sentAt.toISOString(),
          },
        ]
      : [],
  );
}
