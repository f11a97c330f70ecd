import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { type ClientDetails, fillClientForm } from './forms.ts';
import { signInThroughForm, textField } from './identity.ts';
import {
  expectNoAxeViolations,
  expectNoAxeViolationsInTour,
  screenshot,
  storeLocale,
} from './page-checks.ts';
import { ownProvider } from './staff.ts';

// A provider's own clients (issue 24 §2), with a provider of the test's own (e2e/staff.ts): its
// coordinator enters a client who phoned with a first request, is warned when entering the same person
// again and opens the existing card instead, adds a second request from the card, and finds both in
// the grid filtered by source "phone".
const shots = '/tmp/shots-clients';

const client: ClientDetails = {
  firstName: 'Božena',
  lastName: 'Horáčková',
  dateOfBirth: '1938-04-02',
  enteredByProvider: true,
  search: 'Hustop',
  place: /^Hustopeče, 693 01, okres Břeclav$/,
  street: 'Dukelské náměstí 5',
};

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await signInThroughForm(page, email, password);
  await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
}

/** The new-client form filled for `client`, the first request on `service` from a phone call. */
async function enterClient(page: Page, service: string): Promise<void> {
  await fillClientForm(page, client);
  await textField(page, 'Telefon').fill('+420 603 111 222');
  await page.getByRole('combobox', { name: 'Služba' }).selectOption({ label: service });
  await page
    .getByRole('combobox', { name: 'Jak se k vám klient dostal' })
    .selectOption({ label: 'Telefonicky' });
  await page.getByRole('textbox', { name: 'Co klient potřebuje' }).fill('Pomoc s hygienou ráno a večer.');
  await page.getByRole('checkbox', { name: 'Klient souhlasí, abychom u nás vedli jeho záznam' }).check();
}

