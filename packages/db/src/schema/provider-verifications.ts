import type { ProviderVerificationDetails } from '@opora/contracts';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import {
  providerRejectionReasonEnum,
  providerVerificationKindEnum,
  providerVerificationStatusEnum,
} from './enums.ts';
import { providers } from './providers.ts';
import { users } from './users.ts';

/**
 * A check of a provider by platform staff (issue 25 §1, decision 0121): opened when an organisation
 * joins or claims a listing, or a year after the last approval; closed by an approval or a rejection
 * with a reason. At most one is open per provider; closed ones are the provider's history.
 */
export const providerVerifications = pgTable(
  'provider_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    kind: providerVerificationKindEnum('kind').notNull(),
    status: providerVerificationStatusEnum('status').notNull().default('open'),
    openedAt: timestamptz('opened_at').notNull().defaultNow(),
    /** A claim: the listing's details before the claimant replaced them (restored if it is rejected). */
    previousDetails: jsonb('previous_details').$type<ProviderVerificationDetails>(),
    /** A claim: when the listing had last been verified before it (restored if it is rejected). */
    previousVerifiedAt: timestamptz('previous_verified_at'),
    decidedAt: timestamptz('decided_at'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /** The staff member's name as it was when they decided. */
    decidedByName: text('decided_by_name'),
    /** The provider's details as staff saw them when deciding (a rejected claim's are gone from the row). */
    decidedDetails: jsonb('decided_details').$type<ProviderVerificationDetails>(),
    reason: providerRejectionReasonEnum('reason'),
    note: text('note'),
  },
  (t) => [
    // One open check per provider; the queue reads the open ones oldest first.
    uniqueIndex('provider_verifications_one_open_idx').on(t.providerId).where(sql`${t.status} = 'open'`),
    index('provider_verifications_queue_idx').on(t.openedAt).where(sql`${t.status} = 'open'`),
    index('provider_verifications_provider_id_idx').on(t.providerId, t.decidedAt),
    check(
      'provider_verifications_decided',
      sql`(${t.status} = 'open') = (${t.decidedAt} is null) and (${t.status} = 'rejected') = (${t.reason} is not null)`,
    ),
    check(
      'provider_verifications_claim_keeps_details',
      sql`(${t.kind} = 'claim') = (${t.previousDetails} is not null)`,
    ),
  ],
);
