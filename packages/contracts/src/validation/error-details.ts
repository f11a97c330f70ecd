import type { z } from 'zod';
import { type ErrorCode, type ErrorDetail, errorMessageKey, isErrorCode } from '../errors.ts';
import { isTranslationKey, type ValidationKey, validationKey } from './keys.ts';

type Issue = z.core.$ZodIssue;
type RawIssue = z.core.$ZodRawIssue;

/**
 * The validation rule an issue breaks, for issues whose message is not already a translation key
 * (schemas written without our field helpers). `inputKnown` is false for finished issues, which no
 * longer carry the input, so "missing" cannot be told apart from "wrong type" there.
 */
function ruleForIssue(issue: Issue | RawIssue, inputKnown: boolean): ValidationKey {
  switch (issue.code) {
    case 'invalid_type':
      if (inputKnown && (issue.input === undefined || issue.input === null)) return 'required';
      if (issue.expected === 'int') return 'integer';
      if (issue.expected === 'number') return 'number';
      return 'invalid';
    case 'too_small':
      switch (issue.origin) {
        case 'string':
          return Number(issue.minimum) <= 1 ? 'required' : 'minLength';
        case 'array':
        case 'set':
          return 'choiceMin';
        case 'date':
          return 'dateMin';
        default:
          return issue.inclusive === false && Number(issue.minimum) === 0 ? 'positive' : 'min';
      }
    case 'too_big':
      switch (issue.origin) {
        case 'string':
          return 'maxLength';
        case 'array':
        case 'set':
          return 'choiceMax';
        case 'date':
          return 'dateMax';
        default:
          return 'max';
      }
    case 'invalid_format':
      switch (issue.format) {
        case 'email':
          return 'email';
        case 'url':
          return 'url';
        case 'date':
        case 'datetime':
          return 'dateFormat';
        case 'e164':
          return 'phone';
        default:
          return 'format';
      }
    case 'invalid_value':
      return 'invalidOption';
    case 'unrecognized_keys':
      return 'unrecognizedKeys';
    default:
      return 'invalid';
  }
}

/**
 * Error map that turns every issue into a `validation:*` key. Our schemas set their keys
 * themselves; pass this to `safeParse(data, { error: validationErrorMap })` or
 * `z.config({ customError: validationErrorMap })` to give schemas defined elsewhere the same messages.
 */
export const validationErrorMap: z.core.$ZodErrorMap = (issue) => validationKey(ruleForIssue(issue, true));

function issueParameters(issue: Issue): Record<string, unknown> {
  switch (issue.code) {
    case 'too_small': {
      const min = Number(issue.minimum);
      return { min, count: min };
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      return { max, count: max };
    }
    case 'unrecognized_keys':
      return { keys: issue.keys.join(', ') };
    case 'custom':
      return { ...issue.params };
    default:
      return {};
  }
}

/** Dotted path of the field (`contactPerson.phone`, `counties.0`); empty for the whole body. */
export function issueProperty(path: readonly PropertyKey[]): string {
  return path
    .map((segment) => (typeof segment === 'symbol' ? (segment.description ?? '') : String(segment)))
    .join('.');
}

/**
 * Turns a zod error into SPEC §3 error details: `instructions` is the translation key, `code` the
 * rule (the key without its namespace), `parameters` the values the message interpolates. Used by
 * the API's error handler and by web forms, so a server-side error lands on the same field.
 */
export function toErrorDetails(error: { issues: readonly Issue[] }): ErrorDetail[] {
  const seen = new Map<string, number>();
  return error.issues.map((issue) => {
    const instructions = isTranslationKey(issue.message)
      ? issue.message
      : validationKey(ruleForIssue(issue, false));
    const code = instructions.slice(instructions.indexOf(':') + 1);
    const property = issueProperty(issue.path);
    const baseId = `${property || '$'}:${code}`;
    const occurrence = (seen.get(baseId) ?? 0) + 1;
    seen.set(baseId, occurrence);
    return {
      id: occurrence === 1 ? baseId : `${baseId}#${occurrence}`,
      code,
      instructions,
      property,
      // "Required" interpolates nothing, whichever check (type, min length 1) reported it.
      parameters: code === 'required' ? {} : issueParameters(issue),
    };
  });
}

/** First message per field, for a form's `setErrors` (`{ 'contactPerson.phone': 'validation:phone' }`). */
export function firstErrorByProperty(details: readonly ErrorDetail[]): Record<string, ErrorDetail> {
  const byProperty: Record<string, ErrorDetail> = {};
  for (const detail of details) {
    byProperty[detail.property] ??= detail;
  }
  return byProperty;
}

/**
 * One error detail raised by code rather than by a schema, e.g. an e-mail that is already registered:
 * `createErrorDetail('email', 'NotUniqueValidator', { instructions: 'errors:NotUniqueValidator_email' })`.
 * The message key defaults to `errors:<code>` for catalogue codes and `validation:<code>` for rules.
 */
export function createErrorDetail(
  property: string,
  code: ErrorCode | ValidationKey,
  options: { instructions?: string; parameters?: Record<string, unknown> } = {},
): ErrorDetail {
  const instructions =
    options.instructions ?? (isErrorCode(code) ? errorMessageKey(code) : validationKey(code));
  return {
    id: `${property || '$'}:${code}`,
    code,
    instructions,
    property,
    parameters: options.parameters ?? {},
  };
}
