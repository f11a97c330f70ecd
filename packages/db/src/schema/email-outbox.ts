import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { emailOutboxStatusEnum, localeEnum } from './enums.ts';

/**
 * E-mails to send, written in the same transaction as the change that causes them, so none is lost or
 * sent for a rolled-back change. A worker renders `template` in `locale` with `params` and delivers it.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    template: text('template').notNull(),
    locale: localeEnum('locale').notNull().default('cs'),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    status: emailOutboxStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [
    // The delivery worker takes the oldest pending messages.
    index('email_outbox_pending_created_at_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check('email_outbox_attempts_non_negative', sql`${t.attempts} >= 0`),
    check('email_outbox_sent_has_date', sql`${t.status} <> 'sent' or ${t.sentAt} is not null`),
  ],
);
