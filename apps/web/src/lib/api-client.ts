import type { ErrorDetail } from '@opora/contracts';
import { ApiError } from './api-error.ts';
import { readAccessToken, readRefreshToken } from './auth/token-cookies.ts';

export { ApiError };

export const apiBasePath = '/api/v1';

export type QueryValue = string | number | boolean | null | undefined;

export type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

function buildUrl(path: string, query: ApiRequestOptions['query']): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const queryString = search.toString();
  return `${apiBasePath}${path}${queryString ? `?${queryString}` : ''}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isErrorDetail(value: unknown): value is ErrorDetail {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.code === 'string' &&
    typeof value.instructions === 'string' &&
    typeof value.property === 'string'
  );
}

async function toApiError(response: Response): Promise<ApiError> {
  let problem: unknown = null;
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.includes('json')) problem = await response.json().catch(() => null);
  if (!isRecord(problem)) {
    return new ApiError({
      status: response.status,
      code: 'unknown',
      title: response.statusText || 'Request failed',
    });
  }
  return new ApiError({
    status: typeof problem.status === 'number' ? problem.status : response.status,
    code: typeof problem.code === 'string' && problem.code !== '' ? problem.code : 'unknown',
    title: typeof problem.title === 'string' ? problem.title : response.statusText,
    detail: typeof problem.detail === 'string' ? problem.detail : undefined,
    errors: Array.isArray(problem.errors) ? problem.errors.filter(isErrorDetail) : [],
    current: problem.current,
    problem,
  });
}

/** What the API client needs of the session on a 401 (`auth/token-refresh.ts`). */
export type SessionRenewal = {
  renewTokens(sentToken: string | null): Promise<boolean>;
  endSessionAfterRepeatedUnauthorized(): Promise<void>;
};

let loadSessionRenewal: (() => Promise<SessionRenewal>) | null = null;

/**
 * Names the module that renews tokens after a 401. The app passes a dynamic import, so the renewal
 * code loads on the first 401 only, and the API client does not import the session (which imports
 * the API client's fetchers).
 */
export function configureSessionRenewal(load: () => Promise<SessionRenewal>): void {
  loadSessionRenewal = load;
}

/** Marks the one repetition of a call that failed with 401 after the tokens were refreshed (SPEC §4). */
export const retryHeader = 'X-Retry';

async function send(path: `/${string}`, options: ApiRequestOptions, retry: boolean): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const accessToken = readAccessToken();
  if (accessToken) headers.authorization = `Bearer ${accessToken}`;
  if (retry) headers[retryHeader] = '1';
  const init: RequestInit = { method: options.method ?? 'GET', headers, credentials: 'same-origin' };
  if (options.signal) init.signal = options.signal;
  if (options.body instanceof Blob) {
    // A file goes as its raw bytes (uploads); the server tells its type from the content.
    headers['content-type'] = 'application/octet-stream';
    init.body = options.body;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  try {
    return await fetch(buildUrl(path, options.query), init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ status: 0, code: 'ServiceUnavailable', title: 'Network request failed' });
  }
}

/**
 * Calls the application API under `/api/v1` with JSON in and out, with the bearer token when
 * someone is signed in. Resolves with the parsed body (`undefined` for 204) or rejects with an
 * {@link ApiError}. A 401 renews the tokens once (one renewal shared by every call that failed
 * meanwhile, in every tab) and repeats the call marked with {@link retryHeader}; a second 401 signs
 * the user out.
 */
export async function apiRequest<T>(path: `/${string}`, options: ApiRequestOptions = {}): Promise<T> {
  const response = await apiResponse(path, options);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/**
 * As {@link apiRequest}, but answers the successful response itself, for a body that is not JSON (a
 * downloaded file). A `Blob` body is sent as raw bytes (`application/octet-stream`).
 */
export async function apiResponse(path: `/${string}`, options: ApiRequestOptions = {}): Promise<Response> {
  const sentToken = readAccessToken();
  let response = await send(path, options, false);

  if (response.status === 401 && readRefreshToken() !== null) {
    // Loaded on the first 401 only: most page views never need it.
    const session = await loadSessionRenewal?.();
    if (session && (await session.renewTokens(sentToken))) {
      response = await send(path, options, true);
      if (response.status === 401) await session.endSessionAfterRepeatedUnauthorized();
    }
  }

  if (!response.ok) throw await toApiError(response);
  return response;
}

export const apiClient = {
  get: <T>(path: `/${string}`, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: `/${string}`, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: `/${string}`, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: `/${string}`, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: `/${string}`, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
