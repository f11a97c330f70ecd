import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  BirthNumberSchema,
  birthNumberMatchesDateOfBirth,
  birthNumberSchema,
  normalizeBirthNumber,
  parseBirthNumber,
} from './birth-number.ts';
import { toErrorDetails } from './error-details.ts';

const today = '2026-11-22';

/** A 10-digit number for a date part (`YYMMDD`) whose check digit makes it divisible by 11. */
function tenDigits(datePart: string): string {
  for (let suffix = 123; suffix < 1000; suffix++) {
    const firstNine = `${datePart}${suffix}`;
    const remainder = Number(firstNine) % 11;
    if (remainder !== 10) return `${firstNine}${remainder}`;
  }
  throw new Error('unreachable');
}

/** First nine digits for a date part whose remainder is 10, i.e. a number only the exception can make valid. */
function exceptionPrefix(datePart: string): string {
  for (let suffix = 0; suffix < 1000; suffix++) {
    const firstNine = `${datePart}${String(suffix).padStart(3, '0')}`;
    if (Number(firstNine) % 11 === 10) return firstNine;
  }
  throw new Error('unreachable');
}

describe('parseBirthNumber — worked examples of DOMAIN.md', () => {
  it('accepts 9055011251: a woman born on 1 May 1990', () => {
    expect(parseBirthNumber('9055011251', { today })).toEqual({
      valid: true,
      value: '9055011251',
      dateOfBirth: '1990-05-01',
      sex: 'female',
    });
  });

  it('accepts 6006150140 only through the 1954–1985 check-digit exception', () => {
    expect(Number('6006150140') % 11).not.toBe(0);
    expect(Number('600615014') % 11).toBe(10);
    expect(parseBirthNumber('6006150140', { today })).toEqual({
      valid: true,
      value: '6006150140',
      dateOfBirth: '1960-06-15',
      sex: 'male',
    });
  });

  it('accepts 1023151239: +20 series, a man born on 15 March 2010', () => {
    expect(parseBirthNumber('1023151239', { today })).toEqual({
      valid: true,
      value: '1023151239',
      dateOfBirth: '2010-03-15',
      sex: 'male',
    });
  });

  it('accepts 1581304582: +70 series, a woman born on 30 November 2015', () => {
    expect(parseBirthNumber('1581304582', { today })).toEqual({
      valid: true,
      value: '1581304582',
      dateOfBirth: '2015-11-30',
      sex: 'female',
    });
  });
});

