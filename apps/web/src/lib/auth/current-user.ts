import type { CurrentUser } from '@opora/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../api-client.ts';
import { currentUserQueryKey } from './current-user-key.ts';

export { currentUserQueryKey };

/** `GET /api/v1/web/users/me?_envelope=1` (SPEC §7). */
export async function getCurrentUser({ signal }: { signal?: AbortSignal } = {}): Promise<CurrentUser> {
  const { data } = await apiClient.get<{ data: CurrentUser }>('/web/users/me', {
    query: { _envelope: 1 },
    ...(signal && { signal }),
  });
  return data;
}

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => getCurrentUser({ signal }),
    // Changes only through this app's own calls, which update the cache themselves.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
