import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps, timestamptz } from './columns.ts';
import { contactTypeEnum, countryEnum, localeEnum, providerRoleEnum } from './enums.ts';
import { counties } from './regions.ts';
import { storedImages } from './stored-images.ts';
import { users } from './users.ts';

/** An organisation providing care (registered social service provider or home nursing agency). */
export const providers = pgTable(
  'providers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    country: countryEnum('country').notNull().default('CZ'),
    street: text('street'),
    city: text('city'),
    zipcode: text('zipcode'),
    /**
     * The county of the address (from the place chosen in the address autocomplete); facilities
     * "same as provider" take it with the address (trigger in migration provider_profile_sql).
     */
    countyCode: text('county_code').references(() => counties.code, {
      onDelete: 'restrict',
      onUpdate: 'cascade',
    }),
    billingName: text('billing_name'),
    billingStreet: text('billing_street'),
    billingCity: text('billing_city'),
    billingZipcode: text('billing_zipcode'),
    /** IČO. */
    identificationCode: text('identification_code'),
    /** DIČ / IČ DPH. */
    taxCode: text('tax_code'),
    /** Where new requests are announced; not shown publicly. */
    requestsEmail: text('requests_email'),
    contactPhone: text('contact_phone'),
    contactEmail: text('contact_email'),
    url: text('url'),
    description: text('description'),
    /** The logo's address (`/api/v1/images/stored/{key}`), kept with `logo_image_key`; null without a logo. */
    logoUrl: text('logo_url'),
    /** The stored logo (decision 0105); its address is `logo_url`. */
    logoImageKey: text('logo_image_key').references((): AnyPgColumn => storedImages.key, {
      onDelete: 'set null',
    }),
    /** Staff checked the provider's registration with the regional authority. */
    verified: boolean('verified').notNull().default(false),
    verifiedAt: timestamptz('verified_at'),
    /**
     * The yearly check ran out without a new one (decision 0121): shown to carers as lapsed, requests
     * refused as for any unverified provider. Cleared by the next approval.
     */
    verificationLapsedAt: timestamptz('verification_lapsed_at'),
    /**
     * Its services are in the public catalogue and the carers' pools: its free months run or its plan
     * is paid (decision 0098). Kept by the plan's sweep and a trigger on its subscription, so the
     * catalogue's triggers read one column (migration `provider_plans_sql`).
     */
    listed: boolean('listed').notNull().default(true),
    /**
     * When the provider last said its listing is true (decision 0108): set at creation, by "Confirm my
     * listing is up to date", and by the provider's own saves. Six months later it is asked again.
     */
    listingConfirmedAt: timestamptz('listing_confirmed_at').notNull().defaultNow(),
    /** When the reminder for the current confirmation was queued; earlier than the confirmation = not yet. */
    listingRemindedAt: timestamptz('listing_reminded_at'),
    /** Optimistic concurrency (decision 0099): every save names the revision it edited. */
    revision: integer('revision').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    // The listing-confirmation sweep finds the providers whose confirmation is six months old.
    index('providers_listing_confirmed_at_idx').on(t.listingConfirmedAt),
    // One organisation per company number and country; admin search by IČO.
    uniqueIndex('providers_country_identification_code_unique').on(t.country, t.identificationCode),
    index('providers_logo_image_key_idx').on(t.logoImageKey),
    check('providers_verified_has_date', sql`${t.verified} = (${t.verifiedAt} is not null)`),
  ],
);

/** A site of a provider where (or from where) services are provided. */
export const facilities = pgTable(
  'facilities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    street: text('street'),
    city: text('city'),
    zipcode: text('zipcode'),
    countyCode: text('county_code').references(() => counties.code, {
      onDelete: 'restrict',
      onUpdate: 'cascade',
    }),
    type: text('type'),
    web: text('web'),
    description: text('description'),
    /** Address and contacts are the provider's own (a provider with a single site). */
    sameAsProvider: boolean('same_as_provider').notNull().default(false),
    /** Optimistic concurrency (decision 0099): every save names the revision it edited. */
    revision: integer('revision').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    // Target of the composite keys that keep facility services and assignments inside one provider;
    // also serves "facilities of a provider".
    unique('facilities_provider_id_id_unique').on(t.providerId, t.id),
  ],
);

/** A contact person of a provider or of one of its facilities. */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id').references(() => providers.id, { onDelete: 'cascade' }),
    facilityId: uuid('facility_id').references(() => facilities.id, { onDelete: 'cascade' }),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    phone: text('phone'),
    alternatePhone: text('alternate_phone'),
    note: text('note'),
    type: contactTypeEnum('type').notNull().default('private'),
    /** Optimistic concurrency (decision 0099): every save names the revision it edited. */
    revision: integer('revision').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    // Contacts tab of the provider profile.
    index('contacts_provider_id_idx').on(t.providerId),
    // Contacts tab of a facility.
    index('contacts_facility_id_idx').on(t.facilityId),
    check(
      'contacts_belongs_to_provider_or_facility',
      sql`num_nonnulls(${t.providerId}, ${t.facilityId}) = 1`,
    ),
  ],
);

