import type { ServiceList, ServiceListSort } from '@opora/contracts';
import type { Db } from '@opora/db';
import { NotFoundError } from '../platform/errors.ts';
import { preparedRows } from '../platform/prepared.ts';
import { recommendedOrder, recommendedScan } from './recommended-order.ts';
import { capacityFreshSince, type ServiceRow, toFacilityService } from './service-rows.ts';

/** The query after validation (defaults applied). */
export interface ServiceListInput {
  regionCode?: string | undefined;
  countyCode?: string | undefined;
  serviceTypeId?: string | undefined;
  categoryId?: string | undefined;
  form?: 'residential' | 'day' | 'field' | 'health' | undefined;
  page: number;
  pageSize: number;
  sort: ServiceListSort;
}

/**
 * Orders of the public list, each served by an index of `catalogue_area_services` that starts with
 * the area and ends with the id (paging is stable when names or prices tie). Names sort by Czech rules
 * (ICU collation), which those indexes are built with. Prices compare within a currency only: the
 * area's own currency (CZK in Czech areas, EUR in Slovak ones) first, then the other, then services
 * priced individually; `-price` reverses the amounts, not that grouping.
 */
const orders: Record<ServiceListSort, string> = {
  recommended: recommendedOrder,
  name: 'cas.name collate "cs-x-icu", cas.facility_service_id',
  price:
    'cas.price_in_other_currency asc nulls last, cas.price_amount_minor asc nulls last, cas.facility_service_id',
  '-price':
    'cas.price_in_other_currency asc nulls last, cas.price_amount_minor desc nulls last, cas.facility_service_id',
};

/** The optional filters ($3 type, $4 category, $5 form) over a table carrying those columns. */
const filtered = (alias: string) =>
  `($3::uuid is null or ${alias}.service_type_id = $3::uuid)
     and ($4::uuid is null or ${alias}.service_category_id = $4::uuid)
     and ($5::service_form is null or ${alias}.form = $5::service_form)`;

/**
 * The whole answer in one statement, parameters $1 county (null for a region), $2 region, $3–$5 the
 * filters, $6 page size, $7 offset:
 *
 * - `area`: the region and county names; no row when the region does not exist, no county when it is
 *   not one of the region's (both 404).
 * - `counted` (materialized, so each sum runs once) and `scope`: totals from `catalogue_area_counts`
 *   (a few rows per area, whatever the filters): the county's filtered total, the region's filtered
 *   total for the fallback, the region's unfiltered count. A county whose filtered list is empty
 *   answers its region's (SPEC §4).
 * - `page`: an index-ordered scan of the chosen area in `catalogue_area_services`, reading only
 *   `offset + pageSize` matching entries (index-only: the filter columns are in the index); skipped
 *   when the total says the page is past the end.
 * - the page's items from `catalogue_services`, one primary-key probe each (joining facility, provider,
 *   county and taxonomy per item was three quarters of the statement's cost).
 */
