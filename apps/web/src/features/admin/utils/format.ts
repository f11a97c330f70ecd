import type { Locale } from '@opora/contracts';
import { formatDateTime } from '@/shared-features/requests/dates.ts';
import { relativeTimeText } from '@/shared-features/services/service-capacity.ts';

/** "před 3 dny · 12. 11. 2026 9:30": how long a check has waited, then exactly since when. */
export function waitingSince(openedAt: string, locale: Locale, now: Date = new Date()): string {
  return `${relativeTimeText(new Date(openedAt), now, locale)} · ${formatDateTime(openedAt, locale)}`;
}