describe('parseBirthNumber — rules', () => {
  it('accepts a 9-digit number of someone born before 1954, with no check digit', () => {
    expect(parseBirthNumber('475818123', { today })).toEqual({
      valid: true,
      value: '475818123',
      dateOfBirth: '1947-08-18',
      sex: 'female',
    });
    expect(parseBirthNumber('530101123', { today })).toMatchObject({
      valid: true,
      dateOfBirth: '1953-01-01',
    });
  });

  it('refuses a 9-digit number for a birth year from 1954 on', () => {
    expect(parseBirthNumber('540101123', { today })).toEqual({ valid: false, reason: 'nineDigitsAfter1953' });
    expect(parseBirthNumber('905501125', { today })).toEqual({ valid: false, reason: 'nineDigitsAfter1953' });
  });

  it('refuses a 10-digit number that is not divisible by 11', () => {
    expect(parseBirthNumber('9055011252', { today })).toEqual({ valid: false, reason: 'checksum' });
    expect(parseBirthNumber('1023151238', { today })).toEqual({ valid: false, reason: 'checksum' });
  });

  it('applies the check-digit exception to birth years 1954–1985 only', () => {
    expect(parseBirthNumber(`${exceptionPrefix('850615')}0`, { today })).toMatchObject({ valid: true });
    expect(parseBirthNumber(`${exceptionPrefix('540101')}0`, { today })).toMatchObject({ valid: true });
    expect(parseBirthNumber(`${exceptionPrefix('860615')}0`, { today })).toEqual({
      valid: false,
      reason: 'checksum',
    });
    expect(parseBirthNumber(`${exceptionPrefix('040615')}0`, { today })).toEqual({
      valid: false,
      reason: 'checksum',
    });
  });

  it('refuses the exception when the check digit is not 0', () => {
    expect(parseBirthNumber('6006150141', { today })).toEqual({ valid: false, reason: 'checksum' });
  });

  it('refuses impossible dates', () => {
    expect(parseBirthNumber(tenDigits('900230'), { today })).toEqual({ valid: false, reason: 'date' });
    expect(parseBirthNumber(tenDigits('901301'), { today })).toEqual({ valid: false, reason: 'date' });
    expect(parseBirthNumber(tenDigits('904001'), { today })).toEqual({ valid: false, reason: 'date' });
    expect(parseBirthNumber(tenDigits('900100'), { today })).toEqual({ valid: false, reason: 'date' });
    // 29 February exists in 1988 but not in 1989.
    expect(parseBirthNumber(tenDigits('880229'), { today })).toMatchObject({ valid: true });
    expect(parseBirthNumber(tenDigits('890229'), { today })).toEqual({ valid: false, reason: 'date' });
  });

  it('refuses a birth date in the future', () => {
    expect(parseBirthNumber(tenDigits('270101'), { today })).toEqual({ valid: false, reason: 'date' });
    expect(parseBirthNumber(tenDigits('261122'), { today })).toMatchObject({ valid: true });
    expect(parseBirthNumber(tenDigits('261123'), { today })).toEqual({ valid: false, reason: 'date' });
  });

  it('refuses the +20 and +70 series before 2004', () => {
    expect(parseBirthNumber(tenDigits('902301'), { today })).toEqual({
      valid: false,
      reason: 'extraSeriesBefore2004',
    });
    expect(parseBirthNumber(tenDigits('037301'), { today })).toEqual({
      valid: false,
      reason: 'extraSeriesBefore2004',
    });
    expect(parseBirthNumber(tenDigits('042301'), { today })).toMatchObject({ valid: true, sex: 'male' });
  });

  it('refuses the +20 and +70 series on 9-digit numbers', () => {
    expect(parseBirthNumber('302301123', { today })).toEqual({
      valid: false,
      reason: 'extraSeriesBefore2004',
    });
  });

  it('refuses the +20 and +70 series in Slovakia, which never issued them', () => {
    expect(parseBirthNumber('1023151239', { today, country: 'SK' })).toEqual({
      valid: false,
      reason: 'extraSeriesInSlovakia',
    });
    expect(parseBirthNumber('1581304582', { today, country: 'SK' })).toEqual({
      valid: false,
      reason: 'extraSeriesInSlovakia',
    });
    expect(parseBirthNumber('1023151239', { today, country: 'CZ' })).toMatchObject({ valid: true });
    expect(parseBirthNumber('9055011251', { today, country: 'SK' })).toMatchObject({ valid: true });
  });

  it('reads the century from the length and the year digits', () => {
    expect(parseBirthNumber(tenDigits('540101'), { today })).toMatchObject({ dateOfBirth: '1954-01-01' });
    expect(parseBirthNumber(tenDigits('530101'), { today: '2060-01-01' })).toMatchObject({
      dateOfBirth: '2053-01-01',
    });
    expect(parseBirthNumber(tenDigits('000101'), { today })).toMatchObject({ dateOfBirth: '2000-01-01' });
  });

  it('normalises the customary slash and spaces instead of refusing them', () => {
    expect(normalizeBirthNumber('905501/1251')).toBe('9055011251');
    expect(normalizeBirthNumber(' 905501 / 1251 ')).toBe('9055011251');
    expect(parseBirthNumber('905501/1251', { today })).toMatchObject({ valid: true, value: '9055011251' });
    expect(parseBirthNumber('475818/123', { today })).toMatchObject({ valid: true, value: '475818123' });
  });

  it('refuses a slash anywhere else, letters and wrong lengths', () => {
    for (const value of [
      '9055/011251',
      '90550112/51',
      '905501125a',
      '90550112',
      '90550112511',
      '',
      '905501-1251',
    ]) {
      expect(parseBirthNumber(value, { today })).toEqual({ valid: false, reason: 'format' });
    }
  });
});

describe('BirthNumberSchema', () => {
  it('yields the digits only', () => {
    expect(BirthNumberSchema.parse('905501/1251')).toBe('9055011251');
  });

  it('reports the failed rule as a translation key with the reason', () => {
    const result = BirthNumberSchema.safeParse('9055011252');
    expect(result.success).toBe(false);
    expect(toErrorDetails(result.error!)).toEqual([
      {
        id: '$:birthNumberChecksum',
        code: 'birthNumberChecksum',
        instructions: 'validation:birthNumberChecksum',
        property: '',
        parameters: { reason: 'checksum' },
      },
    ]);
  });

  it('maps each reason to its message', () => {
    const messageOf = (value: string, schema = BirthNumberSchema) =>
      schema.safeParse(value).error?.issues.map((issue) => issue.message);
    expect(messageOf('')).toEqual(['validation:required']);
    expect(messageOf('12345')).toEqual(['validation:birthNumberFormat']);
    expect(messageOf(tenDigits('901301'))).toEqual(['validation:birthNumberDate']);
    expect(messageOf('540101123')).toEqual(['validation:birthNumberNineDigits']);
    expect(messageOf('1023151239', birthNumberSchema({ country: 'SK' }))).toEqual([
      'validation:birthNumberInvalid',
    ]);
  });
});

describe('birth number and date of birth in one form', () => {
  const FormSchema = z
    .object({ dateOfBirth: z.string(), birthNumber: z.string().optional() })
    .superRefine(birthNumberMatchesDateOfBirth);

  it('accepts a birth number that encodes the date of birth', () => {
    expect(FormSchema.safeParse({ dateOfBirth: '1990-05-01', birthNumber: '9055011251' }).success).toBe(true);
  });

  it('reports a mismatch on the birth number field', () => {
    const result = FormSchema.safeParse({ dateOfBirth: '1990-05-02', birthNumber: '9055011251' });
    expect(toErrorDetails(result.error!)).toMatchObject([
      { property: 'birthNumber', instructions: 'validation:birthNumberDateOfBirthMismatch' },
    ]);
  });

  it('says nothing while the birth number is absent or itself invalid', () => {
    expect(FormSchema.safeParse({ dateOfBirth: '1990-05-02' }).success).toBe(true);
    expect(FormSchema.safeParse({ dateOfBirth: '1990-05-02', birthNumber: '9055011252' }).success).toBe(true);
  });
});
