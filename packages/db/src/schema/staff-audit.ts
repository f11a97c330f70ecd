import { bigint, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { staffActionEnum, staffAuditRecordTypeEnum } from './enums.ts';

/**
 * Every staff action (issue 25 §5, decision 0122), written in the action's own transaction: who, what,
 * on which record, when, why. Append-only: a trigger refuses updates, deletes and truncation
 * (migration `provider_verification`). The actor's id is kept without a foreign key, so a staff
 * member's account can go while the log stays; their name and e-mail are copied.
 */
export const staffAuditLog = pgTable(
  'staff_audit_log',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamptz('at').notNull().defaultNow(),
    actorUserId: uuid('actor_user_id'),
    actorName: text('actor_name').notNull(),
    actorEmail: text('actor_email').notNull(),
    action: staffActionEnum('action').notNull(),
    recordType: staffAuditRecordTypeEnum('record_type').notNull(),
    recordId: uuid('record_id').notNull(),
    recordLabel: text('record_label').notNull(),
    reason: text('reason'),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (t) => [
    // Filters of the log, newest first.
    index('staff_audit_log_record_idx').on(t.recordType, t.recordId, t.id),
    index('staff_audit_log_action_idx').on(t.action, t.id),
  ],
);