test('a coordinator enters a phone client, is warned of the same person, adds a request from the card and filters the grid by source', async ({
  page,
  request,
  problems,
}) => {
  test.setTimeout(300_000);
  // Entering the same person again is answered 409 on purpose (the possible duplicate); Chromium logs it.
  problems.allow(/the server responded with a status of 409/);
  const own = await ownProvider(request);
  await signIn(page, own.coordinator.email, own.coordinator.password);

  // From the grid to the form.
  await page.goto('/provider/requests');
  await page.getByRole('link', { name: 'Nový klient' }).click();
  await expect(page).toHaveURL('/provider/clients/new');
  await expect(page).toHaveTitle('Nový klient - Opora');
  await expect(page.getByRole('heading', { level: 1, name: 'Nový klient' })).toBeVisible();
  // Nothing filled: every required field is marked, the consent too.
  await page.getByRole('button', { name: 'Uložit klienta' }).click();
  await expect(
    page.getByText('Bez souhlasu klienta s vedením jeho záznamu ho nemůžete zapsat.'),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Jméno', exact: true })).toBeFocused();
  // Both facilities' active services are offered.
  const services = page.getByRole('combobox', { name: 'Služba' });
  await expect(services.locator('option', { hasText: 'Pečovatelská služba Pobočka Chodov' })).toHaveCount(1);
  await expect(
    services.locator('option', { hasText: 'Pečovatelská služba Centrum denních služeb Vršovice' }),
  ).toHaveCount(1);
  await expectNoAxeViolations(page);

  await enterClient(page, 'Pečovatelská služba Pobočka Chodov');
  await page.getByRole('button', { name: 'Uložit klienta' }).click();
  await expect(page).toHaveURL(/\/provider\/clients\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const cardUrl = page.url();
  await expect(page.getByText('Klient je zapsaný i s poptávkou.')).toBeVisible();
  await expect(page).toHaveTitle('Karta klienta - Opora');
  await expect(page.getByRole('heading', { level: 1, name: 'Božena Horáčková' })).toBeVisible();
  await expect(page.getByText('Zapsaný vámi')).toBeVisible();
  await expect(page.getByText(/Klient souhlasil .*, zaznamenal\(a\) Lucie Malá\./)).toBeVisible();
  // The record's requests, oldest first (the card's list, in any language).
  const requests = page.locator('section[aria-labelledby="record-requests"] ol > li');
  await expect(requests).toHaveCount(1);
  await expect(requests.first()).toContainText('Pečovatelská služba Pobočka Chodov');
  await expect(requests.first()).toContainText('Telefonicky · zapsal(a) Lucie Malá');
  await expect(requests.first()).toContainText('Pomoc s hygienou ráno a večer.');
  await expectNoAxeViolations(page);

  // The same person again: the people found, and their card instead of a second one.
  await page.goto('/provider/requests');
  await page.getByRole('link', { name: 'Nový klient' }).click();
  await enterClient(page, 'Pečovatelská služba Centrum denních služeb Vršovice');
  await page.getByRole('button', { name: 'Uložit klienta' }).click();
  const warning = page.getByRole('alert').filter({ hasText: 'Může jít o stejného člověka' });
  await expect(warning).toBeVisible({ timeout: 30_000 });
  await expect(warning.getByRole('heading', { name: 'Může jít o stejného člověka' })).toBeFocused();
  await expect(warning).toContainText('Božena Horáčková');
  await expect(warning).toContainText('nar. 02. 04. 1938');
  await expect(warning).toContainText('Shoduje se jméno a datum narození.');
  await expect(warning.getByRole('button', { name: 'Přesto uložit jako nového člověka' })).toBeVisible();
  await expectNoAxeViolations(page);
  mkdirSync(shots, { recursive: true });
  await screenshot(page, { path: `${shots}/duplicates-cs-1280.png`, fullPage: true });
  await warning.getByRole('link', { name: 'Otevřít kartu klienta Božena Horáčková' }).click();
  await expect(page).toHaveURL(cardUrl);

  // A second request from the card, on the other facility's service.
  await page.getByRole('button', { name: 'Nová poptávka' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nová poptávka klienta' });
  await dialog
    .getByRole('combobox', { name: 'Služba' })
    .selectOption({ label: 'Pečovatelská služba Centrum denních služeb Vršovice' });
  await dialog
    .getByRole('combobox', { name: 'Jak se k vám klient dostal' })
    .selectOption({ label: 'Telefonicky' });
  // Axe reads colours: the dialog's opening transition done first.
  await page.evaluate(() => {
    type Running = { finished: Promise<unknown> };
    const { document } = globalThis as unknown as { document: { getAnimations(): Running[] } };
    const settled = Promise.all(document.getAnimations().map((animation) => animation.finished));
    return Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 2000))]);
  });
  await expectNoAxeViolations(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Uložit poptávku' }).click();
  await expect(page.getByText('Poptávka je zapsaná.')).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toBeHidden();
  await expect(requests).toHaveCount(2);
  await expect(requests.nth(1)).toContainText('Pečovatelská služba Centrum denních služeb Vršovice');

  // The grid by source: both requests of the phone client, none of the carer's client.
  await page.goto('/provider/requests');
  await page.getByRole('combobox', { name: 'Původ' }).selectOption({ label: 'Telefonicky' });
  await expect(page).toHaveURL(/[?&]source=phone/);
  const grid = page.getByRole('table');
  await expect(grid.getByRole('row').filter({ hasText: 'Božena Horáčková' })).toHaveCount(2, {
    timeout: 30_000,
  });
  await expect(grid.getByRole('row').filter({ hasText: own.clientName })).toHaveCount(0);
  await expect(grid.getByRole('row').filter({ hasText: 'Božena Horáčková' }).first()).toContainText(
    'Telefonicky',
  );
  await expectNoAxeViolations(page);

  // A request's detail says where it came from and leads to the card.
  await grid
    .getByRole('row')
    .filter({ hasText: 'Božena Horáčková' })
    .first()
    .getByRole('link')
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Božena Horáčková' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('Telefonicky · zapsal(a) Lucie Malá').first()).toBeVisible();
  await page.getByRole('link', { name: 'Karta klienta' }).click();
  await expect(page).toHaveURL(cardUrl);

  // The new pages in each language, on a laptop and on a phone: nothing scrolls sideways.
  for (const [locale, width] of [
    ['cs', 1280],
    ['en', 1280],
    ['sk', 1280],
    ['cs', 390],
    ['en', 390],
    ['sk', 390],
  ] as const) {
    await storeLocale(page, locale);
    await page.setViewportSize({ width, height: 900 });
    for (const [name, url] of [
      ['card', cardUrl],
      ['new', '/provider/clients/new'],
    ] as const) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
      if (name === 'card') await expect(requests).toHaveCount(2);
      else await expect(page.getByRole('combobox').first()).toBeVisible();
      expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoAxeViolationsInTour(page, locale);
      await screenshot(page, { path: `${shots}/${name}-${locale}-${width}.png`, fullPage: true });
    }
    await page.goto('/provider/requests?source=phone');
    await expect(page.getByText('Božena Horáčková').first()).toBeVisible({ timeout: 30_000 });
    await screenshot(page, { path: `${shots}/grid-${locale}-${width}.png`, fullPage: true });
  }
  await storeLocale(page, 'cs');
});
