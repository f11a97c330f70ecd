import { operations } from '@opora/contracts/endpoints';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callOperation, operationKey } from '@/lib/operations.ts';

/** The fewest characters of an e-mail the search takes (`CarerSearchQuerySchema`): never a list of everyone. */
export const carerSearchMinLength = 3;

/**
 * `searchCarers` a page at a time (20, by e-mail): each next page starts after the last e-mail shown
 * (`nextAfter`). Waits while `email` is shorter than the search takes.
 */
export function useCarerSearch(email: string) {
  return useInfiniteQuery({
    queryKey: [...operationKey(operations.searchCarers, { query: { email } }), 'pages'],
    queryFn: ({ pageParam, signal }) =>
      callOperation(
        operations.searchCarers,
        { query: { email, ...(pageParam ? { after: pageParam } : {}) } },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextAfter,
    enabled: email.length >= carerSearchMinLength,
    staleTime: 0,
  });
}
