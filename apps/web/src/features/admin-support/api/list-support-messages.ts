import type { SupportMessageListQuery } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { operationQueryOptions } from '@/lib/operations.ts';

type Filter = NonNullable<SupportMessageListQuery['status']>;

/** `listSupportMessages`: the messages of one status (or the active ones), oldest first, and the counts. */
export function supportMessagesQueryOptions(status: Filter) {
  return operationQueryOptions(operations.listSupportMessages, { query: { status } });
}

/**
 * The inbox, read afresh on every visit: colleagues take and answer messages at the same time. While
 * another filter's list loads, the last answer stays (`isPlaceholderData`): its counts keep standing
 * beside the filter.
 */
export function useSupportMessages(status: Filter) {
  return useQuery({
    ...supportMessagesQueryOptions(status),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
