import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { noEarlierIssue, requiredOr } from './fields.ts';
import { validationKey } from './keys.ts';

// Digits and the separators people type; letters (extensions, "tel:") are refused rather than guessed at.
const phoneCharacters = /^\+[\d\s\-()./]+$/;

export type PhoneCheck =
  | { valid: true; e164: string }
  | { valid: false; reason: 'international' | 'invalid' };

/**
 * Checks a phone number typed in international form (`+420 601 123 456`) and returns it in E.164
 * (`+420601123456`). A national number without the `+` prefix is refused: the country would be a
 * guess. A Slovak trunk `0` written after the prefix (`+421 0905 …`) is dropped, as everyone dialling
 * from abroad does; a Czech number has no trunk prefix, so `+420 0601 …` is invalid.
 */
export function checkPhone(value: string): PhoneCheck {
  const trimmed = value.trim();
  if (!trimmed.startsWith('+')) return { valid: false, reason: 'international' };
  if (!phoneCharacters.test(trimmed)) return { valid: false, reason: 'invalid' };
  const parsed = parsePhoneNumberFromString(trimmed);
  if (!parsed?.isValid()) return { valid: false, reason: 'invalid' };
  return { valid: true, e164: parsed.number };
}

/** E.164 form of a valid international number, or null. */
export function normalizePhone(value: string): string | null {
  const result = checkPhone(value);
  return result.valid ? result.e164 : null;
}

/** `+420601123456` → `+420 601 123 456`; anything unparsable is returned as it came. */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/** A phone number as entered in a form or API body; the parsed value is E.164. */
export const PhoneSchema = z
  .string({ error: requiredOr('phone') })
  .trim()
  .min(1, { error: validationKey('required') })
  .superRefine(
    (value, ctx) => {
      const result = checkPhone(value);
      if (result.valid) return;
      ctx.addIssue({
        code: 'custom',
        message: validationKey(result.reason === 'international' ? 'phoneInternational' : 'phone'),
        input: value,
      });
    },
    { when: noEarlierIssue },
  )
  .overwrite((value) => normalizePhone(value) ?? value)
  .meta({
    // Not a JSON Schema format, and no pattern: what makes a number valid is its country's numbering
    // plan (libphonenumber), which a pattern cannot say; one would claim `+0` valid.
    format: 'phone',
    description:
      'An international phone number with its `+` prefix, valid in its country’s numbering plan; ' +
      'spaces, dashes, dots, slashes and parentheses may separate the digits. Answered in E.164.',
    examples: ['+420 601 123 456'],
  });

/** A stored phone number (E.164), as the API answers it. */
export const E164PhoneSchema = z
  .string()
  .regex(/^\+[1-9]\d{6,14}$/)
  .meta({ examples: ['+420601123456'] });
