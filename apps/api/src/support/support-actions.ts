import { paths, type SupportMessage, type SupportReply, SupportReplySchema } from '@opora/contracts';
import { type DbExecutor, supportMessages, supportReplies } from '@opora/db';
import { eq } from 'drizzle-orm';
import type { Principal } from '../platform/auth.ts';
import { NotFoundError } from '../platform/errors.ts';
import type { RequestContext } from '../requests/request-context.ts';
import { recordStaffAction, type StaffActor, staffActor } from '../staff-audit/record-staff-action.ts';
import { messageClosedError, readSupportMessage } from './support-records.ts';

async function lockedMessage(tx: DbExecutor, messageId: string) {
  const [message] = await tx
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.id, messageId))
    .for('update');
  if (!message) throw new NotFoundError();
  return message;
}

function labelOf(message: { firstName: string; lastName: string }): string {
  return `${message.firstName} ${message.lastName}`.trim();
}

async function assignTo(tx: DbExecutor, messageId: string, actor: StaffActor, now: Date) {
  await tx
    .update(supportMessages)
    .set({ assignedToUserId: actor.userId, assignedToName: actor.name, assignedAt: now })
    .where(eq(supportMessages.id, messageId));
}

/**
 * `POST …/support-messages/{id}/assign`: the caller takes the message (from whoever had it: support is
 * a team, and a colleague may be away). An open message becomes `assigned`. Audited.
 */
export async function assignSupportMessage(
  db: DbExecutor,
  principal: Principal,
  messageId: string,
  now: Date,
): Promise<SupportMessage> {
  const actor = await staffActor(db, principal);
  await db.transaction(async (tx) => {
    const message = await lockedMessage(tx, messageId);
    if (message.status === 'closed') throw messageClosedError();
    if (message.assignedToUserId === actor.userId) return;
    await assignTo(tx, messageId, actor, now);
    if (message.status === 'open') {
      await tx.update(supportMessages).set({ status: 'assigned' }).where(eq(supportMessages.id, messageId));
    }
    await recordStaffAction(tx, actor, {
      action: 'support-message-assigned',
      recordType: 'support-message',
      recordId: messageId,
      recordLabel: labelOf(message),
    });
  });
  return readSupportMessage(db, principal.userId, messageId);
}

/**
 * `POST …/support-messages/{id}/replies`: an e-mail to the sender in the language chosen, quoting their
 * message, recorded with the message (now `answered`, assigned to the replier if nobody had it) and in
 * the audit log — all in one transaction, so a reply exists exactly when its e-mail is queued. A closed
 * message takes no reply (409 `SupportMessageClosed`). The text is never logged.
 */
export async function replySupportMessage(
  context: RequestContext,
  principal: Principal,
  messageId: string,
  body: SupportReply,
  now: Date,
): Promise<SupportMessage> {
  const input = SupportReplySchema.parse(body);
  const actor = await staffActor(context.db, principal);
  await context.db.transaction(async (tx) => {
    const message = await lockedMessage(tx, messageId);
    if (message.status === 'closed') throw messageClosedError();
    await tx.insert(supportReplies).values({
      messageId,
      sentAt: now,
      sentByUserId: actor.userId,
      sentByName: actor.name,
      locale: input.locale,
      text: input.text,
    });
    if (!message.assignedToName) await assignTo(tx, messageId, actor, now);
    await tx.update(supportMessages).set({ status: 'answered' }).where(eq(supportMessages.id, messageId));
    await context.mailer.queue(tx, {
      to: message.email,
      locale: input.locale,
      template: 'support-reply',
      params: {
        link: `${context.config.publicUrl}${paths.contact.getHref()}`,
        name: message.firstName,
        reply: input.text,
        original: message.text,
      },
    });
    await recordStaffAction(tx, actor, {
      action: 'support-message-answered',
      recordType: 'support-message',
      recordId: messageId,
      recordLabel: labelOf(message),
    });
  });
  return readSupportMessage(context.db, principal.userId, messageId);
}

/** `POST …/support-messages/{id}/close`: done; closing a closed message changes nothing. Audited. */
export async function closeSupportMessage(
  db: DbExecutor,
  principal: Principal,
  messageId: string,
  now: Date,
): Promise<SupportMessage> {
  const actor = await staffActor(db, principal);
  await db.transaction(async (tx) => {
    const message = await lockedMessage(tx, messageId);
    if (message.status === 'closed') return;
    await tx
      .update(supportMessages)
      .set({ status: 'closed', closedAt: now })
      .where(eq(supportMessages.id, messageId));
    await recordStaffAction(tx, actor, {
      action: 'support-message-closed',
      recordType: 'support-message',
      recordId: messageId,
      recordLabel: labelOf(message),
    });
  });
  return readSupportMessage(db, principal.userId, messageId);
}
