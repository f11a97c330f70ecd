import { cspViolations, expect, navigationEvents, test } from './fixtures.ts';

test('footer legal links open in a new tab and say so to screen readers', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  const legal = [
    ['Obchodní podmínky', '/terms-and-conditions'],
    ['Ochrana osobních údajů', '/terms-and-conditions/gdpr'],
    ['Cookies', '/terms-and-conditions/cookies'],
  ] as const;
  for (const [name, href] of legal) {
    const link = footer.getByRole('link', { name: `${name} (otevře se v novém panelu)` });
    await expect(link).toHaveAttribute('href', href);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }

  const [terms] = await Promise.all([
    page.context().waitForEvent('page'),
    footer.getByRole('link', { name: /Obchodní podmínky/ }).click(),
  ]);
  await expect(terms.getByRole('heading', { level: 1, name: 'Obchodní podmínky' })).toBeVisible();
  await terms.close();
});

test('footer shows the current year, the version and the operator', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Opora · verze `);
  await expect(footer).toContainText(/verze \d+\.\d+\.\d+/);
  await expect(footer).toContainText(/IČO \d{8}/);
  await footer.getByRole('link', { name: 'Kontakt' }).click();
  await expect(page).toHaveURL('/contact');
});

test('a navigation event with the route name and full path is emitted on every route change', async ({
  page,
}) => {
  await page.goto('/?from=test');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Kontakt' }).click();
  await expect(page).toHaveURL('/contact');
  await page.getByRole('link', { name: 'Opora – úvodní stránka' }).click();
  await expect(page).toHaveURL('/');

  await expect
    .poll(() => navigationEvents(page))
    .toEqual([
      { name: 'home', fullPath: '/?from=test' },
      { name: 'contact', fullPath: '/contact' },
      { name: 'home', fullPath: '/' },
    ]);

  await page.goto('/no-such-page');
  await expect
    .poll(() => navigationEvents(page))
    .toEqual([{ name: '/no-such-page', fullPath: '/no-such-page' }]);
});

test('the skip link moves focus to the main content', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Přeskočit na obsah' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});

test('the home page loads with no console error and no Content-Security-Policy violation', async ({
  page,
  problems,
}) => {
  await page.goto('/');
  await expect(page.getByRole('combobox', { name: 'Kraj' })).toBeEnabled();
  await page.getByRole('heading', { name: 'Časté otázky' }).scrollIntoViewIfNeeded();
  await page.getByRole('button', { name: /Čeština/ }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(problems.list()).toEqual([]);
  expect(await cspViolations(page)).toEqual([]);
});

test('a language menu that cannot be downloaded leaves the page working; back online, it opens', async ({
  page,
  problems,
}) => {
  // The refused download is reported by the browser and by React's boundary; nothing else may be.
  problems.allow(/locale-menu|Failed to load resource|dynamically imported module|error occurred in/i);
  let refuse = true;
  let refused = () => {};
  const wasRefused = new Promise<void>((resolve) => {
    refused = resolve;
  });
  await page.route(/\/locale-menu-[^/]*\.js$/, async (route) => {
    if (!refuse) return route.continue();
    await route.abort('internetdisconnected');
    refused();
  });
  await page.goto('/');
  const language = page.getByRole('button', { name: /Čeština/ });
  await language.click();
  await wasRefused;
  // The page stays (not the error screen); the language button stays where it was.
  await expect(page.getByRole('heading', { level: 1, name: 'Něco se pokazilo' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Kraj' })).toBeEnabled();
  await expect(language).toBeVisible();
  await expect(page.getByRole('menuitem')).toHaveCount(0);

  refuse = false;
  const askedAgain = page.waitForResponse(/\/locale-menu-[^/]*\.js$/);
  await page.evaluate("dispatchEvent(new Event('online'))");
  expect((await askedAgain).ok()).toBe(true);
  await language.click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the burger opens a menu with the links, the languages and sign-in; Escape closes it', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Přihlásit se' })).toBeHidden();
    await page.getByRole('button', { name: 'Otevřít nabídku' }).click();

    const menu = page.getByRole('dialog', { name: 'Nabídka' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Kontakt' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Přihlásit se' })).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    await page.getByRole('button', { name: 'Otevřít nabídku' }).click();
    await menu.getByRole('button', { name: 'English' }).click();
    await expect(menu).toBeHidden();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Find reliable care for the people you love' }),
    ).toBeVisible();
  });
});
