/** The interface languages: Czech (the default), English, Slovak (SPEC §9). */
export const locales = ['cs', 'en', 'sk'] as const;
export type Locale = (typeof locales)[number];
