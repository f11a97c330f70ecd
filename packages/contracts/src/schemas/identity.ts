import { z } from 'zod';
import { PermissionLinkSchema, RoleSchema } from '../permissions.ts';
import {
  EmailSchema,
  optionalText,
  requiredText,
  TermsConsentSchema,
  whenStrings,
} from '../validation/fields.ts';
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
    roles: z.array(RoleSchema),
    permissions: z.array(PermissionLinkSchema),
    subscription: SubscriptionSummarySchema.nullable(),
    /** A changed e-mail address waits for confirmation; the profile offers to resend it. */
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
  .meta({ id: 'ResetPasswordRequest' });
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

/** `PUT /api/v1/web/users/reset-password/set-password` */
export const ResetPasswordSetSchema = z
  .object({
    resetToken: z.string().min(1).max(4096),
    newPassword: PasswordSchema,
  })
  .meta({ id: 'ResetPasswordSet' });
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
  .meta({ id: 'ChangePassword' });
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;
