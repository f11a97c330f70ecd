import { z } from 'zod';
import { locales } from '../enums.ts';
import { PermissionLinkSchema, RoleSchema } from '../permissions.ts';
import {
  DateTimeSchema,
  EmailSchema,
  optionalText,
  requiredOr,
  requiredText,
  selectedOptionError,
  TermsConsentSchema,
  whenStrings,
} from '../validation/fields.ts';
import { validationKey } from '../validation/keys.ts';
import {
  CurrentPasswordSchema,
  newPasswordDiffers,
  PasswordSchema,
  passwordsMustMatch,
  repeatPasswordMatches,
} from '../validation/password.ts';
import { E164PhoneSchema, PhoneSchema } from '../validation/phone.ts';
import { SubscriptionSummarySchema } from './subscriptions.ts';

/** Token endpoint answer of the identity server (SPEC §3), field names as Keycloak sends them. */
export const TokenResponseSchema = z
  .object({
    access_token: z.string(),
    expires_in: z.number().int(),
    refresh_expires_in: z.number().int(),
    refresh_token: z.string(),
    token_type: z.string(),
    id_token: z.string().optional(),
    'not-before-policy': z.number().int(),
    session_state: z.string().optional(),
    scope: z.string(),
  })
  .meta({ id: 'TokenResponse' });
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

/** `GET /api/v1/web/users/me`: who is signed in and what they may do. */
export const CurrentUserSchema = z
  .object({
    /** Identity-server subject (a UUID in Keycloak). */
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    /** First plus last name, trimmed (see `fullName()`). */
    fullName: z.string(),
    userName: z.string(),
    email: z.string(),
    phone: E164PhoneSchema.nullable(),
    /** Language of the interface and of the e-mails Opora sends. */
    locale: z.enum(locales),
    roles: z.array(RoleSchema),
    permissions: z.array(PermissionLinkSchema),
    subscription: SubscriptionSummarySchema.nullable(),
    /** The e-mail address is not confirmed yet; the profile offers to resend the link. */
    emailConfirmationPending: z.boolean(),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

const nameText = () => requiredText({ max: 100 });

/** Sign-in page: the e-mail is the user name. */
export const SignInFormSchema = z
  .object({
    username: EmailSchema,
    password: CurrentPasswordSchema,
  })
  .meta({ id: 'SignInForm' });
export type SignInForm = z.infer<typeof SignInFormSchema>;

/** Registration page (SPEC §2, §3): consent to the terms and data processing is mandatory, marketing is not. */
export const SignUpFormSchema = z
  .object({
    fullName: optionalText({ max: 201 }),
    firstName: nameText(),
    lastName: nameText(),
    email: EmailSchema,
    phone: PhoneSchema,
    password: PasswordSchema,
    privacyPolicy: TermsConsentSchema,
    marketingAccept: z.boolean().default(false),
  })
  .meta({ id: 'SignUpForm' });
export type SignUpForm = z.infer<typeof SignUpFormSchema>;

/** `PUT /api/v1/web/users/reset-password/request` and the forgot-password page. */
export const ResetPasswordRequestSchema = z
  .object({ email: EmailSchema })
  .meta({ id: 'ResetPasswordRequestBody' });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;

/** Reset-password page: new password twice. */
export const ResetPasswordFormSchema = z
  .object({
    password: PasswordSchema,
    confirmPassword: CurrentPasswordSchema,
  })
  .superRefine(passwordsMustMatch('password', 'confirmPassword'), {
    when: whenStrings('password', 'confirmPassword'),
  })
  .meta({ id: 'ResetPasswordForm' });
export type ResetPasswordForm = z.infer<typeof ResetPasswordFormSchema>;

/**
 * The random token of a link Opora e-mailed (confirmation, password reset): 32 random bytes in
 * base64url. Anything else cannot be a token, but is answered like an unknown one.
 */
export const ActionTokenSchema = z
  .string({ error: requiredOr('invalid') })
  .min(1, { error: validationKey('required') })
  .max(256, { error: validationKey('invalid') })
  .meta({ examples: ['q3Yx0Zb2mE8vJQy7n1cW4kT9sLrA6uHdPfGiXoBe5Vw'] });

/** `PUT /api/v1/web/users/reset-password/set-password` */
export const ResetPasswordSetSchema = z
  .object({
    resetToken: ActionTokenSchema,
    newPassword: PasswordSchema,
  })
  .meta({ id: 'ResetPasswordSetBody' });
export type ResetPasswordSet = z.infer<typeof ResetPasswordSetSchema>;

/** Change-password page in the user area. */
export const ChangePasswordFormSchema = z
  .object({
    currentPassword: CurrentPasswordSchema,
    newPassword: PasswordSchema,
    repeatPassword: CurrentPasswordSchema,
  })
  .superRefine(newPasswordDiffers, { when: whenStrings('currentPassword', 'newPassword') })
  .superRefine(repeatPasswordMatches, { when: whenStrings('newPassword', 'repeatPassword') })
  .meta({ id: 'ChangePasswordForm' });
export type ChangePasswordForm = z.infer<typeof ChangePasswordFormSchema>;

/** Body of the change-password call: the repetition stays in the browser. */
export const ChangePasswordSchema = z
  .object({
    currentPassword: CurrentPasswordSchema,
    newPassword: PasswordSchema,
  })
  .superRefine(newPasswordDiffers, { when: whenStrings('currentPassword', 'newPassword') })
  .meta({ id: 'ChangePasswordBody' });
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

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
    firstName: nameText().optional(),
    lastName: nameText().optional(),
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
  .meta({ id: 'UpdateCurrentUserBody' });
export type UpdateCurrentUser = z.infer<typeof UpdateCurrentUserSchema>;

/** `POST /api/v1/web/users/email-confirmation`: the token from the confirmation link. */
export const EmailConfirmationSchema = z
  .object({ token: ActionTokenSchema })
  .meta({ id: 'EmailConfirmationBody' });
export type EmailConfirmation = z.infer<typeof EmailConfirmationSchema>;

/** One e-mail of the development outbox (`GET /api/v1/dev/mail`), newest first. */
export const DevMailMessageSchema = z
  .object({
    id: z.string(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    /** Every link of the message, in order, so tests and people can follow them. */
    links: z.array(z.string()),
    sentAt: DateTimeSchema,
  })
  .meta({ id: 'DevMailMessage' });
export type DevMailMessage = z.infer<typeof DevMailMessageSchema>;
