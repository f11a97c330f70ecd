import { describe, expect, it } from 'vitest';
import { listingFreshness, shiftMonths } from './listing-freshness.ts';

describe('listing freshness', () => {
  it('moves by calendar months, clamping the day to the month’s end as PostgreSQL does', () => {
    expect(shiftMonths(new Date('2026-08-31T10:00:00Z'), -6).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(shiftMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(shiftMonths(new Date('2026-06-15T00:00:00Z'), 6).toISOString()).toBe('2026-12-15T00:00:00.000Z');
  });

  it('is due at six months and possibly out of date at seven, not a moment before', () => {
    const confirmed = new Date('2026-01-15T12:00:00Z');
    const at = (iso: string) => listingFreshness(confirmed, new Date(iso));
    expect(at('2026-07-15T11:59:59Z')).toMatchObject({ due: false, possiblyOutdated: false });
    expect(at('2026-07-15T12:00:00Z')).toMatchObject({
      due: true,
      possiblyOutdated: false,
      dueAt: '2026-07-15T12:00:00.000Z',
    });
    expect(at('2026-08-15T11:59:59Z')).toMatchObject({ due: true, possiblyOutdated: false });
    expect(at('2026-08-15T12:00:00Z')).toMatchObject({ due: true, possiblyOutdated: true });
  });
});
