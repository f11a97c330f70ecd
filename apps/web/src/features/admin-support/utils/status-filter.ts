import {
  isOneOf,
  type SupportMessageList,
  type SupportMessageStatus,
  supportMessageStatuses,
} from '@opora/contracts';

/** The inbox's filters, in the order shown: the active messages (the default), then each status. */
export const supportFilters = ['active', ...supportMessageStatuses] as const;
export type SupportFilter = (typeof supportFilters)[number];

/** The statuses the active filter shows: everything not closed yet. */
const activeStatuses: readonly SupportMessageStatus[] = ['open', 'assigned', 'answered'];

/** The filter the address names (`?status=`); the active messages when it names none or something else. */
export function filterOf(search: URLSearchParams): SupportFilter {
  const status = search.get('status');
  return isOneOf(supportFilters, status) ? status : 'active';
}

/** The address's search for `filter`: the default leaves it out, so `/admin/support` is the active list. */
export function searchOf(filter: SupportFilter, search: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(search);
  if (filter === 'active') next.delete('status');
  else next.set('status', filter);
  return next;
}

/** How many messages `filter` holds, from the counts per status the list answers with. */
export function countOf(filter: SupportFilter, counts: SupportMessageList['counts']): number {
  const statuses = filter === 'active' ? activeStatuses : [filter];
  return statuses.reduce((total, status) => total + (counts[status] ?? 0), 0);
}
