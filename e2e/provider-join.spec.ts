import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { newPerson, passwordField, textField } from './identity.ts';
import {
  expectNoAxeViolations,
  expectNoAxeViolationsInTour,
  screenshot,
  storeLocale,
} from './page-checks.ts';
import { freshIdentificationCode } from './staff.ts';

// An organisation joins as a new provider would: from the sign-in page's provider section, through
// the join form (a wrong IČO refused beside its field), into the provider area, which says the
// organisation awaits verification.

const shots = '/tmp/shots';

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(shots, { recursive: true });
  await screenshot(page, { path: `${shots}/${name}.png`, fullPage: true });
}

test('a new organisation joins from the sign-in page and lands in the provider area awaiting verification', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const person = newPerson({ firstName: 'Petra', lastName: 'Svobodová' });
  const ico = freshIdentificationCode();

  await page.goto('/login');
  const providerSection = page.getByRole('complementary', { name: 'Pro poskytovatele péče' });
  await providerSection.getByRole('link', { name: 'Zaregistrovat organizaci' }).click();
  await expect(page).toHaveURL('/provider/join');
  await expect(page.getByRole('heading', { level: 1, name: 'Registrace poskytovatele péče' })).toBeVisible();
  await expect(page).toHaveTitle('Registrace poskytovatele péče - Opora');
  await expectNoAxeViolations(page);

  // Nothing entered: each required field says so.
  await page.getByRole('button', { name: 'Zaregistrovat organizaci' }).click();
  await expect(textField(page, 'Název organizace')).toHaveAccessibleDescription(/Pole je povinné/);
  await expect(textField(page, 'Název organizace')).toBeFocused();
  await expect(page.getByRole('combobox', { name: 'Obec sídla' })).toHaveAccessibleDescription(
    /Pole je povinné/,
  );

  // A mistyped IČO is refused by its check digit, beside the field.
  await textField(page, 'Název organizace').fill('Pečovatelská služba Lípa, z. ú.');
  const wrong = `${ico.slice(0, 7)}${(Number(ico[7]) + 1) % 10}`;
  await textField(page, 'IČO').fill(wrong);
  await textField(page, 'DIČ (nepovinné)').fill(`CZ${ico}`);
  const place = page.getByRole('combobox', { name: 'Obec sídla' });
  await place.fill('Hustop');
  await page.getByRole('option', { name: /^Hustopeče, 693 01, okres Břeclav$/ }).click();
  await expect(page.getByRole('group', { name: 'Obec sídla' })).toContainText('okres');
  await textField(page, 'Ulice a číslo domu').fill('Dukelské náměstí 2');
  await textField(page, 'E-mail pro poptávky').fill(`poptavky-${person.email}`);
  await textField(page, 'Veřejný telefon').fill('+420 519 411 111');
  await textField(page, 'Webové stránky').fill('https://lipa.example.cz');
  await page.getByRole('textbox', { name: 'Popis organizace' }).fill('Pečovatelská služba na Hustopečsku.');
  await textField(page, 'Jméno').fill(person.firstName);
  await textField(page, 'Příjmení').fill(person.lastName);
  await textField(page, 'E-mail').fill(person.email);
  await textField(page, 'Telefon').fill(person.phone);
  await passwordField(page, 'Heslo').fill(person.password);
  await page.getByRole('checkbox', { name: /Souhlasím s obchodními podmínkami/ }).check();
  await page.getByRole('button', { name: 'Zaregistrovat organizaci' }).click();
  await expect(textField(page, 'IČO')).toHaveAccessibleDescription(/kontrolní číslici/);
  await expect(textField(page, 'DIČ (nepovinné)')).not.toHaveAttribute('aria-invalid', 'true');
  await shoot(page, 'provider-join-cs-1280-invalid');

  await textField(page, 'IČO').fill(ico);
  await page.getByRole('button', { name: 'Zaregistrovat organizaci' }).click();

  // Joined and signed in: the provider area, with the organisation and the verification notice.
  await expect(page).toHaveURL(/\/provider\/requests/);
  await expect(page.getByText('Pečovatelská služba Lípa, z. ú.', { exact: true })).toBeVisible();
  const banner = page.getByRole('note').filter({ hasText: 'Vaše organizace čeká na ověření' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('nemohou vám poslat poptávku');
  await expectNoAxeViolations(page);
  await shoot(page, 'provider-area-unverified-cs-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(banner).toBeVisible();
  await shoot(page, 'provider-area-unverified-cs-390');
});

test('the join form in every language and at phone width', async ({ page }) => {
  test.setTimeout(120_000);
  for (const [locale, title, width] of [
    ['cs', 'Registrace poskytovatele péče', 1280],
    ['cs', 'Registrace poskytovatele péče', 390],
    ['en', 'Register as a care provider', 1280],
    ['sk', 'Registrácia poskytovateľa starostlivosti', 390],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/provider/join');
    await storeLocale(page, locale);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // Billing address of its own: its fields appear.
    await page.getByRole('checkbox').first().uncheck();
    await expect(page.getByRole('combobox')).toHaveCount(2);
    await expectNoAxeViolationsInTour(page, locale);
    await shoot(page, `provider-join-${locale}-${width}`);
  }
});
