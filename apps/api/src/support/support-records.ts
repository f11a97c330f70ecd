import {
  type SupportMessage,
  type SupportMessageItem,
  type SupportMessageList,
  type SupportMessageListQuery,
  SupportMessageListQuerySchema,
  type SupportMessageStatus,
  supportMessageStatuses,
} from '@opora/contracts';
import { type DbExecutor, supportMessages, supportReplies } from '@opora/db';
import { asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import { AppError, NotFoundError } from '../platform/errors.ts';

/** `SupportMessageClosed` (409): the message is closed. */
export function messageClosedError(): AppError {
  return new AppError('SupportMessageClosed', 'The message is closed.');
}

type MessageRow = typeof supportMessages.$inferSelect;

/** The start of a message on one line (its lines joined), cut to a preview's length. */
function previewOf(text: string): string {
  const line = text
    .split('\n')
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  return line.length > 140 ? `${line.slice(0, 139)}…` : line;
}

function toItem(row: MessageRow, repliesCount: number, callerId: string): SupportMessageItem {
  return {
    id: row.id,
    receivedAt: row.receivedAt.toISOString(),
    name: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    preview: previewOf(row.text),
    status: row.status,
    assignedTo: row.assignedToName ? { userId: row.assignedToUserId, name: row.assignedToName } : null,
    mine: row.assignedToUserId === callerId,
    repliesCount,
  };
}

/** `GET /api/v1/admin/support-messages`: the inbox, oldest first, and how many each status holds. */
export async function listSupportMessages(
  db: DbExecutor,
  callerId: string,
  query: SupportMessageListQuery,
): Promise<SupportMessageList> {
  const { status } = SupportMessageListQuerySchema.parse(query);
  const replies = db
    .select({ messageId: supportReplies.messageId, total: count().as('total') })
    .from(supportReplies)
    .groupBy(supportReplies.messageId)
    .as('replies');
  const rows = await db
    .select({ message: supportMessages, replies: replies.total })
    .from(supportMessages)
    .leftJoin(replies, eq(replies.messageId, supportMessages.id))
    .where(status === 'active' ? ne(supportMessages.status, 'closed') : eq(supportMessages.status, status))
    // Waiting ones oldest first; closed ones most recently closed first.
    .orderBy(
      ...(status === 'closed'
        ? [desc(supportMessages.closedAt), desc(supportMessages.id)]
        : [asc(supportMessages.receivedAt), asc(supportMessages.id)]),
    )
    .limit(500);
  const totals = await db
    .select({ status: supportMessages.status, total: count() })
    .from(supportMessages)
    .where(inArray(supportMessages.status, [...supportMessageStatuses]))
    .groupBy(supportMessages.status);
  const counts = Object.fromEntries(supportMessageStatuses.map((code) => [code, 0])) as Record<
    SupportMessageStatus,
    number
  >;
  for (const row of totals) counts[row.status] = row.total;
  return { items: rows.map((row) => toItem(row.message, Number(row.replies ?? 0), callerId)), counts };
}

/** One message with its replies; 404 when there is none. */
export async function readSupportMessage(
  db: DbExecutor,
  callerId: string,
  messageId: string,
): Promise<SupportMessage> {
  const [message] = await db.select().from(supportMessages).where(eq(supportMessages.id, messageId));
  if (!message) throw new NotFoundError();
  const replies = await db
    .select()
    .from(supportReplies)
    .where(eq(supportReplies.messageId, messageId))
    .orderBy(asc(supportReplies.sentAt), asc(supportReplies.id));
  return {
    ...toItem(message, replies.length, callerId),
    text: message.text,
    replies: replies.map((reply) => ({
      id: reply.id,
      at: reply.sentAt.toISOString(),
      by: reply.sentByName,
      locale: reply.locale,
      text: reply.text,
    })),
    closedAt: message.closedAt?.toISOString() ?? null,
  };
}
