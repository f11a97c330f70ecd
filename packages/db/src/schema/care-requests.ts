import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cases, clients } from './cases.ts';
import { bytea, timestamps, timestamptz } from './columns.ts';
import {
  careRequestDeclineReasonEnum,
  careRequestEventKindEnum,
  careRequestSourceEnum,
  localeEnum,
  providerExportFormatEnum,
  providerExportStateEnum,
} from './enums.ts';
import { facilityServices } from './facility-services.ts';
import { facilities, providers, providerUsers } from './providers.ts';
import { users } from './users.ts';

/** Status of a request in the provider's inbox; translated in the UI from `code`. */
export const requestStatuses = pgTable('request_statuses', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  sortOrder: integer('sort_order').notNull().default(0),
  /** No further change is expected (contracts' `careRequestTransitions` allow none). */
  isTerminal: boolean('is_terminal').notNull().default(false),
});

/**
 * A request being prepared on the review page: the service's questionnaires answered and documents
 * attached before it is sent. Providers never see drafts. Sending turns the draft into the care
 * request in one transaction (its answers and documents move to the request) and deletes it; the
 * request keeps the draft's id, so a repeated send answers the request already made.
 */
export const requestDrafts = pgTable(
  'request_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    facilityServiceId: uuid('facility_service_id')
      .notNull()
      .references(() => facilityServices.id, { onDelete: 'cascade' }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  // One draft per case and service (the review page finds or makes it).
  (t) => [unique('request_drafts_case_id_facility_service_id_unique').on(t.caseId, t.facilityServiceId)],
);

/** A non-binding request of a client's case to one facility service. */
export const careRequests = pgTable(
  'care_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'restrict' }),
    /** The service's provider, kept equal by the composite key; scopes the provider inbox without joins. */
    providerId: uuid('provider_id').notNull(),
    facilityServiceId: uuid('facility_service_id').notNull(),
    /** The service's facility, kept equal by the composite key; scopes a worker's inbox without joins. */
    facilityId: uuid('facility_id').notNull(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    statusId: uuid('status_id')
      .notNull()
      .references(() => requestStatuses.id, { onDelete: 'restrict' }),
    /** The requester's message to the provider. */
    note: text('note'),
    /**
     * `opora`: sent by a carer through the platform. Otherwise entered by the provider for a client of its
     * own (`clients.provider_id`), as it came: phone, walk-in, e-mail, a referral. Migration 0030's trigger
     * keeps the two apart: an Opora request is for a carer's client, an entered one for the provider's own.
     */
    source: careRequestSourceEnum('source').notNull().default('opora'),
    /** The person submitting the request (the client, a family carer or an assistant acting for them). */
    contractorUserId: uuid('contractor_user_id').references(() => users.id, { onDelete: 'restrict' }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * An Opora assistant sent it for the client (decision 0123): `created_by_user_id` is the assistant,
     * `contractor_user_id` the subscriber they act for. The provider sees it marked so.
     */
    sentByAssistant: boolean('sent_by_assistant').notNull().default(false),
    /** The draft it was sent from (deleted then): a repeated send of that draft answers this request. */
    draftId: uuid('draft_id').unique(),
    /**
     * The case may ask the same service again: this request was withdrawn by its sender or expired
     * unanswered. Set in the transaction that moves it to such a status.
     */
    allowsNewRequest: boolean('allows_new_request').notNull().default(false),
    /** From when care is wanted (the case survey's answer when it was sent); shown as the grid's "date". */
    careFrom: date('care_from', { mode: 'string' }),
    /** The colleague the provider assigned it to. */
    assigneeProviderUserId: uuid('assignee_provider_user_id'),
    /** The facility team the provider assigned it to (its workers see it). */
    assigneeFacilityId: uuid('assignee_facility_id'),
    /** Why the provider declined it (set with `rejected`). */
    declineReason: careRequestDeclineReasonEnum('decline_reason'),
    declineReasonText: text('decline_reason_text'),
    /** The provider's first status change: the dashboard's time to first answer. */
    firstAnsweredAt: timestamptz('first_answered_at'),
    /** When it reached a terminal status: the dashboard's outcomes by period. */
    closedAt: timestamptz('closed_at'),
    /**
     * When the provider was reminded of it (still `new` after 2 working days) and when their
     * administrators were told (after 4): each set once, by an update that requires it unset, so a
     * step happens once however often the sweep runs.
     */
    remindedAt: timestamptz('reminded_at'),
    escalatedAt: timestamptz('escalated_at'),
    /**
     * Copies of the client's name and the case's code, kept by triggers (migration 0014) on insert and
     * whenever the client is renamed: the grid sorts by the name and searches both without joining
     * `clients` and `cases` for each of a provider's requests. The defaults are never what is stored.
     */
    clientFirstName: text('client_first_name').notNull().default(''),
    clientLastName: text('client_last_name').notNull().default(''),
    /** `fold_search_text(first || ' ' || last)`, a unit separator, then the code in lower case. */
    clientSearch: text('client_search').notNull().default(''),
    /**
     * Copies of the case's code and of the sender's name (`created_by_user_id`; null without one, as
     * after their account was erased), kept by the same triggers (migration 0015) on insert, on a case's
     * re-coding and on a user's rename: a page, a sort and an export read the grid's columns without
     * joining `cases` and `users` for each request (an export of 100,000: 1.4 → 0.45 s of PostgreSQL).
     */
    caseCode: text('case_code').notNull().default(''),
    creatorFirstName: text('creator_first_name'),
    creatorLastName: text('creator_last_name'),
    ...timestamps(),
  },
  (t) => [
    foreignKey({
      name: 'care_requests_facility_fk',
      columns: [t.facilityServiceId, t.facilityId],
      foreignColumns: [facilityServices.id, facilityServices.facilityId],
    }).onDelete('restrict'),
    // The migration narrows both to `set null (assignee_…)`: provider_id stays.
    foreignKey({
      name: 'care_requests_assignee_provider_user_fk',
      columns: [t.providerId, t.assigneeProviderUserId],
      foreignColumns: [providerUsers.providerId, providerUsers.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'care_requests_assignee_facility_fk',
      columns: [t.providerId, t.assigneeFacilityId],
      foreignColumns: [facilities.providerId, facilities.id],
    }).onDelete('set null'),
    // Reminders and expiry: requests by status, oldest first.
    index('care_requests_status_id_created_at_idx').on(t.statusId, t.createdAt),
    // `desc nulls first` is what `order by … desc` means: an index sorted `nulls last` would not serve it.
    // Provider inbox, the grid's default order (newest first, ties by id): the first page of a provider
    // with 100,000 requests reads 25 entries instead of a sort of all of them; also its count (an
    // index-only scan) and a creation-date range.
    index('care_requests_provider_id_created_at_id_idx').on(
      t.providerId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Every index the grid reads leads with the provider and ends in its order (newest first, ties by
    // id): a page, and the count of up to 1,000 past it, are one range of one index, read in order.
    // (With the provider apart, PostgreSQL ANDed a bitmap of all 100,000 of a provider's entries, 12 ms,
    // with the narrower index; migration 0014.) The facility and assignee ones are also what the
    // composite foreign keys' `on delete set null` look up. Migration 0014 adds `include (status_id,
    // client_search)` to these three and the one above (drizzle does not model it): a status filter, a
    // client search and the count read the index alone (a worker's search of "nov": 26 → 4 ms).
    // A worker's scope: the requests of each of their facilities, …
    index('care_requests_provider_facility_created_at_idx').on(
      t.providerId,
      t.facilityId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // … those assigned to each of their facility teams (few requests have one) …
    index('care_requests_provider_assignee_facility_created_at_idx')
      .on(t.providerId, t.assigneeFacilityId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.assigneeFacilityId} is not null`),
    // … and those assigned to them; also "assigned to me".
    index('care_requests_provider_assignee_user_created_at_idx')
      .on(t.providerId, t.assigneeProviderUserId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.assigneeProviderUserId} is not null`),
    foreignKey({
      name: 'care_requests_facility_service_fk',
      columns: [t.providerId, t.facilityServiceId],
      foreignColumns: [facilityServices.providerId, facilityServices.id],
    }).onDelete('restrict'),
    // FacilityServiceAlreadyRequested: one live request per case and service (a withdrawn or expired
    // one lets the case ask again). Also serves "requests of a case".
    uniqueIndex('care_requests_case_id_facility_service_id_live_unique')
      .on(t.caseId, t.facilityServiceId)
      .where(sql`not ${t.allowsNewRequest}`),
    index('care_requests_case_id_facility_service_id_idx').on(t.caseId, t.facilityServiceId),
    // Provider inbox: requests of a provider filtered by one status, newest first (`nulls first`, as
    // `order by … desc` means; 0014 replaced the `nulls last` one, which the planner could not read in
    // order). Also the deadline sweep's and the header's counts of new requests.
    index('care_requests_provider_id_status_id_created_at_idx').on(
      t.providerId,
      t.statusId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Provider inbox, sorted by client (Czech order: last, then first name): the first page reads 25
    // entries instead of joining and sorting every request of the provider (290–390 ms at 100,000).
    index('care_requests_provider_id_client_name_idx').on(
      t.providerId,
      sql`${t.clientLastName} collate "cs-x-icu"`,
      sql`${t.clientFirstName} collate "cs-x-icu"`,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // … and a worker's, sorted by client: each part of their scope in that order (the parts' requests
    // joined and sorted took 36 ms; ICU's Czech comparisons are slow).
    index('care_requests_provider_facility_client_name_idx').on(
      t.providerId,
      t.facilityId,
      sql`${t.clientLastName} collate "cs-x-icu"`,
      sql`${t.clientFirstName} collate "cs-x-icu"`,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('care_requests_provider_assignee_facility_client_name_idx')
      .on(
        t.providerId,
        t.assigneeFacilityId,
        sql`${t.clientLastName} collate "cs-x-icu"`,
        sql`${t.clientFirstName} collate "cs-x-icu"`,
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.assigneeFacilityId} is not null`),
    index('care_requests_provider_assignee_user_client_name_idx')
      .on(
        t.providerId,
        t.assigneeProviderUserId,
        sql`${t.clientLastName} collate "cs-x-icu"`,
        sql`${t.clientFirstName} collate "cs-x-icu"`,
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.assigneeProviderUserId} is not null`),
    // Provider inbox, a search by a case's code (`OP-0012…`): the codes' starts in order, so a code is
    // found without reading the provider's every request (a 100,000-request provider: 15–20 ms).
    index('care_requests_provider_id_code_idx').on(
      t.providerId,
      sql`split_part(${t.clientSearch}, chr(31), 2) text_pattern_ops`,
    ),
    // A sender's requests: their copies of the sender's name follow a rename (migration 0015), and
    // erasing an account sets `created_by_user_id` null (`on delete set null`) without reading the table.
    index('care_requests_created_by_user_id_idx').on(t.createdByUserId),
    // The dashboard's outcomes: requests a provider closed in the last 30/90 days (the migration adds
    // `include (status_id, decline_reason)`): 216 ms through the heap → 4 ms from the index alone.
    index('care_requests_provider_id_closed_at_idx')
      .on(t.providerId, t.closedAt)
      .where(sql`${t.closedAt} is not null`),
    // Requests of a client (client card, "my services" tab, counts).
    index('care_requests_client_id_idx').on(t.clientId),
    // "Already requested" flags: requests of a service.
    index('care_requests_facility_service_id_idx').on(t.facilityServiceId),
  ],
);

/** Change history of a request: every status change, note, document and survey is recorded here. */
export const careRequestEvents = pgTable(
  'care_request_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    careRequestId: uuid('care_request_id')
      .notNull()
      .references(() => careRequests.id, { onDelete: 'cascade' }),
    /**
     * When it was written — `clock_timestamp()`, not the transaction's start (`now()`): changes that
     * waited for the request's lock are then in the order they were made, and the last one in the
     * history is what the request holds (migration 0014).
     */
    eventDate: timestamptz('event_date').notNull().default(sql`clock_timestamp()`),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: careRequestEventKindEnum('kind').notNull(),
    /** Status after the event (set for `created` and `status-changed`). */
    requestStatusId: uuid('request_status_id').references(() => requestStatuses.id, { onDelete: 'restrict' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [
    // Change history tab: events of a request in date order.
    index('care_request_events_care_request_id_event_date_idx').on(t.careRequestId, t.eventDate),
  ],
);

/**
 * The provider's internal note on a request, one per request (auto-saved in the request detail). Last
 * write wins; `version` tells a save whether someone else saved since, and what it replaced then goes
 * into the history.
 */
export const careRequestNotes = pgTable(
  'care_request_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    careRequestId: uuid('care_request_id')
      .notNull()
      .references(() => careRequests.id, { onDelete: 'cascade' }),
    /** Who saved it last. */
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    version: integer('version').notNull().default(1),
    ...timestamps(),
  },
  (t) => [unique('care_request_notes_care_request_id_unique').on(t.careRequestId)],
);

/**
 * An export of a provider's requests made in the background (a selection too large to stream while
 * the person waits). The file is kept for a few days for its link in the e-mail, then deleted.
 */
export const providerExports = pgTable(
  'provider_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    /** Who asked for it: only they download it. */
    requestedByUserId: uuid('requested_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    format: providerExportFormatEnum('format').notNull(),
    locale: localeEnum('locale').notNull(),
    /** The request as sent (`ProviderExportBody`'s selection), resolved again when the job runs. */
    selection: jsonb('selection').$type<Record<string, unknown>>().notNull(),
    state: providerExportStateEnum('state').notNull().default('queued'),
    rowCount: integer('row_count'),
    content: bytea('content'),
    finishedAt: timestamptz('finished_at'),
    expiresAt: timestamptz('expires_at'),
    ...timestamps(),
  },
  (t) => [
    // "My exports", newest first.
    index('provider_exports_requested_by_user_id_created_at_idx').on(t.requestedByUserId, t.createdAt.desc()),
    // The sweep deleting expired files.
    index('provider_exports_expires_at_idx').on(t.expiresAt),
  ],
);
