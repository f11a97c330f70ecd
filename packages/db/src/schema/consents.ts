import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { careRequests } from './care-requests.ts';
import { cases, clients } from './cases.ts';
import { timestamptz } from './columns.ts';
import { consentKindEnum } from './enums.ts';
import { users } from './users.ts';

/**
 * Evidence of a consent (GDPR Art. 7): who gave it, on whose behalf (a family carer often consents for
 * the client), to which version of the text, and when it was withdrawn. Rows are never updated except
 * to set `withdrawn_at`; a new version is a new row.
 */
export const consents = pgTable(
  'consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The client the consent is given for; null when the user consents for themselves. */
    onBehalfOfClientId: uuid('on_behalf_of_client_id').references(() => clients.id, { onDelete: 'cascade' }),
    /** The case whose data a `provider-sharing` consent releases. */
    caseId: uuid('case_id').references(() => cases.id, { onDelete: 'cascade' }),
    /** The request a `provider-sharing` consent was given with (one per request). */
    careRequestId: uuid('care_request_id').references(() => careRequests.id, { onDelete: 'cascade' }),
    kind: consentKindEnum('kind').notNull(),
    /** Version of the consent text shown, e.g. `2026-11`. */
    version: text('version').notNull(),
    grantedAt: timestamptz('granted_at').notNull().defaultNow(),
    withdrawnAt: timestamptz('withdrawn_at'),
  },
  (t) => [
    // Current consents of a user by kind (sign-up, marketing preference, profile).
    index('consents_user_id_kind_idx').on(t.userId, t.kind),
    // Health-data consent for a client before surveys are stored.
    index('consents_on_behalf_of_client_id_idx').on(t.onBehalfOfClientId),
    check(
      'consents_withdrawn_after_granted',
      sql`${t.withdrawnAt} is null or ${t.withdrawnAt} >= ${t.grantedAt}`,
    ),
    // The provider-sharing consent of a request (request detail, provider's view).
    uniqueIndex('consents_care_request_id_kind_unique').on(t.careRequestId, t.kind),
  ],
);
