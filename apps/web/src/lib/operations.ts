import {
  buildHref,
  type OperationInput,
  type OperationOutput,
  type OperationRoute,
  type Operations,
} from '@opora/contracts';
import {
  type DataTag,
  type QueryKey,
  queryOptions,
  type SkipToken,
  skipToken,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { apiBasePath, apiRequest, type QueryValue } from './api-client.ts';

/**
 * Fetchers derived from the contracts' operations table: a page names an operation's route
 * (`getClientRoute`, plain data without schemas) and gets its path, query key and types from the
 * table, so nothing is retyped and web and API cannot drift.
 */
export type OperationId = keyof Operations;
type RouteOf<K extends OperationId> = OperationRoute & { readonly operationId: K };
export type InputOf<K extends OperationId> = OperationInput<Operations[K]>;
export type OutputOf<K extends OperationId> = OperationOutput<Operations[K]>;

export type CallOptions = {
  signal?: AbortSignal | undefined;
  /** Asks for `?_envelope=1` (SPEC §7 for `/users/me`) and unwraps `{ data }`. */
  envelope?: boolean;
  /** Extra request headers (a guest case's `X-Guest-Secret`). */
  headers?: Record<string, string>;
};

/** Calls an operation: fills the path's parameters, sends the query and body, answers the typed body. */
export async function callOperation<K extends OperationId>(
  route: RouteOf<K>,
  input: InputOf<K>,
  { signal, envelope = false, headers }: CallOptions = {},
): Promise<OutputOf<K>> {
  const { params, query, body } = input as {
    params?: Record<string, string>;
    query?: object;
    body?: unknown;
  };
  const path = buildHref(route.path.slice(apiBasePath.length), params) as `/${string}`;
  const search = {
    ...(query as Record<string, QueryValue> | undefined),
    ...(envelope ? { _envelope: 1 } : {}),
  };
  const answer = await apiRequest<unknown>(path, {
    method: route.method,
    ...(Object.keys(search).length > 0 ? { query: search } : {}),
    ...(body !== undefined ? { body } : {}),
    ...(signal ? { signal } : {}),
    ...(headers ? { headers } : {}),
  });
  return (envelope ? (answer as { data: unknown }).data : answer) as OutputOf<K>;
}

/** The query key of an operation: its id, then its input. Invalidate all of one operation with `[id]`. */
export function operationKey<K extends OperationId>(route: RouteOf<K>, input?: InputOf<K>) {
  return input === undefined ? ([route.operationId] as const) : ([route.operationId, input] as const);
}

/** What `operationQueryOptions` answers, spelled out: the table has grown past what TypeScript infers. */
export type OperationQueryOptions<K extends OperationId> = UseQueryOptions<
  OutputOf<K>,
  Error,
  OutputOf<K>,
  QueryKey
> & { queryKey: DataTag<QueryKey, OutputOf<K>, Error> };

/**
 * `queryOptions` of a reading operation, keyed by `operationKey` and `keySuffix` (what else the answer
 * depends on, e.g. who asks when a list carries the caller's own flags). While the input is not known
 * yet (an id still missing), pass `skipToken`: the query waits, under the operation's bare key, and
 * sends nothing.
 */
export function operationQueryOptions<K extends OperationId>(
  route: RouteOf<K>,
  input: InputOf<K> | SkipToken,
  keySuffix: readonly unknown[] = [],
): OperationQueryOptions<K> {
  const waiting = input === skipToken;
  return queryOptions({
    queryKey: [...(waiting ? operationKey(route) : operationKey(route, input)), ...keySuffix] as QueryKey,
    queryFn: waiting ? skipToken : ({ signal }) => callOperation(route, input, { signal }),
  });
}
