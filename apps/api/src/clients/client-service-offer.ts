import {
  helpNeededQuestionName,
  helpNeededServiceTypes,
  recommendedServiceTypes,
  type ServiceOffer,
  type ServiceOfferItem,
  type ServiceOfferReason,
  type ServiceTypeCode,
} from '@opora/contracts';
import type { Db } from '@opora/db';
import { recommendedScan } from '../catalogue/recommended-order.ts';
import { capacityFreshSince, type ServiceRow, toFacilityService } from '../catalogue/service-rows.ts';
import { AppError, ConflictError, NotFoundError } from '../platform/errors.ts';
import { preparedRows } from '../platform/prepared.ts';
import { givesAccessCondition } from '../subscriptions/active-subscription.ts';

/** The query after validation (defaults applied). */
export interface ServiceOfferInput {
  caseId?: string | undefined;
  area: 'county' | 'region';
  page: number;
  pageSize: number;
}

/** Constants of the statement's text as SQL literals. */
const textLiteral = (value: string) => `'${value.replaceAll("'", "''")}'`;
const jsonbLiteral = (value: unknown) => `${textLiteral(JSON.stringify(value))}::jsonb`;

/**
 * The whole pool in one statement. Parameters: $1 the caller, $2 the client, $3 true for `area=county`,
 * $4 page size, $5 offset, $6 the recommended type codes when the caller states them (null: derived
 * here from the case survey's answers), $7 since when a stated capacity is fresh, and with `caseId`,
 * $8 the case.
 *
 * - `client`: the county (where care is provided with `area=county`, else of permanent residence) and
 *   its region; no row for another user's client (404), no county for a client without address (409);
 *   whether the caller has a live subscription (402 `InsufficientSubscription` without one).
 * - `followed`: the case the recommendation follows (`caseId`, else the client's latest) and its case
 *   survey's `help-needed` answer; `asked` and `need`: the type codes that answer asks for (as
 *   `recommendedServiceTypes` maps them, checked by the caller; $6 instead when given) and their ids.
 * - `scope`: the county when `catalogue_area_counts` says it has services, else its region (SPEC §4);
 *   with `area=region`, the region. `counted`: the area's total and how many of them are of the needed
 *   types, from the counts (a few dozen rows per area).
 * - `bounds` and `page`: services of the needed types come first, then the rest, each part in the
 *   public list's `recommended` order (`recommendedScan`: accepting, unknown, full; within each,
 *   verified, then name in Czech, then id): each part is the capacity ranges of one area
 *   (index-only: the index holds the type), offsets and limits computed from the two counts, so each
 *   range stops at the page's last row and a part the page does not reach (or a page past the end)
 *   is not scanned at all.
 * - the page's items from `catalogue_services` and `alreadyRequested` by the case's care requests;
 *   what the answer says besides its items (`head`) only on the first row (repeating it on every row
 *   cost more to send and parse than the rest of the page).
 *
 * `any ((select ids from need)::uuid[])`: without the cast, `any (subquery)` would compare with the
 * subquery's rows instead of the array's elements.
 */
