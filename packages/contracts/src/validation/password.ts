import { z } from 'zod';
import { passwordMaxLength, passwordMinLength } from '../constants.ts';
import { maxLengthCheck, minLengthCheck, requiredOr } from './fields.ts';
import { validationKey } from './keys.ts';

/** A new password (sign-up, reset, change): 8 to 128 characters, spaces allowed, never trimmed. */
export const PasswordSchema = z
  .string({ error: requiredOr('invalid') })
  .min(1, { error: validationKey('required') })
  .check(minLengthCheck(passwordMinLength), maxLengthCheck(passwordMaxLength))
  .meta({ minLength: passwordMinLength, maxLength: passwordMaxLength });

/**
 * A password typed to prove who you are (sign-in, current password) or to repeat another one: only
 * required, since the rules may have changed since it was set.
 */
export const CurrentPasswordSchema = z
  .string({ error: requiredOr('invalid') })
  .min(1, validationKey('required'))
  .max(1024, validationKey('maxLength'));

/** Reset form: the confirmation must equal the password ('Passwords must match'), reported on `confirmField`. */
export function passwordsMustMatch<T extends Record<string, unknown>>(
  field: keyof T & string,
  confirmField: keyof T & string,
) {
  return (value: T, ctx: z.RefinementCtx<T>): void => {
    if (value[field] !== value[confirmField]) {
      ctx.addIssue({ code: 'custom', message: validationKey('passwordsMustMatch'), path: [confirmField] });
    }
  };
}

/** Change form: the new password must differ from the current one ('New and current password match'). */
export function newPasswordDiffers<T extends { currentPassword: string; newPassword: string }>(
  value: T,
  ctx: z.RefinementCtx<T>,
): void {
  if (value.newPassword === value.currentPassword) {
    ctx.addIssue({
      code: 'custom',
      message: validationKey('newPasswordSameAsCurrent'),
      path: ['newPassword'],
    });
  }
}

/** Change form: the repeated password must equal the new one ('Password does not match the new password'). */
export function repeatPasswordMatches<T extends { newPassword: string; repeatPassword: string }>(
  value: T,
  ctx: z.RefinementCtx<T>,
): void {
  if (value.repeatPassword !== value.newPassword) {
    ctx.addIssue({
      code: 'custom',
      message: validationKey('repeatPasswordMismatch'),
      path: ['repeatPassword'],
    });
  }
}
