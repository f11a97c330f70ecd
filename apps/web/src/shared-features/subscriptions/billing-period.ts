import { parseIsoDate, toIsoDate } from '@opora/contracts';

/**
 * The same day one calendar month later, or the month's last day when it has no such day
 * (31 January → 28 or 29 February), as a monthly subscription's period runs.
 */
export function addOneMonth(isoDate: string): string {
  const parsed = parseIsoDate(isoDate);
  if (!parsed) throw new Error(`Not a date: ${isoDate}`);
  const year = parsed.month === 12 ? parsed.year + 1 : parsed.year;
  const month = parsed.month === 12 ? 1 : parsed.month + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return toIsoDate(year, month, Math.min(parsed.day, lastDay));
}
