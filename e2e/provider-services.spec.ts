import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signInThroughForm } from './identity.ts';
import { expectNoAxeViolations, screenshot, storeLocale } from './page-checks.ts';
import { ownProvider } from './staff.ts';

// The provider's services (issue 23 §3): each test makes a provider of its own (e2e/staff.ts) whose
// services serve Chrudim, a county no carer's journey browses.

const shots = 'test-results/screenshots/provider-services';
const chrudim = { region: 'CZ053', county: 'CZ0531' };
// Lowest price first: the test's priced service comes before the many unpriced ones other specs make there.
const countyList = `/anon-new-client/services/list/${chrudim.region}?county=${chrudim.county}&sort=price`;

/** Picks an option of a Mantine select by its label: opens it, types to filter, clicks the option. */
async function choose(page: Page, label: string, option: string | RegExp, typed?: string) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  if (typed) await input.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

async function createService(page: Page, name: string) {
  await page.goto('/provider/services');
  await expect(page.getByRole('heading', { level: 1, name: 'Služby' })).toBeVisible();
  await page.getByRole('link', { name: 'Nová služba' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nová služba' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Název služby' }).fill(name);
  await choose(page, 'Zařízení', 'Pobočka Chodov');
  await choose(page, 'Druh služby', 'Pečovatelská služba', 'Pečovatel');
  await page.getByRole('combobox', { name: 'Obsluhované okresy' }).fill('Chrudim');
  await page.getByRole('option', { name: 'Chrudim' }).click();
  await page.getByRole('textbox', { name: 'Částka' }).fill('150');
  await page.getByRole('textbox', { name: 'Popis' }).fill('Pomoc s hygienou, nákupy a doprovodem k lékaři.');
  await page.getByRole('button', { name: 'Vytvořit službu' }).click();
  await expect(page.getByText('Služba byla vytvořena jako koncept.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return page.url().split('/').pop() ?? '';
}

test('an administrator creates a service with its own questionnaire, previews and activates it; a guest finds it until it is deactivated', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const provider = await ownProvider(page.request);
  await signInThroughForm(page, provider.administrator.email, provider.administrator.password);
  await page
    .getByRole('navigation', { name: 'Sekce pro poskytovatele' })
    .getByRole('link', { name: 'Služby' })
    .click();
  await expect(page).toHaveURL('/provider/services');
  await expectNoAxeViolations(page);

  const name = `Pečovatelská služba Chrudim ${provider.id.slice(0, 6)}`;
  const serviceId = await createService(page, name);
  await expect(page.getByText('Koncept', { exact: true }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  // Its own questionnaire, written on the Surveys tab and chosen for the service.
  await page.getByRole('tab', { name: 'Dotazníky' }).click();
  const code = `chrudim-${provider.id.slice(0, 8)}`;
  await page.getByRole('textbox', { name: 'Identifikátor' }).fill(code);
  // The provider has a questionnaire of version 1 already (e2e/staff.ts): SPEC §8 says so beside the field.
  await page.getByRole('textbox', { name: 'Verze' }).fill('2');
  for (const [language, text] of [
    ['Česky', 'Vstupní dotazník'],
    ['Slovensky', 'Vstupný dotazník'],
    ['Anglicky', 'Intake questionnaire'],
  ] as const) {
    await page.getByRole('textbox', { name: `Název – ${language}` }).fill(text);
  }
  for (const [language, text] of [
    ['Česky', 'Co klient nejvíce potřebuje?'],
    ['Slovensky', 'Čo klient najviac potrebuje?'],
    ['Anglicky', 'What does the client need most?'],
  ] as const) {
    await page.getByRole('textbox', { name: `Otázka 1 – ${language}` }).fill(text);
  }
  await page.getByRole('button', { name: 'Vytvořit dotazník' }).click();
  await expect(page.getByText('Dotazník byl vytvořen; vyberte ho výše pro tuto službu.')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Vstupní dotazník' }).check();
  await page.getByRole('button', { name: 'Uložit výběr' }).click();
  await expect(page.getByText('Dotazníky služby byly uloženy.')).toBeVisible();
  await expectNoAxeViolations(page);

  // The preview: the catalogue's detail, its request button doing nothing.
  await page.getByRole('link', { name: 'Náhled' }).click();
  await expect(page).toHaveURL(`/provider/services/${serviceId}/preview`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Poptat službu' })).toBeDisabled();
  await expect(page.getByText('Z náhledu nelze odeslat žádost.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Zpět na službu' }).click();

  // Activated, a guest finds it in its county's list.
  await page.getByRole('button', { name: 'Aktivovat' }).click();
  await expect(page.getByText('Služba byla aktivována')).toBeVisible();
  await expect(page.getByText('Aktivní', { exact: true }).first()).toBeVisible();
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  await guestPage.goto(countyList);
  await expect(guestPage.getByRole('link', { name })).toBeVisible();

  // Deactivation asks first (Enter confirms); then the catalogue no longer lists it.
  await page.getByRole('button', { name: 'Deaktivovat' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deaktivovat službu?' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Služba byla deaktivována')).toBeVisible();
  await expect(page.getByText('Koncept', { exact: true }).first()).toBeVisible();
  await guestPage.goto(countyList);
  await expect(guestPage.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(guestPage.getByRole('link', { name })).toHaveCount(0);
  await guest.close();
});

test('screenshots of the services pages in cs, en and sk at desktop and phone widths', async ({ page }) => {
  test.setTimeout(300_000);
  mkdirSync(shots, { recursive: true });
  const provider = await ownProvider(page.request);
  await signInThroughForm(page, provider.administrator.email, provider.administrator.password);
  await expect(page).toHaveURL('/provider/requests');
  const serviceId = await createService(page, 'Pečovatelská služba Chrudim');
  const pages = {
    list: '/provider/services',
    new: '/provider/services/new',
    detail: `/provider/services/${serviceId}`,
    surveys: `/provider/services/${serviceId}?tab=surveys`,
    preview: `/provider/services/${serviceId}/preview`,
  };
  for (const locale of ['cs', 'en', 'sk'] as const) {
    await storeLocale(page, locale);
    for (const [key, path] of Object.entries(pages)) {
      if (locale !== 'cs' && key === 'new') continue;
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        await screenshot(page, { path: `${shots}/${key}-${locale}-${width}.png`, fullPage: true });
      }
    }
  }
  await storeLocale(page, 'cs');
});
