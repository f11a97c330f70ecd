import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { currencyEnum, serviceFormEnum } from './enums.ts';

// The public catalogue's lists, kept ready by triggers (migration 0006_catalogue_areas, prices as
// amount, currency and VAT rate since 0007_service_prices): no code
// writes these tables. A listed service is an active one with county links; its rows follow, in the
// same transaction, its own row, its county links, its facility (name, address, county), its provider
// (name, verification), and the names of its county and taxonomy; a county moved to another region
// moves its services' region rows. The provider's verification is shown but neither hides a service
// nor orders the lists (`recommended` orders by the service's own `verified`).

/**
 * One row per area × active service: for every county a service serves, and once for every region
 * of those counties (a service serving three counties of a region is one row of the region). Carries
 * what the lists filter and sort by, so a page is an index-ordered scan of one area.
 */
export const catalogueAreaServices = pgTable(
  'catalogue_area_services',
  {
    /** A county's LAU 1 code or a region's NUTS 3 code. */
    areaCode: text('area_code').notNull(),
    facilityServiceId: uuid('facility_service_id').notNull(),
    verified: boolean('verified').notNull(),
    name: text('name').notNull(),
    serviceTypeId: uuid('service_type_id').notNull(),
    serviceCategoryId: uuid('service_category_id').notNull(),
    form: serviceFormEnum('form').notNull(),
    /**
     * The price's currency is not the area's (EUR in a Czech area, CZK in a Slovak one): `price`
     * lists the area's own currency first. Null without a price, like the amount.
     */
    priceInOtherCurrency: boolean('price_in_other_currency'),
    /** In minor units of the service's currency. */
    priceAmountMinor: integer('price_amount_minor'),
    /**
     * The service's stated capacity (migration 0017): 0 accepting, 1 never stated, 2 full — never null,
     * so each is an equality the `recommended` ranges keep their index order under. Whether it is still
     * fresh is judged at read time from the confirmation.
     */
    // Default: what every service was before capacity existed.
    capacityState: smallint('capacity_state').notNull().default(1),
    capacityConfirmedAt: timestamptz('capacity_confirmed_at'),
  },
  (t) => {
    // After the sort keys and the id (unique, so they never change the order): the filter columns,
    // so a filtered page is an index-only scan too.
    const filters = [t.serviceTypeId, t.serviceCategoryId, t.form] as const;
    return [
      primaryKey({ name: 'catalogue_area_services_pk', columns: [t.areaCode, t.facilityServiceId] }),
      // One index per order of the list (`recommended`, `name`, `price`, `-price`), each ending with the id.
      index('catalogue_area_services_recommended_idx').on(
        t.areaCode,
        t.verified.desc().nullsLast(),
        sql`${t.name} collate "cs-x-icu"`,
        t.facilityServiceId,
        ...filters,
      ),
      // `recommended` since capacity (docs/decisions/0104): one ordered range per stated capacity
      // (accepting, full, never stated), the confirmation time beside it to drop stale entries.
      index('catalogue_area_services_capacity_idx').on(
        t.areaCode,
        t.capacityState,
        t.verified.desc().nullsLast(),
        sql`${t.name} collate "cs-x-icu"`,
        t.facilityServiceId,
        t.capacityConfirmedAt,
        ...filters,
      ),
      index('catalogue_area_services_name_idx').on(
        t.areaCode,
        sql`${t.name} collate "cs-x-icu"`,
        t.facilityServiceId,
        ...filters,
      ),
      // Prices: the area's currency, then the other one, then none; by amount within a currency.
      index('catalogue_area_services_price_idx').on(
        t.areaCode,
        t.priceInOtherCurrency.asc().nullsLast(),
        t.priceAmountMinor.asc().nullsLast(),
        t.facilityServiceId,
        ...filters,
      ),
      index('catalogue_area_services_price_desc_idx').on(
        t.areaCode,
        t.priceInOtherCurrency.asc().nullsLast(),
        t.priceAmountMinor.desc().nullsLast(),
        t.facilityServiceId,
        ...filters,
      ),
      // The triggers replace one service's rows.
      index('catalogue_area_services_facility_service_id_idx').on(t.facilityServiceId),
    ];
  },
);

/**
 * How many rows `catalogue_area_services` holds per area, type (with its category) and form, kept by a
 * trigger on that table: a list's total under any filters, and a region's unfiltered count, add up a
 * few of these rows instead of counting an area's services. Rows that fell to zero stay.
 */
export const catalogueAreaCounts = pgTable(
  'catalogue_area_counts',
  {
    areaCode: text('area_code').notNull(),
    serviceTypeId: uuid('service_type_id').notNull(),
    serviceCategoryId: uuid('service_category_id').notNull(),
    form: serviceFormEnum('form').notNull(),
    services: integer('services').notNull(),
  },
  (t) => [
    // No check that `services` stays ≥ 0: an upsert checks the row it proposes, which for a decrement
    // is the negative delta itself. The consistency tests compare these counts with a plain count.
    primaryKey({
      name: 'catalogue_area_counts_pk',
      columns: [t.areaCode, t.serviceTypeId, t.serviceCategoryId, t.form],
    }),
  ],
);

/**
 * One row per listed service with what a list item shows (the columns of the catalogue's
 * `ServiceRow`): a page of a list is its ids from `catalogue_area_services` and one primary-key probe
 * here each, instead of joining facility, provider, county and taxonomy per row.
 */
export const catalogueServices = pgTable('catalogue_services', {
  facilityServiceId: uuid('facility_service_id').primaryKey(),
  name: text('name').notNull(),
  form: serviceFormEnum('form').notNull(),
  place: text('place'),
  sponsored: boolean('sponsored').notNull(),
  verified: boolean('verified').notNull(),
  facilityId: uuid('facility_id').notNull(),
  facilityName: text('facility_name').notNull(),
  street: text('street'),
  city: text('city'),
  zipcode: text('zipcode'),
  /** The facility's county (null when it has none). */
  countyCode: text('county_code'),
  countyName: text('county_name'),
  providerId: uuid('provider_id').notNull(),
  providerName: text('provider_name').notNull(),
  providerVerified: boolean('provider_verified').notNull(),
  serviceTypeId: uuid('service_type_id').notNull(),
  serviceTypeCode: text('service_type_code').notNull(),
  serviceTypeForm: serviceFormEnum('service_type_form').notNull(),
  serviceCategoryId: uuid('service_category_id').notNull(),
  serviceCategoryCode: text('service_category_code').notNull(),
  /** The service's price (all three null when it has none); last, as migration 0007 added them. */
  priceAmountMinor: integer('price_amount_minor'),
  priceCurrency: currencyEnum('price_currency'),
  priceVatRatePercent: smallint('price_vat_rate_percent'),
  /** The service's capacity as stated (migration 0017); whether it is still fresh is decided when read. */
  acceptingClients: boolean('accepting_clients'),
  freePlaces: integer('free_places'),
  waitingWeeks: smallint('waiting_weeks'),
  capacityConfirmedAt: timestamptz('capacity_confirmed_at'),
});