const listStatement = (sort: ServiceListSort) => `
  with area as (
    select r.name as region_name, c.code as county_code, c.name as county_name
    from regions r
    left join counties c on c.code = $1 and c.region_code = r.code
    where r.code = $2
  ),
  counted as materialized (
    select
      (select coalesce(sum(n.services), 0) from catalogue_area_counts n
       where n.area_code = $1 and ${filtered('n')}) as county_total,
      (select coalesce(sum(n.services), 0) from catalogue_area_counts n
       where n.area_code = $2 and ${filtered('n')}) as region_total,
      (select coalesce(sum(n.services), 0) from catalogue_area_counts n
       where n.area_code = $2) as region_services
  ),
  scope as (
    select case when county_total > 0 then 'county' else 'region' end as scope,
      case when county_total > 0 then $1 else $2 end as area_code,
      case when county_total > 0 then county_total else region_total end as total,
      region_services
    from counted
  ),
  page as (
    select ordered.id, row_number() over () as position
    from (${pageStatement(sort)}) ordered
  )
  select area.region_name, area.county_code as area_county_code, area.county_name as area_county_name,
    scope.scope, scope.total, scope.region_services, items.*
  from area
  cross join scope
  left join (
    select page.position,
      cs.facility_service_id as id, cs.name, cs.form, cs.place, cs.sponsored, cs.verified,
      cs.price_amount_minor, cs.price_currency, cs.price_vat_rate_percent,
      cs.facility_id, cs.facility_name, cs.street, cs.city, cs.zipcode, cs.county_code, cs.county_name,
      cs.provider_id, cs.provider_name, cs.provider_verified, p.listing_confirmed_at,
      cs.service_type_id, cs.service_type_code, cs.service_type_form,
      cs.service_category_id, cs.service_category_code,
      cs.accepting_clients, cs.free_places, cs.waiting_weeks, cs.capacity_confirmed_at,
      si.key as logo_key, si.width as logo_width, si.height as logo_height
    from page
    join catalogue_services cs on cs.facility_service_id = page.id
    -- The provider's confirmation date and logo: two primary-key probes per item of the page.
    join providers p on p.id = cs.provider_id
    left join stored_images si on si.key = p.logo_image_key
  ) items on true
  order by items.position`;

/** The page of the area `scope` says, filtered, in one index's order; $6 page size, $7 offset. */
const areaScan = (order: string) => `
      select cas.facility_service_id as id
      from catalogue_area_services cas
      where cas.area_code = (select area_code from scope) and (select total from scope) > $7
        and ${filtered('cas')}
      order by ${order}
      limit $6 offset $7`;

function pageStatement(sort: ServiceListSort): string {
  if (sort !== 'recommended') return areaScan(orders[sort]);
  return recommendedScan(
    `cas.area_code = (select area_code from scope) and (select total from scope) > $7 and ${filtered('cas')}`,
    { limit: '$6', offset: '$7', freshSince: '$8' },
  );
}

const statements = Object.fromEntries(
  (Object.keys(orders) as ServiceListSort[]).map((sort) => [
    sort,
    { name: `catalogue-services-${sort}`, text: listStatement(sort) },
  ]),
) as Record<ServiceListSort, { name: string; text: string }>;

type ListRow = {
  region_name: string;
  area_county_code: string | null;
  area_county_name: string | null;
  scope: 'county' | 'region';
  total: string;
  region_services: string;
} & (ServiceRow | { id: null });

/**
 * `GET /services` for a guest (every `alreadyRequested` false). A county whose filtered list is empty
 * answers its region's list instead, with `scope: 'region'` and `fallback: true` (SPEC §4);
 * `regionServiceCount` is the region's count without filters.
 */
export async function listServices(db: Db, input: ServiceListInput, now: Date): Promise<ServiceList> {
  const regionCode = input.countyCode?.slice(0, 5) ?? input.regionCode ?? '';
  const statement = statements[input.sort];
  const rows = await preparedRows<ListRow>(db, statement.name, statement.text, [
    input.countyCode ?? null,
    regionCode,
    input.serviceTypeId ?? null,
    input.categoryId ?? null,
    input.form ?? null,
    input.pageSize,
    (input.page - 1) * input.pageSize,
    // $8 only in `recommended`'s statement (the others do not rank by capacity).
    ...(input.sort === 'recommended' ? [capacityFreshSince(now)] : []),
  ]);
  const first = rows[0];
  if (!first) throw new NotFoundError(`There is no region ${regionCode}.`);
  let county = null;
  if (input.countyCode !== undefined) {
    if (!first.area_county_code || !first.area_county_name) {
      throw new NotFoundError(`There is no county ${input.countyCode}.`);
    }
    county = { code: first.area_county_code, name: first.area_county_name };
  }
  const items = rows.flatMap((row) => (row.id === null ? [] : [toFacilityService(row, now)]));
  return {
    items,
    total: Number(first.total),
    page: input.page,
    pageSize: input.pageSize,
    area: { region: { code: regionCode, name: first.region_name }, county },
    scope: first.scope,
    fallback: county !== null && first.scope === 'region',
    regionServiceCount: Number(first.region_services),
  };
}
