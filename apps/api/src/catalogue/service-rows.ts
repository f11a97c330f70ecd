import {
  type Address,
  type Currency,
  capacityFreshMs,
  type FacilityService,
  type Price,
  type ServiceCapacity,
  type ServiceCapacityStatus,
  type StoredImage,
  storedImagePathPrefix,
} from '@opora/contracts';
import { listingFreshness } from '../provider-listing/listing-freshness.ts';

/** A service row as the catalogue queries select it (snake_case, as PostgreSQL names the columns). */
export type ServiceRow = {
  id: string;
  name: string;
  /** The price's three columns, all null when priced individually. */
  price_amount_minor: number | null;
  price_currency: Currency | null;
  price_vat_rate_percent: number | null;
  place: string | null;
  sponsored: boolean;
  verified: boolean;
  facility_id: string;
  facility_name: string;
  street: string | null;
  city: string | null;
  zipcode: string | null;
  county_code: string | null;
  county_name: string | null;
  provider_id: string;
  provider_name: string;
  provider_verified: boolean;
  listing_confirmed_at: Date;
  service_type_id: string;
  service_type_code: FacilityService['serviceType']['code'];
  service_type_form: FacilityService['serviceType']['form'];
  form: FacilityService['form'];
  service_category_id: string;
  service_category_code: FacilityService['serviceCategory']['code'];
  /** The provider's stored logo, where the query selects it (`stored_images` by `logo_image_key`). */
  logo_key?: string | null;
  logo_width?: number | null;
  logo_height?: number | null;
} & CapacityColumns;

/** A service's capacity columns, as `facility_services` and `catalogue_services` name them. */
export type CapacityColumns = {
  accepting_clients: boolean | null;
  free_places: number | null;
  waiting_weeks: number | null;
  /** A `Date` from the pool's parser, an ISO string through drizzle's `execute`. */
  capacity_confirmed_at: Date | string | null;
};

function confirmedAtOf(row: CapacityColumns): Date | null {
  const value = row.capacity_confirmed_at;
  return value === null ? null : new Date(value);
}

/** Confirmations at or after this moment are fresh (docs/decisions/0103). */
export function capacityFreshSince(now: Date): Date {
  return new Date(now.getTime() - capacityFreshMs);
}

/** What the public sees of a stated capacity at `now`: unknown once unconfirmed for 30 days. */
export function capacityStatusOf(row: CapacityColumns, now: Date): ServiceCapacityStatus {
  const confirmedAt = confirmedAtOf(row);
  if (row.accepting_clients === null || confirmedAt === null) return 'unknown';
  if (confirmedAt.getTime() < capacityFreshSince(now).getTime()) return 'unknown';
  return row.accepting_clients ? 'accepting' : 'full';
}

export function capacityOf(row: CapacityColumns, now: Date): ServiceCapacity {
  const status = capacityStatusOf(row, now);
  const fresh = status !== 'unknown';
  return {
    status,
    freePlaces: fresh ? row.free_places : null,
    waitingWeeks: fresh ? row.waiting_weeks : null,
    confirmedAt: confirmedAtOf(row)?.toISOString() ?? null,
  };
}

/** The provider's logo of a row: its path and size, for the page to reserve its box. */
export function logoOf(row: Pick<ServiceRow, 'logo_key' | 'logo_width' | 'logo_height'>): StoredImage | null {
  if (!row.logo_key || !row.logo_width || !row.logo_height) return null;
  return { path: `${storedImagePathPrefix}${row.logo_key}`, width: row.logo_width, height: row.logo_height };
}

/** An address is shown only when it names at least a town. */
export function addressOf(row: {
  street: string | null;
  city: string | null;
  zipcode: string | null;
}): Address | null {
  if (!row.city) return null;
  return { street: row.street, city: row.city, zipcode: row.zipcode ?? '' };
}

/** The price of a service row; the database keeps its three columns all set or all null. */
export function priceOf(
  row: Pick<ServiceRow, 'price_amount_minor' | 'price_currency' | 'price_vat_rate_percent'>,
): Price | null {
  if (row.price_amount_minor === null || row.price_currency === null || row.price_vat_rate_percent === null) {
    return null;
  }
  return {
    amountMinor: row.price_amount_minor,
    currency: row.price_currency,
    vatRatePercent: row.price_vat_rate_percent,
  };
}

/** A guest's view of a service at `now`: `alreadyRequested` is filled in per caller afterwards. */
export function toFacilityService(row: ServiceRow, now: Date): FacilityService {
  const listing = listingFreshness(row.listing_confirmed_at, now);
  return {
    id: row.id,
    name: row.name,
    price: priceOf(row),
    place: row.place,
    facility: {
      id: row.facility_id,
      name: row.facility_name,
      address: addressOf(row),
      county: row.county_code && row.county_name ? { code: row.county_code, name: row.county_name } : null,
    },
    provider: {
      id: row.provider_id,
      name: row.provider_name,
      verified: row.provider_verified,
      listingConfirmedAt: listing.confirmedAt,
      listingPossiblyOutdated: listing.possiblyOutdated,
      logo: logoOf(row),
    },
    serviceType: { id: row.service_type_id, code: row.service_type_code, form: row.service_type_form },
    form: row.form,
    serviceCategory: { id: row.service_category_id, code: row.service_category_code },
    flags: { alreadyRequested: false, sponsored: row.sponsored, verified: row.verified },
    capacity: capacityOf(row, now),
  };
}
