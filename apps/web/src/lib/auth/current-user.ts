import { operations } from '@opora/contracts/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { callOperation } from '../operations.ts';
import { currentUserQueryKey } from './current-user-key.ts';

export { currentUserQueryKey };

/** `getCurrentUser`: `GET /api/v1/web/users/me?_envelope=1` (SPEC §7). */
export function getCurrentUser({ signal }: { signal?: AbortSignal } = {}) {
  return callOperation(operations.getCurrentUser, {}, { signal, envelope: true });
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
