import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { withDatabase } from './database.ts';
import { expect, test } from './fixtures.ts';
import { signInWithTokens, type TestPerson } from './identity.ts';
import {
  expectNoAxeViolations,
  expectNoAxeViolationsInTour,
  screenshot,
  storeLocale,
} from './page-checks.ts';
import { ownProvider } from './staff.ts';

// The provider's administrator keeps the listing true (issue 23 §2): edits the provider with its
// address from the autocomplete, adds a facility, a public and a private contact, and a carer looking
// at a service of that facility sees the public contact only.
const shots = '/tmp/shots-profile';
mkdirSync(shots, { recursive: true });

async function signIn(page: Page, person: TestPerson): Promise<void> {
  // Signing in is not what this spec checks: the tokens without the form (e2e/identity.ts).
  await signInWithTokens(page, person);
}

/** Chooses a place in an address autocomplete by typing its name, then types the street. */
async function chooseAddress(
  page: Page,
  scope: Page | Locator,
  label: string,
  search: string,
  street: string,
) {
  const input = scope.getByRole('combobox', { name: label, exact: true });
  await input.fill(search);
  await page
    .getByRole('option', { name: 'Chrudim I, Chrudim, 537 01, okres Chrudim', exact: true })
    .first()
    .click();
  await expect(scope.getByRole('group', { name: label, exact: true })).toContainText('okres Chrudim');
  await scope.getByRole('textbox', { name: 'Ulice a číslo domu' }).fill(street);
}

/** An active service of the facility serving its county, made as the services screens would. */
async function serviceOf(facilityId: string): Promise<string> {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `insert into facility_services (provider_id, facility_id, service_type_id, service_category_id, name,
                                      form, status, verified)
       select f.provider_id, f.id, t.id, t.category_id, 'Denní stacionář Chrudim', t.form, 'active', true
       from facilities f, service_types t where f.id = $1 and t.code = 'day-care-centre' returning id`,
      [facilityId],
    );
    const serviceId = rows[0]?.id ?? '';
    await client.query(
      'insert into facility_service_counties (facility_service_id, county_code) values ($1, $2)',
      [serviceId, 'CZ0531'],
    );
    return serviceId;
  });
}

