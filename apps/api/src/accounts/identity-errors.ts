import { passwordMinLength } from '@opora/contracts';
import { FieldValidationError } from '../platform/errors.ts';
import { IdentityPasswordPolicyError } from '../platform/identity-admin.ts';

/** "This email already exists." (SPEC §8) beside the e-mail field. */
export function emailTakenError(): FieldValidationError {
  return new FieldValidationError(
    [
      {
        id: '1',
        code: 'NotUniqueValidator',
        instructions: 'errors:NotUniqueValidator_email',
        property: 'email',
        parameters: {},
      },
    ],
    'NotUniqueValidator',
    'This email already exists.',
  );
}

/**
 * The identity server's password policy refused a password our schema accepted (a stricter policy
 * configured in Keycloak): answered beside the password field like any other rule.
 */
export function passwordPolicyError(
  error: IdentityPasswordPolicyError,
  property: string,
): FieldValidationError {
  const minLength = error.policy === 'invalidPasswordMinLengthMessage';
  return new FieldValidationError([
    {
      id: '1',
      code: error.policy,
      instructions: minLength ? 'validation:minLength' : 'validation:invalid',
      property,
      parameters: minLength ? { min: passwordMinLength, count: passwordMinLength } : {},
    },
  ]);
}

/** Runs an identity change, turning a password-policy refusal into a field error. */
export async function withPasswordPolicy<T>(property: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof IdentityPasswordPolicyError) throw passwordPolicyError(error, property);
    throw error;
  }
}
