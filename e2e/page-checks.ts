import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Axe on the page's own content (`main`; the header's menus belong to the shell and are checked there),
 * or on an open dialog (portalled outside `main`): no violation, each named with the elements at fault.
 */
export async function expectNoAxeViolations(page: Page, scope = 'main'): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).include(scope).analyze();
  expect(
    violations.map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.html).join(', ')}`),
  ).toEqual([]);
}

/** The interface language the app reads at start (SPEC §9: stored under `i18nLocale`). */
export async function storeLocale(page: Page, locale: string): Promise<void> {
  await page.evaluate((value) => {
    (globalThis as unknown as { localStorage: Storage }).localStorage.setItem('i18nLocale', value);
  }, locale);
}
