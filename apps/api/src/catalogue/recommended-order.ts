/**
 * `recommended` within one capacity group: verified services first, then by name (Czech rules), then
 * the id — the order of `catalogue_area_services_recommended_idx` and the tail of
 * `catalogue_area_services_capacity_idx`.
 */
export const recommendedOrder =
  'cas.verified desc nulls last, cas.name collate "cs-x-icu", cas.facility_service_id';

/**
 * Capacity groups of `recommended` (docs/decisions/0104): accepting, then unknown (never stated, or
 * confirmed before `freshSince`, 30 days before now), then full. Staleness moves with the clock, so no
 * index can hold the groups; each group is one or more ranges of `catalogue_area_services_capacity_idx`
 * (stated capacity — 0 accepting, 1 never stated, 2 full, an equality so the range keeps the index's
 * order — then `recommendedOrder`).
 */
const capacityGroups = (freshSince: string): [group: number, where: string][] => [
  [0, `cas.capacity_state = 0 and cas.capacity_confirmed_at >= ${freshSince}`],
  [1, 'cas.capacity_state = 1'],
  [1, `cas.capacity_state = 0 and cas.capacity_confirmed_at < ${freshSince}`],
  [1, `cas.capacity_state = 2 and cas.capacity_confirmed_at < ${freshSince}`],
  [2, `cas.capacity_state = 2 and cas.capacity_confirmed_at >= ${freshSince}`],
];

/**
 * The ids of the `catalogue_area_services cas` rows meeting `where` (SQL, naming one area), `limit`
 * of them from `offset`, in the `recommended` order: the public list's (decision 0104) and, within
 * each match level, the carers' pool's. Each capacity range is read up to the page's end, so the page
 * is cut from at most 5 × (offset + limit) index entries. `limit`, `offset` and `freshSince` are SQL
 * expressions (parameters or subqueries).
 */
export function recommendedScan(
  where: string,
  { limit, offset, freshSince }: { limit: string; offset: string; freshSince: string },
): string {
  const parts = capacityGroups(freshSince).map(
    ([group, range]) => `
      select ${group} as capacity_group, part.* from (
        select cas.facility_service_id as id, cas.verified, cas.name
        from catalogue_area_services cas
        where ${where} and ${range}
        order by ${recommendedOrder}
        limit (${limit})::bigint + (${offset})::bigint
      ) part`,
  );
  return `
      select grouped.id from (${parts.join('\n      union all')}) grouped
      order by grouped.capacity_group, grouped.verified desc nulls last, grouped.name collate "cs-x-icu", grouped.id
      limit ${limit} offset ${offset}`;
}
