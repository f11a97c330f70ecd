import { describe, expect, it } from 'vitest';
import { grantedScope, profileClaims } from './tokens.ts';

const subject = {
  id: '6f1c1d3e-9a55-4c1b-8c3e-2f1d5a6b7c8d',
  username: 'ada@example.test',
  email: 'ada@example.test',
  emailVerified: false,
  firstName: 'Ada',
  lastName: 'Lovelace',
  realmRoles: ['client'],
};

describe('profile claims (CONFORMANCE 13)', () => {
  it('writes name, given and family name, username and e-mail for profile and email scopes', () => {
    expect(profileClaims(subject, ['profile', 'email'])).toEqual({
      email_verified: false,
      name: 'Ada Lovelace',
      preferred_username: 'ada@example.test',
      given_name: 'Ada',
      family_name: 'Lovelace',
      email: 'ada@example.test',
    });
  });

  it('leaves out claims without a value instead of writing "undefined"', () => {
    const claims = profileClaims({ ...subject, firstName: null, email: null }, ['profile', 'email']);
    expect(claims).not.toHaveProperty('given_name');
    expect(claims).not.toHaveProperty('email');
    expect(claims.name).toBe('Lovelace');
    expect(JSON.stringify(claims)).not.toContain('undefined');
    expect(profileClaims({ ...subject, firstName: null, lastName: null }, ['profile'])).not.toHaveProperty(
      'name',
    );
  });

  it('writes nothing of a scope that was not granted', () => {
    expect(profileClaims(subject, ['email'])).toEqual({ email_verified: false, email: 'ada@example.test' });
  });
});

describe('granted scope', () => {
  it('keeps openid and optional scopes that were asked for, always adds profile and email, never the silent ones', () => {
    expect(grantedScope(['offline_access', 'roles', 'acr'])).toBe('offline_access profile email');
    expect(grantedScope([])).toBe('profile email');
    expect(grantedScope(['openid', 'offline_access'])).toBe('openid offline_access profile email');
  });
});
