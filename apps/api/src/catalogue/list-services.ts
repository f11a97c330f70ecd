import type { CountyRef, FacilityService, RegionRef, ServiceList, ServiceListSort } from '@opora/contracts';
import type { Db } from '@opora/db';
import { type SQL, sql } from 'drizzle-orm';
import { NotFoundError } from '../platform/errors.ts';
import { type ServiceRow, toFacilityService } from './service-rows.ts';

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

interface Area {
  region: RegionRef;
  county: CountyRef | null;
  /** LAU 1 codes of the region's counties. */
  regionCountyCodes: string[];
}

/**
 * Remembers a value under `key` for a while (the guest response cache), or just loads it. Used for what
 * many different lists share: a region's counties and its unfiltered service count.
 */
export type Memo = <T extends object>(key: string, load: () => Promise<T>) => Promise<T>;

const noMemo: Memo = (_key, load) => load();

async function resolveArea(db: Db, input: ServiceListInput, memo: Memo): Promise<Area> {
  const regionCode = input.countyCode?.slice(0, 5) ?? input.regionCode ?? '';
  const counties = await memo(`catalogue-area:${regionCode}`, async () => {
    const { rows } = await db.execute<{ code: string; name: string; region_name: string }>(
      sql`select c.code, c.name, r.name as region_name
          from regions r join counties c on c.region_code = r.code
          where r.code = ${regionCode}`,
    );
    return rows;
  });
  const first = counties[0];
  if (!first) throw new NotFoundError(`There is no region ${regionCode}.`);
  const region = { code: regionCode, name: first.region_name };
  const regionCountyCodes = counties.map((county) => county.code);
  if (input.countyCode === undefined) return { region, county: null, regionCountyCodes };
  const county = counties.find((candidate) => candidate.code === input.countyCode);
  if (!county) throw new NotFoundError(`There is no county ${input.countyCode}.`);
  return { region, county: { code: county.code, name: county.name }, regionCountyCodes };
}

/** Services offered in the area: a service serving three counties of a region is still one row. */
function inArea(scope: 'county' | 'region', area: Area): SQL {
  const codes = scope === 'county' && area.county ? [area.county.code] : area.regionCountyCodes;
  // The codes are listed rather than joined from counties, so the planner estimates the area's size.
  return sql`fs.id in (select fsc.facility_service_id from facility_service_counties fsc
                       where fsc.county_code in (${sql.join(
                         codes.map((code) => sql`${code}`),
                         sql`, `,
                       )}))`;
}

/** Active services of the area matching the filters (draft and archived services are never public). */
function matching(scope: 'county' | 'region', area: Area, input: ServiceListInput): SQL {
  const conditions = [sql`fs.status = 'active'`, inArea(scope, area)];
  if (input.serviceTypeId) conditions.push(sql`fs.service_type_id = ${input.serviceTypeId}`);
  if (input.categoryId) conditions.push(sql`fs.service_category_id = ${input.categoryId}`);
  if (input.form) conditions.push(sql`fs.form = ${input.form}`);
  return sql.join(conditions, sql` and `);
}

/**
 * Orders of the public list; each ends with the id, so paging is stable when names or prices tie.
 * Names sort by Czech rules in the database (ICU collation). Written once for `readPage`'s matched
 * rows (alias `m`) and once for its page (alias `page`).
 */
const orderByAlias = (alias: 'm' | 'page'): Record<ServiceListSort, SQL> => {
  const a = sql.raw(alias);
  return {
    recommended: sql`${a}.verified desc nulls last, ${a}.name collate "cs-x-icu", ${a}.id`,
    name: sql`${a}.name collate "cs-x-icu", ${a}.id`,
    price: sql`${a}.price_czk asc nulls last, ${a}.id`,
    '-price': sql`${a}.price_czk desc nulls last, ${a}.id`,
  };
};
const matchedOrder = orderByAlias('m');
const pageOrder = orderByAlias('page');

