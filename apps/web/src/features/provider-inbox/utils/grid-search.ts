import {
  type CareRequestStatusCode,
  isOneOf,
  type ProviderRequestFilterInput,
  type ProviderRequestListQuery,
  ProviderRequestListQuerySchema,
  type ProviderRequestSortField,
  paths,
  providerRequestSortFields,
  statusFilterCodes,
} from '@opora/contracts';

/**
 * The grid's whole state — filters, sort, page and page size — lives in the address's search
 * (`?status=new,in-progress&client=nov&sort=-createdDate&page=2`): back and forward move through
 * it, and a link shows a colleague the same view. Each parameter is read on its own with the
 * contract's schema, so one a person mangled is dropped without losing the rest.
 */

export const filterKeys = [
  'status',
  'client',
  'serviceType',
  'creator',
  'createdFrom',
  'createdTo',
  'assignedToMe',
  'source',
  'facilityId',
] as const satisfies readonly (keyof ProviderRequestFilterInput)[];
export type FilterKey = (typeof filterKeys)[number];

const pagingKeys = ['sort', 'page', 'pageSize'] as const;

export const defaultSort = '-createdDate';
export const defaultPageSize = 25;
export const pageSizes = [10, 25, 50, 100] as const;

export type GridQuery = ProviderRequestListQuery & {
  sort: NonNullable<ProviderRequestListQuery['sort']>;
  page: number;
  pageSize: number;
};

const shape = ProviderRequestListQuerySchema.shape;

/** The grid's query as the address holds it; what is missing or invalid takes its default. */
export function readGridQuery(search: URLSearchParams): GridQuery {
  const query: Record<string, unknown> = {};
  for (const key of [...filterKeys, ...pagingKeys]) {
    const raw = search.get(key);
    if (raw === null || raw.trim() === '') continue;
    const parsed = shape[key].safeParse(raw);
    if (parsed.success && parsed.data !== undefined) query[key] = parsed.data;
  }
  const sort = (query.sort as GridQuery['sort'] | undefined) ?? defaultSort;
  const pageSize = (pageSizes as readonly number[]).includes(query.pageSize as number)
    ? (query.pageSize as number)
    : defaultPageSize;
  return { ...(query as ProviderRequestListQuery), sort, page: (query.page as number) ?? 1, pageSize };
}

/** Only the filters of a query (an export's "all matching records"). */
export function filterOf(query: GridQuery): ProviderRequestFilterInput {
  const filter: Record<string, string> = {};
  for (const key of filterKeys) {
    const value = query[key];
    if (value !== undefined) filter[key] = String(value);
  }
  return filter as ProviderRequestFilterInput;
}

/** How many filters are set (the phone's "Filters (2)"). */
export function activeFilterCount(query: GridQuery): number {
  return filterKeys.filter((key) => query[key] !== undefined).length;
}

/** The address's search for a query: defaults left out, so the plain grid is `/provider/requests`. */
export function writeGridQuery(query: GridQuery): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of filterKeys) {
    const value = query[key];
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  if (query.sort !== defaultSort) search.set('sort', query.sort);
  if (query.page !== 1) search.set('page', String(query.page));
  if (query.pageSize !== defaultPageSize) search.set('pageSize', String(query.pageSize));
  return search;
}

/**
 * What a link from the grid to a request carries in the router's state: the grid as the person left
 * it, so the request page's way back returns there (as the browser's Back does).
 */
export type GridReturnState = { gridSearch: string };

export function gridReturnState(query: GridQuery): GridReturnState {
  return { gridSearch: writeGridQuery(query).toString() };
}

/**
 * The grid's address to go back to from a request: the one it was opened from (router state), read
 * again as a grid query; the plain grid when it was not opened from the grid (a link, a new tab).
 */
export function gridReturnHref(state: unknown): string {
  const gridSearch =
    typeof state === 'object' && state !== null && 'gridSearch' in state ? state.gridSearch : undefined;
  const search =
    typeof gridSearch === 'string' ? writeGridQuery(readGridQuery(new URLSearchParams(gridSearch))) : [];
  return paths.providerRequests.getHref(undefined, Object.fromEntries(search));
}

/** A change of filters: back to the first page (the old page number may not exist any more). */
export function withFilter(
  query: GridQuery,
  changes: Partial<Record<FilterKey, string | undefined>>,
): GridQuery {
  const next: Record<string, unknown> = { ...query, page: 1 };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '') delete next[key];
    else next[key] = value;
  }
  return next as GridQuery;
}

export function withoutFilters(query: GridQuery): GridQuery {
  return { sort: query.sort, page: 1, pageSize: query.pageSize };
}

/** The statuses of the query's status filter. */
export function statusesOf(query: GridQuery): CareRequestStatusCode[] {
  return statusFilterCodes(query.status);
}

export type SortState = { field: ProviderRequestSortField; descending: boolean };

export function sortStateOf(sort: GridQuery['sort']): SortState {
  const descending = sort.startsWith('-');
  return { field: (descending ? sort.slice(1) : sort) as ProviderRequestSortField, descending };
}

const dateFields: readonly ProviderRequestSortField[] = ['date', 'createdDate', 'editedDate'];

/**
 * A click on a column's header: the same column turns around; another starts newest first for dates
 * and A→Z for the rest.
 */
export function nextSort(current: GridQuery['sort'], field: ProviderRequestSortField): GridQuery['sort'] {
  const state = sortStateOf(current);
  const descending = state.field === field ? !state.descending : dateFields.includes(field);
  return (descending ? `-${field}` : field) as GridQuery['sort'];
}

export function isSortField(value: string): value is ProviderRequestSortField {
  return isOneOf(providerRequestSortFields, value);
}
