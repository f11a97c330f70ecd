import { expect, storedLocale, test } from './fixtures.ts';

test('an unknown path shows the 404 page at that address, with a working link home', async ({ page }) => {
  await page.goto('/no/such/page?x=1');
  await expect(page.getByRole('heading', { level: 1, name: 'Stránka nenalezena' })).toBeVisible();
  await expect(page).toHaveURL('/no/such/page?x=1');
  await expect(page).toHaveTitle('Stránka nenalezena - Opora');

  await page.getByRole('link', { name: 'Zpět na úvodní stránku' }).click();
  await expect(page).toHaveURL('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Najděte spolehlivou péči pro své blízké' }),
  ).toBeVisible();
});

test('/404 shows the same page', async ({ page }) => {
  await page.goto('/404');
  await expect(page.getByRole('heading', { level: 1, name: 'Stránka nenalezena' })).toBeVisible();
});

test('a locale-prefixed path redirects to the path without it, in that language, and stores it', async ({
  page,
}) => {
  await page.goto('/en/contact?topic=help#form');
  await expect(page).toHaveURL('/contact?topic=help#form');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
  await expect(page).toHaveTitle('Contact - Opora');
  expect(await storedLocale(page)).toBe('en');

  await page.goto('/sk');
  await expect(page).toHaveURL('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sk');
  expect(await storedLocale(page)).toBe('sk');
});

test('each route titles the page "{title} - Opora"', async ({ page }) => {
  const titles: Array<[string, string]> = [
    ['/', 'Ověřená péče pro vaše blízké - Opora'],
    ['/login', 'Přihlášení - Opora'],
    ['/registration', 'Registrace - Opora'],
    ['/contact', 'Kontakt - Opora'],
    ['/unauthorized', 'Nedostatečná oprávnění - Opora'],
    ['/terms-and-conditions', 'Obchodní podmínky - Opora'],
    ['/terms-and-conditions/gdpr', 'Ochrana osobních údajů - Opora'],
    ['/terms-and-conditions/cookies', 'Zásady používání cookies - Opora'],
  ];
  for (const [path, title] of titles) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
  }
});

test('the unauthorized page tells the user to contact the administrator and leads home', async ({ page }) => {
  await page.goto('/unauthorized');
  await expect(page.getByRole('heading', { level: 1, name: 'Nedostatečná oprávnění' })).toBeVisible();
  await expect(page.getByText(/obraťte se prosím na správce systému/)).toBeVisible();
  await page.getByRole('link', { name: 'Přejít na úvodní stránku' }).click();
  await expect(page).toHaveURL('/');
});

test('a page that needs sign-in sends a guest to the sign-in route, which will return there', async ({
  page,
}) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login?redirectTo=%2Fdashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Přihlášení' })).toBeVisible();
});

test('the three legal routes share one page and mark the current document', async ({ page }) => {
  await page.goto('/terms-and-conditions/cookies');
  await expect(page.getByRole('heading', { level: 1, name: 'Zásady používání cookies' })).toBeVisible();
  const documents = page.getByRole('navigation', { name: 'Právní dokumenty' });
  await expect(documents.getByRole('link', { name: 'Zásady používání cookies' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await documents.getByRole('link', { name: 'Ochrana osobních údajů' }).click();
  await expect(page).toHaveURL('/terms-and-conditions/gdpr');
  await expect(page.getByRole('heading', { level: 1, name: 'Ochrana osobních údajů' })).toBeVisible();
});
