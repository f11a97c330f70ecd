import { describe, expect, it } from 'vitest';
import { deletionDate, receivedText } from './format.ts';

describe('support inbox dates', () => {
  it('says how long ago a message came, then exactly when (Prague time)', () => {
    const now = new Date('2026-12-03T12:00:00Z');
    expect(receivedText('2026-12-01T08:30:00Z', 'cs', now)).toBe('předevčírem · 01. 12. 2026 9:30');
    expect(receivedText('2026-12-03T08:30:00Z', 'en', now)).toBe('today · 03. 12. 2026 9:30 AM');
  });

  it('deletes a closed message twelve months after closing', () => {
    expect(deletionDate('2026-12-03T10:00:00Z')).toBe('03. 12. 2027');
  });
});
