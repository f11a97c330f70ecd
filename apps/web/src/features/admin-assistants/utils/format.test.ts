import { describe, expect, it } from 'vitest';
import { agoAndWhen, formatHours, inTimeOrder } from './format.ts';

describe('formatHours', () => {
  it('writes a decimal comma in Czech and Slovak and a point in English, one decimal at most', () => {
    expect(formatHours(4.5, 'cs')).toBe('4,5');
    expect(formatHours(4.5, 'sk')).toBe('4,5');
    expect(formatHours(4.5, 'en')).toBe('4.5');
    expect(formatHours(12, 'cs')).toBe('12');
    expect(formatHours(0.25, 'en')).toBe('0.3');
  });
});

describe('agoAndWhen', () => {
  it('says how long ago, then the date and time in Prague', () => {
    const now = new Date('2026-12-03T10:00:00Z');
    expect(agoAndWhen('2026-12-01T08:30:00Z', 'cs', now)).toBe('předevčírem · 01. 12. 2026 9:30');
    expect(agoAndWhen('2026-12-03T08:30:00Z', 'en', now)).toMatch(/^today · 03\. 12\. 2026 9:30\s?AM$/);
  });
});

describe('inTimeOrder', () => {
  it('orders the history by time and keeps the server’s order for equal instants', () => {
    const entries = [
      { id: 'c', at: '2026-12-03T10:00:00Z' },
      { id: 'a', at: '2026-12-01T10:00:00Z' },
      { id: 'b1', at: '2026-12-02T10:00:00Z' },
      { id: 'b2', at: '2026-12-02T10:00:00Z' },
    ];
    expect(inTimeOrder(entries).map((entry) => entry.id)).toEqual(['a', 'b1', 'b2', 'c']);
  });
});
