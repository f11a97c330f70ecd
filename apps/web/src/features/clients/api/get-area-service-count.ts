import { operations } from '@opora/contracts/endpoints';
import { skipToken, useQuery } from '@tanstack/react-query';
import { operationQueryOptions } from '@/lib/operations.ts';

/**
 * How many services the public list has in a county (its region's when the county has none, SPEC §4):
 * `listServices` asked for one item, read for its `total`, `scope` and `area`.
 */
export function useAreaServiceCount(countyCode: string | null) {
  return useQuery(
    operationQueryOptions(
      operations.listServices,
      countyCode === null ? skipToken : { query: { countyCode, page: 1, pageSize: 1 } },
    ),
  );
}