const offerStatement = (byCase: boolean) => `
  with client as materialized (
    select true as found, k.code as county_code, k.name as county_name,
      r.code as region_code, r.name as region_name,
      exists (select from subscriptions where subscriptions.user_id = $1::uuid and ${givesAccessCondition}) as subscribed
    from clients c
    left join counties k on k.code = case when $3::boolean and c.service_address_differs
                                          then c.service_county_code else c.county_code end
    left join regions r on r.code = k.region_code
    where c.id = $2::uuid and c.owner_user_id = $1::uuid
  ),
  followed as materialized (
    select k.id, sa.answers -> ${textLiteral(helpNeededQuestionName)} as help_needed
    from cases k
    left join survey_answers sa on sa.case_id = k.id and sa.survey_type = 'case'
    where k.owner_user_id = $1::uuid and ${
      byCase
        ? 'k.id = $8::uuid and (k.client_id = $2::uuid or k.client_id is null)'
        : 'k.client_id = $2::uuid'
    }
    order by k.created_at desc, k.id
    limit 1
  ),
  asked as materialized (
    select coalesce($6::text[], array(
      select distinct mapped.code
      from followed f
      cross join lateral jsonb_array_elements(
        case when jsonb_typeof(f.help_needed) = 'array' then f.help_needed else '[]'::jsonb end
      ) chosen(value)
      cross join lateral jsonb_array_elements_text(
        case when jsonb_typeof(chosen.value) = 'string'
             then ${jsonbLiteral(helpNeededServiceTypes)} -> (chosen.value #>> '{}') end
      ) mapped(code)
    )) as codes
  ),
  need as materialized (
    select asked.codes, array(select st.id from service_types st where st.code = any (asked.codes)) as ids
    from asked
  ),
  scope as materialized (
    select case when $3::boolean
                 and coalesce((select sum(n.services) from catalogue_area_counts n
                               where n.area_code = client.county_code), 0) > 0
                then client.county_code else client.region_code end as area_code
    from client
  ),
  counted as materialized (
    select coalesce(sum(n.services), 0) as total,
      coalesce(sum(n.services) filter (where n.service_type_id = any ((select ids from need)::uuid[])), 0)
        as need_total
    from catalogue_area_counts n
    where n.area_code = (select area_code from scope)
  ),
  bounds as materialized (
    select need_limit, rest_offset,
      greatest(0, least($4::int - need_limit, total - need_total - rest_offset)) as rest_limit
    from (select total, need_total, least($4::int, greatest(0, need_total - $5::int)) as need_limit,
            greatest(0, $5::int - need_total) as rest_offset
          from counted) c
  ),
  page as (
    select needed.id, true as matches_need, row_number() over () as position
    from (${recommendedScan(
      `cas.area_code = (select area_code from scope) and (select need_limit from bounds) > 0
        and cas.service_type_id = any ((select ids from need)::uuid[])`,
      { limit: '(select need_limit from bounds)', offset: '$5::int', freshSince: '$7::timestamptz' },
    )}
    ) needed
    union all
    select rest.id, false, row_number() over ()
    from (${recommendedScan(
      `cas.area_code = (select area_code from scope) and (select rest_limit from bounds) > 0
        and cas.service_type_id <> all ((select ids from need)::uuid[])`,
      {
        limit: '(select rest_limit from bounds)',
        offset: '(select rest_offset from bounds)',
        freshSince: '$7::timestamptz',
      },
    )}
    ) rest
  )
  select head.*, items.*
  from (select) one
  left join client on true
  left join (
    select row_number() over (order by page.matches_need desc, page.position) as n, page.matches_need,
      exists (select from care_requests cr
              where cr.case_id = (select id from followed) and cr.facility_service_id = page.id
                and not cr.allows_new_request)
        as already_requested,
      cs.facility_service_id as id, cs.name, cs.form, cs.place, cs.sponsored, cs.verified,
      cs.price_amount_minor, cs.price_currency, cs.price_vat_rate_percent,
      cs.facility_id, cs.facility_name, cs.street, cs.city, cs.zipcode, cs.county_code, cs.county_name,
      cs.provider_id, cs.provider_name, cs.provider_verified, p.listing_confirmed_at,
      cs.service_type_id, cs.service_type_code, cs.service_type_form,
      cs.service_category_id, cs.service_category_code,
      cs.accepting_clients, cs.free_places, cs.waiting_weeks, cs.capacity_confirmed_at
    from page
    join catalogue_services cs on cs.facility_service_id = page.id
    join providers p on p.id = cs.provider_id
  ) items on true
  left join lateral (
    select client.found as client_found, client.subscribed, client.county_code as area_county_code,
      client.county_name as area_county_name, client.region_code, client.region_name,
      (select id from followed) as case_id, (select help_needed from followed) as help_needed,
      (select codes from need) as need_codes, (select area_code from scope) as scope_code,
      (select total from counted) as total
  ) head on items.n is null or items.n = 1
  order by items.n`;

const statements = {
  latest: { name: 'client-service-offer', text: offerStatement(false) },
  byCase: { name: 'client-service-offer-by-case', text: offerStatement(true) },
};

/** The first row's columns, null on the others (one row with no item when the page is empty). */
type OfferHead = {
  client_found: boolean | null;
  /** Whether the caller has a live subscription (the pool needs one, SPEC §4). */
  subscribed: boolean | null;
  area_county_code: string | null;
  area_county_name: string | null;
  region_code: string | null;
  region_name: string | null;
  case_id: string | null;
  help_needed: unknown;
  need_codes: string[] | null;
  scope_code: string | null;
  total: string | null;
};
type ItemRow = ServiceRow & { matches_need: boolean; already_requested: boolean };
type OfferRow = OfferHead & (ItemRow | { id: null });

