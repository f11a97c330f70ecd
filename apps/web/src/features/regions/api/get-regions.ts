import type { Locale, RegionTree } from '@opora/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocale } from '@/components/header/use-locale.ts';
import { apiClient } from '@/lib/api-client.ts';

/**
 * `GET /api/v1/web/regions?locale=`: every region of Czechia and Slovakia with its counties, named in
 * the given language where names differ.
 */
export function getRegions({
  locale,
  signal,
}: {
  locale: Locale;
  signal?: AbortSignal;
}): Promise<RegionTree> {
  return apiClient.get<RegionTree>('/web/regions', { query: { locale }, ...(signal ? { signal } : {}) });
}

export function regionsQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: ['regions', locale],
    queryFn: ({ signal }) => getRegions({ locale, signal }),
    // Reference data changes only with a code-list revision.
    staleTime: 60 * 60 * 1000,
  });
}

/** The region tree in the current interface language. */
export function useRegions() {
  const { locale } = useLocale();
  return useQuery(regionsQueryOptions(locale));
}