/**
 * One page and the total in one statement. The area's matching services are read once (`matched`:
 * index-only scans of the county links and of `facility_services_catalogue_idx`); the total counts
 * them and the page is a top-N sort of them, so only `offset + pageSize` rows are ever ordered by the
 * (costly) Czech collation, never the whole area. Only the page's rows are joined to their facility,
 * provider and taxonomy.
 */
async function readPage(
  db: Db,
  where: SQL,
  input: ServiceListInput,
): Promise<{ rows: ServiceRow[]; total: number | undefined }> {
  const offset = (input.page - 1) * input.pageSize;
  const { rows } = await db.execute<ServiceRow & { total: string }>(sql`
    with matched as materialized (
      select fs.id, fs.verified, fs.name, fs.price_czk
      from facility_services fs
      where ${where}
    ),
    page as (
      select m.id, m.verified, m.name, m.price_czk
      from matched m
      order by ${matchedOrder[input.sort]}
      limit ${input.pageSize} offset ${offset}
    )
    select (select count(*) from matched) as total,
      fs.id, fs.name, fs.form, fs.price_czk, fs.place, fs.sponsored, fs.verified,
      f.id as facility_id, f.name as facility_name, f.street, f.city, f.zipcode,
      fc.code as county_code, fc.name as county_name,
      p.id as provider_id, p.name as provider_name, p.verified as provider_verified,
      st.id as service_type_id, st.code as service_type_code, st.form as service_type_form,
      sc.id as service_category_id, sc.code as service_category_code
    from page
    join facility_services fs on fs.id = page.id
    join facilities f on f.id = fs.facility_id
    join providers p on p.id = fs.provider_id
    join service_types st on st.id = fs.service_type_id
    join service_categories sc on sc.id = fs.service_category_id
    left join counties fc on fc.code = f.county_code
    order by ${pageOrder[input.sort]}
  `);
  return { rows, total: rows[0] ? Number(rows[0].total) : undefined };
}

async function count(db: Db, where: SQL): Promise<number> {
  const { rows } = await db.execute<{ total: string }>(
    sql`select count(*) as total from facility_services fs where ${where}`,
  );
  return Number(rows[0]?.total ?? 0);
}

async function listIn(
  db: Db,
  scope: 'county' | 'region',
  area: Area,
  input: ServiceListInput,
): Promise<{ items: FacilityService[]; total: number }> {
  const where = matching(scope, area, input);
  const page = await readPage(db, where, input);
  // A page past the end has no rows to carry the total.
  const total = page.total ?? (input.page > 1 ? await count(db, where) : 0);
  return { items: page.rows.map(toFacilityService), total };
}

/** Active services of the region, no filters: tells "nothing matches" from "nothing here yet". */
async function countRegionServices(db: Db, area: Area, memo: Memo): Promise<number> {
  const counted = await memo(`catalogue-region-count:${area.region.code}`, async () => ({
    total: await count(db, sql`fs.status = 'active' and ${inArea('region', area)}`),
  }));
  return counted.total;
}

/**
 * `GET /services` for a guest (every `alreadyRequested` false). A county whose filtered list is empty
 * answers its region's list instead, with `scope: 'region'` and `fallback: true` (SPEC §4).
 */
export async function listServices(
  db: Db,
  input: ServiceListInput,
  memo: Memo = noMemo,
): Promise<ServiceList> {
  const area = await resolveArea(db, input, memo);
  let scope: 'county' | 'region' = area.county ? 'county' : 'region';
  let [result, regionServiceCount] = await Promise.all([
    listIn(db, scope, area, input),
    countRegionServices(db, area, memo),
  ]);
  const fallback = scope === 'county' && result.total === 0;
  if (fallback) {
    scope = 'region';
    result = await listIn(db, scope, area, input);
  }
  return {
    items: result.items,
    total: result.total,
    page: input.page,
    pageSize: input.pageSize,
    area: { region: area.region, county: area.county },
    scope,
    fallback,
    regionServiceCount,
  };
}
