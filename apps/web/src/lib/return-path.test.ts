import { describe, expect, it } from 'vitest';
import { returnPathIn, safeReturnPath, signInHref, signUpHref } from './return-path.ts';

describe('return path after sign-in', () => {
  it('keeps a path of this app with its search and hash', () => {
    expect(safeReturnPath('/user')).toBe('/user');
    expect(safeReturnPath('/dashboard/client/42?tab=details#notes')).toBe(
      '/dashboard/client/42?tab=details#notes',
    );
  });

  it('refuses anything that would leave the app (an open redirect)', () => {
    for (const value of [
      'https://evil.example/user',
      '//evil.example/user',
      '/\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      'user',
      ' /user',
      '',
      null,
      undefined,
    ]) {
      expect(safeReturnPath(value), String(value)).toBeNull();
    }
  });

  it("refuses the server's own paths, which the app does not show", () => {
    expect(safeReturnPath('/api/v1/web/users/me')).toBeNull();
    expect(safeReturnPath('/realms/opora/protocol/openid-connect/logout')).toBeNull();
    expect(safeReturnPath('/dev/mail')).toBeNull();
    expect(safeReturnPath('/apiary')).toBe('/apiary');
  });

  it('reads the return path from an address and carries it to sign-in and sign-up', () => {
    expect(returnPathIn('?redirectTo=%2Fuser')).toBe('/user');
    expect(returnPathIn('?redirectTo=https%3A%2F%2Fevil.example')).toBeNull();
    expect(signInHref('/user?tab=x')).toBe('/login?redirectTo=%2Fuser%3Ftab%3Dx');
    expect(signUpHref('/anon-new-client/services/1/new-client')).toBe(
      '/registration?redirectTo=%2Fanon-new-client%2Fservices%2F1%2Fnew-client',
    );
    expect(signInHref(null)).toBe('/login');
    expect(signInHref('//evil.example')).toBe('/login');
  });
});
