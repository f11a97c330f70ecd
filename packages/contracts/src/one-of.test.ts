import { describe, expect, it } from 'vitest';
import { isOneOf } from './one-of.ts';

const tabs = ['overview', 'history'] as const;

describe('isOneOf', () => {
  it('accepts a member and narrows it to the tuple type', () => {
    const value: string | null = 'history';
    if (!isOneOf(tabs, value)) throw new Error('a member was refused');
    const tab: (typeof tabs)[number] = value;
    expect(tab).toBe('history');
  });

  it('refuses what is not a member: another string, null, a value of another type', () => {
    expect(isOneOf(tabs, 'documents')).toBe(false);
    expect(isOneOf(tabs, '')).toBe(false);
    expect(isOneOf(tabs, null)).toBe(false);
    expect(isOneOf(tabs, undefined)).toBe(false);
    expect(isOneOf([1, 2] as const, '1')).toBe(false);
  });
});