/**
 * Membership of a person in a provider: a registered user, or an invitation to an e-mail address
 * not yet accepted. "Registered and assigned" is `user_id is not null`.
 */
export const providerUsers = pgTable(
  'provider_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    inviteEmail: text('invite_email'),
    invitedAt: timestamptz('invited_at'),
    /** Lower-case hex SHA-256 of the invitation link's token (decision 0115); null once accepted. */
    inviteTokenHash: text('invite_token_hash'),
    inviteExpiresAt: timestamptz('invite_expires_at'),
    /** The language the inviter chose for the invitation e-mail (and its resends). */
    inviteLocale: localeEnum('invite_locale'),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: timestamptz('accepted_at'),
    roles: providerRoleEnum('roles').array().notNull(),
    ...timestamps(),
  },
  (t) => [
    // The invitation link finds its invitation by the token's hash.
    uniqueIndex('provider_users_invite_token_hash_unique').on(t.inviteTokenHash),
    check(
      'provider_users_invite_token_hash_sha256',
      sql`${t.inviteTokenHash} is null or ${t.inviteTokenHash} ~ '^[0-9a-f]{64}$'`,
    ),
    check(
      'provider_users_pending_invite_expires',
      sql`${t.inviteTokenHash} is null or ${t.inviteExpiresAt} is not null`,
    ),
    // Target of facility_assignments' composite key (a provider user stays inside its provider).
    unique('provider_users_provider_id_id_unique').on(t.providerId, t.id),
    // A person is a member of a provider once.
    uniqueIndex('provider_users_provider_id_user_id_unique').on(t.providerId, t.userId),
    // ProviderInviteEmailAlreadyAssigned: one invitation per provider and address.
    uniqueIndex('provider_users_provider_id_invite_email_unique').on(
      t.providerId,
      sql`lower(${t.inviteEmail})`,
    ),
    // Every provider-portal call resolves which providers the signed-in user belongs to.
    index('provider_users_user_id_idx').on(t.userId),
    check('provider_users_user_or_invite', sql`num_nonnulls(${t.userId}, ${t.inviteEmail}) >= 1`),
    check('provider_users_has_role', sql`cardinality(${t.roles}) > 0`),
  ],
);

/**
 * A person who was removed from a provider's team (decision 0116): their membership is gone, but what
 * they did there stays theirs — a request's history still names them as the provider's colleague.
 */
export const providerUserRemovals = pgTable(
  'provider_user_removals',
  {
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    removedByUserId: uuid('removed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    removedAt: timestamptz('removed_at').notNull().defaultNow(),
  },
  // A request's history asks "was this author the provider's?" by provider and person.
  (t) => [primaryKey({ name: 'provider_user_removals_pk', columns: [t.providerId, t.userId] })],
);

/**
 * A provider user assigned to a facility (requests can be routed by facility). The composite keys
 * make the database refuse assigning a user to a facility of another provider (SPEC §5).
 */
export const facilityAssignments = pgTable(
  'facility_assignments',
  {
    providerId: uuid('provider_id').notNull(),
    facilityId: uuid('facility_id').notNull(),
    providerUserId: uuid('provider_user_id').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'facility_assignments_pk', columns: [t.facilityId, t.providerUserId] }),
    foreignKey({
      name: 'facility_assignments_facility_fk',
      columns: [t.providerId, t.facilityId],
      foreignColumns: [facilities.providerId, facilities.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'facility_assignments_provider_user_fk',
      columns: [t.providerId, t.providerUserId],
      foreignColumns: [providerUsers.providerId, providerUsers.id],
    }).onDelete('cascade'),
    // "Facilities of this colleague" in the users overview and request routing.
    index('facility_assignments_provider_user_idx').on(t.providerId, t.providerUserId),
  ],
);

/**
 * A provider's plan (decision 0097): its three free months from its creation or claim (Prague
 * calendar), then the paid months of its subscription (`subscriptions.provider_id`). One row per
 * provider; a provider without one (created before plans, or by a test factory) is never unlisted.
 */
export const providerPlans = pgTable(
  'provider_plans',
  {
    providerId: uuid('provider_id')
      .primaryKey()
      .references(() => providers.id, { onDelete: 'cascade' }),
    trialStartedAt: timestamptz('trial_started_at').notNull(),
    trialEndsAt: timestamptz('trial_ends_at').notNull(),
    /** The trial end the "free months end in 7 days" e-mail was sent for: one e-mail per trial end. */
    trialReminderSentFor: timestamptz('trial_reminder_sent_for'),
    /** When its listing was last hidden for want of payment (the lapse e-mail went out then). */
    lapsedAt: timestamptz('lapsed_at'),
    ...timestamps(),
  },
  (t) => [
    // The reminder sweep: trials ending within the next days.
    index('provider_plans_trial_ends_at_idx').on(t.trialEndsAt),
    check('provider_plans_trial_after_start', sql`${t.trialEndsAt} >= ${t.trialStartedAt}`),
  ],
);
