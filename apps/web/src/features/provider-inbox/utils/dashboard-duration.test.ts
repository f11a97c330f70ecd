import { describe, expect, it } from 'vitest';
import { durationParts } from './dashboard-duration.ts';

describe('durationParts', () => {
  it('says nothing under half a minute and minutes under an hour', () => {
    expect(durationParts(0)).toEqual([]);
    expect(durationParts(0.5)).toEqual([{ unit: 'minutes', count: 30 }]);
  });

  it('keeps the minutes under 10 hours and drops them after', () => {
    expect(durationParts(5)).toEqual([{ unit: 'hours', count: 5 }]);
    expect(durationParts(2.5)).toEqual([
      { unit: 'hours', count: 2 },
      { unit: 'minutes', count: 30 },
    ]);
    expect(durationParts(12.4)).toEqual([{ unit: 'hours', count: 12 }]);
  });

  it('counts days and hours from a day on, rounding to a whole day at the edge', () => {
    expect(durationParts(28)).toEqual([
      { unit: 'days', count: 1 },
      { unit: 'hours', count: 4 },
    ]);
    expect(durationParts(23.6)).toEqual([{ unit: 'days', count: 1 }]);
    expect(durationParts(72.2)).toEqual([{ unit: 'days', count: 3 }]);
  });
});
