import {
  buildHref,
  type OperationId,
  type OperationInput,
  type OperationOutput,
  type Operations,
} from '@opora/contracts';
import type { OperationEndpoint } from '@opora/contracts/endpoints';
import {
  type DataTag,
  type QueryKey,
  queryOptions,
  type SkipToken,
  skipToken,
  type UseQueryOptions,
  type UseQueryResult,
  useQuery,
} from '@tanstack/react-query';
import { apiBasePath, apiRequest, type QueryValue } from './api-client.ts';

/**
 * Fetchers derived from the contracts' operations table: a page names an operation
 * (`operations.getClient` of `@opora/contracts/endpoints`) and gets its path, query key and types from it, so nothing is retyped and
 * web and API cannot drift.
 */
/**
 * An operation as the web calls it: `operations` of `@opora/contracts/endpoints`, the table's ids,
 * methods and paths without zod (decision 0093); its types still come from the table.
 */
type OperationOf<K extends OperationId> = OperationEndpoint<K>;
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
  operation: OperationOf<K>,
  input: InputOf<K>,
  { signal, envelope = false, headers }: CallOptions = {},
): Promise<OutputOf<K>> {
  const { params, query, body } = input as {
    params?: Record<string, string>;
    query?: object;
    body?: unknown;
  };
  const path = buildHref(operation.path.slice(apiBasePath.length), params) as `/${string}`;
  const search = {
    ...(query as Record<string, QueryValue> | undefined),
    ...(envelope ? { _envelope: 1 } : {}),
  };
  const answer = await apiRequest<unknown>(path, {
    method: operation.method,
    ...(Object.keys(search).length > 0 ? { query: search } : {}),
    ...(body !== undefined ? { body } : {}),
    ...(signal ? { signal } : {}),
    ...(headers ? { headers } : {}),
  });
  return (envelope ? (answer as { data: unknown }).data : answer) as OutputOf<K>;
}

/** The query key of an operation: its id, then its input. Invalidate all of one operation with `[id]`. */
export function operationKey<K extends OperationId>(operation: OperationOf<K>, input?: InputOf<K>) {
  return input === undefined ? ([operation.operationId] as const) : ([operation.operationId, input] as const);
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
  operation: OperationOf<K>,
  input: InputOf<K> | SkipToken,
  keySuffix: readonly unknown[] = [],
): OperationQueryOptions<K> {
  const waiting = input === skipToken;
  return queryOptions({
    queryKey: [
      ...(waiting ? operationKey(operation) : operationKey(operation, input)),
      ...keySuffix,
    ] as QueryKey,
    queryFn: waiting ? skipToken : ({ signal }) => callOperation(operation, input, { signal }),
  });
}

/**
 * Reads an operation (`useQuery` of `operationQueryOptions`; `skipToken` while the input is not known).
 * One hook for every feature: a page that shows another feature's record (the client's name in a
 * questionnaire, its country on the payment step) reads the operation instead of keeping a copy of a hook.
 */
export function useOperationQuery<K extends OperationId>(
  operation: OperationOf<K>,
  input: InputOf<K> | SkipToken,
): UseQueryResult<OutputOf<K>, Error> {
  return useQuery(operationQueryOptions(operation, input));
}
