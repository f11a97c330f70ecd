import { z } from 'zod';
import { isIsoDate, isRealDate, todayIsoDate, toIsoDate } from '../dates.ts';
import type { Country, Sex } from '../enums.ts';
import { noEarlierIssue, requiredOr } from './fields.ts';
import { type ValidationKey, validationKey } from './keys.ts';

/*
 * Birth number (rodné číslo) per CZ zákon 133/2000 Sb. § 13 and SK zákon 301/1995 Z. z. § 2; the rules
 * and worked examples are in shared/DOMAIN.md. Input may carry the customary slash (`900501/1251`) and
 * spaces: both are removed, so the stored form is always digits only, as SPEC §3 asks.
 */

export type BirthNumberInvalidReason =
  /** Not 9 or 10 digits (after removing a slash after the sixth digit and spaces). */
  | 'format'
  /** The date part is not a real calendar date, or lies in the future. */
  | 'date'
  /** A 10-digit number that is not divisible by 11 (and not the 1954–1985 exception). */
  | 'checksum'
  /** 9-digit numbers were issued only to people born before 1954. */
  | 'nineDigitsAfter1953'
  /** The +20/+70 month series exists only since 2004. */
  | 'extraSeriesBefore2004'
  /** Slovakia never issued the +20/+70 month series. */
  | 'extraSeriesInSlovakia';

export type BirthNumberResult =
  | { valid: true; value: string; dateOfBirth: string; sex: Extract<Sex, 'male' | 'female'> }
  | { valid: false; reason: BirthNumberInvalidReason };

export interface BirthNumberOptions {
  /** Country that issued the number; omitted, the Czech rules (a superset of the Slovak ones) apply. */
  country?: Country;
  /** Today as `yyyy-MM-dd`, for birth dates in the future; defaults to the real today. */
  today?: string;
}

/** Removes spaces and a slash between the date part and the suffix; anything else is left to fail. */
export function normalizeBirthNumber(value: string): string {
  const compact = value.replace(/\s+/g, '');
  return /^\d{6}\/\d{3,4}$/.test(compact) ? compact.replace('/', '') : compact;
}

const extraSeriesStartYear = 2004;
const checkDigitExceptionYears = { from: 1954, to: 1985 } as const;

export function parseBirthNumber(input: string, options: BirthNumberOptions = {}): BirthNumberResult {
  const value = normalizeBirthNumber(input);
  if (!/^\d{9,10}$/.test(value)) return { valid: false, reason: 'format' };

  const yy = Number(value.slice(0, 2));
  const encodedMonth = Number(value.slice(2, 4));
  const day = Number(value.slice(4, 6));
  const tenDigits = value.length === 10;

  let month = encodedMonth;
  let sex: 'male' | 'female' = 'male';
  let extraSeries = false;
  if (encodedMonth > 70) {
    month -= 70;
    sex = 'female';
    extraSeries = true;
  } else if (encodedMonth > 50) {
    month -= 50;
    sex = 'female';
  } else if (encodedMonth > 20) {
    month -= 20;
    extraSeries = true;
  }

  const year = tenDigits ? (yy >= 54 ? 1900 + yy : 2000 + yy) : 1900 + yy;
  if (!tenDigits && year >= 1954) return { valid: false, reason: 'nineDigitsAfter1953' };
  if (!isRealDate(year, month, day)) return { valid: false, reason: 'date' };
  const dateOfBirth = toIsoDate(year, month, day);
  if (dateOfBirth > (options.today ?? todayIsoDate())) return { valid: false, reason: 'date' };

  if (extraSeries) {
    if (options.country === 'SK') return { valid: false, reason: 'extraSeriesInSlovakia' };
    // A 9-digit number has a year before 1954, so this also refuses the series on 9-digit numbers.
    if (year < extraSeriesStartYear) return { valid: false, reason: 'extraSeriesBefore2004' };
  }

  if (tenDigits && !hasValidCheckDigit(value, year)) return { valid: false, reason: 'checksum' };

  return { valid: true, value, dateOfBirth, sex };
}

function hasValidCheckDigit(tenDigits: string, year: number): boolean {
  if (Number(tenDigits) % 11 === 0) return true;
  // Until 1985 a remainder of 10 on the first nine digits was written as check digit 0.
  const remainder = Number(tenDigits.slice(0, 9)) % 11;
  return (
    remainder === 10 &&
    tenDigits.endsWith('0') &&
    year >= checkDigitExceptionYears.from &&
    year <= checkDigitExceptionYears.to
  );
}

export function isValidBirthNumber(input: string, options: BirthNumberOptions = {}): boolean {
  return parseBirthNumber(input, options).valid;
}

const reasonKeys: Record<BirthNumberInvalidReason, ValidationKey> = {
  format: 'birthNumberFormat',
  date: 'birthNumberDate',
  checksum: 'birthNumberChecksum',
  nineDigitsAfter1953: 'birthNumberNineDigits',
  extraSeriesBefore2004: 'birthNumberInvalid',
  extraSeriesInSlovakia: 'birthNumberInvalid',
};

/**
 * A birth number field: the parsed value is digits only. The issue carries the rule that failed
 * in `parameters.reason`.
 */
export function birthNumberSchema(options: Omit<BirthNumberOptions, 'today'> = {}) {
  return z
    .string({ error: requiredOr('birthNumberFormat') })
    .trim()
    .min(1, { error: validationKey('required') })
    .superRefine(
      (value, ctx) => {
        const result = parseBirthNumber(value, options);
        if (result.valid) return;
        ctx.addIssue({
          code: 'custom',
          message: validationKey(reasonKeys[result.reason]),
          params: { reason: result.reason },
          input: value,
        });
      },
      { when: noEarlierIssue },
    )
    .overwrite(normalizeBirthNumber)
    .meta({ examples: ['9055011251'] });
}

export const BirthNumberSchema = birthNumberSchema();

/**
 * Form refinement: a valid birth number must encode the date of birth entered in the same form
 * (SPEC §5). Nothing is reported while either field is empty or itself invalid: those fields carry
 * their own messages. The issue lands on `birthNumber`.
 */
export function birthNumberMatchesDateOfBirth<
  T extends { birthNumber?: string | null; dateOfBirth?: string | null },
>(value: T, ctx: z.RefinementCtx<T>): void {
  if (!value.birthNumber || !value.dateOfBirth || !isIsoDate(value.dateOfBirth)) return;
  const result = parseBirthNumber(value.birthNumber);
  if (result.valid && result.dateOfBirth !== value.dateOfBirth) {
    ctx.addIssue({
      code: 'custom',
      message: validationKey('birthNumberDateOfBirthMismatch'),
      path: ['birthNumber'],
      input: value.birthNumber,
    });
  }
}
