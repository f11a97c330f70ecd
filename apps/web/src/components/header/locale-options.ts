import type { Locale } from '@opora/contracts';

/** Each language is named in itself, so a reader finds their own language whatever is shown now. */
export const localeOptions: ReadonlyArray<{ locale: Locale; name: string }> = [
  { locale: 'cs', name: 'Čeština' },
  { locale: 'sk', name: 'Slovenčina' },
  { locale: 'en', name: 'English' },
];

export function localeName(locale: Locale): string {
  return localeOptions.find((option) => option.locale === locale)?.name ?? locale;
}
