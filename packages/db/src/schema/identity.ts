import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSchema,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * The embedded identity server's own store, kept apart from the application's tables the way Keycloak
 * keeps its own database: the app never joins into it and reaches it only through the issuer's HTTP
 * interface (or the identity-admin adapter). With an external Keycloak these tables stay empty.
 */
export const identitySchema = pgSchema('identity');

export const signingKeyStatuses = ['active', 'passive', 'disabled'] as const;
export type SigningKeyStatus = (typeof signingKeyStatuses)[number];

/** A JSON Web Key as `jose` exports it; only the members we rely on are named. */
export interface StoredJwk {
  kty: string;
  [member: string]: unknown;
}

/** An account of the identity realm; `id` is the `sub` claim of its tokens. */
export const identityUsers = identitySchema.table(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased e-mail address; the login name (`preferred_username`). */
    username: text('username').notNull(),
    email: text('email'),
    emailVerified: boolean('email_verified').notNull().default(false),
    firstName: text('first_name'),
    lastName: text('last_name'),
    enabled: boolean('enabled').notNull().default(true),
    realmRoles: text('realm_roles').array().notNull().default(sql`'{client}'`),
    /** Tokens issued before this instant are stale ("log out all sessions"). */
    notBefore: timestamptz('not_before'),
    /** Keycloak required actions (e.g. `UPDATE_PASSWORD`); any pending one refuses the password grant. */
    requiredActions: text('required_actions').array().notNull().default(sql`'{}'`),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_unique').on(t.username),
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    check('users_username_lower_case', sql`${t.username} = lower(${t.username})`),
  ],
);

export const identityCredentials = identitySchema.table('credentials', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => identityUsers.id, { onDelete: 'cascade' }),
  /** argon2id PHC string. */
  passwordHash: text('password_hash').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** Brute-force detection state of a user (Keycloak's login failures). */
export const identityLoginFailures = identitySchema.table(
  'login_failures',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => identityUsers.id, { onDelete: 'cascade' }),
    numFailures: integer('num_failures').notNull().default(0),
    lastFailureAt: timestamptz('last_failure_at'),
    lockedUntil: timestamptz('locked_until'),
  },
  (t) => [check('login_failures_num_failures_non_negative', sql`${t.numFailures} >= 0`)],
);

/**
 * Realm keys. RS256 keys sign access and ID tokens and are published (public part) while active or
 * passive; the HS512 key signs refresh tokens and is never published (`public_jwk` is null).
 * Rotation adds a new active key and turns the previous one passive so its tokens still verify.
 */
export const identitySigningKeys = identitySchema.table(
  'signing_keys',
  {
    kid: text('kid').primaryKey(),
    algorithm: text('algorithm').notNull().default('RS256'),
    publicJwk: jsonb('public_jwk').$type<StoredJwk>(),
    privateJwk: jsonb('private_jwk').$type<StoredJwk>().notNull(),
    status: text('status', { enum: signingKeyStatuses }).notNull().default('active'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    // One key per algorithm signs new tokens.
    uniqueIndex('signing_keys_one_active_per_algorithm').on(t.algorithm).where(sql`${t.status} = 'active'`),
    check('signing_keys_status', sql`${t.status} in ('active', 'passive', 'disabled')`),
    check(
      'signing_keys_asymmetric_has_public',
      sql`${t.algorithm} not like 'RS%' or ${t.publicJwk} is not null`,
    ),
  ],
);

/**
 * A user session with its one client session (the password grant opens one per login). Online sessions
 * expire after the idle or maximum lifetime; offline ones (`offline_access`) after the offline idle time.
 */
export const identitySessions = identitySchema.table(
  'sessions',
  {
    /** `sid` claim and `session_state` of the token response. */
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => identityUsers.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    offline: boolean('offline').notNull().default(false),
    scope: text('scope').notNull(),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    lastRefreshAt: timestamptz('last_refresh_at').notNull().defaultNow(),
    endedAt: timestamptz('ended_at'),
    /** `jti` of the one refresh token that may still be used (rotation). */
    currentRefreshJti: text('current_refresh_jti'),
    refreshReuseCount: integer('refresh_reuse_count').notNull().default(0),
  },
  (t) => [
    // "Log out all sessions" and account deletion end every session of a user.
    index('sessions_user_id_idx').on(t.userId),
    check('sessions_refresh_reuse_count_non_negative', sql`${t.refreshReuseCount} >= 0`),
  ],
);
