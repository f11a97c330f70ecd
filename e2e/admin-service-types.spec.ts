import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signInWithTokens } from './identity.ts';
import { expectNoAxeViolations, screenshot, storeLocale } from './page-checks.ts';
import { ownProvider } from './staff.ts';

// Service types named in the database (issue 25 §4, decision 0131): the demo's platform administrator
// adds a type with its three names in the staffPage, a provider of the test's own (e2e/staff.ts) finds it
// among the types of a new service in Czech and English; staff rename it, retire it (no longer offered),
// offer it again; a type a service uses cannot be deleted (the translated 409), a fresh one can. Each
// run's codes are its own.

const shots = 'test-results/screenshots/admin-service-types';
const staff = { email: 'admin@opora.test', password: 'Opora2026!' };

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(shots, { recursive: true });
  await screenshot(page, { path: `${shots}/${name}.png`, fullPage: true });
}

async function signedInStaff(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInWithTokens(page, staff);
  await page.goto('/admin/service-types');
  await expect(page.getByRole('heading', { level: 1, name: 'Typy služeb' })).toBeVisible();
  return page;
}

type Names = { cs: string; sk: string; en: string };

/** Adds a type through the staffPage's dialog (social category, field form). */
async function addType(page: Page, code: string, names: Names, checkDialog = false): Promise<void> {
  await page.getByRole('button', { name: 'Přidat typ služby' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nový typ služby' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Kód' }).fill(code);
  await dialog.getByRole('textbox', { name: 'Název česky' }).fill(names.cs);
  await dialog.getByRole('textbox', { name: 'Název slovensky' }).fill(names.sk);
  await dialog.getByRole('textbox', { name: 'Název anglicky' }).fill(names.en);
  if (checkDialog) {
    await expectNoAxeViolations(page, '[role="dialog"]');
    await shoot(page, 'dialog-new-cs-1280');
  }
  await dialog.getByRole('button', { name: 'Přidat typ' }).click();
  await expect(page.getByText(`Typ „${names.cs}“ byl přidán.`)).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** The row of a type in the staffPage's table, found by its unique code. */
function typeRow(page: Page, code: string) {
  return page.getByRole('row').filter({ hasText: code });
}

/** Confirms the staffPage's question (a modal) with its button. */
async function confirmWith(page: Page, label: string): Promise<void> {
  await page.getByRole('dialog').getByRole('button', { name: label, exact: true }).click();
}

/** The types the provider's form for a new service offers whose name contains `text`. */
async function typeOptions(page: Page, label: string, text: string) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill(text);
  return page.getByRole('option', { name: text });
}

