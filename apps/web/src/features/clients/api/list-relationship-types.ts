import type { Locale } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { operationQueryOptions } from '@/lib/operations.ts';

/** `listRelationshipTypes`: how the carer relates to the client, named in the given language. */
export function relationshipTypesQueryOptions(locale: Locale) {
  return queryOptions({
    ...operationQueryOptions(operations.listRelationshipTypes, { query: { locale } }),
    staleTime: 60 * 60 * 1000,
  });
}

export function useRelationshipTypes() {
  const { locale } = useLocale();
  return useQuery(relationshipTypesQueryOptions(locale));
}