test('an administrator edits the provider, adds a facility and its contacts; the public one shows on the service', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const own = await ownProvider(request);
  await signIn(page, own.administrator);

  await page.goto('/provider/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profil poskytovatele' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Profil' })).toHaveAttribute('aria-current', 'page');
  const name = page.getByRole('textbox', { name: 'Název', exact: true });
  await expect(name).toHaveValue(own.name, { timeout: 30_000 });
  await expectNoAxeViolations(page);

  // Provider information: a new name, the address from the autocomplete, public contacts.
  await name.fill(`${own.name} Chrudim`);
  await chooseAddress(page, page, 'Adresa', 'Chrudim', 'Resselovo náměstí 77');
  await page.getByRole('textbox', { name: 'Veřejný telefon' }).fill('+420 469 123 456');
  await page.getByRole('textbox', { name: 'Web' }).fill('https://www.pecovatele.test');
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, { path: `${shots}/profile-cs-desktop.png`, fullPage: true });
  await page.getByRole('button', { name: 'Uložit informace' }).click();
  await expect(page.getByText('Informace o poskytovateli jsou uložené.')).toBeVisible({ timeout: 30_000 });

  // Facilities: add one with its own address; the page goes to its detail.
  await page.getByRole('tab', { name: 'Zařízení' }).click();
  await page.getByRole('button', { name: 'Přidat zařízení' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nové zařízení' });
  await dialog.getByRole('textbox', { name: 'Název' }).fill('Denní centrum Chrudim');
  await dialog.getByRole('textbox', { name: 'Typ' }).fill('Denní stacionář');
  await chooseAddress(page, dialog, 'Adresa', 'Chrudim', 'Široká 12');
  await expectNoAxeViolations(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Přidat zařízení' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Denní centrum Chrudim' })).toBeVisible({
    timeout: 30_000,
  });
  const facilityId = page.url().split('/facilities/')[1]?.split('?')[0] ?? '';
  expect(facilityId).toMatch(/^[0-9a-f-]{36}$/);

  await page.getByRole('tab', { name: 'Informace o zařízení' }).click();
  await expect(page.getByRole('group', { name: 'Adresa', exact: true })).toContainText('okres Chrudim');
  await expectNoAxeViolations(page);

  // Contacts of the facility: one public, one private.
  await page.getByRole('tab', { name: 'Kontakty' }).click();
  for (const contact of [
    { first: 'Eva', last: 'Veřejná', phone: '+420 601 123 456', type: 'Veřejný' },
    { first: 'Petr', last: 'Soukromý', phone: '+421 902 123 456', type: 'Soukromý' },
  ]) {
    await page.getByRole('button', { name: 'Přidat kontakt' }).click();
    const modal = page.getByRole('dialog', { name: 'Nový kontakt' });
    await modal.getByRole('textbox', { name: 'Jméno' }).fill(contact.first);
    await modal.getByRole('textbox', { name: 'Příjmení' }).fill(contact.last);
    await modal.getByRole('textbox', { name: 'Telefon', exact: true }).fill(contact.phone);
    await modal.getByText(contact.type, { exact: true }).click();
    if (contact.type === 'Soukromý') {
      await expectNoAxeViolations(page, '[role="dialog"]');
      await screenshot(page, { path: `${shots}/contact-modal-cs-desktop.png` });
    }
    await modal.getByRole('button', { name: 'Uložit kontakt' }).click();
    await expect(modal).toBeHidden({ timeout: 30_000 });
    await expect(page.getByRole('rowheader', { name: `${contact.first} ${contact.last}` })).toBeVisible();
  }
  await expectNoAxeViolations(page);
  await screenshot(page, { path: `${shots}/facility-contacts-cs-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, { path: `${shots}/facility-contacts-cs-mobile.png`, fullPage: true });
  await page.goto('/provider/profile');
  await expect(page.getByRole('textbox', { name: 'Název', exact: true })).toHaveValue(`${own.name} Chrudim`, {
    timeout: 30_000,
  });
  await screenshot(page, { path: `${shots}/profile-cs-mobile.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The public detail of a service of that facility: the public contact, never the private one.
  const serviceId = await serviceOf(facilityId);
  await page.goto(`/anon-new-client/services/${serviceId}`);
  await page.getByRole('tab', { name: 'Místo' }).click();
  await expect(page.getByText('Eva Veřejná')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Široká 12')).toBeVisible();
  await expect(page.locator('body')).not.toContainText('Soukromý');
  await page.getByRole('tab', { name: 'Poskytovatel' }).click();
  await expect(page.getByText(`${own.name} Chrudim`).first()).toBeVisible();
  await expect(page.locator('body')).not.toContainText('Soukromý');
  await screenshot(page, { path: `${shots}/service-provider-cs-desktop.png`, fullPage: true });

  // The profile in English and Slovak, desktop and phone.
  for (const locale of ['en', 'sk'] as const) {
    await storeLocale(page, locale);
    await page.goto('/provider/profile');
    const title = locale === 'en' ? 'Provider profile' : 'Profil poskytovateľa';
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 30_000 });
    await expect(
      page.getByRole('textbox', { name: locale === 'en' ? 'Name' : 'Názov', exact: true }),
    ).toHaveValue(`${own.name} Chrudim`, { timeout: 30_000 });
    await expectNoAxeViolationsInTour(page, locale);
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, { path: `${shots}/profile-${locale}-desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, { path: `${shots}/profile-${locale}-mobile.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  await storeLocale(page, 'cs');
});

test('a worker reads the profile and its contacts without a way to change them', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const own = await ownProvider(request);
  await signIn(page, own.worker);
  await page.goto('/provider/profile');
  await expect(page.getByText('Tyto údaje může měnit jen správce poskytovatele.')).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('button', { name: 'Uložit informace' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Kontakty' }).click();
  await expect(page.getByRole('button', { name: 'Přidat kontakt' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
