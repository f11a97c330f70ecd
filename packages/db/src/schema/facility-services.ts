import type { Price } from '@opora/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps, timestamptz } from './columns.ts';
import { currencyEnum, serviceFormEnum, serviceStatusEnum } from './enums.ts';
import { facilities } from './providers.ts';
import { counties } from './regions.ts';
import { serviceCategories, serviceTypes } from './service-taxonomy.ts';
import { users } from './users.ts';

/** A service a facility offers, as clients find it in the catalogue. */
export const facilityServices = pgTable(
  'facility_services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Copy of the facility's provider, kept equal by the composite key; lets requests and lists scope by provider. */
    providerId: uuid('provider_id').notNull(),
    facilityId: uuid('facility_id').notNull(),
    serviceTypeId: uuid('service_type_id').notNull(),
    serviceCategoryId: uuid('service_category_id')
      .notNull()
      .references(() => serviceCategories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    /**
     * The form this service is provided in: a type may exist in several (respite care is residential,
     * day or field), so the type's form is only the default.
     */
    form: serviceFormEnum('form').notNull(),
    description: text('description'),
    /** Where the service is provided when it is not the facility's address (e.g. "in the client's home"). */
    place: text('place'),
    status: serviceStatusEnum('status').notNull().default('draft'),
    /** Paid placement; always labelled as such in lists. */
    sponsored: boolean('sponsored').notNull().default(false),
    /**
     * Its number in the public register of social services (the Czech *identifikátor*, the Slovak
     * regional register's entry), entered by the provider, checked by staff (decision 0121).
     */
    registerNumber: text('register_number'),
    /** Staff checked this service's registration. */
    verified: boolean('verified').notNull().default(false),
    /**
     * Indicative price, VAT included: the amount in minor units (hellers, cents) of its currency and
     * the VAT rate in percent it includes (0: no VAT charged, as for the exempt social and health
     * services). All three are null when the provider prices individually, else all three are set.
     */
    priceAmountMinor: integer('price_amount_minor'),
    priceCurrency: currencyEnum('price_currency'),
    priceVatRatePercent: smallint('price_vat_rate_percent'),
    /**
     * The provider prices this service per client: stands in for a price when activating (decision
     * 0101). Never together with a price.
     */
    individualPrice: boolean('individual_price').notNull().default(false),
    url: text('url'),
    /**
     * Live capacity (docs/decisions/0103): whether the service takes new clients (null: the provider
     * never said), free places now and the typical wait in weeks (both optional), and when and by whom
     * it was last confirmed. Readers treat a confirmation older than 30 days as unknown. Not in any
     * index of this table, so a confirmation is a HOT update; the triggers carry it to the lists.
     */
    acceptingClients: boolean('accepting_clients'),
    freePlaces: integer('free_places'),
    waitingWeeks: smallint('waiting_weeks'),
    capacityConfirmedAt: timestamptz('capacity_confirmed_at'),
    capacityConfirmedBy: uuid('capacity_confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Optimistic concurrency: every save and status change names the revision it was made on and
     * raises it by one; a save on an older revision is refused (`RecordChangedByAnother`).
     */
    revision: integer('revision').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    foreignKey({
      name: 'facility_services_facility_fk',
      columns: [t.providerId, t.facilityId],
      foreignColumns: [facilities.providerId, facilities.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'facility_services_service_type_fk',
      columns: [t.serviceTypeId, t.serviceCategoryId],
      foreignColumns: [serviceTypes.id, serviceTypes.categoryId],
    }).onDelete('restrict'),
    // Target of care_requests' composite key (a request's provider is its service's provider);
    // also serves "services of a provider".
    unique('facility_services_provider_id_id_unique').on(t.providerId, t.id),
    // Target of care requests' key that keeps their copied facility equal to the service's.
    unique('facility_services_id_facility_id_unique').on(t.id, t.facilityId),
    // Services tab of a facility, filtered by status.
    index('facility_services_facility_id_status_idx').on(t.facilityId, t.status),
    // Public catalogue: an area's service ids (from facility_service_counties) are probed here and
    // filtered and sorted without visiting the table (the columns after id stand in for INCLUDE, which
    // Drizzle cannot declare). Partial: only active services are ever listed.
    index('facility_services_catalogue_idx')
      .on(
        t.id,
        t.verified,
        t.name,
        t.priceCurrency,
        t.priceAmountMinor,
        t.serviceTypeId,
        t.serviceCategoryId,
        t.form,
      )
      .where(sql`${t.status} = 'active'`),
    // A price is all of amount, currency and VAT rate, or none of them.
    check('facility_services_register_number_length', sql`char_length(${t.registerNumber}) <= 40`),
    check(
      'facility_services_price_complete',
      sql`num_nulls(${t.priceAmountMinor}, ${t.priceCurrency}, ${t.priceVatRatePercent}) in (0, 3)`,
    ),
    check(
      'facility_services_individual_price_without_price',
      sql`not (${t.individualPrice} and ${t.priceAmountMinor} is not null)`,
    ),
    check('facility_services_revision_positive', sql`${t.revision} >= 1`),
    check(
      'facility_services_price_non_negative',
      sql`${t.priceAmountMinor} is null or ${t.priceAmountMinor} >= 0`,
    ),
    // Capacity is stated (accepting or not) exactly when it was confirmed at some time.
    check(
      'facility_services_capacity_confirmed',
      sql`(${t.acceptingClients} is null) = (${t.capacityConfirmedAt} is null)`,
    ),
    check(
      'facility_services_free_places_range',
      sql`${t.freePlaces} is null or ${t.freePlaces} between 0 and 100000`,
    ),
    check(
      'facility_services_waiting_weeks_range',
      sql`${t.waitingWeeks} is null or ${t.waitingWeeks} between 0 and 520`,
    ),
    // The rates a provider may choose are the contracts' (`vatRatesByCurrency`); rates change with the
    // law, so the database only keeps them plausible.
    check(
      'facility_services_price_vat_rate_range',
      sql`${t.priceVatRatePercent} is null or ${t.priceVatRatePercent} between 0 and 99`,
    ),
  ],
);

/** Counties a service is available in (field services cover several). */
export const facilityServiceCounties = pgTable(
  'facility_service_counties',
  {
    countyCode: text('county_code')
      .notNull()
      .references(() => counties.code, { onDelete: 'restrict', onUpdate: 'cascade' }),
    facilityServiceId: uuid('facility_service_id')
      .notNull()
      .references(() => facilityServices.id, { onDelete: 'cascade' }),
  },
  (t) => [
    // Services by county (and by region through its counties): leads with the county; status is
    // then checked on the service's primary key.
    primaryKey({ name: 'facility_service_counties_pk', columns: [t.countyCode, t.facilityServiceId] }),
    // Counties of one service (service detail, editing).
    index('facility_service_counties_facility_service_id_idx').on(t.facilityServiceId),
  ],
);

/** A price (`Price` of the contracts) as the three columns of `facility_services`; all null for none. */
export function priceColumns(price: Price | null) {
  return {
    priceAmountMinor: price?.amountMinor ?? null,
    priceCurrency: price?.currency ?? null,
    priceVatRatePercent: price?.vatRatePercent ?? null,
  };
}
