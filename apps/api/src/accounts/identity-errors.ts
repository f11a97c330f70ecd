import { type ErrorDetail, passwordMinLength } from '@opora/contracts';
import { FieldValidationError } from '../platform/errors.ts';
import { IdentityPasswordPolicyError, IdentityProfileError } from '../platform/identity-admin.ts';

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

/** The rule of ours that an identity-server user-profile attribute stands for. */
const profileRules: Record<string, 'email' | 'personName'> = {
  email: 'email',
  firstName: 'personName',
  lastName: 'personName',
};

/**
 * The identity server's user profile refused a value our schema accepted, e.g. an e-mail address with
 * a local part over 64 characters (Keycloak's `invalidEmailMessage`): answered beside the field like
 * any other rule instead of as a server failure. The identity attributes share our property names.
 */
export function profileError(error: IdentityProfileError): FieldValidationError {
  return new FieldValidationError(
    error.fields.map(
      ({ field, errorMessage }, index): ErrorDetail => ({
        id: String(index + 1),
        code: errorMessage,
        instructions: `validation:${profileRules[field] ?? 'invalid'}`,
        property: field,
        parameters: {},
      }),
    ),
  );
}

/** Runs an identity change, turning a user-profile refusal into field errors. */
export async function withUserProfile<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof IdentityProfileError) throw profileError(error);
    throw error;
  }
}
