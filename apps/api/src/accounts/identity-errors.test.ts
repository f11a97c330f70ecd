import { describe, expect, it } from 'vitest';
import { FieldValidationError } from '../platform/errors.ts';
import { IdentityProfileError, IdentityUnavailableError } from '../platform/identity-admin.ts';
import { profileError, withUserProfile } from './identity-errors.ts';

describe('user-profile refusals of the identity server', () => {
  it('become field errors beside the field, with our rule’s message', () => {
    const error = profileError(
      new IdentityProfileError([
        { field: 'email', errorMessage: 'invalidEmailMessage' },
        { field: 'lastName', errorMessage: 'error-person-name-invalid-character' },
        { field: 'username', errorMessage: 'error-invalid-length' },
      ]),
    );
    expect(error).toBeInstanceOf(FieldValidationError);
    expect(error).toMatchObject({ status: 400, code: 'ValidationFailed' });
    expect(error.errors).toEqual([
      {
        id: '1',
        code: 'invalidEmailMessage',
        instructions: 'validation:email',
        property: 'email',
        parameters: {},
      },
      {
        id: '2',
        code: 'error-person-name-invalid-character',
        instructions: 'validation:personName',
        property: 'lastName',
        parameters: {},
      },
      {
        id: '3',
        code: 'error-invalid-length',
        instructions: 'validation:invalid',
        property: 'username',
        parameters: {},
      },
    ]);
  });

  it('are turned into field errors by withUserProfile; other failures pass through', async () => {
    await expect(
      withUserProfile(() =>
        Promise.reject(new IdentityProfileError([{ field: 'email', errorMessage: 'invalidEmailMessage' }])),
      ),
    ).rejects.toBeInstanceOf(FieldValidationError);
    const unavailable = new IdentityUnavailableError('down');
    await expect(withUserProfile(() => Promise.reject(unavailable))).rejects.toBe(unavailable);
    expect(await withUserProfile(async () => 'done')).toBe('done');
  });
});
