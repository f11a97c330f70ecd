import { defaultLocale, isOneOf, type Locale, localeStorageKey, locales } from '@opora/contracts';
import i18next, { type BackendModule, type i18n as I18n, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import czechCommon from '../../../../../locales/cs/common.json';

export const i18n: I18n = i18next.createInstance();

export function isLocale(value: unknown): value is Locale {
  return isOneOf(locales, value);
}

// Every other language and namespace is its own small chunk, fetched when a page or the chosen
// language needs it: the first paint carries only Czech `common`, which is therefore not in the map
// (nor are the API's e-mail texts). Keys are short (`./sk/home.json`): the map is part of the shell.
const translationFiles = import.meta.glob<ResourceKey>(
  ['./*/*.json', '!./cs/common.json', '!./*/emails.json'],
  { base: '../../../../../locales', import: 'default' },
);

const lazyTranslations: BackendModule = {
  type: 'backend',
  init: () => {},
  read(language, namespace, callback) {
    const load = translationFiles[`./${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No translations for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (resources) => callback(null, resources),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/**
 * The stored choice, else Czech (SPEC §9). The browser language is deliberately not consulted: the
 * product targets Czech and Slovak users, and a Slovak reader understands the Czech default.
 */
export function readStoredLocale(): Locale {
  try {
    const stored = window.localStorage.getItem(localeStorageKey);
    return isLocale(stored) ? stored : defaultLocale;
  } catch {
    return defaultLocale;
  }
}

function storeLocale(locale: Locale): void {
  try {
    window.localStorage.setItem(localeStorageKey, locale);
  } catch {
    // Storage may be disabled (private mode, policy); the choice then lasts for this page only.
  }
}

export async function initI18n(locale: Locale = readStoredLocale()): Promise<I18n> {
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  await i18n
    .use(lazyTranslations)
    .use(initReactI18next)
    .init({
      lng: locale,
      fallbackLng: defaultLocale,
      supportedLngs: [...locales],
      resources: { cs: { common: czechCommon } },
      partialBundledLanguages: true,
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      // Pages load their namespaces before they render (see app/router.tsx), so nothing suspends.
      react: { useSuspense: false },
    });
  return i18n;
}

/** Loads the translations a page needs, in the current language (and Czech as the fallback). */
export function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  return i18n.loadNamespaces([...namespaces]);
}

/** Switches the interface language, loading its translations first, and remembers the choice. */
export async function changeLocale(locale: Locale): Promise<void> {
  storeLocale(locale);
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
}
