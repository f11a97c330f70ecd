import {
  isOneOf,
  type ServiceCategoryCode,
  type ServiceForm,
  type ServiceListSort,
  serviceCategoryCodes,
  serviceForms,
} from '@opora/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The orders of `serviceListSorts`, restated from a type so this page does not import the schema module
 * (and with it zod) into its chunk; the record makes the compiler insist on every order.
 */
const sortOrders: Record<ServiceListSort, true> = {
  recommended: true,
  name: true,
  price: true,
  '-price': true,
};
export const serviceListSorts = Object.keys(sortOrders) as ServiceListSort[];

/**
 * What the list shows, kept in the URL so back/forward and shared links restore it:
 * `?county=CZ0642&type=home-nursing&category=social&form=field&sort=name&page=2` (and `pageSize`).
 * Types and categories travel as codes (readable, stable across databases), never as ids.
 */
export type ListSearch = {
  county: string | null;
  /** Any well-formed code: a type a platform administrator added is not in `serviceTypeCodes`. */
  type: string | null;
  category: ServiceCategoryCode | null;
  form: ServiceForm | null;
  sort: ServiceListSort;
  page: number;
  /** Not offered as a control; a link may ask for up to 100 (the API's limit). */
  pageSize: number;
};

export const defaultListPageSize = 20;

export type ListFilterName = 'county' | 'type' | 'category' | 'form';

/**
 * How a service type's code is written (contracts' `serviceTypeCodePattern`, restated so this page
 * does not import the schema module), at most 60 characters. The taxonomy decides whether it exists.
 */
const serviceTypeCodeFormat = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

function serviceTypeCodeOf(value: string | null): string | null {
  return value !== null && value.length <= 60 && serviceTypeCodeFormat.test(value) ? value : null;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return isOneOf(values, value) ? value : null;
}

function parseWhole(value: string | null, max: number, fallback: number): number {
  const number = Number(value);
  return value !== null && Number.isInteger(number) && number >= 1 && number <= max ? number : fallback;
}

/** Unknown or malformed values are ignored rather than shown as an error: the link still works. */
export function parseListSearch(search: URLSearchParams): ListSearch {
  return {
    county: search.get('county') || null,
    type: serviceTypeCodeOf(search.get('type')),
    category: oneOf(serviceCategoryCodes, search.get('category')),
    form: oneOf(serviceForms, search.get('form')),
    sort: oneOf(serviceListSorts, search.get('sort')) ?? 'recommended',
    page: parseWhole(search.get('page'), 10_000, 1),
    pageSize: parseWhole(search.get('pageSize'), 100, defaultListPageSize),
  };
}

export function useListSearch() {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = useMemo(() => parseListSearch(searchParams), [searchParams]);

  /** Applies changes; any change other than the page itself starts again at page 1. */
  const update = useCallback(
    (changes: Partial<ListSearch>) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            const isDefault =
              value === null ||
              value === '' ||
              (key === 'sort' && value === 'recommended') ||
              (key === 'page' && value === 1);
            if (isDefault) next.delete(key);
            else next.set(key, String(value));
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  const resetFilters = useCallback(() => update({ type: null, category: null, form: null }), [update]);

  const hasFilters = search.type !== null || search.category !== null || search.form !== null;

  return { search, update, resetFilters, hasFilters };
}
