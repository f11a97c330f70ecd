import {
  type CountyRef,
  type RegionRef,
  recommendedServiceTypes,
  type ServiceOffer,
  type ServiceOfferItem,
  type ServiceOfferReason,
  type ServiceTypeCode,
} from '@opora/contracts';
import type { Db } from '@opora/db';
import { sql } from 'drizzle-orm';
import { type ServiceRow, toFacilityService } from '../catalogue/service-rows.ts';
import { ConflictError, NotFoundError } from '../platform/errors.ts';

/** The query after validation (defaults applied). */
export interface ServiceOfferInput {
  caseId?: string | undefined;
  area: 'county' | 'region';
  page: number;
  pageSize: number;
}

interface OfferArea {
  region: RegionRef;
  county: CountyRef | null;
  /** LAU 1 codes of the region's counties. */
  regionCountyCodes: string[];
}

/**
 * The client's area: with `county`, the county where care is provided (the service address's when it
 * differs from the permanent residence); with `region`, the region of permanent residence. 404 for
 * another user's client.
 */
async function resolveArea(db: Db, userId: string, clientId: string, area: ServiceOfferInput['area']) {
  const { rows } = await db.execute<{
    county_code: string | null;
    county_name: string | null;
    region_code: string | null;
    region_name: string | null;
    region_county_codes: string[] | null;
  }>(sql`
    select k.code as county_code, k.name as county_name, r.code as region_code, r.name as region_name,
      (select array_agg(rk.code order by rk.code) from counties rk where rk.region_code = r.code)
        as region_county_codes
    from clients c
    left join counties k on k.code = ${
      area === 'county'
        ? sql`case when c.service_address_differs then c.service_county_code else c.county_code end`
        : sql`c.county_code`
    }
    left join regions r on r.code = k.region_code
    where c.id = ${clientId} and c.owner_user_id = ${userId}
  `);
  const row = rows[0];
  if (!row) throw new NotFoundError();
  if (!row.county_code || !row.county_name || !row.region_code || !row.region_name) {
    throw new ConflictError('The client has no address to offer services for.');
  }
  return {
    region: { code: row.region_code, name: row.region_name },
    county: area === 'county' ? { code: row.county_code, name: row.county_name } : null,
    regionCountyCodes: row.region_county_codes ?? [],
  } satisfies OfferArea;
}

/**
 * The case the recommendation follows and its case survey's answers: `caseId` when given (the
 * caller's case of this client, or one not tied to a client yet; anything else is 404), else the
 * client's most recent case. Answers saved as a draft count as well as submitted ones.
 */
async function resolveCase(
  db: Db,
  userId: string,
  clientId: string,
  caseId: string | undefined,
): Promise<{ caseId: string | null; recommendedTypes: ServiceTypeCode[] }> {
  const { rows } = await db.execute<{ id: string; answers: Record<string, unknown> | null }>(sql`
    select k.id, sa.answers
    from cases k
    left join survey_answers sa on sa.case_id = k.id and sa.survey_type = 'case'
    where k.owner_user_id = ${userId} and ${
      caseId === undefined
        ? sql`k.client_id = ${clientId}`
        : sql`k.id = ${caseId} and (k.client_id = ${clientId} or k.client_id is null)`
    }
    order by k.created_at desc, k.id
    limit 1
  `);
  const row = rows[0];
  if (!row) {
    if (caseId !== undefined) throw new NotFoundError();
    return { caseId: null, recommendedTypes: [] };
  }
  return { caseId: row.id, recommendedTypes: recommendedServiceTypes(row.answers ?? {}) };
}

type OfferRow = ServiceRow & { total: string; matches_need: boolean; already_requested: boolean };

/**
 * One page of the area's active services and their total in one statement. The area's service ids
 * come from the county links' primary key; each is probed in the covering index of active services
 * (`facility_services_catalogue_idx`, which holds the type, so the recommendation needs no table
 * visit). The probe sits in a lateral subquery the planner cannot flatten: flattened, it chose a hash
 * join over every active service of the table for region-wide areas, so the cost grew with the whole
 * catalogue instead of the area (100,000 services: a region 30 → 19 ms, Prague 37 → 30 ms). The
 * matches are materialised once, counted, and top-N sorted — only `offset + pageSize` rows are ever
 * ordered by the Czech collation — and only the page is joined to facility, provider and taxonomy.
 */
