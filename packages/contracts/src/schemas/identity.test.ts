import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { toErrorDetails } from '../validation/error-details.ts';
import { SignUpSchema, UpdateCurrentUserSchema } from './accounts.ts';
import { DevMailMessageSchema, EmailConfirmationSchema, ResetPasswordSetSchema } from './identity.ts';

const problems = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success
    ? []
    : toErrorDetails(result.error).map((detail) => `${detail.property} ${detail.instructions}`);
};

const signUp = {
  firstName: 'Jana',
  lastName: 'Nováková',
  email: 'jana@example.cz',
  phone: '+420 601 123 456',
  password: 'dlouhé heslo',
  privacyPolicy: true,
};

describe('sign-up body', () => {
  it('takes the registration form with an optional interface language', () => {
    expect(SignUpSchema.parse({ ...signUp, locale: 'sk' })).toMatchObject({
      phone: '+420601123456',
      locale: 'sk',
      marketingAccept: false,
    });
    expect(SignUpSchema.parse(signUp).locale).toBeUndefined();
  });

  it('refuses a missing consent with the message of SPEC §5 and an invalid phone', () => {
    expect(problems(SignUpSchema, { ...signUp, privacyPolicy: false, phone: '+420 0601 123 456' })).toEqual([
      'phone validation:phone',
      'privacyPolicy validation:termsConsentRequired',
    ]);
    expect(problems(SignUpSchema, { ...signUp, locale: 'de' })).toEqual(['locale validation:invalidOption']);
  });

  it("accepts the names people have and refuses the characters Keycloak's name validator refuses", () => {
    for (const lastName of ["O'Brien", 'Nováková-Dvořáková', 'St. John', 'Łukasiewicz', 'Müller Jr.']) {
      expect(problems(SignUpSchema, { ...signUp, lastName })).toEqual([]);
    }
    for (const lastName of ['Novák (Honza)', '<b>Novák</b>', 'Novák & syn', 'a/b']) {
      expect(problems(SignUpSchema, { ...signUp, lastName })).toEqual(['lastName validation:personName']);
    }
    // Line breaks, control and bidirectional override characters, broken UTF-16: not a visible character
    // to avoid, so another message.
    for (const lastName of ['Nov\u00e1k\nDvořák', 'Nov\u0000ák', 'Nov\u202Eák', 'Nov\uD800ák']) {
      expect(problems(SignUpSchema, { ...signUp, lastName })).toEqual([
        'lastName validation:unsupportedCharacters',
      ]);
    }
    // Too long is the one message for a name that is also malformed.
    expect(problems(SignUpSchema, { ...signUp, firstName: `(${'a'.repeat(100)})` })).toEqual([
      'firstName validation:maxLength',
    ]);
    expect(problems(UpdateCurrentUserSchema, { firstName: 'Jana!' })).toEqual([
      'firstName validation:personName',
    ]);
  });
});

describe('profile update body', () => {
  it('changes only what is sent, and removes the phone with null', () => {
    expect(UpdateCurrentUserSchema.parse({ firstName: ' Jana ' })).toEqual({ firstName: 'Jana' });
    expect(UpdateCurrentUserSchema.parse({ phone: null })).toEqual({ phone: null });
    expect(UpdateCurrentUserSchema.parse({ phone: '+421 905 123 456', locale: 'en' })).toEqual({
      phone: '+421905123456',
      locale: 'en',
    });
  });

  it('needs at least one field and valid values', () => {
    expect(problems(UpdateCurrentUserSchema, {})).toEqual([' validation:atLeastOne']);
    expect(problems(UpdateCurrentUserSchema, { lastName: '  ', phone: '601123456' })).toEqual([
      'lastName validation:required',
      'phone validation:phoneInternational',
    ]);
  });
});

describe('tokens from e-mailed links', () => {
  it('are required and bounded in length', () => {
    expect(problems(EmailConfirmationSchema, {})).toEqual(['token validation:required']);
    expect(problems(EmailConfirmationSchema, { token: 'x'.repeat(257) })).toEqual([
      'token validation:invalid',
    ]);
    expect(problems(ResetPasswordSetSchema, { resetToken: 'abc', newPassword: 'short' })).toEqual([
      'newPassword validation:minLength',
    ]);
  });
});

it('describes a development outbox message', () => {
  const message = {
    id: '6d1f0c3e-2a53-4a4c-9d7e-1f1e0a1b2c3d',
    to: 'jana@example.cz',
    subject: 'Potvrďte svůj e-mail',
    text: 'https://opora.test/confirm-email?token=abc',
    html: '<a href="https://opora.test/confirm-email?token=abc">Potvrdit</a>',
    links: ['https://opora.test/confirm-email?token=abc'],
    sentAt: '2026-11-22T10:00:00.000Z',
  };
  expect(DevMailMessageSchema.parse(message)).toEqual(message);
});
