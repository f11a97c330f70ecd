import { describe, expect, it } from 'vitest';
import { isValidIdentificationCode, isValidTaxCode } from './company-codes.ts';

describe('isValidIdentificationCode', () => {
  it.each([
    ['00064581', 'Hlavní město Praha'],
    ['00006947', 'Ministerstvo financí ČR'],
    ['00216208', 'Univerzita Karlova'],
    ['25596641', 'Seznam.cz, a.s.'],
    ['27082440', 'Alza.cz a.s.'],
    ['45274649', 'ČEZ, a. s.'],
    ['35763469', 'Slovak Telekom, a.s.'],
    ['00151653', 'Slovenská sporiteľňa, a.s.'],
    ['00686930', 'Tatra banka, a.s.'],
  ])('accepts %s (%s)', (code) => {
    expect(isValidIdentificationCode(code)).toBe(true);
  });

  it('accepts the check digits of remainders 0 and 1 (1 and 0)', () => {
    // 0000000: sum 0, remainder 0 → check digit 1.
    expect(isValidIdentificationCode('00000001')).toBe(true);
    // 0000006: 2 × 6 = 12, remainder 1 → check digit 0.
    expect(isValidIdentificationCode('00000060')).toBe(true);
  });

  it.each([
    ['25596642', 'a wrong check digit'],
    ['27082441', 'a wrong check digit'],
    ['00000000', 'zeros (check digit would be 1)'],
    ['12345678', 'a made-up number'],
    ['2559664', 'seven digits'],
    ['255966411', 'nine digits'],
    ['2559664a', 'a letter'],
    ['', 'nothing'],
  ])('refuses %s (%s)', (code) => {
    expect(isValidIdentificationCode(code)).toBe(false);
  });
});

describe('isValidTaxCode', () => {
  it('accepts a Czech legal person’s DIČ: CZ and a valid IČO', () => {
    expect(isValidTaxCode('CZ25596641', 'CZ')).toBe(true);
    expect(isValidTaxCode('CZ25596642', 'CZ')).toBe(false);
  });

  it('accepts a Czech person’s DIČ: CZ and a birth number', () => {
    expect(isValidTaxCode('CZ9055011251', 'CZ')).toBe(true);
    expect(isValidTaxCode('CZ9055011252', 'CZ')).toBe(false);
    expect(isValidTaxCode('CZ495101123', 'CZ')).toBe(true);
  });

  it('refuses a Slovak number for a Czech provider and the reverse', () => {
    expect(isValidTaxCode('SK2020273893', 'CZ')).toBe(false);
    expect(isValidTaxCode('CZ25596641', 'SK')).toBe(false);
  });

  it('accepts a Slovak DIČ and IČ DPH divisible by 11', () => {
    expect(isValidTaxCode('2020273893', 'SK')).toBe(true);
    expect(isValidTaxCode('SK2020273893', 'SK')).toBe(true);
    expect(isValidTaxCode('SK2020317068', 'SK')).toBe(true);
  });

  it('refuses a Slovak number not divisible by 11 or with a leading zero', () => {
    expect(isValidTaxCode('SK2020273894', 'SK')).toBe(false);
    expect(isValidTaxCode('0202027389', 'SK')).toBe(false);
    expect(isValidTaxCode('SK202027389', 'SK')).toBe(false);
  });
});
