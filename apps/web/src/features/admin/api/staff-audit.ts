import type { StaffAuditQuery } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callOperation, operationKey } from '@/lib/operations.ts';

/** The log's filters as the page keeps them (`before` is the pages' own). */
export type StaffAuditFilters = Pick<StaffAuditQuery, 'action' | 'recordType' | 'q'>;

/**
 * `listStaffAudit` a page at a time, newest first: each next page is the entries older than the last
 * one shown (`nextBefore`), so entries written meanwhile never shift what "Load older" adds.
 */
export function useStaffAudit(filters: StaffAuditFilters) {
  return useInfiniteQuery({
    queryKey: [...operationKey(operations.listStaffAudit, { query: filters }), 'pages'],
    queryFn: ({ pageParam, signal }) =>
      callOperation(
        operations.listStaffAudit,
        { query: { ...filters, ...(pageParam ? { before: pageParam } : {}) } },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextBefore,
    staleTime: 0,
  });
}
