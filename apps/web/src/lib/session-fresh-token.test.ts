import { afterEach, describe, expect, it } from 'vitest';
import { clearTokens, storeTokens } from './auth/token-cookies.ts';
import { hasFreshAccessToken } from './session.ts';

/** A JWT-shaped token whose payload says `exp` (seconds); the signature is never read here. */
function tokenExpiringAt(exp: unknown): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'RS256' })}.${part({ sub: 'ü-user', exp })}.signature`;
}

function holding(accessToken: string): void {
  storeTokens({ access_token: accessToken, refresh_token: 'refresh', refresh_expires_in: 3600 });
}

afterEach(() => clearTokens());

describe('hasFreshAccessToken', () => {
  const now = Date.parse('2026-12-02T12:00:00Z');

  it('holds for a token that expires later than a few seconds from now', () => {
    holding(tokenExpiringAt(now / 1000 + 300));
    expect(hasFreshAccessToken(now)).toBe(true);
  });

  it('does not for an expired token, one about to expire, or no token', () => {
    holding(tokenExpiringAt(now / 1000 - 1));
    expect(hasFreshAccessToken(now)).toBe(false);
    holding(tokenExpiringAt(now / 1000 + 5));
    expect(hasFreshAccessToken(now)).toBe(false);
    clearTokens();
    expect(hasFreshAccessToken(now)).toBe(false);
  });

  it('does not for a token that is not a JWT or names no numeric expiry', () => {
    for (const token of ['opaque-token', 'a.%%%.c', tokenExpiringAt('tomorrow'), tokenExpiringAt(null)]) {
      holding(token);
      expect(hasFreshAccessToken(now), token).toBe(false);
    }
  });
});