async function openNewServiceForm(page: Page, heading = 'Nová služba'): Promise<void> {
  await page.goto('/provider/services/new');
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test('staff add a type with three names; providers are offered it until it is retired; one in use cannot be deleted, a fresh one can', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const suffix = randomBytes(3).toString('hex');
  const code = `e2e-garden-help-${suffix}`;
  const names: Names = {
    cs: `Pomoc na zahradě ${suffix}`,
    sk: `Pomoc v záhrade ${suffix}`,
    en: `Garden help ${suffix}`,
  };
  const provider = await ownProvider(page.request);

  // Staff add the type.
  const staffPage = await signedInStaff(browser);
  await expectNoAxeViolations(staffPage);
  await addType(staffPage, code, names, true);
  await expect(typeRow(staffPage, code)).toContainText(names.cs);
  await expect(typeRow(staffPage, code)).toContainText('0 služeb');

  // The provider's form for a new service offers it, in Czech and in English.
  await signInWithTokens(page, provider.administrator);
  await openNewServiceForm(page);
  await expect(await typeOptions(page, 'Druh služby', names.cs)).toHaveCount(1);
  await storeLocale(page, 'en');
  await openNewServiceForm(page, 'New service');
  await expect(await typeOptions(page, 'Type of service', names.en)).toHaveCount(1);
  await storeLocale(page, 'cs');

  // Staff rename it; the form offers the new name.
  const renamed = `Zahradnická pomoc ${suffix}`;
  await typeRow(staffPage, code).getByRole('button', { name: 'Upravit' }).click();
  const editDialog = staffPage.getByRole('dialog', { name: `Upravit typ ${code}` });
  await editDialog.getByRole('textbox', { name: 'Název česky' }).fill(renamed);
  await expectNoAxeViolations(staffPage, '[role="dialog"]');
  await editDialog.getByRole('button', { name: 'Uložit' }).click();
  await expect(staffPage.getByText(`Typ „${renamed}“ byl uložen.`)).toBeVisible();
  await expect(typeRow(staffPage, code)).toContainText(renamed);
  await openNewServiceForm(page);
  await expect(await typeOptions(page, 'Druh služby', renamed)).toHaveCount(1);

  // Retired, it is not offered for a new service; offered again, it is.
  await typeRow(staffPage, code).getByRole('button', { name: 'Vyřadit' }).click();
  await confirmWith(staffPage, 'Vyřadit');
  await expect(staffPage.getByText(`Typ „${renamed}“ byl vyřazen.`)).toBeVisible();
  await expect(typeRow(staffPage, code)).toContainText('Vyřazený');
  await openNewServiceForm(page);
  await expect(await typeOptions(page, 'Druh služby', renamed)).toHaveCount(0);

  await typeRow(staffPage, code).getByRole('button', { name: 'Znovu nabízet' }).click();
  await confirmWith(staffPage, 'Znovu nabízet');
  await expect(staffPage.getByText(`Typ „${renamed}“ se opět nabízí.`)).toBeVisible();
  await expect(typeRow(staffPage, code)).not.toContainText('Vyřazený');
  await openNewServiceForm(page);
  const offered = await typeOptions(page, 'Druh služby', renamed);
  await expect(offered).toHaveCount(1);

  // The provider makes a service of it; staff's list (read before) still offers to delete the type:
  // the API refuses, and the staffPage says why in Czech.
  await page.keyboard.press('Escape');
  await page.getByRole('textbox', { name: 'Název služby' }).fill(`Zahrada Chrudim ${suffix}`);
  await page.getByRole('combobox', { name: 'Zařízení', exact: true }).click();
  await page.getByRole('option', { name: 'Pobočka Chodov' }).first().click();
  await (await typeOptions(page, 'Druh služby', renamed)).click();
  await page.getByRole('combobox', { name: 'Obsluhované okresy' }).fill('Chrudim');
  await page.getByRole('option', { name: 'Chrudim' }).click();
  await page.getByRole('textbox', { name: 'Částka' }).fill('200');
  await page.getByRole('textbox', { name: 'Popis' }).fill('Sekání trávy a úklid zahrady.');
  await page.getByRole('button', { name: 'Vytvořit službu' }).click();
  await expect(page.getByText('Služba byla vytvořena jako koncept.')).toBeVisible();

  await typeRow(staffPage, code).getByRole('button', { name: 'Smazat' }).click();
  await confirmWith(staffPage, 'Smazat');
  await expect(
    staffPage.getByText('Tento typ služby používají služby poskytovatelů, proto jej nelze smazat.', {
      exact: false,
    }),
  ).toBeVisible();
  await expect(typeRow(staffPage, code)).toContainText('1 služba');
  await expect(typeRow(staffPage, code).getByRole('button', { name: 'Smazat' })).toHaveCount(0);

  // A fresh type no service uses is deleted.
  const fresh = `e2e-unused-${suffix}`;
  const freshNames: Names = { cs: `Nepoužitý ${suffix}`, sk: `Nepoužitý ${suffix}`, en: `Unused ${suffix}` };
  await addType(staffPage, fresh, freshNames);
  await typeRow(staffPage, fresh).getByRole('button', { name: 'Smazat' }).click();
  await confirmWith(staffPage, 'Smazat');
  await expect(staffPage.getByText(`Typ „${freshNames.cs}“ byl smazán.`)).toBeVisible();
  await expect(typeRow(staffPage, fresh)).toHaveCount(0);
  await expectNoAxeViolations(staffPage);

  // Screenshots of the page and its dialog, Czech and English, desktop and phone.
  for (const locale of ['cs', 'en'] as const) {
    await storeLocale(staffPage, locale);
    for (const width of [1280, 390]) {
      await staffPage.setViewportSize({ width, height: 900 });
      await staffPage.goto('/admin/service-types');
      await expect(typeRow(staffPage, code)).toBeVisible();
      await shoot(staffPage, `page-${locale}-${width}`);
      await typeRow(staffPage, code)
        .getByRole('button', { name: locale === 'cs' ? 'Upravit' : 'Edit' })
        .click();
      await expect(staffPage.getByRole('dialog')).toBeVisible();
      await shoot(staffPage, `dialog-edit-${locale}-${width}`);
      await staffPage.keyboard.press('Escape');
      await expect(staffPage.getByRole('dialog')).toBeHidden();
    }
  }
});