function readOffer(
  db: Db,
  userId: string,
  clientId: string,
  input: ServiceOfferInput,
  statedTypes: ServiceTypeCode[] | null,
  now: Date,
): Promise<OfferRow[]> {
  const statement = input.caseId === undefined ? statements.latest : statements.byCase;
  return preparedRows<OfferRow>(db, statement.name, statement.text, [
    userId,
    clientId,
    input.area === 'county',
    input.pageSize,
    (input.page - 1) * input.pageSize,
    statedTypes,
    capacityFreshSince(now),
    ...(input.caseId === undefined ? [] : [input.caseId]),
  ]);
}

const sameSet = (a: readonly string[], b: readonly string[]) => {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((code) => set.has(code));
};

function toOfferItem(row: ItemRow, scope: 'county' | 'region', now: Date): ServiceOfferItem {
  const service = toFacilityService(row, now);
  const reasons: ServiceOfferReason[] = [];
  if (row.matches_need) reasons.push('matches-need');
  reasons.push(scope === 'county' ? 'in-county' : 'in-region');
  if (row.verified) reasons.push('verified');
  return { ...service, flags: { ...service.flags, alreadyRequested: row.already_requested }, reasons };
}

/**
 * `GET /clients/{clientId}/service-offer`: the client's services pool. Services whose type the case
 * survey asks for come first; within each of the two, the public list's `recommended` order
 * (decision 0113): accepting, unknown, full, and in each services staff verified first, then by
 * name (Czech); sponsorship never
 * moves a service, and each item says why it is listed (`reasons`). A county without active services
 * answers its region's (`scope: 'region'`, `fallback: true`, SPEC §4). `alreadyRequested` is within
 * the case the recommendation follows: `caseId` when given (the caller's case of this client, or one
 * not tied to a client yet; anything else is 404), else the client's most recent case; answers saved
 * as a draft count as well as submitted ones.
 *
 * One prepared statement on the catalogue's maintained tables (see `offerStatement` and
 * docs/performance.md). The recommended types are `recommendedServiceTypes` of the case survey's
 * answers; the statement maps the same answers itself so the page needs no second round trip, and is
 * run again with the types stated should the two ever disagree.
 */
export async function getClientServiceOffer(
  db: Db,
  userId: string,
  clientId: string,
  input: ServiceOfferInput,
  now: Date,
): Promise<ServiceOffer> {
  let rows = await readOffer(db, userId, clientId, input, null, now);
  const first = rows[0];
  if (!first?.client_found) throw new NotFoundError();
  if (!first.subscribed) {
    throw new AppError('InsufficientSubscription', 'The services pool needs an active subscription.');
  }
  if (input.caseId !== undefined && first.case_id === null) throw new NotFoundError();
  const recommendedTypes = recommendedServiceTypes({ [helpNeededQuestionName]: first.help_needed });
  if (!sameSet(first.need_codes ?? [], recommendedTypes)) {
    rows = await readOffer(db, userId, clientId, input, recommendedTypes, now);
  }
  return toOffer(rows, input, recommendedTypes, now);
}

function toOffer(
  rows: OfferRow[],
  input: ServiceOfferInput,
  recommendedTypes: ServiceTypeCode[],
  now: Date,
): ServiceOffer {
  const first = rows[0];
  if (!first?.client_found) throw new NotFoundError();
  const {
    area_county_code: countyCode,
    area_county_name: countyName,
    region_code: regionCode,
    region_name: regionName,
  } = first;
  if (!countyCode || !countyName || !regionCode || !regionName) {
    throw new ConflictError('The client has no address to offer services for.');
  }
  const county = input.area === 'county' ? { code: countyCode, name: countyName } : null;
  const scope = county !== null && first.scope_code === countyCode ? 'county' : 'region';
  return {
    items: rows.flatMap((row) => (row.id === null ? [] : [toOfferItem(row, scope, now)])),
    total: Number(first.total ?? 0),
    page: input.page,
    pageSize: input.pageSize,
    area: { region: { code: regionCode, name: regionName }, county },
    scope,
    fallback: county !== null && scope === 'region',
    recommendedTypes,
    caseId: first.case_id,
  };
}
