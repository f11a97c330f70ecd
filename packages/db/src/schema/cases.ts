import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps, timestamptz } from './columns.ts';
import { clientPersonRoleEnum, sexEnum } from './enums.ts';
import { providers } from './providers.ts';
import { counties } from './regions.ts';
import { users } from './users.ts';

/** How the account holder relates to the client (self, child, ...); translated in the UI from `code`. */
export const relationshipTypes = pgTable('relationship_types', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/**
 * The person who needs care. Managed by an account holder (the client or a family carer) or entered by
 * a provider for its own records.
 */
export const clients = pgTable(
  'clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'restrict' }),
    /** Set when a provider entered the client itself. */
    providerId: uuid('provider_id').references(() => providers.id, { onDelete: 'restrict' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    /** E.164. */
    phone: text('phone'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    /**
     * Rodné číslo without the slash. Personal data: optional, shown masked, never used as a key
     * (real people hold numbers that break the rules).
     */
    birthNumber: text('birth_number'),
    sex: sexEnum('sex'),
    /** Permanent residence. */
    street: text('street'),
    city: text('city'),
    zipcode: text('zipcode'),
    countyCode: text('county_code').references(() => counties.code, {
      onDelete: 'restrict',
      onUpdate: 'cascade',
    }),
    /** Where care is provided, when it is not the permanent residence. */
    serviceAddressDiffers: boolean('service_address_differs').notNull().default(false),
    serviceStreet: text('service_street'),
    serviceCity: text('service_city'),
    serviceZipcode: text('service_zipcode'),
    serviceCountyCode: text('service_county_code').references(() => counties.code, {
      onDelete: 'restrict',
      onUpdate: 'cascade',
    }),
    /** "I am the client": the account holder manages their own care. */
    isSelf: boolean('is_self').notNull().default(false),
    relationshipTypeId: uuid('relationship_type_id').references(() => relationshipTypes.id, {
      onDelete: 'restrict',
    }),
    ...timestamps(),
  },
  (t) => [
    // "My clients" of the signed-in account (dashboard, redirect after login).
    index('clients_owner_user_id_idx').on(t.ownerUserId),
    // Clients a provider entered itself.
    index('clients_provider_id_idx').on(t.providerId),
    // A carer's client or a provider's own, never both: a provider sees a carer's client only through the
    // requests sent to it, and a carer never sees a provider's records (issue 24 §2).
    check('clients_has_owner', sql`num_nonnulls(${t.ownerUserId}, ${t.providerId}) = 1`),
    check('clients_birth_number_digits', sql`${t.birthNumber} is null or ${t.birthNumber} ~ '^[0-9]{9,10}$'`),
    check(
      'clients_service_address_present',
      sql`not ${t.serviceAddressDiffers} or (${t.serviceCity} is not null and ${t.serviceCountyCode} is not null)`,
    ),
    check('clients_self_has_no_relationship', sql`not ${t.isSelf} or ${t.relationshipTypeId} is null`),
  ],
);

/** A person around a client: the contact person (often a relative) or the attending doctor. */
export const clientPersons = pgTable(
  'client_persons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    role: clientPersonRoleEnum('role').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** E.164. */
    phone: text('phone'),
    email: text('email'),
    ...timestamps(),
  },
  // One person of each role per client (the client card shows one contact person and one doctor).
  (t) => [unique('client_persons_client_id_role_unique').on(t.clientId, t.role)],
);

export const caseCodeSequence = pgSequence('case_code_seq', { startWith: 1, increment: 1 });

/**
 * One need of a client, described once (surveys) and sent to several services (requests). Its `code`
 * is the reference number people quote on the phone. A case exists before its client is entered
 * (SPEC §2, redirect after registration) and before sign-up in the anonymous wizard, hence the
 * nullable owner and client.
 */
export const cases = pgTable(
  'cases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code')
      .notNull()
      .unique()
      .default(sql`('OP-' || lpad(nextval('case_code_seq')::text, 6, '0'))`),
    date: date('date', { mode: 'string' }).notNull().default(sql`current_date`),
    fcServiceLevel: integer('fc_service_level').notNull().default(1),
    name: text('name').notNull(),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'restrict' }),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'restrict' }),
    /** Set when a provider opened the case for its own client. */
    providerId: uuid('provider_id').references(() => providers.id, { onDelete: 'restrict' }),
    /** The key the browser sent with the create: the same key again answers this case, not a new one. */
    creationKey: uuid('creation_key'),
    /**
     * A guest's case (anonymous wizard, no owner yet): SHA-256 of the secret the guest's browser holds.
     * Only that secret reads or writes the case; sign-up claims it (owner set, this cleared).
     */
    guestSecretHash: text('guest_secret_hash'),
    /** When the guest consented to the health-data processing of their answers, and which text. */
    guestConsentedAt: timestamptz('guest_consented_at'),
    guestConsentVersion: text('guest_consent_version'),
    ...timestamps(),
  },
  (t) => [
    // A repeated create (reload, double click, retry) of one owner answers the case it made.
    uniqueIndex('cases_owner_user_id_creation_key_unique').on(t.ownerUserId, t.creationKey),
    // A guest's case, found by its secret's hash.
    uniqueIndex('cases_guest_secret_hash_unique').on(t.guestSecretHash),
    // Cases of the signed-in account.
    index('cases_owner_user_id_idx').on(t.ownerUserId),
    // Cases of a client (client card, new case for an existing client).
    index('cases_client_id_idx').on(t.clientId),
    check('cases_fc_service_level_positive', sql`${t.fcServiceLevel} >= 1`),
  ],
);
