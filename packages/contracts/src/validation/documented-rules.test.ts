import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { UpdateCurrentUserSchema } from '../schemas/accounts.ts';
import {
  characterCount,
  EmailSchema,
  nameText,
  optionalText,
  personNameText,
  requiredText,
} from './fields.ts';
import { PhoneSchema } from './phone.ts';

// The OpenAPI document shows these JSON Schemas, and fuzzers generate requests from them: a value
// the schema admits must be one the API accepts, and the other way round.

type JsonSchema = { pattern?: string; maxLength?: number; anyOf?: unknown[]; [key: string]: unknown };

/** The input JSON Schema; a schema with an `id` is its `$defs` entry, as it becomes a component. */
function documented(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'input' }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  const id = typeof json.$ref === 'string' ? json.$ref.replace('#/$defs/', '') : undefined;
  return (id && json.$defs?.[id]) || json;
}

/** Both readings of the pattern: ECMA-262 with and without the `u` flag. */
function admits(pattern: string, value: string): boolean {
  const unicode = new RegExp(pattern, 'u').test(value);
  expect(new RegExp(pattern).test(value), JSON.stringify(value)).toBe(unicode);
  return unicode;
}

const texts = [
  'Jana',
  '  Jana Nováková ',
  'Žofie 😀',
  'O’Neil-Smith',
  'a|b',
  'a^b',
  'a[b]',
  'a\\b',
  '(x)',
  '',
  ' ',
  '\t\n',
  '\u00a0\u3000\ufeff',
  'a\u0000b',
  'a\u0007b',
  'a\u007fb',
  'a\u0085b',
  'line\nbreak',
  'tab\there',
  'cr\rlf',
  'a\u2028b',
  'a\u202eb',
  'a\u2067b',
  'a\u200bb',
];

describe('documented text rules', () => {
  for (const [name, schema] of [
    ['one line', requiredText({ max: 40 })],
    ['text area', requiredText({ max: 40, multiline: true })],
    ['name', nameText(40)],
    ['account name', personNameText(40)],
  ] as const) {
    it(`admit exactly what the ${name} rule accepts`, () => {
      const { pattern } = documented(schema);
      expect(pattern).toBeDefined();
      for (const value of texts) {
        expect(admits(pattern ?? '', value), `${name}: ${JSON.stringify(value)}`).toBe(
          schema.safeParse(value).success,
        );
      }
    });
  }

  it('count characters as JSON Schema does, an emoji as one', () => {
    expect(characterCount('Žofie 😀')).toBe(7);
    expect(characterCount('\ud83d')).toBe(1);
    const three = nameText(3);
    expect(documented(three).maxLength).toBe(3);
    expect(three.safeParse('😀😀😀').success).toBe(true);
    expect(three.safeParse('😀😀😀😀').success).toBe(false);
    expect(requiredText({ min: 2, max: 5 }).safeParse('😀').success).toBe(false);
    expect(requiredText({ min: 2, max: 5 }).safeParse('😀😀').success).toBe(true);
  });
});

describe('documented e-mail rule', () => {
  const { pattern, format, maxLength } = documented(EmailSchema);

  it('is the address pattern with format email and the length limit', () => {
    expect(format).toBe('email');
    expect(maxLength).toBe(254);
    for (const value of [
      'jana.novakova@example.cz',
      "o'neil+opora@mail.example.sk",
      'a@b.cz',
      'a@b-c.cz',
      'a@b-.cz',
      'a@-b.cz',
      'a@b.c',
      '.a@b.cz',
      'a..b@b.cz',
      ' a@b.cz',
      'jana😀@example.cz',
      `a@${'b'.repeat(63)}.cz`,
      `a@${'b'.repeat(64)}.cz`,
    ]) {
      expect(admits(pattern ?? '', value), value).toBe(EmailSchema.safeParse(value).success);
    }
  });

  it('refuses a local part over 64 characters, which format email refuses too', () => {
    expect(EmailSchema.safeParse(`${'a'.repeat(64)}@example.cz`).success).toBe(true);
    expect(EmailSchema.safeParse(`${'a'.repeat(65)}@example.cz`).success).toBe(false);
  });
});

describe('documented shapes a pattern cannot give', () => {
  it('names the phone format instead of a pattern every valid number would not fit', () => {
    expect(documented(PhoneSchema)).toMatchObject({ type: 'string', format: 'phone' });
    expect(documented(PhoneSchema).pattern).toBeUndefined();
  });

  it('requires one of the profile fields, as the profile update does', () => {
    expect(documented(UpdateCurrentUserSchema).anyOf).toEqual([
      { required: ['firstName'] },
      { required: ['lastName'] },
      { required: ['phone'] },
      { required: ['locale'] },
    ]);
    expect(UpdateCurrentUserSchema.safeParse({}).success).toBe(false);
    expect(UpdateCurrentUserSchema.safeParse({ phone: null }).success).toBe(true);
  });
});

describe('documented blank optional fields', () => {
  const optional = optionalText({ max: 40 });
  const [given, blank, none] = (documented(optional).anyOf ?? []) as JsonSchema[];

  it('shows a given value’s rules, a blank string, or null, as the forms send them', () => {
    expect(given).toMatchObject({ type: 'string', maxLength: 40 });
    expect(blank).toMatchObject({ type: 'string' });
    expect(none).toEqual({ type: 'null' });
    expect(optional.safeParse(null).success).toBe(true);
  });

  it('documents as blank exactly what the field takes for "not entered"', () => {
    for (const value of texts) {
      expect(admits(blank?.pattern ?? '', value), JSON.stringify(value)).toBe(value.trim() === '');
      const accepted = optional.safeParse(value);
      const documentedValid = admits(blank?.pattern ?? '', value) || admits(given?.pattern ?? '', value);
      expect(documentedValid, JSON.stringify(value)).toBe(accepted.success);
    }
  });

  it('keeps the document of a field’s value in responses', () => {
    const json = z.toJSONSchema(z.object({ note: optional }), { io: 'output' });
    const note = json.properties?.note as JsonSchema;
    expect(note.anyOf).toBeUndefined();
    expect(note).toMatchObject({ type: 'string', maxLength: 40 });
  });
});
