import { z } from 'zod';
import { processSchema } from 'zod/v4/core';
import { formatDisplayDate } from '../dates.ts';
import { isValidIdentificationCode } from './company-codes.ts';
import { type ValidationKey, type ValidationMessage, validationKey } from './keys.ts';

const required = validationKey('required');

/** Missing value → `required`; a value of the wrong type → the given rule. */
export function requiredOr(key: ValidationKey) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null ? required : validationKey(key);
}

/**
 * `when` for a field's later rules: they run only while no earlier rule of the same field failed, so
 * each field reports the one message that helps (`required` rather than `required` and `zipcode`).
 * Unlike `abort`, this does not stop form-level refinements from reporting on other fields.
 */
export function noEarlierIssue(payload: { issues: readonly unknown[] }): boolean {
  return payload.issues.length === 0;
}

/**
 * Characters as JSON Schema's `minLength`/`maxLength` and PostgreSQL's `varchar(n)` count them: code
 * points, so an emoji is one character, not the two UTF-16 code units of `String.length`.
 */
export function characterCount(value: string): number {
  let count = value.length;
  for (let index = 0; index < value.length - 1; index++) {
    const code = value.charCodeAt(index);
    if (code < 0xd800 || code > 0xdbff) continue;
    const next = value.charCodeAt(index + 1);
    if (next >= 0xdc00 && next <= 0xdfff) {
      count -= 1;
      index += 1;
    }
  }
  return count;
}

/** `characterCount(value) >= min`, without counting when the code units decide it. */
function hasAtLeast(value: string, min: number): boolean {
  if (value.length < min) return false;
  return value.length >= 2 * min || characterCount(value) >= min;
}

/** `characterCount(value) <= max`; a megabyte of text is refused without scanning it. */
function hasAtMost(value: string, max: number): boolean {
  if (value.length <= max) return true;
  return value.length <= 2 * max && characterCount(value) <= max;
}

/**
 * Length rules report only when the field has no earlier issue; the bound goes into `parameters`.
 * They count characters (`characterCount`), as the OpenAPI document's `minLength`/`maxLength` do.
 */
export function minLengthCheck(min: number) {
  return z.refine<string>((value) => hasAtLeast(value, min), {
    error: validationKey('minLength'),
    params: { min, count: min },
    when: noEarlierIssue,
  });
}

export function maxLengthCheck(max: number) {
  return z.refine<string>((value) => hasAtMost(value, max), {
    error: validationKey('maxLength'),
    params: { max, count: max },
    when: noEarlierIssue,
  });
}

