import type { RegionTree, ServiceTaxonomy } from '@opora/contracts';
import type { ServiceListParams } from '../api/get-services.ts';
import type { ListSearch } from '../hooks/use-list-search.ts';

// The contracts' code patterns (and `isCountyInRegion`: a county code extends its region's), restated so
// the list page does not pull the schema modules, and zod with them, into its chunk.
const regionCodePattern = /^(CZ|SK)\d{3}$/;
const countyCodePattern = /^(CZ|SK)\d{3}[0-9A-Z]$/;

export function isRegionCode(code: string): boolean {
  return regionCodePattern.test(code);
}

/**
 * The services query a list URL asks for, from what is known so far (the region tree and the taxonomy
 * may still be loading). The page and the route's prefetch both build it here, so they share a cache key.
 */
export function listQuery({
  regionCode,
  search,
  region,
  taxonomy,
}: {
  regionCode: string;
  search: ListSearch;
  region: RegionTree[number] | undefined;
  taxonomy: ServiceTaxonomy | undefined;
}): { query: ServiceListParams; countyCode: string | null; needsTaxonomy: boolean } {
  // A county from another region or a stale link: the whole region is shown instead.
  const countyCode =
    search.county &&
    countyCodePattern.test(search.county) &&
    search.county.startsWith(regionCode) &&
    (!region || region.counties.some((county) => county.code === search.county))
      ? search.county
      : null;

  const needsTaxonomy = search.type !== null || search.category !== null;
  const serviceTypeId = taxonomy?.serviceTypes.find((type) => type.code === search.type)?.id;
  const categoryId = taxonomy?.categories.find((category) => category.code === search.category)?.id;
  const query: ServiceListParams = {
    ...(countyCode ? { countyCode } : { regionCode }),
    ...(serviceTypeId ? { serviceTypeId } : {}),
    ...(categoryId ? { categoryId } : {}),
    ...(search.form ? { form: search.form } : {}),
    sort: search.sort,
    page: search.page,
    pageSize: search.pageSize,
  };
  return { query, countyCode, needsTaxonomy };
}
