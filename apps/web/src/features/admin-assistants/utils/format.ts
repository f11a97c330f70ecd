import type { AssistantTaskEntry, Locale } from '@opora/contracts';
import { formatDateTime } from '@/shared-features/requests/dates.ts';
import { relativeTimeText } from '@/shared-features/services/service-capacity.ts';

/** "před 3 dny": how long ago, in days, weeks or months. */
export function ago(instant: string, locale: Locale, now: Date = new Date()): string {
  return relativeTimeText(new Date(instant), now, locale);
}

/** "před 3 dny · 12. 11. 2026 9:30": how long ago, then exactly when. */
export function agoAndWhen(instant: string, locale: Locale, now: Date = new Date()): string {
  return `${ago(instant, locale, now)} · ${formatDateTime(instant, locale)}`;
}

const hourFormats = new Map<Locale, Intl.NumberFormat>();

/** Hours with at most one decimal in the reader's notation: "4,5" in Czech and Slovak, "4.5" in English. */
export function formatHours(hours: number, locale: Locale): string {
  let format = hourFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    hourFormats.set(locale, format);
  }
  return format.format(hours);
}

/** The history in the order it happened (equal instants in the order the server listed them). */
export function inTimeOrder<Entry extends Pick<AssistantTaskEntry, 'at'>>(
  entries: readonly Entry[],
): Entry[] {
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => Date.parse(a.entry.at) - Date.parse(b.entry.at) || a.index - b.index)
    .map(({ entry }) => entry);
}
