import type { Locale, ServiceCapacity } from '@opora/contracts';
import type { TFunction } from 'i18next';

const day = 24 * 60 * 60 * 1000;
const relativeFormats = new Map<Locale, Intl.RelativeTimeFormat>();

/**
 * How long ago, in the reader's language and plural forms: "dnes", "včera", "před 3 dny", "před
 * 2 týdny", "před 3 měsíci" (Intl.RelativeTimeFormat with `numeric: 'auto'`). Days up to two weeks,
 * then weeks up to two months, then months. A time ahead of the reader's clock counts as today.
 */
export function relativeTimeText(at: Date, now: Date, locale: Locale): string {
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    relativeFormats.set(locale, format);
  }
  const days = Math.max(0, Math.floor((startOfDay(now) - startOfDay(at)) / day));
  if (days < 14) return format.format(-days, 'day');
  if (days < 60) return format.format(-Math.floor(days / 7), 'week');
  return format.format(-Math.floor(days / 30), 'month');
}

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/**
 * A service's capacity as one line for carers: "2 volná místa · čekací doba asi 3 týdny · potvrzeno
 * před 3 dny", "Nepřijímá nové klienty · potvrzeno včera", "Kapacita neznámá · naposledy potvrzeno
 * před 2 měsíci". The API has already judged staleness (30 days) by its clock.
 */
export function capacityText(
  t: TFunction<'catalogue'>,
  capacity: ServiceCapacity,
  locale: Locale,
  now: Date = new Date(),
): string {
  const when = capacity.confirmedAt ? relativeTimeText(new Date(capacity.confirmedAt), now, locale) : null;
  if (capacity.status === 'unknown') {
    const since = when ? t('capacity.lastConfirmed', { when }) : t('capacity.neverConfirmed');
    return `${t('capacity.unknown')} · ${since}`;
  }
  const parts: string[] = [];
  if (capacity.status === 'full') parts.push(t('capacity.full'));
  else if (capacity.freePlaces !== null && capacity.freePlaces > 0) {
    parts.push(t('capacity.freePlaces', { count: capacity.freePlaces }));
  } else parts.push(t('capacity.accepting'));
  if (capacity.waitingWeeks !== null && capacity.waitingWeeks > 0) {
    parts.push(t('capacity.waitingWeeks', { count: capacity.waitingWeeks }));
  }
  if (when) parts.push(t('capacity.confirmed', { when }));
  return parts.join(' · ');
}
