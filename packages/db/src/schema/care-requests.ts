import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { timestamps, timestamptz } from './columns.ts';
import { careRequestEventKindEnum } from './enums.ts';
import { facilityServices } from './facility-services.ts';
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
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    statusId: uuid('status_id')
      .notNull()
      .references(() => requestStatuses.id, { onDelete: 'restrict' }),
    /** The requester's message to the provider. */
    note: text('note'),
    /** The person submitting the request (the client, a family carer or an assistant acting for them). */
    contractorUserId: uuid('contractor_user_id').references(() => users.id, { onDelete: 'restrict' }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The draft it was sent from (deleted then): a repeated send of that draft answers this request. */
    draftId: uuid('draft_id').unique(),
    /**
     * The case may ask the same service again: this request was withdrawn by its sender or expired
     * unanswered. Set in the transaction that moves it to such a status.
     */
    allowsNewRequest: boolean('allows_new_request').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
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
    // Provider inbox: requests of a provider filtered by status, newest first.
    index('care_requests_provider_id_status_id_created_at_idx').on(
      t.providerId,
      t.statusId,
      t.createdAt.desc(),
    ),
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
    eventDate: timestamptz('event_date').notNull().defaultNow(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: careRequestEventKindEnum('kind').notNull(),
    /** Status after the event (set for `created` and `status-changed`). */
    requestStatusId: uuid('request_status_id').references(() => requestStatuses.id, { onDelete: 'restrict' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  },
  // Change history tab: events of a request in date order.
  (t) => [index('care_request_events_care_request_id_event_date_idx').on(t.careRequestId, t.eventDate)],
);

/** A provider's note on a request (auto-saved in the request detail). */
export const careRequestNotes = pgTable(
  'care_request_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    careRequestId: uuid('care_request_id')
      .notNull()
      .references(() => careRequests.id, { onDelete: 'cascade' }),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    ...timestamps(),
  },
  // Notes of a request in the request detail.
  (t) => [index('care_request_notes_care_request_id_idx').on(t.careRequestId)],
);