async function readOfferPage(
  db: Db,
  countyCodes: string[],
  recommendedTypes: ServiceTypeCode[],
  caseId: string | null,
  input: ServiceOfferInput,
): Promise<{ rows: OfferRow[]; total: number }> {
  const offset = (input.page - 1) * input.pageSize;
  const codes = sql.join(
    countyCodes.map((code) => sql`${code}`),
    sql`, `,
  );
  // A service serving several counties of a region is linked once per county.
  const distinct = countyCodes.length > 1 ? sql`distinct` : sql``;
  const { rows } = await db.execute<OfferRow>(sql`
    with area as materialized (
      select ${distinct} fsc.facility_service_id as id
      from facility_service_counties fsc where fsc.county_code in (${codes})
    ),
    matched as materialized (
      select fs.id, fs.verified, fs.name, fs.service_type_id
      from area cross join lateral (
        select fs.id, fs.verified, fs.name, fs.service_type_id
        from facility_services fs
        where fs.id = area.id and fs.status = 'active'
        offset 0
      ) fs
    ),
    page as (
      select m.id, m.verified, m.name,
        m.service_type_id = any (array(
          select st.id from service_types st where st.code = any (${sql.param(recommendedTypes)}::text[])
        )) as matches_need
      from matched m
      order by matches_need desc, m.verified desc, m.name collate "cs-x-icu", m.id
      limit ${input.pageSize} offset ${offset}
    )
    select (select count(*) from matched) as total, page.matches_need,
      exists (select 1 from care_requests cr
              where cr.case_id = ${caseId} and cr.facility_service_id = page.id) as already_requested,
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
    order by page.matches_need desc, page.verified desc, page.name collate "cs-x-icu", page.id
  `);
  let total = rows[0] ? Number(rows[0].total) : 0;
  // A page past the end has no row to carry the total.
  if (!rows[0] && input.page > 1) {
    const counted = await db.execute<{ total: string }>(sql`
      select count(*) as total from facility_services fs
      where fs.status = 'active'
        and fs.id in (select fsc.facility_service_id from facility_service_counties fsc
                      where fsc.county_code in (${codes}))
    `);
    total = Number(counted.rows[0]?.total ?? 0);
  }
  return { rows, total };
}

function toOfferItem(row: OfferRow, scope: 'county' | 'region'): ServiceOfferItem {
  const service = toFacilityService(row);
  const reasons: ServiceOfferReason[] = [];
  if (row.matches_need) reasons.push('matches-need');
  reasons.push(scope === 'county' ? 'in-county' : 'in-region');
  if (row.verified) reasons.push('verified');
  return { ...service, flags: { ...service.flags, alreadyRequested: row.already_requested }, reasons };
}

/**
 * `GET /clients/{clientId}/service-offer`: the client's services pool. Services whose type the case
 * survey asks for come first, then services staff verified, then by name (Czech); sponsorship never
 * moves a service, and each item says why it is listed (`reasons`). A county without active services
 * answers its region's (`scope: 'region'`, `fallback: true`, SPEC §4). `alreadyRequested` is within
 * the case the recommendation follows.
 */
export async function getClientServiceOffer(
  db: Db,
  userId: string,
  clientId: string,
  input: ServiceOfferInput,
): Promise<ServiceOffer> {
  const [area, offerCase] = await Promise.all([
    resolveArea(db, userId, clientId, input.area),
    resolveCase(db, userId, clientId, input.caseId),
  ]);
  const { caseId, recommendedTypes } = offerCase;
  let scope: 'county' | 'region' = area.county ? 'county' : 'region';
  const countyCodes = area.county ? [area.county.code] : area.regionCountyCodes;
  let page = await readOfferPage(db, countyCodes, recommendedTypes, caseId, input);
  const fallback = scope === 'county' && page.total === 0;
  if (fallback) {
    scope = 'region';
    page = await readOfferPage(db, area.regionCountyCodes, recommendedTypes, caseId, input);
  }
  return {
    items: page.rows.map((row) => toOfferItem(row, scope)),
    total: page.total,
    page: input.page,
    pageSize: input.pageSize,
    area: { region: area.region, county: area.county },
    scope,
    fallback,
    recommendedTypes,
    caseId,
  };
}
