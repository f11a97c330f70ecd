import type { ChangePassword } from '@opora/contracts';
import type { Principal } from '../platform/auth.ts';
import { FieldValidationError } from '../platform/errors.ts';
import type { AccountContext } from './account-context.ts';
import { withPasswordPolicy } from './identity-errors.ts';

function incorrectCurrentPassword(): FieldValidationError {
  return new FieldValidationError(
    [
      {
        id: '1',
        code: 'IncorrectCurrentPassword',
        instructions: 'errors:IncorrectCurrentPassword',
        property: 'currentPassword',
        parameters: {},
      },
    ],
    'IncorrectCurrentPassword',
    'The entered password does not match the current password.',
  );
}

/**
 * `PUT /users/me/password`: the current password is checked by the identity server itself (wrong
 * guesses count towards its brute-force lockout). Other sessions stay signed in; a reset by e-mail is
 * the way to sign everybody out.
 */
export async function changePassword(
  context: AccountContext,
  principal: Principal,
  input: ChangePassword,
): Promise<void> {
  if (!(await context.identityAdmin.verifyPassword(principal.email, input.currentPassword))) {
    throw incorrectCurrentPassword();
  }
  await withPasswordPolicy('newPassword', () =>
    context.identityAdmin.setPassword(principal.subject, input.newPassword),
  );
  context.log.info({ userId: principal.userId }, 'password changed');
}
