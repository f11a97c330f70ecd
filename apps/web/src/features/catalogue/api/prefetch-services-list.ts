import { defaultLocale, type RegionTree, type ServiceTaxonomy } from '@opora/contracts';
import type { LoaderFunctionArgs } from 'react-router';
import { currentUserQueryKey } from '@/lib/auth/current-user.ts';
import { i18n, isLocale } from '@/lib/i18n/i18n.ts';
import { queryClient } from '@/lib/query-client.ts';
import { regionsQueryOptions } from '@/lib/reference-data/regions.ts';
import type { SessionUser } from '@/lib/session.ts';
import { parseListSearch } from '../hooks/use-list-search.ts';
import { isRegionCode, listQuery } from '../utils/list-query.ts';
import { serviceTypesQueryOptions } from './get-service-types.ts';
import { servicesQueryOptions } from './get-services.ts';

/**
 * Starts the list's requests (region tree, taxonomy, the page of services) as soon as the page's code
 * is there, while its translations load and it renders, under the keys the page's hooks read (the
 * services query is built by the same `listQuery`). Nothing waits for them; a failure is left to the
 * page, which shows it and asks again.
 */
export function prefetch({ params, request }: LoaderFunctionArgs): void {
  const locale = isLocale(i18n.language) ? i18n.language : defaultLocale;
  void queryClient.prefetchQuery(regionsQueryOptions(locale));
  const taxonomy = queryClient.prefetchQuery(serviceTypesQueryOptions());

  const regionCode = params.regionCode ?? '';
  if (!isRegionCode(regionCode)) return;
  const search = parseListSearch(new URL(request.url).searchParams);
  const regions = queryClient.getQueryData<RegionTree>(regionsQueryOptions(locale).queryKey);
  const region = regions?.find((candidate) => candidate.code === regionCode);
  // A region the tree does not know: the page asks for no services either.
  if (regions && !region) return;
  const viewerId = queryClient.getQueryData<SessionUser>(currentUserQueryKey)?.id ?? null;
  const prefetchServices = () => {
    const loaded = queryClient.getQueryData<ServiceTaxonomy>(serviceTypesQueryOptions().queryKey);
    const { query, needsTaxonomy } = listQuery({ regionCode, search, region, taxonomy: loaded });
    // Without the taxonomy the page does not ask either (its filters name types by code).
    if (needsTaxonomy && !loaded) return;
    void queryClient.prefetchQuery(servicesQueryOptions(query, viewerId));
  };

  // prefetchQuery never rejects.
  if (search.type === null && search.category === null) prefetchServices();
  else void taxonomy.then(prefetchServices);
}