/** A pattern rule that reports only when the field has no earlier issue. */
export function patternCheck(pattern: RegExp, key: ValidationKey) {
  return z.refine<string>((value) => pattern.test(value), {
    error: validationKey(key),
    when: noEarlierIssue,
  });
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * Error of a value picked from a list (region, county, relationship): nothing picked — missing,
 * `null` or the empty option `''` — reads `required`; any other wrong value `invalidOption`.
 */
export function selectedOptionError(issue: { input?: unknown }): ValidationMessage {
  return isBlank(issue.input) ? required : validationKey('invalidOption');
}

/**
 * An optional form field: forms send `''` (and some clients `null`) for an empty input, which
 * means "not entered" and yields `undefined`; any other value must pass `schema`.
 */
export function optionalField<S extends z.ZodType>(schema: S) {
  const field = schema.optional();
  // The OpenAPI document (and the fuzzers reading it) shows the blanks too: a given value passes
  // `schema`, or is blank. Set on the inner schema, which `.meta()` copies of the field share.
  field._zod.processJSONSchema = (ctx, json, params) => {
    const given = processSchema(schema, ctx, params);
    if (ctx.io === 'input') {
      json.anyOf = [given, ...blankJsonSchemas()];
      return;
    }
    const seen = ctx.seen.get(field);
    if (seen) seen.ref = schema;
  };
  return z.preprocess<unknown, z.ZodOptional<S>, z.input<S> | '' | null | undefined>(
    (value) => (isBlank(value) ? undefined : value),
    field,
  );
}

/**
 * What `isBlank` takes for "not entered", as JSON Schema: `null`, or a string of nothing but what
 * `String.prototype.trim` removes (spelled out: other regex dialects read `\s` differently).
 */
const blankJsonSchemas = () => [
  {
    type: 'string' as const,
    pattern: '^[\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]*$',
  },
  { type: 'null' as const },
];

/**
 * Which characters a text field refuses besides its own rules (`unsupportedCharacters`):
 * - `line`: one line of text — control characters (NUL included) and line or paragraph breaks;
 * - `multiline`: typed into a text area — control characters other than tab and line breaks;
 * - `name`: a person's name — as `line`, and the bidirectional embeddings, overrides and isolates
 *   (U+202A–U+202E, U+2066–U+2069) that make a name read differently than it is stored.
 * All refuse lone surrogate halves (invalid UTF-16: PostgreSQL refuses such text, as it refuses NUL).
 */
export type TextKind = 'line' | 'multiline' | 'name';

const lineControls = /[\p{Cc}\u2028\u2029]/u;
/** \p{Cc} minus tab, line feed and carriage return. */
const multilineControls = /[^\P{Cc}\t\n\r]/u;
const bidiControls = /[\u202A-\u202E\u2066-\u2069]/u;
const loneSurrogate = /\p{Cs}/u;

export function hasUnsupportedCharacters(value: string, kind: TextKind): boolean {
  if (loneSurrogate.test(value)) return true;
  if (kind === 'multiline') return multilineControls.test(value);
  return lineControls.test(value) || (kind === 'name' && bidiControls.test(value));
}

/**
 * The character rules as the JSON Schema `pattern` of the OpenAPI document (which fuzzers generate
 * from): the refused characters nowhere, and one that is neither refused nor white space, since the
 * value is trimmed and must not be empty. ECMA-262, Python and Rust read these escapes alike. Lone
 * surrogates are left out: they are not text, so no pattern can name them (a JSON body can still
 * carry one as `\udXXX`, and the rule above refuses it).
 */
const refusedInPattern: Record<TextKind, string> = {
  line: '\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029',
  multiline: '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f',
  name: '\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069',
};
/** What `String.prototype.trim` removes, inside a pattern's character class. */
const whitespaceInPattern =
  '\\t\\n\\u000b\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';

export function textPattern(kind: TextKind, alsoRefused = ''): string {
  const refused = refusedInPattern[kind] + alsoRefused;
  return `^[^${refused}]*[^${refused}${whitespaceInPattern}][^${refused}]*$`;
}

/** The character rule of a text field; reports only when the field has no earlier issue. */
export function textCharactersCheck(kind: TextKind) {
  return z.refine<string>((value) => !hasUnsupportedCharacters(value, kind), {
    error: validationKey('unsupportedCharacters'),
    when: noEarlierIssue,
  });
}

export interface TextRules {
  min?: number;
  max?: number;
  /** Text typed into a text area: tabs and line breaks allowed. */
  multiline?: boolean;
}

/**
 * Trimmed, non-empty, bounded text with the character rule of its kind, then `rule` (a pattern
 * refusing the `alsoRefused` characters, documented with the others).
 */
function trimmedText(
  { min, max = 255 }: TextRules,
  kind: TextKind,
  rule?: { check: z.core.$ZodCheck<string>; alsoRefused: string },
) {
  let schema = z
    .string({ error: requiredOr('invalid') })
    .trim()
    .min(1, { error: required });
  if (min !== undefined && min > 1) schema = schema.check(minLengthCheck(min));
  return schema.check(maxLengthCheck(max), textCharactersCheck(kind), ...(rule ? [rule.check] : [])).meta({
    ...(min !== undefined && min > 1 && { minLength: min }),
    maxLength: max,
    pattern: textPattern(kind, rule?.alsoRefused),
  });
}

/**
 * Trimmed, non-empty text; `max` defaults to 255 characters. One line unless `multiline`; control
 * characters and broken UTF-16 are refused (`unsupportedCharacters`).
 */
export function requiredText(rules: TextRules = {}) {
  return trimmedText(rules, rules.multiline ? 'multiline' : 'line');
}

/** A person's first or last name (contact form, client, contact person); see `TextKind` `name`. */
export function nameText(max = 100) {
  return trimmedText({ max }, 'name');
}

/**
 * Visible characters Keycloak refuses in a first or last name (its `person-name-prohibited-characters`
 * user-profile validator): `< > & " $ % ! # ? § ; * ~ / \\ | ^ = [ ] { } ( )`. It refuses line
 * breaks and control characters too, which the `name` character rule covers.
 */
const personNameCharacters = /^[^<>&"$%!#?§;*~/\\|^=[\]{}()]+$/u;
/** The same characters inside a pattern's character class (`[`, `]`, `\\` and `^` escaped). */
const personNamePatternCharacters = '<>&"$%!#?§;*~/\\\\|\\^=\\[\\]{}()';

/**
 * Whether `value` passes the name rules of an account: Keycloak would take it as a first or last name,
 * and it has no character a `name` field refuses. The embedded identity server asks too, so a name
 * never fails later at the identity server.
 */
export function isPersonName(value: string): boolean {
  return !hasUnsupportedCharacters(value, 'name') && personNameCharacters.test(value);
}

/** A first or last name of an account (sign-up, profile): a `nameText` that Keycloak also takes. */
export function personNameText(max = 100) {
  return trimmedText({ max }, 'name', {
    check: patternCheck(personNameCharacters, 'personName'),
    alsoRefused: personNamePatternCharacters,
  });
}

/** Optional trimmed text; blank means not entered. */
export function optionalText(rules: TextRules = {}) {
  return optionalField(requiredText(rules));
}

export interface NumberRules {
  min?: number;
  max?: number;
  /** No decimal places. */
  integer?: boolean;
  /** Greater than zero. */
  positive?: boolean;
}

export function numberField({ min, max, integer, positive }: NumberRules = {}) {
  let schema = z.number({ error: requiredOr('number') });
  if (integer) schema = schema.int(validationKey('integer'));
  if (positive) schema = schema.positive(validationKey('positive'));
  if (min !== undefined) schema = schema.min(min, validationKey('min'));
  if (max !== undefined) schema = schema.max(max, validationKey('max'));
  return schema;
}

export function yearField({ min, max }: { min?: number; max?: number } = {}) {
  let schema = z.number({ error: requiredOr('number') }).int(validationKey('integer'));
  if (min !== undefined) schema = schema.min(min, validationKey('yearMin'));
  if (max !== undefined) schema = schema.max(max, validationKey('yearMax'));
  return schema;
}

/** A calendar date as `yyyy-MM-dd` (SPEC §9 wire format); the pattern admits real dates only. */
export const IsoDateSchema = z.iso.date({ error: requiredOr('dateFormat') });

export type DateBound = string | (() => string);

const resolveBound = (bound: DateBound): string => (typeof bound === 'function' ? bound() : bound);

/**
 * A `yyyy-MM-dd` date within bounds (inclusive). A bound may be a function so that "today" is
 * evaluated at validation time, not when the module loads. Messages show bounds as `dd. MM. yyyy`.
 */
export function isoDate({ min, max }: { min?: DateBound; max?: DateBound } = {}) {
  return IsoDateSchema.superRefine(
    (value, ctx) => {
      if (min !== undefined) {
        const bound = resolveBound(min);
        if (value < bound) {
          ctx.addIssue({
            code: 'custom',
            message: validationKey('dateMin'),
            params: { min: formatDisplayDate(bound) },
            input: value,
          });
        }
      }
      if (max !== undefined) {
        const bound = resolveBound(max);
        if (value > bound) {
          ctx.addIssue({
            code: 'custom',
            message: validationKey('dateMax'),
            params: { max: formatDisplayDate(bound) },
            input: value,
          });
        }
      }
    },
    { when: noEarlierIssue },
  );
}

/** An ISO 8601 timestamp with offset, as the API sends `createdDate`, `eventDate`, ... */
export const DateTimeSchema = z.iso.datetime({ offset: true });

// Extended_Pictographic covers emoji proper; regional indicators form flags; FE0F forces emoji rendering.
const emojiPattern = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\uFE0F/u;

export function containsEmoji(value: string): boolean {
  return emojiPattern.test(value);
}

/** RFC 5321 caps a forward path at 256 octets, i.e. an address at 254 characters. */
export const emailMaxLength = 254;

/**
 * What a valid address looks like: zod's `z.regexes.email`, with host name labels as DNS allows them
 * (RFC 1035: 1 to 63 characters, no hyphen at either end).
 */
const emailAddress =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** RFC 5321 §4.5.3.1.1: the part before `@` has at most 64 octets (mail servers refuse longer ones). */
const emailLocalPartMaxLength = 64;

/**
 * An e-mail address, checked rule by rule so that the person reads the one message that helps:
 * entered at all, no surrounding spaces (not silently trimmed: the address is a login), no emoji,
 * then a valid address (`emailAddress`, and a local part a mail server takes).
 */
export const EmailSchema = z
  .string({ error: requiredOr('email') })
  .superRefine((value, ctx) => {
    const issue = (key: ValidationKey, params?: Record<string, unknown>) =>
      ctx.addIssue({ code: 'custom', message: validationKey(key), input: value, ...(params && { params }) });
    if (value.trim() === '') return issue('required');
    if (value !== value.trim()) return issue('emailTrimmed');
    if (containsEmoji(value)) return issue('emailEmoji');
    if (value.length > emailMaxLength)
      return issue('maxLength', { max: emailMaxLength, count: emailMaxLength });
    if (!emailAddress.test(value) || value.indexOf('@') > emailLocalPartMaxLength) return issue('email');
  })
  .meta({
    // `format: email` holds the local part to 64 characters; the pattern is the rest of the rule
    // (ASCII, so no emoji and no spaces either), so clients and fuzzers see which addresses pass.
    format: 'email',
    pattern: emailAddress.source,
    maxLength: emailMaxLength,
    examples: ['jana.novakova@example.cz'],
  });

/** A web address with `http` or `https` and a real host name. */
export const UrlSchema = z.url({
  protocol: /^https?$/,
  hostname: z.regexes.domain,
  error: requiredOr('url'),
});

export function isJson(value: string): boolean {
  try {
    JSON.parse(value);
    return true;
  } catch {
    return false;
  }
}

/** Text that parses as JSON (e.g. a questionnaire definition typed in by staff). */
export const JsonStringSchema = z
  .string({ error: requiredOr('json') })
  .min(1, { error: required })
  .refine(isJson, { error: validationKey('json'), when: noEarlierIssue });

/** "Choice min": at least `min` items selected. */
export function choiceMin<S extends z.ZodType>(item: S, min: number) {
  return z.array(item, { error: requiredOr('invalid') }).min(min, validationKey('choiceMin'));
}

function isFilled(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'number') return Number.isFinite(value);
  return true;
}

/**
 * Object refinement "at least one field entered" (e.g. a search form); the issue belongs to the
 * whole form and names the fields in `parameters.fields`.
 */
export function atLeastOneField<T extends object>(fields: readonly (keyof T & string)[]) {
  return (value: T, ctx: z.RefinementCtx<T>): void => {
    if (fields.some((field) => isFilled(value[field]))) return;
    ctx.addIssue({
      code: 'custom',
      message: validationKey('atLeastOne'),
      params: { fields: fields.join(', ') },
      input: value,
    });
  };
}

/** Consent to the terms and to processing of personal data (sign-up); nothing else than `true` passes. */
export const TermsConsentSchema = z.literal(true, { error: validationKey('termsConsentRequired') });

/**
 * Explicit consent to process the client's health data (GDPR Art. 9), given by the account holder for
 * themselves or on the client's behalf; recorded with who gave it for whom.
 */
export const HealthDataConsentSchema = z.literal(true, { error: validationKey('healthDataConsentRequired') });

/** A provider's own client agreed to the provider keeping their record here (asked on the phone or in person). */
export const ClientConsentSchema = z.literal(true, { error: validationKey('clientConsentRequired') });

/** Consent to hand the client's details to the provider (request review). */
export const ProviderConsentSchema = z.literal(true, { error: validationKey('providerConsentRequired') });

/** Czech and Slovak postal code (PSČ): five digits, accepted as `110 00` and stored as `11000`. */
export const ZipcodeSchema = z
  .string({ error: requiredOr('zipcode') })
  .trim()
  .min(1, { error: required })
  .overwrite((value) => value.replace(/\s+/g, ''))
  .check(patternCheck(/^\d{5}$/, 'zipcode'))
  .meta({ examples: ['11000'] });

/** Company identification number (IČO, CZ and SK): eight digits, the last a check digit. */
export const IdentificationCodeSchema = z
  .string({ error: requiredOr('identificationCode') })
  .trim()
  .min(1, { error: required })
  .overwrite((value) => value.replace(/\s+/g, ''))
  .check(
    patternCheck(/^\d{8}$/, 'identificationCode'),
    z.refine<string>(isValidIdentificationCode, {
      error: validationKey('identificationCodeChecksum'),
      when: noEarlierIssue,
    }),
  )
  .meta({ examples: ['00064581'] });

/** Tax id: CZ DIČ (`CZ` + 8–10 digits), SK DIČ (10 digits) or SK IČ DPH (`SK` + 10 digits). */
export const TaxCodeSchema = z
  .string({ error: requiredOr('taxCode') })
  .trim()
  .min(1, { error: required })
  .overwrite((value) => value.toUpperCase().replace(/\s+/g, ''))
  .check(patternCheck(/^(CZ\d{8,10}|SK\d{10}|\d{10})$/, 'taxCode'))
  .meta({ examples: ['CZ00064581'] });

/**
 * `when` for cross-field refinements: run as soon as the named fields hold text, even while other
 * fields of the form still have errors, so the person sees every problem at once.
 */
export function whenStrings<K extends string>(...fields: K[]) {
  return (payload: { value: unknown }): boolean => {
    const value = payload.value as Partial<Record<K, unknown>> | null | undefined;
    return fields.every((field) => typeof value?.[field] === 'string');
  };
}

/** `when` for form-level refinements that must run even while single fields have errors. */
export function whenObject(payload: { value: unknown }): boolean {
  return typeof payload.value === 'object' && payload.value !== null;
}
