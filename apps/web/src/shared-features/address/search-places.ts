import { operations, placeSearchMinLength } from '@opora/contracts';
import { useQuery } from '@tanstack/react-query';
import { operationQueryOptions } from '@/lib/operations.ts';

/**
 * `searchPlaces`: municipality parts whose name or postcode starts with `q`. Each keystroke's
 * request is cancelled by TanStack Query (the `signal`) once a newer one replaces it on screen.
 */
export function usePlaceSearch(q: string) {
  const text = q.trim();
  return useQuery({
    ...operationQueryOptions(operations.searchPlaces, { query: { q: text, limit: 10 } }),
    enabled: text.length >= placeSearchMinLength,
    // Place names change with a code-list revision only.
    staleTime: 60 * 60 * 1000,
  });
}
