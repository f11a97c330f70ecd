import { type Locale, locales, type ServiceTaxonomy } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { i18n } from '@/lib/i18n/i18n.ts';
import { callOperation, operationQueryOptions } from '@/lib/operations.ts';

/** The names the taxonomy carried last, as `catalogue` resources per language. */
let names:
  | Record<Locale, { serviceTypes: Record<string, string>; categories: Record<string, string> }>
  | undefined;

/**
 * Only into a language whose `catalogue` file is loaded: i18next takes a namespace it holds any resources
 * of as loaded, so names added first would keep that language's file from ever loading (a switch to
 * English would show keys). A file loaded later gets the names on its `loaded` event.
 */
function addNames() {
  if (!names) return;
  for (const locale of locales) {
    if (i18n.hasResourceBundle(locale, 'catalogue')) {
      i18n.addResourceBundle(locale, 'catalogue', names[locale], true, true);
    }
  }
}

/**
 * Adds the taxonomy's names (decision 0131) to i18next's `catalogue` namespace, so the
 * `catalogue:serviceTypes.<code>` and `catalogue:categories.<code>` keys name a type a platform
 * administrator added or renamed. A namespace file loaded later replaces its top-level keys: the names
 * are added again after each load.
 */
export function addTaxonomyNames(taxonomy: ServiceTaxonomy) {
  const first = names === undefined;
  names = Object.fromEntries(
    locales.map((locale) => [
      locale,
      {
        serviceTypes: Object.fromEntries(
          taxonomy.serviceTypes.map((type) => [type.code, type.names[locale]]),
        ),
        categories: Object.fromEntries(
          taxonomy.categories.map((category) => [category.code, category.names[locale]]),
        ),
      },
    ]),
  ) as typeof names;
  if (first) i18n.on('loaded', addNames);
  addNames();
}

/** `listServiceTypes`: the categories and service types with their names, which it adds to i18next. */
export function serviceTaxonomyQueryOptions() {
  const options = operationQueryOptions(operations.listServiceTypes, {});
  return queryOptions({
    queryKey: options.queryKey,
    queryFn: async ({ signal }) => {
      const taxonomy = await callOperation(operations.listServiceTypes, {}, { signal });
      addTaxonomyNames(taxonomy);
      return taxonomy;
    },
    // Reference data: staff change it rarely; an hour-old copy is fine between page loads.
    staleTime: 60 * 60 * 1000,
  });
}

export function useServiceTaxonomy() {
  return useQuery(serviceTaxonomyQueryOptions());
}
