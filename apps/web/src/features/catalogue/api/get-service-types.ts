import { serviceTaxonomyQueryOptions, useServiceTaxonomy } from '@/lib/reference-data/service-taxonomy.ts';

/** `listServiceTypes`: the categories and service types the catalogue filters offer, with their names. */
export function serviceTypesQueryOptions() {
  return serviceTaxonomyQueryOptions();
}

export function useServiceTypes() {
  return useServiceTaxonomy();
}
