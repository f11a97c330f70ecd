import { describe, expect, it } from 'vitest';
import {
  isWorkingDay,
  sentAtOrBefore,
  shiftWorkingDays,
  wallClock,
  workingDeadline,
} from './working-days.ts';

describe('working days', () => {
  it('skips weekends and the Czech days of rest, Easter included', () => {
    expect(isWorkingDay('CZ', '2026-11-23')).toBe(true); // Monday
    expect(isWorkingDay('CZ', '2026-11-28')).toBe(false); // Saturday
    expect(isWorkingDay('CZ', '2026-11-17')).toBe(false); // Struggle for Freedom and Democracy Day
    expect(isWorkingDay('CZ', '2026-12-24')).toBe(false);
    expect(isWorkingDay('CZ', '2027-01-01')).toBe(false);
    expect(isWorkingDay('CZ', '2026-04-03')).toBe(false); // Good Friday 2026
    expect(isWorkingDay('CZ', '2026-04-06')).toBe(false); // Easter Monday 2026
    expect(isWorkingDay('CZ', '2027-03-29')).toBe(false); // Easter Monday 2027: it moves
    expect(isWorkingDay('CZ', '2027-04-06')).toBe(true);
  });

  it('follows the Slovak calendar as its law changed', () => {
    // SNP anniversary and Epiphany are Slovak days of rest only.
    expect(isWorkingDay('SK', '2025-08-29')).toBe(false);
    expect(isWorkingDay('CZ', '2025-08-29')).toBe(true);
    expect(isWorkingDay('SK', '2026-01-06')).toBe(false);
    expect(isWorkingDay('CZ', '2026-01-06')).toBe(true);
    // Constitution Day was a day of rest until 2023; 17 November until 2024 (CZ keeps it).
    expect(isWorkingDay('SK', '2023-09-01')).toBe(false);
    expect(isWorkingDay('SK', '2025-09-01')).toBe(true);
    expect(isWorkingDay('SK', '2026-11-17')).toBe(true);
    expect(isWorkingDay('CZ', '2026-11-17')).toBe(false);
    // Czech-only days: Jan Hus, Czech Statehood Day, 28 October.
    expect(isWorkingDay('SK', '2026-09-28')).toBe(true);
    expect(isWorkingDay('CZ', '2026-09-28')).toBe(false);
  });

  it('counts working days forwards and backwards across holidays and the new year', () => {
    expect(shiftWorkingDays('CZ', '2026-11-23', 2)).toBe('2026-11-25');
    expect(shiftWorkingDays('CZ', '2026-11-27', 2)).toBe('2026-12-01'); // Friday → Tuesday
    // Wednesday 23 December 2026: 24–26 December and the weekend off, then 28, 29 December.
    expect(shiftWorkingDays('CZ', '2026-12-23', 2)).toBe('2026-12-29');
    expect(shiftWorkingDays('CZ', '2026-12-30', 2)).toBe('2027-01-04'); // 31 Dec, then 1 Jan off
    expect(shiftWorkingDays('CZ', '2027-01-04', -2)).toBe('2026-12-30');
    expect(shiftWorkingDays('SK', '2025-08-28', 1)).toBe('2025-09-01');
    expect(shiftWorkingDays('CZ', '2025-08-28', 1)).toBe('2025-08-29');
  });

  it('reads instants as the wall clock of the zone, daylight saving included', () => {
    expect(wallClock('Europe/Prague', new Date('2026-01-15T09:30:00.250Z'))).toBe('2026-01-15 10:30:00.250');
    expect(wallClock('Europe/Bratislava', new Date('2026-07-15T22:30:00Z'))).toBe('2026-07-16 00:30:00.000');
  });
});

describe('deadlines', () => {
  it('keeps the time of day, and starts a request sent on a day off at the next working day', () => {
    expect(workingDeadline('CZ', '2026-11-23 10:15:00.000', 2)).toBe('2026-11-25 10:15:00.000');
    expect(workingDeadline('CZ', '2026-11-27 15:00:00.000', 2)).toBe('2026-12-01 15:00:00.000');
    expect(workingDeadline('CZ', '2026-11-28 11:00:00.000', 2)).toBe('2026-12-02 00:00:00.000');
    // Sent on Christmas Eve: it waits from Monday 28 December, two whole working days.
    expect(workingDeadline('CZ', '2026-12-24 09:00:00.000', 2)).toBe('2026-12-30 00:00:00.000');
  });

  it('finds exactly the requests whose deadline has passed (the inverse agrees everywhere)', () => {
    // Every pair of moments over five weeks around Christmas, both calendars, the three steps.
    const moments: string[] = [];
    for (let day = 0; day < 36; day += 1) {
      const date = new Date(Date.UTC(2026, 11, 10 + day)).toISOString().slice(0, 10);
      for (const time of ['00:00:00.000', '09:30:00.000', '23:59:59.999']) moments.push(`${date} ${time}`);
    }
    const mismatches: string[] = [];
    for (const country of ['CZ', 'SK'] as const) {
      for (const workingDays of [2, 4, 10]) {
        for (const now of moments) {
          const cutoff = sentAtOrBefore(country, now, workingDays);
          for (const sent of moments) {
            const due = workingDeadline(country, sent, workingDays) <= now;
            if (due !== sent <= cutoff) mismatches.push(`${country} ${workingDays} sent ${sent} now ${now}`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});
