import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorDetailSchema } from '../errors.ts';
import {
  createErrorDetail,
  firstErrorByProperty,
  toErrorDetails,
  validationErrorMap,
} from './error-details.ts';
import { EmailSchema, requiredText } from './fields.ts';
import { PasswordSchema } from './password.ts';

describe('toErrorDetails', () => {
  const Form = z.object({
    email: EmailSchema,
    password: PasswordSchema,
    contactPerson: z.object({ firstName: requiredText() }),
    tags: z.array(requiredText({ max: 3 })),
  });

  it('gives each failed rule its field path, code, translation key and parameters', () => {
    const result = Form.safeParse({
      email: 'jana',
      password: 'short',
      contactPerson: { firstName: '' },
      tags: ['ok', 'toolong'],
    });
    const details = toErrorDetails(result.error!);
    expect(details).toEqual([
      {
        id: 'email:email',
        code: 'email',
        instructions: 'validation:email',
        property: 'email',
        parameters: {},
      },
      {
        id: 'password:minLength',
        code: 'minLength',
        instructions: 'validation:minLength',
        property: 'password',
        parameters: { min: 8, count: 8 },
      },
      {
        id: 'contactPerson.firstName:required',
        code: 'required',
        instructions: 'validation:required',
        property: 'contactPerson.firstName',
        parameters: {},
      },
      {
        id: 'tags.1:maxLength',
        code: 'maxLength',
        instructions: 'validation:maxLength',
        property: 'tags.1',
        parameters: { max: 3, count: 3 },
      },
    ]);
    for (const detail of details) expect(ErrorDetailSchema.parse(detail)).toEqual(detail);
  });

  it('keeps ids unique when one field breaks the same rule twice', () => {
    const Twice = z
      .string()
      .refine(() => false, 'validation:invalid')
      .refine(() => false, 'validation:invalid');
    expect(toErrorDetails(Twice.safeParse('x').error!).map((detail) => detail.id)).toEqual([
      '$:invalid',
      '$:invalid#2',
    ]);
  });

  it('translates issues of schemas written without our helpers', () => {
    const Plain = z.object({
      name: z.string().min(3).max(5),
      age: z.number().int().min(18),
      kind: z.enum(['a', 'b']),
      site: z.url(),
      when: z.iso.date(),
      items: z.array(z.string()).min(1),
    });
    const result = Plain.safeParse({
      name: 'ab',
      age: 17.5,
      kind: 'c',
      site: 'nope',
      when: '2024-02-30',
      items: [],
    });
    expect(
      toErrorDetails(result.error!).map((detail) => [
        detail.property,
        detail.instructions,
        detail.parameters,
      ]),
    ).toEqual([
      ['name', 'validation:minLength', { min: 3, count: 3 }],
      ['age', 'validation:integer', {}],
      ['kind', 'validation:invalidOption', {}],
      ['site', 'validation:url', {}],
      ['when', 'validation:dateFormat', {}],
      ['items', 'validation:choiceMin', { min: 1, count: 1 }],
    ]);
  });

  it('reports unexpected fields of a strict object on the object', () => {
    const result = z.strictObject({ a: z.string() }).safeParse({ a: 'x', b: 1, c: 2 });
    expect(toErrorDetails(result.error!)).toEqual([
      {
        id: '$:unrecognizedKeys',
        code: 'unrecognizedKeys',
        instructions: 'validation:unrecognizedKeys',
        property: '',
        parameters: { keys: 'b, c' },
      },
    ]);
  });

  it('keeps catalogue keys raised by refinements', () => {
    const Unique = z
      .string()
      .refine(() => false, { message: 'errors:NotUniqueValidator', params: { value: 'x' } });
    expect(toErrorDetails(Unique.safeParse('x').error!)).toEqual([
      {
        id: '$:NotUniqueValidator',
        code: 'NotUniqueValidator',
        instructions: 'errors:NotUniqueValidator',
        property: '',
        parameters: { value: 'x' },
      },
    ]);
  });
});

describe('validationErrorMap', () => {
  it('tells a missing value from a wrong type when given to parse', () => {
    const Plain = z.object({ name: z.string(), age: z.number() });
    const result = Plain.safeParse({ age: 'x' }, { error: validationErrorMap });
    expect(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['name', 'validation:required'],
      ['age', 'validation:number'],
    ]);
  });

  it('does not override messages our schemas set themselves', () => {
    const result = z
      .object({ email: EmailSchema })
      .safeParse({ email: ' a@b.cz' }, { error: validationErrorMap });
    expect(result.error!.issues[0]!.message).toBe('validation:emailTrimmed');
  });
});

describe('helpers for code-raised errors and forms', () => {
  it('creates an error detail for a catalogue code, with the message variant for e-mails', () => {
    expect(
      createErrorDetail('email', 'NotUniqueValidator', { instructions: 'errors:NotUniqueValidator_email' }),
    ).toEqual({
      id: 'email:NotUniqueValidator',
      code: 'NotUniqueValidator',
      instructions: 'errors:NotUniqueValidator_email',
      property: 'email',
      parameters: {},
    });
    expect(createErrorDetail('code', 'NotUniqueValidator', { parameters: { value: 'ABC' } })).toMatchObject({
      instructions: 'errors:NotUniqueValidator',
      parameters: { value: 'ABC' },
    });
  });

  it('creates an error detail for a validation rule', () => {
    expect(createErrorDetail('', 'allFormsRequired')).toEqual({
      id: '$:allFormsRequired',
      code: 'allFormsRequired',
      instructions: 'validation:allFormsRequired',
      property: '',
      parameters: {},
    });
  });

  it('picks the first error of each field', () => {
    const details = [
      createErrorDetail('email', 'required'),
      createErrorDetail('email', 'email'),
      createErrorDetail('phone', 'phone'),
    ];
    const byField = firstErrorByProperty(details);
    expect(Object.keys(byField)).toEqual(['email', 'phone']);
    expect(byField.email!.instructions).toBe('validation:required');
  });
});
