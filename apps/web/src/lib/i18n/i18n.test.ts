import { localeStorageKey } from '@opora/contracts';
import { describe, expect, it } from 'vitest';
import { changeLocale, i18n, initI18n, loadNamespaces, readStoredLocale } from './i18n.ts';

describe('translations', () => {
  it('uses the Czech plural forms one, few and other', async () => {
    await initI18n('cs');
    await loadNamespaces(['home-sections']);
    const counties = (count: number) => i18n.t('home-sections:search.countyCount', { count });
    expect([1, 2, 4, 5, 77].map(counties)).toEqual([
      '1 okres',
      '2 okresy',
      '4 okresy',
      '5 okresů',
      '77 okresů',
    ]);
  });

  it('switches to Slovak with its own plural forms, stores the choice and sets the document language', async () => {
    await changeLocale('sk');
    expect(window.localStorage.getItem(localeStorageKey)).toBe('sk');
    expect(readStoredLocale()).toBe('sk');
    expect(document.documentElement.lang).toBe('sk');
    const regions = (count: number) => i18n.t('home-sections:search.regionCount', { count });
    expect([1, 3, 8, 22].map(regions)).toEqual(['1 kraj', '3 kraje', '8 krajov', '22 krajov']);
  });

  it('falls back to Czech when nothing valid is stored', () => {
    window.localStorage.setItem(localeStorageKey, 'de');
    expect(readStoredLocale()).toBe('cs');
  });
});
