import { parseIsoDate, todayIsoDate } from '@opora/contracts';

/** Full years between a `yyyy-MM-dd` date of birth and today (Prague), or null for a bad date. */
export function ageOn(dateOfBirth: string, today: string = todayIsoDate()): number | null {
  const born = parseIsoDate(dateOfBirth);
  const now = parseIsoDate(today);
  if (!born || !now) return null;
  const birthdayPassed = now.month > born.month || (now.month === born.month && now.day >= born.day);
  const age = now.year - born.year - (birthdayPassed ? 0 : 1);
  return age >= 0 ? age : null;
}
