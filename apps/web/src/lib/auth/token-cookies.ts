import { cookieNames, cookieOptions } from '@opora/contracts';

/**
 * The tokens live in the `access_token` and `refresh_token` cookies (SPEC §4, §9), shared by every
 * tab of the site: a tab that refreshes hands the new tokens to all the others.
 */

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() === name) {
      const value = part.slice(separator + 1).trim();
      return value === '' ? null : decodeURIComponent(value);
    }
  }
  return null;
}

function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  const options = cookieOptions(window.location.hostname);
  const attributes = [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${options.path}`,
    `SameSite=${options.sameSite}`,
    `Max-Age=${maxAgeSeconds}`,
  ];
  if (options.secure) attributes.push('Secure');
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and missing in older Safari and Firefox; the token must be readable synchronously by every call.
  document.cookie = attributes.join('; ');
}

export function readAccessToken(): string | null {
  return readCookie(cookieNames.accessToken);
}

export function readRefreshToken(): string | null {
  return readCookie(cookieNames.refreshToken);
}

/** Offline refresh tokens never expire by time (`refresh_expires_in: 0`); the server's offline idle limit ends them. */
const offlineSessionSeconds = 30 * 24 * 60 * 60;

/**
 * Stores a token response. Both cookies live as long as the refresh token: an expired access token
 * is still the sign that someone is signed in, and the API client refreshes it on the first 401.
 */
export function storeTokens(tokens: {
  access_token: string;
  refresh_token: string;
  refresh_expires_in: number;
}) {
  const lifetime = tokens.refresh_expires_in > 0 ? tokens.refresh_expires_in : offlineSessionSeconds;
  writeCookie(cookieNames.accessToken, tokens.access_token, lifetime);
  writeCookie(cookieNames.refreshToken, tokens.refresh_token, lifetime);
}

export function clearTokens(): void {
  writeCookie(cookieNames.accessToken, '', 0);
  writeCookie(cookieNames.refreshToken, '', 0);
}
