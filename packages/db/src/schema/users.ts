import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps, timestamptz } from './columns.ts';
import { localeEnum, platformRoleEnum } from './enums.ts';

/**
 * A person with an account: clients and family carers, provider staff and platform staff.
 * Deleting a profile anonymises the row (personal columns cleared, `anonymised_at` set) instead of
 * removing it, because requests and event logs that providers must keep still point at it.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `sub` claim of the identity server (embedded issuer or Keycloak). */
    identitySubject: text('identity_subject'),
    email: text('email'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** E.164, e.g. `+420601123456`. */
    phone: text('phone'),
    locale: localeEnum('locale').notNull().default('cs'),
    platformRoles: platformRoleEnum('platform_roles').array().notNull().default(sql`'{}'`),
    emailVerifiedAt: timestamptz('email_verified_at'),
    /** A changed address waiting for confirmation; `email` stays the sign-in address until then. */
    pendingEmail: text('pending_email'),
    emailConfirmationSentAt: timestamptz('email_confirmation_sent_at'),
    lastSignInAt: timestamptz('last_sign_in_at'),
    ...timestamps(),
    anonymisedAt: timestamptz('anonymised_at'),
  },
  (t) => [
    // Sign-in and "this e-mail already exists" look users up case-insensitively.
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    // Every authenticated API call maps the token's subject to a user.
    uniqueIndex('users_identity_subject_unique').on(t.identitySubject),
    check(
      'users_email_required_unless_anonymised',
      sql`${t.email} is not null or ${t.anonymisedAt} is not null`,
    ),
    check('users_phone_e164', sql`${t.phone} is null or ${t.phone} ~ '^\\+[1-9][0-9]{6,14}$'`),
  ],
);

export const userActionTokenKinds = ['email-confirmation', 'password-reset'] as const;
export type UserActionTokenKind = (typeof userActionTokenKinds)[number];

/**
 * Single-use links sent by e-mail (confirm an address, reset a password). Only the SHA-256 of the
 * random token is stored, so a copy of the database cannot be used to take over accounts.
 */
export const userActionTokens = pgTable(
  'user_action_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: userActionTokenKinds }).notNull(),
    /** Lower-case hex SHA-256 of the token in the link. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_action_tokens_token_hash_unique').on(t.tokenHash),
    // "Resend" and "request again" invalidate a user's earlier tokens of the same kind.
    index('user_action_tokens_user_id_kind_idx').on(t.userId, t.kind),
    check('user_action_tokens_kind', sql`${t.kind} in ('email-confirmation', 'password-reset')`),
    check('user_action_tokens_token_hash_sha256', sql`${t.tokenHash} ~ '^[0-9a-f]{64}$'`),
  ],
);
