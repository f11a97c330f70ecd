import type { Country } from '@opora/contracts';
import Holidays from 'date-holidays';

/**
 * Working days of a provider's country: Monday to Friday except the days of rest its law names
 * (CZ zákon 245/2000 Sb., SK zákon 241/1993 Z. z.). Slovakia changed its list three times since 2024
 * (1 September a working day from 2024, 17 November from 2025, 8 May and 15 September in 2026), so
 * the calendar comes from `date-holidays`, whose data tracks those laws year by year, rather than
 * from a table of our own that would silently go stale. Only its `public` days count: the days it
 * calls observances (a feast that is no longer a day off, Easter Sunday) are working days or Sundays.
 *
 * Everything here is in local wall-clock time of the provider's zone (`YYYY-MM-DD HH:MM:SS.mmm`);
 * the database turns wall-clock times into instants (`at time zone`), daylight saving included.
 */

/** The zone each country counts its days in (the same offsets; named for the country). */
export const countryTimeZones: Record<Country, string> = { CZ: 'Europe/Prague', SK: 'Europe/Bratislava' };

const calendars = new Map<Country, Holidays>();
const daysOffByYear = new Map<string, ReadonlySet<string>>();

function daysOff(country: Country, year: number): ReadonlySet<string> {
  const key = `${country}:${year}`;
  let days = daysOffByYear.get(key);
  if (!days) {
    let calendar = calendars.get(country);
    if (!calendar) {
      calendar = new Holidays(country);
      calendars.set(country, calendar);
    }
    days = new Set(
      calendar
        .getHolidays(year)
        .filter((holiday) => holiday.type === 'public')
        .map((holiday) => holiday.date.slice(0, 10)),
    );
    daysOffByYear.set(key, days);
  }
  return days;
}

function parseDate(isoDate: string): Date {
  return new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
}

function shiftDays(isoDate: string, days: number): string {
  const date = parseDate(isoDate);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whether `isoDate` (`YYYY-MM-DD`) is a working day in `country`. */
export function isWorkingDay(country: Country, isoDate: string): boolean {
  const date = parseDate(isoDate);
  const weekday = date.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !daysOff(country, date.getUTCFullYear()).has(isoDate.slice(0, 10));
}

/** The `count`-th working day after (`count` > 0) or before (`count` < 0) `isoDate`, not counting it. */
export function shiftWorkingDays(country: Country, isoDate: string, count: number): string {
  const step = Math.sign(count);
  let date = isoDate.slice(0, 10);
  for (let left = Math.abs(count); left > 0; ) {
    date = shiftDays(date, step);
    if (isWorkingDay(country, date)) left -= 1;
  }
  return date;
}

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/** `instant` as the wall clock of `timeZone` shows it: `YYYY-MM-DD HH:MM:SS.mmm`. */
export function wallClock(timeZone: string, instant: Date): string {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      fractionalSecondDigits: 3,
      hourCycle: 'h23',
    });
    wallClockFormats.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(instant).map(({ type, value }) => [type, value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}.${part.fractionalSecond}`;
}

const startOfDay = '00:00:00.000';
/** The last instant of a day, to the microsecond PostgreSQL keeps. */
const endOfDay = '23:59:59.999999';

/**
 * When a request sent at wall-clock `sent` has waited `workingDays` working days: the same time of
 * day that many working days later. One sent on a day off starts waiting at the start of the next
 * working day (sent on Saturday, 2 working days → Wednesday 00:00; on Friday 15:00 → Tuesday 15:00).
 */
export function workingDeadline(country: Country, sent: string, workingDays: number): string {
  const day = sent.slice(0, 10);
  if (isWorkingDay(country, day)) {
    return `${shiftWorkingDays(country, day, workingDays)} ${sent.slice(11)}`;
  }
  const start = shiftWorkingDays(country, day, 1);
  return `${shiftWorkingDays(country, start, workingDays)} ${startOfDay}`;
}

/**
 * The inverse of `workingDeadline` at wall-clock `now`: `workingDeadline(sent) <= now` exactly when
 * `sent <= sentAtOrBefore(now)`, so one indexed comparison of `created_at` finds every request that
 * has waited long enough. On a working day it is the same time that many working days back; on a day
 * off nothing falls due, so it is the end of the day whose deadline was the last working day.
 */
export function sentAtOrBefore(country: Country, now: string, workingDays: number): string {
  const day = now.slice(0, 10);
  if (isWorkingDay(country, day)) {
    return `${shiftWorkingDays(country, day, -workingDays)} ${now.slice(11)}`;
  }
  return `${shiftWorkingDays(country, day, -(workingDays + 1))} ${endOfDay}`;
}
