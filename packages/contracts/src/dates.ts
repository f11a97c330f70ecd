import { businessTimeZone } from './constants.ts';

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Year, month (1–12) and day of a `yyyy-MM-dd` string that names a real calendar day; otherwise null. */
export function parseIsoDate(value: string): { year: number; month: number; day: number } | null {
  const match = isoDatePattern.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return isRealDate(year, month, day) ? { year, month, day } : null;
}

export function isIsoDate(value: string): boolean {
  return parseIsoDate(value) !== null;
}

export function isRealDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one; UTC avoids daylight-saving gaps.
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

export function toIsoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const businessDayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: businessTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date (`yyyy-MM-dd`) in Prague/Bratislava, whatever the machine's time zone. */
export function todayIsoDate(now: Date = new Date()): string {
  return businessDayFormat.format(now);
}

/** `2024-03-05` → `05. 03. 2024` (SPEC §9 display format); anything else is returned unchanged. */
export function formatDisplayDate(isoDate: string): string {
  const parsed = parseIsoDate(isoDate);
  if (!parsed) return isoDate;
  return `${String(parsed.day).padStart(2, '0')}. ${String(parsed.month).padStart(2, '0')}. ${parsed.year}`;
}
