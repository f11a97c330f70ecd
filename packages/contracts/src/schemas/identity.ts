import { z } from 'zod';
import { DateTimeSchema, EmailSchema, requiredOr, whenStrings } from '../validation/fields.ts';
import { validationKey } from '../validation/keys.ts';
import {
  CurrentPasswordSchema,
  newPasswordDiffers,
  PasswordSchema,
  passwordsMustMatch,
  repeatPasswordMatches,
} from '../validation/password.ts';

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

/** Sign-in page: the e-mail is the user name. */
export const SignInFormSchema = z
  .object({
    username: EmailSchema,
    password: CurrentPasswordSchema,
  })
  .meta({ id: 'SignInForm' });
export type SignInForm = z.infer<typeof SignInFormSchema>;

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
