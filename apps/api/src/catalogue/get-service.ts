import type { PublicContact, ServiceDetail } from '@opora/contracts';
import { fullName } from '@opora/contracts';
import type { Db } from '@opora/db';
import { NotFoundError } from '../platform/errors.ts';
import { preparedRows } from '../platform/prepared.ts';
import { collatorFor } from '../regions/region-names.ts';
import { addressOf, type ServiceRow, toFacilityService } from './service-rows.ts';

type DetailRow = ServiceRow & {
  description: string | null;
  register_number: string | null;
  url: string | null;
  facility_type: string | null;
  facility_web: string | null;
  facility_description: string | null;
  region_code: string | null;
  region_name: string | null;
  provider_verified_at: Date | null;
  provider_verification_lapsed_at: Date | null;
  provider_country: ServiceDetail['provider']['country'];
  provider_street: string | null;
  provider_city: string | null;
  provider_zipcode: string | null;
  identification_code: string | null;
  contact_phone: string | null;
  contact_email: string | null;
  provider_url: string | null;
  provider_description: string | null;
  logo_url: string | null;
  counties: { code: string; name: string }[];
  contacts: ContactRow[];
  facility_contacts: ContactRow[];
};

interface ContactRow {
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
}

const isoOf = (value: Date | null) => value?.toISOString() ?? null;

function publicContact(contact: ContactRow): PublicContact {
  return {
    fullName: fullName({ firstName: contact.first_name, lastName: contact.last_name }),
    email: contact.email,
    phone: contact.phone,
  };
}

/**
 * The service with its facility, provider and taxonomy, its counties and the public contacts of the
 * provider and of the facility (as JSON arrays; a facility "same as provider" has none of its own), in
 * one statement by primary key; planned once per connection (prepared). Private contacts never leave
 * the provider: only `type = 'public'` rows are read here.
 */
const detailSelect = `
    select fs.id, fs.name, fs.form, fs.place, fs.sponsored, fs.verified, fs.description, fs.url,
      fs.register_number,
      fs.price_amount_minor, fs.price_currency, fs.price_vat_rate_percent,
      fs.accepting_clients, fs.free_places, fs.waiting_weeks, fs.capacity_confirmed_at,
      f.id as facility_id, f.name as facility_name, f.street, f.city, f.zipcode,
      f.type as facility_type, f.web as facility_web, f.description as facility_description,
      fc.code as county_code, fc.name as county_name, r.code as region_code, r.name as region_name,
      p.id as provider_id, p.name as provider_name, p.verified as provider_verified,
      p.verified_at as provider_verified_at, p.verification_lapsed_at as provider_verification_lapsed_at,
      p.country as provider_country,
      p.street as provider_street, p.city as provider_city, p.zipcode as provider_zipcode,
      p.identification_code, p.contact_phone, p.contact_email, p.url as provider_url,
      p.description as provider_description, p.logo_url, p.listing_confirmed_at,
      si.key as logo_key, si.width as logo_width, si.height as logo_height,
      st.id as service_type_id, st.code as service_type_code, st.form as service_type_form,
      sc.id as service_category_id, sc.code as service_category_code,
      (select coalesce(json_agg(json_build_object('code', c.code, 'name', c.name)), '[]')
       from facility_service_counties fsc join counties c on c.code = fsc.county_code
       where fsc.facility_service_id = fs.id) as counties,
      (select coalesce(json_agg(json_build_object('first_name', k.first_name, 'last_name', k.last_name,
                                                  'email', k.email, 'phone', k.phone)
                                order by k.last_name, k.first_name, k.id), '[]')
       from contacts k where k.provider_id = p.id and k.type = 'public') as contacts,
      (select coalesce(json_agg(json_build_object('first_name', k.first_name, 'last_name', k.last_name,
                                                  'email', k.email, 'phone', k.phone)
                                order by k.last_name, k.first_name, k.id), '[]')
       from contacts k where k.facility_id = f.id and k.type = 'public' and not f.same_as_provider)
        as facility_contacts
    from facility_services fs
    join facilities f on f.id = fs.facility_id
    join providers p on p.id = fs.provider_id
    left join stored_images si on si.key = p.logo_image_key
    join service_types st on st.id = fs.service_type_id
    join service_categories sc on sc.id = fs.service_category_id
    left join counties fc on fc.code = f.county_code
    left join regions r on r.code = fc.region_code`;

const detailStatement = {
  name: 'catalogue-service-detail',
  text: `${detailSelect}
    where fs.id = $1 and fs.status = 'active' and p.listed`,
};

/** The same for the provider's preview: its own service, whatever its status. */
const previewStatement = {
  name: 'provider-service-preview',
  text: `${detailSelect}
    where fs.id = $1 and fs.provider_id = $2`,
};

/**
 * `GET /services/{serviceId}` for a guest: the tabs info, location and provider. Draft and archived
 * services answer 404 like unknown ones, so nobody learns what is being prepared.
 */
export async function getService(db: Db, serviceId: string, now: Date): Promise<ServiceDetail> {
  const [row] = await preparedRows<DetailRow>(db, detailStatement.name, detailStatement.text, [serviceId]);
  if (!row) throw new NotFoundError();
  return toServiceDetail(row, now);
}

/**
 * The provider's preview of its own service (drafts and archived ones too) exactly as `getService`
 * answers it to a guest; another provider's service answers 404.
 */
export async function previewService(
  db: Db,
  providerId: string,
  serviceId: string,
  now: Date,
): Promise<ServiceDetail> {
  const [row] = await preparedRows<DetailRow>(db, previewStatement.name, previewStatement.text, [
    serviceId,
    providerId,
  ]);
  if (!row) throw new NotFoundError();
  return toServiceDetail(row, now);
}

function toServiceDetail(row: DetailRow, now: Date): ServiceDetail {
  const czech = collatorFor('cs');
  const providerContacts = row.contacts.map(publicContact);
  const facilityContacts = row.facility_contacts.map(publicContact);
  const base = toFacilityService(row, now);
  return {
    ...base,
    description: row.description,
    registerNumber: row.register_number,
    url: row.url,
    counties: row.counties.toSorted((a, b) => czech.compare(a.name, b.name)),
    region: row.region_code && row.region_name ? { code: row.region_code, name: row.region_name } : null,
    facility: {
      ...base.facility,
      type: row.facility_type,
      web: row.facility_web,
      description: row.facility_description,
      // The facility's own public contacts, else (none, or "same as provider") the provider's.
      contacts: facilityContacts.length > 0 ? facilityContacts : providerContacts,
    },
    provider: {
      ...base.provider,
      verifiedAt: isoOf(row.provider_verified_at),
      verificationLapsedAt: isoOf(row.provider_verification_lapsed_at),
      country: row.provider_country,
      address: addressOf({
        street: row.provider_street,
        city: row.provider_city,
        zipcode: row.provider_zipcode,
      }),
      identificationCode: row.identification_code,
      contactPhone: row.contact_phone,
      contactEmail: row.contact_email,
      url: row.provider_url,
      description: row.provider_description,
      logoUrl: row.logo_url,
      listingConfirmedAt: base.provider.listingConfirmedAt,
      listingPossiblyOutdated: base.provider.listingPossiblyOutdated,
      contacts: providerContacts,
    },
  };
}
