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

test('typing a district without diacritics finds it, and choosing it opens its services', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByText('Pokrýváme 22 krajů a 156 okresů v Česku a na Slovensku.')).toBeVisible();
  const search = page.getByRole('combobox', { name: 'Kraj nebo okres' });

  await search.fill('jihom');
  await expect(page.getByRole('option', { name: 'Jihomoravský kraj' })).toBeVisible();

  await search.fill('brno');
  const listbox = page.getByRole('listbox');
  await expect(listbox.getByRole('group', { name: 'Okresy' })).toBeVisible();
  await expect(listbox.getByRole('option')).toHaveText([/^Brno-město/, /^Brno-venkov/]);
  // The first match is highlighted as one types; the arrow keys move, Enter chooses.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL('/anon-new-client/services/list/CZ064?county=CZ0642');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a search that matches nothing says so', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Kraj nebo okres' }).fill('Atlantida');
  await expect(page.getByRole('status').filter({ hasText: 'Pro „Atlantida“ jsme nenašli' })).toBeVisible();
  await expect(page.getByRole('option')).toHaveCount(0);
});

test('the region browser links every region of both countries to its services', async ({ page }) => {
  await page.goto('/');
  const browser = page.getByRole('region', { name: 'Péče podle krajů' });
  await expect(browser.getByRole('list', { name: 'Česko' }).getByRole('link')).toHaveCount(14);
  await expect(browser.getByRole('list', { name: 'Slovensko' }).getByRole('link')).toHaveCount(8);

  await browser.getByRole('link', { name: /^Košický kraj/ }).click();
  await expect(page).toHaveURL('/anon-new-client/services/list/SK042');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the why-use-it carousel moves with its buttons and marks the illustrative stories', async ({
  page,
}) => {
  await page.goto('/');
  const previous = page.getByRole('button', { name: 'Předchozí důvod' });
  const next = page.getByRole('button', { name: 'Další důvod' });
  await expect(previous).toBeDisabled();
  await next.click();
  await expect(previous).toBeEnabled();
  // On to the last card: then "next" is the disabled one.
  await expect(async () => {
    if (await next.isEnabled()) await next.click();
    await expect(next).toBeDisabled({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(previous).toBeEnabled();
  await expect(
    page.getByRole('list', { name: 'Důvody, proč hledat péči přes Oporu' }).getByRole('listitem'),
  ).toHaveCount(6);
  await expect(page.getByText('Ilustrační příběh')).toHaveCount(2);
});

test('the FAQ answers open with the keyboard', async ({ page }) => {
  await page.goto('/#faq');
  const question = page.getByRole('button', { name: 'Kolik Opora stojí?' });
  await question.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/Prohlížení katalogu služeb a detailů poskytovatelů je zdarma/)).toBeVisible();
});
