import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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

/** Password credentials of the embedded identity server (Keycloak keeps its own in production). */
export const userCredentials = pgTable(
  'user_credentials',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** argon2id PHC string. */
    passwordHash: text('password_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: timestamptz('locked_until'),
    passwordChangedAt: timestamptz('password_changed_at').notNull().defaultNow(),
    ...timestamps(),
  },
  (t) => [check('user_credentials_failed_attempts_non_negative', sql`${t.failedAttempts} >= 0`)],
);
