import { z } from 'zod';
import { locales } from '../enums.ts';
import {
  EmailSchema,
  nameText,
  optionalField,
  personNameText,
  selectedOptionError,
  TermsConsentSchema,
} from '../validation/fields.ts';
import { validationKey } from '../validation/keys.ts';
import { PasswordSchema } from '../validation/password.ts';
import { PhoneSchema } from '../validation/phone.ts';

// The account shapes that carry a phone number. Apart from the sign-in and password shapes
// (identity.ts), so the pages that never show a phone do not download its validation metadata.

const accountNameText = () => personNameText(100);

/** Registration page (SPEC §2, §3): consent to the terms and data processing is mandatory, marketing is not. */
export const SignUpFormSchema = z
  .object({
    fullName: optionalField(nameText(201)),
    firstName: accountNameText(),
    lastName: accountNameText(),
    email: EmailSchema,
    phone: PhoneSchema,
    password: PasswordSchema,
    privacyPolicy: TermsConsentSchema,
    marketingAccept: z.boolean().default(false),
  })
  .meta({ id: 'SignUpForm' });
export type SignUpForm = z.infer<typeof SignUpFormSchema>;

/** A language picked in a form (profile, sign-up): anything but cs, en or sk reads `invalidOption`. */
const LocaleChoiceSchema = z.enum(locales, { error: selectedOptionError });

/**
 * `POST /api/v1/web/users/sign-up`: the registration form plus the interface language, in which
 * the confirmation e-mail and every later one is written (Czech when omitted).
 */
export const SignUpSchema = SignUpFormSchema.extend({ locale: LocaleChoiceSchema.optional() }).meta({
  id: 'SignUpBody',
});
export type SignUp = z.infer<typeof SignUpSchema>;

/** Answer of a successful sign-up; the web app then shows SPEC §8's success message. */
export const SignUpResultSchema = z
  .object({
    /** Identity-server subject of the new account, as `CurrentUser.id`. */
    id: z.string(),
    email: z.string(),
    emailConfirmationPending: z.literal(true),
  })
  .meta({ id: 'SignUpResult' });
export type SignUpResult = z.infer<typeof SignUpResultSchema>;

const profileFields = ['firstName', 'lastName', 'phone', 'locale'] as const;

/**
 * `PATCH /api/v1/web/users/me`: only the fields sent change; `phone: null` removes the number.
 * The e-mail address is the login and is not changed here.
 */
export const UpdateCurrentUserSchema = z
  .object({
    firstName: accountNameText().optional(),
    lastName: accountNameText().optional(),
    phone: PhoneSchema.nullable().optional(),
    locale: LocaleChoiceSchema.optional(),
  })
  .superRefine((value, ctx) => {
    // `null` counts as sent: it is how the phone number is removed.
    if (profileFields.some((field) => value[field] !== undefined)) return;
    ctx.addIssue({
      code: 'custom',
      message: validationKey('atLeastOne'),
      params: { fields: profileFields.join(', ') },
      input: value,
    });
  })
  // The refinement above, for the OpenAPI document: one of the fields at least.
  .meta({ id: 'UpdateCurrentUserBody', anyOf: profileFields.map((field) => ({ required: [field] })) });
export type UpdateCurrentUser = z.infer<typeof UpdateCurrentUserSchema>;
