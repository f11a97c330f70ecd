import { describe, expect, it } from 'vitest';
import { addOneMonth } from './billing-period.ts';

describe('addOneMonth', () => {
  it('keeps the day of the month', () => {
    expect(addOneMonth('2026-11-24')).toBe('2026-12-24');
  });

  it('runs into the next year from December', () => {
    expect(addOneMonth('2026-12-15')).toBe('2027-01-15');
  });

  it('ends on the last day of a shorter month', () => {
    expect(addOneMonth('2027-01-31')).toBe('2027-02-28');
    expect(addOneMonth('2028-01-31')).toBe('2028-02-29');
    expect(addOneMonth('2026-03-31')).toBe('2026-04-30');
  });

  it('refuses what is not a date', () => {
    expect(() => addOneMonth('2026-02-30')).toThrow();
  });
});
