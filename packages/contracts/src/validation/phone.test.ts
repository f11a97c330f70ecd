import { describe, expect, it } from 'vitest';
import { checkPhone, E164PhoneSchema, formatPhone, normalizePhone, PhoneSchema } from './phone.ts';

const messages = (value: unknown) => PhoneSchema.safeParse(value).error?.issues.map((issue) => issue.message);

describe('PhoneSchema', () => {
  it('accepts a Czech mobile number and stores it as E.164', () => {
    expect(PhoneSchema.parse('+420 601 123 456')).toBe('+420601123456');
  });

  it('accepts a Slovak mobile number and stores it as E.164', () => {
    expect(PhoneSchema.parse('+421 905 123 456')).toBe('+421905123456');
  });

  it('accepts the separators people type', () => {
    expect(PhoneSchema.parse(' +420 601-123-456 ')).toBe('+420601123456');
    expect(PhoneSchema.parse('+420 (601) 123.456')).toBe('+420601123456');
    expect(PhoneSchema.parse('+420601123456')).toBe('+420601123456');
  });

  it('drops a Slovak trunk 0 written after the +421 prefix', () => {
    expect(PhoneSchema.parse('+421 0905 123 456')).toBe('+421905123456');
  });

  it('refuses a Czech number with a trunk 0, which Czech numbers do not have', () => {
    expect(messages('+420 0601 123 456')).toEqual(['validation:phone']);
  });

  it('refuses a national number without the international prefix', () => {
    expect(messages('601 123 456')).toEqual(['validation:phoneInternational']);
    expect(messages('0905 123 456')).toEqual(['validation:phoneInternational']);
    expect(messages('00420 601 123 456')).toEqual(['validation:phoneInternational']);
  });

  it('refuses numbers that are too short, unassigned or carry letters', () => {
    expect(messages('+420 601 123 45')).toEqual(['validation:phone']);
    expect(messages('+420 123 456 789')).toEqual(['validation:phone']);
    expect(messages('+420 601 123 456 ext 5')).toEqual(['validation:phone']);
    expect(messages('+420 6O1 123 456')).toEqual(['validation:phone']);
  });

  it('accepts numbers of other countries, for relatives living abroad', () => {
    expect(PhoneSchema.parse('+49 30 901820')).toBe('+4930901820');
  });

  it('reports a missing or empty number as required', () => {
    expect(messages(undefined)).toEqual(['validation:required']);
    expect(messages('  ')).toEqual(['validation:required']);
    expect(messages(601123456)).toEqual(['validation:phone']);
  });
});

describe('phone helpers', () => {
  it('tells why a number is refused', () => {
    expect(checkPhone('601123456')).toEqual({ valid: false, reason: 'international' });
    expect(checkPhone('+420 000 000 000')).toEqual({ valid: false, reason: 'invalid' });
    expect(checkPhone('+420 601 123 456')).toEqual({ valid: true, e164: '+420601123456' });
    expect(normalizePhone('nope')).toBeNull();
  });

  it('groups a stored number for display', () => {
    expect(formatPhone('+420601123456')).toBe('+420 601 123 456');
    expect(formatPhone('+421905123456')).toBe('+421 905 123 456');
  });

  it('E164PhoneSchema describes stored numbers only', () => {
    expect(E164PhoneSchema.safeParse('+420601123456').success).toBe(true);
    expect(E164PhoneSchema.safeParse('+420 601 123 456').success).toBe(false);
  });
});
