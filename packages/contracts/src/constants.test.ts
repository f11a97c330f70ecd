import { describe, expect, it } from 'vitest';
import { cookieOptions, pageTitle, timings, zIndex } from './constants.ts';
import { formatDisplayDate, isIsoDate, todayIsoDate } from './dates.ts';

describe('cookie settings (SPEC §9)', () => {
  it('marks cookies Secure on real hosts', () => {
    expect(cookieOptions('opora.cz')).toEqual({ sameSite: 'lax', path: '/', secure: true });
  });

  it('leaves Secure off on localhost, where the app runs over plain http', () => {
    for (const host of ['localhost', 'LOCALHOST', '127.0.0.1', '::1', '[::1]', 'app.localhost']) {
      expect(cookieOptions(host).secure).toBe(false);
    }
    expect(cookieOptions('localhost.example.com').secure).toBe(true);
  });
});

describe('constants', () => {
  it('stacks layers in the order of SPEC §9', () => {
    const order = Object.entries(zIndex)
      .sort(([, a], [, b]) => a - b)
      .map(([name]) => name);
    expect(order).toEqual(['sidepanel', 'modal', 'priorityModal', 'spinner', 'critical', 'notification']);
  });

  it('checks the service worker every ten minutes', () => {
    expect(timings.serviceWorkerCheck).toBe(600_000);
  });

  it('formats page titles', () => {
    expect(pageTitle('Kontakt')).toBe('Kontakt - Opora');
  });
});

describe('dates', () => {
  it('tells today in Prague, whatever the machine time zone', () => {
    expect(todayIsoDate(new Date('2024-12-31T23:30:00Z'))).toBe('2025-01-01');
    expect(todayIsoDate(new Date('2024-07-01T21:59:00Z'))).toBe('2024-07-01');
    expect(todayIsoDate(new Date('2024-07-01T22:00:00Z'))).toBe('2024-07-02');
  });

  it('formats dates for display and checks real dates', () => {
    expect(formatDisplayDate('2024-03-05')).toBe('05. 03. 2024');
    expect(formatDisplayDate('not a date')).toBe('not a date');
    expect(isIsoDate('2000-02-29')).toBe(true);
    expect(isIsoDate('1900-02-29')).toBe(false);
  });
});
