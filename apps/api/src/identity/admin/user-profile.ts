import { isPersonName } from '@opora/contracts';
import { z } from 'zod';
import type { ProfileError } from './representations.ts';

// Keycloak 26's default user profile (username from e-mail, e-mail, first and last name) and the
// realm's password policy `length(8)`, as the Admin REST API applies them.

/** Longest value of any profile attribute (Keycloak's default length validators). */
const maxAttributeLength = 255;

const emailFormat = z.email();

export interface ProfileInput {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/**
 * Errors of the attributes present in `input`; with `required`, absent or empty ones too. Keycloak's own
 * profile requires first and last name only from users themselves, so its admin API would accept an
 * account without them that could then never sign in ("Account is not fully set up"); this server
 * refuses to create one.
 */
export function profileErrors(input: ProfileInput, options: { required: boolean }): ProfileError[] {
  const errors: ProfileError[] = [];
  const check = (
    field: 'email' | 'firstName' | 'lastName',
    validate: (value: string) => ProfileError | undefined,
  ) => {
    const value = input[field];
    if (value === undefined && !options.required) return;
    if (value === undefined || value === null || value.trim() === '') {
      errors.push({ field, errorMessage: 'error-user-attribute-required', params: [field] });
      return;
    }
    if (value.length > maxAttributeLength) {
      errors.push({ field, errorMessage: 'error-invalid-length', params: [field, 1, maxAttributeLength] });
      return;
    }
    const error = validate(value);
    if (error) errors.push(error);
  };
  check('email', (value) =>
    emailFormat.safeParse(value).success
      ? undefined
      : { field: 'email', errorMessage: 'error-invalid-email', params: ['email'] },
  );
  for (const field of ['firstName', 'lastName'] as const) {
    check(field, (value) =>
      // Keycloak's `person-name-prohibited-characters` validator, as the sign-up schema applies it.
      !isPersonName(value)
        ? { field, errorMessage: 'error-person-name-invalid-character', params: [field] }
        : undefined,
    );
  }
  return errors;
}

export const passwordMinLength = 8;

/** The realm's password policy `length(8)`; Keycloak counts UTF-16 units, as JavaScript does. */
export function passwordPolicyError(
  password: string,
): { error: string; error_description: string } | undefined {
  if (password.length >= passwordMinLength) return undefined;
  return {
    error: 'invalidPasswordMinLengthMessage',
    error_description: `Invalid password: minimum length ${passwordMinLength}.`,
  };
}
