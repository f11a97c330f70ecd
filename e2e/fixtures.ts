import { test as base, expect, type Page } from '@playwright/test';

export type NavigationEvent = { name: string; fullPath: string };

type Problems = {
  /** Console errors, uncaught exceptions and Content-Security-Policy violations seen so far. */
  list: () => string[];
  /**
   * Console errors a test provokes on purpose (Chromium logs every 4xx answer, e.g. a refused
   * password or an expired token the app then refreshes); matching messages do not fail the test.
   */
  allow: (pattern: RegExp) => void;
};

/** The browser globals the tests touch (the e2e project compiles without the DOM library). */
type TestWindow = {
  __oporaNavigationEvents?: NavigationEvent[];
  __oporaCspViolations?: string[];
  localStorage: { getItem(key: string): string | null };
  document: {
    addEventListener(
      type: string,
      listener: (event: { violatedDirective: string; blockedURI: string }) => void,
    ): void;
  };
};

/**
 * Every test watches the page: a console error, an uncaught exception or a CSP violation fails it
 * (after its own assertions), so a regression anywhere in the shell surfaces in every test.
 */
export const test = base.extend<{ problems: Problems }>({
  problems: [
    async ({ page }, use) => {
      const seen: string[] = [];
      const allowed: RegExp[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (!allowed.some((pattern) => pattern.test(text))) seen.push(`console: ${text}`);
      });
      page.on('pageerror', (error) => seen.push(`pageerror: ${error.message}`));
      await page.addInitScript(() => {
        const browser = globalThis as unknown as TestWindow;
        // Opt in to the app's navigation-event capture buffer (apps/web/src/lib/navigation-events.ts).
        browser.__oporaNavigationEvents = [];
        browser.__oporaCspViolations = [];
        browser.document.addEventListener('securitypolicyviolation', (event) => {
          browser.__oporaCspViolations?.push(`${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      const problems: Problems = {
        list: () => [...seen],
        allow: (pattern) => {
          allowed.push(pattern);
        },
      };
      await use(problems);
      const violations = await cspViolations(page).catch(() => []);
      expect([...seen, ...violations.map((violation) => `csp: ${violation}`)]).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export function navigationEvents(page: Page): Promise<NavigationEvent[]> {
  return page.evaluate(() => (globalThis as unknown as TestWindow).__oporaNavigationEvents ?? []);
}

export function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (globalThis as unknown as TestWindow).__oporaCspViolations ?? []);
}

export function storedLocale(page: Page): Promise<string | null> {
  return page.evaluate(() => (globalThis as unknown as TestWindow).localStorage.getItem('i18nLocale'));
}

/** Chooses a language in the header's switcher, as a person does. */
export async function switchLanguage(page: Page, from: string, to: string): Promise<void> {
  // The menu's code arrives after the first paint and its button replaces the stand-in: a click whose
  // press and release straddle the swap opens nothing (seen once on CI), and a person clicks again.
  const choice = page.getByRole('menuitem', { name: to });
  await expect(async () => {
    if (await choice.isVisible()) return;
    await page.getByRole('button', { name: new RegExp(from) }).click();
    await expect(choice).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await choice.click();
}
