import {
  isServiceStatusTransition,
  type ProviderService,
  type ProviderServiceList,
  type ProviderServiceListQuery,
  type ServiceActivationRequirement,
  type ServiceStatus,
  serviceStatuses,
} from '@opora/contracts';
import type { DbExecutor } from '@opora/db';
import { type SQL, sql } from 'drizzle-orm';
import { priceOf } from '../catalogue/service-rows.ts';
import { NotFoundError } from '../platform/errors.ts';
import { collatorFor } from '../regions/region-names.ts';

interface ServiceRow extends Record<string, unknown> {
  id: string;
  name: string;
  status: ServiceStatus;
  form: ProviderService['form'];
  description: string | null;
  place: string | null;
  register_number: string | null;
  url: string | null;
  individual_price: boolean;
  price_amount_minor: number | null;
  price_currency: 'CZK' | 'EUR' | null;
  price_vat_rate_percent: number | null;
  revision: number;
  updated_at: Date | string;
  facility_id: string;
  facility_name: string;
  service_type_id: string;
  service_type_code: ProviderService['serviceType']['code'];
  service_type_form: ProviderService['serviceType']['form'];
  service_category_id: string;
  service_category_code: ProviderService['serviceCategory']['code'];
  counties: { code: string; name: string }[];
  surveys_count: number;
}

const serviceSelect = sql`
  select fs.id, fs.name, fs.status, fs.form, fs.description, fs.place, fs.register_number, fs.url, fs.individual_price,
    fs.price_amount_minor, fs.price_currency, fs.price_vat_rate_percent, fs.revision, fs.updated_at,
    f.id as facility_id, f.name as facility_name,
    st.id as service_type_id, st.code as service_type_code, st.form as service_type_form,
    sc.id as service_category_id, sc.code as service_category_code,
    (select coalesce(json_agg(json_build_object('code', c.code, 'name', c.name)), '[]')
     from facility_service_counties fsc join counties c on c.code = fsc.county_code
     where fsc.facility_service_id = fs.id) as counties,
    (select count(*)::int from facility_service_surveys fss where fss.facility_service_id = fs.id) as surveys_count
  from facility_services fs
  join facilities f on f.id = fs.facility_id
  join service_types st on st.id = fs.service_type_id
  join service_categories sc on sc.id = fs.service_category_id`;

/** What activation still needs (decision 0101): a county, a price or "priced individually", a description. */
export function missingForActivation(service: {
  countyCount: number;
  hasPrice: boolean;
  individualPrice: boolean;
  description: string | null;
}): ServiceActivationRequirement[] {
  const missing: ServiceActivationRequirement[] = [];
  if (service.countyCount === 0) missing.push('counties');
  if (!service.hasPrice && !service.individualPrice) missing.push('price');
  if (!service.description?.trim()) missing.push('description');
  return missing;
}

function toProviderService(row: ServiceRow): ProviderService {
  const czech = collatorFor('cs');
  const price = priceOf(row);
  return {
    id: row.id,
    name: row.name,
    facility: { id: row.facility_id, name: row.facility_name },
    serviceType: { id: row.service_type_id, code: row.service_type_code, form: row.service_type_form },
    serviceCategory: { id: row.service_category_id, code: row.service_category_code },
    form: row.form,
    counties: row.counties.toSorted((a, b) => czech.compare(a.name, b.name)),
    status: row.status,
    url: row.url,
    price,
    individualPrice: row.individual_price,
    description: row.description,
    place: row.place,
    registerNumber: row.register_number,
    revision: row.revision,
    missingForActivation: missingForActivation({
      countyCount: row.counties.length,
      hasPrice: price !== null,
      individualPrice: row.individual_price,
      description: row.description,
    }),
    allowedStatuses: serviceStatuses.filter((status) => isServiceStatusTransition(row.status, status)),
    surveysCount: row.surveys_count,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** One service of the provider as it manages it; another provider's, or none, answers 404. */
export async function readProviderService(
  db: DbExecutor,
  providerId: string,
  serviceId: string,
): Promise<ProviderService> {
  const result = await db.execute<ServiceRow>(
    sql`${serviceSelect} where fs.id = ${serviceId} and fs.provider_id = ${providerId}`,
  );
  const row = result.rows[0];
  if (!row) throw new NotFoundError();
  return toProviderService(row);
}

/** Every service of the provider, optionally of one status or facility, by name. */
export async function listProviderServices(
  db: DbExecutor,
  providerId: string,
  query: ProviderServiceListQuery,
): Promise<ProviderServiceList> {
  const conditions: SQL[] = [sql`fs.provider_id = ${providerId}`];
  if (query.status) conditions.push(sql`fs.status = ${query.status}`);
  if (query.facilityId) conditions.push(sql`fs.facility_id = ${query.facilityId}`);
  const result = await db.execute<ServiceRow>(
    sql`${serviceSelect} where ${sql.join(conditions, sql` and `)} order by fs.name, fs.id`,
  );
  return {
    items: result.rows.map((row) => {
      const service = toProviderService(row);
      return {
        id: service.id,
        name: service.name,
        facility: service.facility,
        serviceType: service.serviceType,
        form: service.form,
        status: service.status,
        revision: service.revision,
        updatedAt: service.updatedAt,
      };
    }),
  };
}
