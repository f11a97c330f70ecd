import { sql } from 'drizzle-orm';
import { check, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * A registration under way for an address. Sign-up creates the identity account before the
 * application account, so this row is written first and removed in the transaction that creates the
 * application account: while it exists, an identity account for the address may be a leftover of an
 * attempt that stopped half-way, and the next attempt (or the clean-up job) may remove it. The
 * holder of the row holds it for a lease; a second attempt within the lease is refused.
 */
export const signUpAttempts = pgTable(
  'sign_up_attempts',
  {
    /** Lower-case e-mail address. */
    email: text('email').primaryKey(),
    /** The attempt (or clean-up) holding the lease; a new holder writes its own. */
    attemptId: uuid('attempt_id').notNull(),
    /** Start of the current holder's lease. */
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    /** Start of the earliest unfinished attempt: an identity account older than this is not ours. */
    firstStartedAt: timestamptz('first_started_at').notNull().defaultNow(),
  },
  (t) => [check('sign_up_attempts_email_lower_case', sql`${t.email} = lower(${t.email})`)],
);
