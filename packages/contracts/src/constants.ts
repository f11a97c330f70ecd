import type { Locale } from './locales.ts';

export const productName = 'Opora';

/** SPEC §2: every page title is `{title} - Opora`. */
export function pageTitle(title: string): string {
  return `${title} - ${productName}`;
}

/** Durations of SPEC §9, in milliseconds. */
export const timings = {
  toast: 6000,
  toastTick: 500,
  loaderDelay: 300,
  loaderEnter: 300,
  loaderLeave: 200,
  modalIn: 300,
  modalOut: 200,
  buttonLoadingThrottle: 500,
  asyncResult: 1500,
  serviceWorkerCheck: 10 * 60 * 1000,
} as const;

/** Stacking layers of SPEC §9; nothing else in the app sets a z-index. */
export const zIndex = {
  sidepanel: 15,
  modal: 20,
  priorityModal: 25,
  spinner: 30,
  critical: 40,
  notification: 50,
} as const;
export type ZIndexLayer = keyof typeof zIndex;

export const defaultLocale: Locale = 'cs';
/** Key under which the chosen interface language is persisted (localStorage). */
export const localeStorageKey = 'i18nLocale';

export const identityClientId = 'web';
export const identityScope = 'profile email offline_access';

/**
 * The id of the `<script type="application/json">` in every page's HTML holding `GET /api/v1/web/config`'s
 * answer (apps/api/src/platform/web-app.ts), read by the web app instead of a round trip.
 */
export const webConfigElementId = 'opora-web-config';

export const cookieNames = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
} as const;

export interface CookieOptions {
  sameSite: 'lax';
  path: '/';
  secure: boolean;
}

const localHostnames = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

export function isLocalhost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return localHostnames.has(host) || host.endsWith('.localhost');
}

/** Token cookie settings (SPEC §9): `Secure` everywhere except on localhost, where plain http is used. */
export function cookieOptions(hostname: string): CookieOptions {
  return { sameSite: 'lax', path: '/', secure: !isLocalhost(hostname) };
}

export const initialServiceLevel = 1;
export const passwordMinLength = 8;
/** Upper bound keeps password hashing cheap for hostile input; passphrases fit comfortably. */
export const passwordMaxLength = 128;

export const dateFormats = {
  /** On the wire and in the database. */
  wire: 'yyyy-MM-dd',
  /** What people read, in every locale. */
  display: 'dd. MM. yyyy',
} as const;

/**
 * Version of the health-data consent text the client form and the guest wizard show, recorded with
 * each consent.
 */
export const healthDataConsentVersion = '2026-11';

/** Providers use the platform free for their first months. */
export const providerFreeMonths = 3;

/** Dates are calendar days in the Czech/Slovak time zone, wherever the code runs. */
export const businessTimeZone = 'Europe/Prague';
