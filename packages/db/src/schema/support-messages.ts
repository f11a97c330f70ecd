import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { localeEnum, supportMessageStatusEnum } from './enums.ts';
import { users } from './users.ts';

/**
 * A message of the public contact form (issue 25 §4, decision 0124), kept for the support inbox besides
 * the e-mail to the support address. Personal data: never logged; deleted a year after it is closed.
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    text: text('text').notNull(),
    status: supportMessageStatusEnum('status').notNull().default('open'),
    assignedToUserId: uuid('assigned_to_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The staff member's name as it was. */
    assignedToName: text('assigned_to_name'),
    assignedAt: timestamptz('assigned_at'),
    closedAt: timestamptz('closed_at'),
  },
  (t) => [
    // The inbox by status, oldest first; the retention sweep reads closed ones by date.
    index('support_messages_status_received_at_idx').on(t.status, t.receivedAt),
    check('support_messages_closed_has_date', sql`(${t.status} = 'closed') = (${t.closedAt} is not null)`),
    check(
      'support_messages_assigned_has_name',
      sql`(${t.assignedAt} is null) = (${t.assignedToName} is null)`,
    ),
  ],
);

/** A reply sent by e-mail from the console; the e-mail itself is in the outbox. */
export const supportReplies = pgTable(
  'support_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => supportMessages.id, { onDelete: 'cascade' }),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
    sentByUserId: uuid('sent_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    sentByName: text('sent_by_name').notNull(),
    locale: localeEnum('locale').notNull(),
    text: text('text').notNull(),
  },
  (t) => [index('support_replies_message_id_idx').on(t.messageId, t.sentAt)],
);
