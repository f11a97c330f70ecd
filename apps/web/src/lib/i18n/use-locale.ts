import { defaultLocale, type Locale } from '@opora/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale, isLocale } from './i18n.ts';

/** The current interface language and a setter that loads, applies and remembers a new one. */
export function useLocale(): { locale: Locale; setLocale: (locale: Locale) => Promise<void> } {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : defaultLocale;
  const setLocale = useCallback((next: Locale) => changeLocale(next), []);
  return { locale, setLocale };
}
