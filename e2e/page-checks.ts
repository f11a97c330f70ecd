import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Axe on the page's own content (`main`; the header's menus belong to the shell and are checked there),
 * or on an open dialog (portalled outside `main`): no violation, each named with the elements at fault.
 */
export async function expectNoAxeViolations(page: Page, scope = 'main'): Promise<void> {
  // Axe reads colours as painted: a dialog still fading in (slow on a busy machine) has less contrast than
  // it will have. Finite animations and transitions end first; endless ones (spinners) are left running.
  await page.waitForFunction(() => {
    type Running = { playState: string; effect: { getComputedTiming(): { iterations?: number } } | null };
    const { document } = globalThis as unknown as { document: { getAnimations(): Running[] } };
    return document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
      );
  });
  const { violations } = await new AxeBuilder({ page }).include(scope).analyze();
  expect(
    violations.map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.html).join(', ')}`),
  ).toEqual([]);
}

/**
 * Axe in a tour of the languages: once per layout, in Czech. Axe's rules read the page's structure, roles,
 * names and colours, which a language does not change (every key is translated: `pnpm locales:check`);
 * the other languages' screens are checked for their heading, overflow and console errors. Running it in
 * all three tripled the tours' longest part (~1 s a page on the 2-core machine; decision 0128).
 */
export async function expectNoAxeViolationsInTour(page: Page, locale: string, scope = 'main'): Promise<void> {
  if (locale === 'cs') await expectNoAxeViolations(page, scope);
}

/** The interface language the app reads at start (SPEC §9: stored under `i18nLocale`). */
export async function storeLocale(page: Page, locale: string): Promise<void> {
  await page.evaluate((value) => {
    (globalThis as unknown as { localStorage: Storage }).localStorage.setItem('i18nLocale', value);
  }, locale);
}

/**
 * A screenshot for people to look at (every page a change touches, in each language and at desktop and
 * phone widths); it checks nothing itself. `pnpm test` skips them (`E2E_SCREENSHOTS=off`: a full-page
 * capture costs ~0.3 s on the 2-core machine, some 300 of them a run); a spec run by hand takes them.
 */
export async function screenshot(
  target: Page | Locator,
  options: { path: string; fullPage?: boolean; animations?: 'disabled' | 'allow' },
): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === 'off') return;
  await target.screenshot(options);
}
