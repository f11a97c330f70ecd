import type { Country } from '../enums.ts';

/**
 * IČO, the company identification number of the Czech and the Slovak business registers (both keep
 * the Czechoslovak rule): eight digits, the last a mod-11 check digit of the first seven weighted
 * 8, 7, …, 2 — remainder 0 gives 1, remainder 1 gives 0, otherwise 11 − remainder.
 */
export function isValidIdentificationCode(value: string): boolean {
  if (!/^\d{8}$/.test(value)) return false;
  let sum = 0;
  for (let index = 0; index < 7; index++) sum += Number(value[index]) * (8 - index);
  return (11 - (sum % 11)) % 10 === Number(value[7]);
}

/** A 10-digit number divisible by 11, or (birth numbers issued until 1985) nine digits ≡ 10 and a 0. */
function isMod11Number(digits: string): boolean {
  const whole = BigInt(digits);
  if (whole % 11n === 0n) return true;
  return BigInt(digits.slice(0, 9)) % 11n === 10n && digits.endsWith('0');
}

/**
 * DIČ of the provider's country, as `TaxCodeSchema` normalises it (upper case, no spaces):
 * - CZ: `CZ` and the IČO (legal persons, eight digits with its check digit) or the birth number
 *   (a person: nine digits before 1954, else ten digits divisible by 11);
 * - SK: the DIČ (ten digits) or the IČ DPH (`SK` and the same ten digits): no leading zero, and
 *   divisible by 11, as the EU's VAT number check (VIES) requires.
 */
export function isValidTaxCode(value: string, country: Country): boolean {
  if (country === 'CZ') {
    const match = /^CZ(\d{8,10})$/.exec(value);
    if (!match?.[1]) return false;
    const digits = match[1];
    if (digits.length === 8) return isValidIdentificationCode(digits);
    return digits.length === 9 || isMod11Number(digits);
  }
  const match = /^(?:SK)?([1-9]\d{9})$/.exec(value);
  return match?.[1] !== undefined && BigInt(match[1]) % 11n === 0n;
}
