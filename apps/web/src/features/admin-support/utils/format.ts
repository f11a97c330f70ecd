import { type Locale, supportMessageRetentionMonths } from '@opora/contracts';
import { formatDateTime, formatInstantDate } from '@/shared-features/requests/dates.ts';
import { relativeTimeText } from '@/shared-features/services/service-capacity.ts';

/** How long a message has waited ("před 3 dny") and exactly since when ("30. 11. 2026 9:30"). */
export function receivedParts(receivedAt: string, locale: Locale, now: Date = new Date()) {
  return { ago: relativeTimeText(new Date(receivedAt), now, locale), at: formatDateTime(receivedAt, locale) };
}

/** "před 3 dny · 30. 11. 2026 9:30": both on one line. */
export function receivedText(receivedAt: string, locale: Locale, now: Date = new Date()): string {
  const { ago, at } = receivedParts(receivedAt, locale, now);
  return `${ago} · ${at}`;
}

/** The day a closed message and its replies are deleted (decision 0124: twelve months after closing). */
export function deletionDate(closedAt: string): string {
  const date = new Date(closedAt);
  date.setUTCMonth(date.getUTCMonth() + supportMessageRetentionMonths);
  return formatInstantDate(date.toISOString());
}
