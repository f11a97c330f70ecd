import type { Locale } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { operationQueryOptions } from '@/lib/operations.ts';

/**
 * `listRegions`: every region of Czechia and Slovakia with its counties, named in the given language
 * where names differ.
 */
export function regionsQueryOptions(locale: Locale) {
  return queryOptions({
    ...operationQueryOptions(operations.listRegions, { query: { locale } }),
    // Reference data changes only with a code-list revision.
    staleTime: 60 * 60 * 1000,
  });
}

/** The region tree in the current interface language. */
export function useRegions() {
  const { locale } = useLocale();
  return useQuery(regionsQueryOptions(locale));
}
