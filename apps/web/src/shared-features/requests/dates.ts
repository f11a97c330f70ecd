import { businessTimeZone, formatDisplayDate, type Locale } from '@opora/contracts';

const timeFormats = new Map<Locale, Intl.DateTimeFormat>();

/**
 * An instant as people read it here (SPEC §9 `dd. MM. yyyy`, then the time): the calendar day and
 * time in Prague/Bratislava, whatever the reader's device says.
 */
export function formatDateTime(instant: string, locale: Locale): string {
  const date = new Date(instant);
  let format = timeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      timeZone: businessTimeZone,
      hour: 'numeric',
      minute: '2-digit',
    });
    timeFormats.set(locale, format);
  }
  return `${formatInstantDate(instant)} ${format.format(date)}`;
}

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: businessTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day of an instant in Prague/Bratislava, as `dd. MM. yyyy`. */
export function formatInstantDate(instant: string): string {
  return formatDisplayDate(dayFormat.format(new Date(instant)));
}
