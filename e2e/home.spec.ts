import { expect, storedLocale, switchLanguage, test } from './fixtures.ts';

const headings = {
  cs: 'Najděte spolehlivou péči pro své blízké',
  en: 'Find reliable care for the people you love',
  sk: 'Nájdite spoľahlivú starostlivosť pre svojich blízkych',
};

test('home page is in Czech by default', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: headings.cs })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'cs');
  await expect(page).toHaveTitle('Ověřená péče pro vaše blízké - Opora');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /ověřené poskytovatele/);
});

test('switching to English and to Slovak translates the page and the document language', async ({ page }) => {
  await page.goto('/');
  await switchLanguage(page, 'Čeština', 'English');
  await expect(page.getByRole('heading', { level: 1, name: headings.en })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle('Verified care for the people you love - Opora');
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();

  await switchLanguage(page, 'English', 'Slovenčina');
  await expect(page.getByRole('heading', { level: 1, name: headings.sk })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sk');
  await expect(page.getByRole('heading', { name: 'Časté otázky' })).toBeVisible();
});

test('the chosen language survives a reload', async ({ page }) => {
  await page.goto('/');
  await switchLanguage(page, 'Čeština', 'Slovenčina');
  await expect(page.getByRole('heading', { level: 1, name: headings.sk })).toBeVisible();
  expect(await storedLocale(page)).toBe('sk');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: headings.sk })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sk');
});

test('the region search lists the regions from the API with Czech plural forms', async ({ page }) => {
  await page.goto('/');
  const region = page.getByRole('combobox', { name: 'Kraj' });
  await expect(region).toBeEnabled();
  await expect(page.getByText('Pokrýváme 22 krajů a 156 okresů v Česku a na Slovensku.')).toBeVisible();
  await expect(region.locator('optgroup')).toHaveCount(2);

  await region.selectOption({ label: 'Jihomoravský kraj' });
  await expect(page.getByText('Jihomoravský kraj (7 okresů)')).toBeVisible();
  await expect(page.getByText(/Katalog ověřených služeb/)).toBeVisible();

  await region.selectOption({ label: 'Hlavní město Praha' });
  await expect(page.getByText('Hlavní město Praha (1 okres)')).toBeVisible();
});

test('the FAQ answers open with the keyboard', async ({ page }) => {
  await page.goto('/#faq');
  const question = page.getByRole('button', { name: 'Co je příspěvek na péči?' });
  await question.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/deset základních životních potřeb/)).toBeVisible();
});
