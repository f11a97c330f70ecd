import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { freePlanReasonEnum } from './enums.ts';
import { subscriptions } from './subscriptions.ts';
import { users } from './users.ts';

/**
 * Opora's free plan given to a person by a platform administrator (SPEC §4 "free service", decision
 * 0129): the `free` subscription it started, why, until when, and who gave it — and, once taken back,
 * who did and why. The staff members' ids are kept without a foreign key (their names are copied), as
 * in the audit log.
 */
export const freePlanGrants = pgTable(
  'free_plan_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .unique()
      .references(() => subscriptions.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    reason: freePlanReasonEnum('reason').notNull(),
    note: text('note'),
    /** The free plan's last day (Prague); null: until revoked. */
    endsOn: date('ends_on', { mode: 'string' }),
    grantedAt: timestamptz('granted_at').notNull().defaultNow(),
    grantedByUserId: uuid('granted_by_user_id'),
    grantedByName: text('granted_by_name').notNull(),
    revokedAt: timestamptz('revoked_at'),
    revokedByUserId: uuid('revoked_by_user_id'),
    revokedByName: text('revoked_by_name'),
    revokeReason: text('revoke_reason'),
  },
  (t) => [
    // A person's grants (staff's view of their subscriptions).
    index('free_plan_grants_user_id_idx').on(t.userId),
    check('free_plan_grants_other_has_note', sql`${t.reason} <> 'other' or ${t.note} is not null`),
    check(
      'free_plan_grants_revoked_complete',
      sql`(${t.revokedAt} is null) = (${t.revokedByName} is null) and (${t.revokedAt} is null) = (${t.revokeReason} is null)`,
    ),
  ],
);
