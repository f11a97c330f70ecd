import { mkdirSync } from 'node:fs';
import { expect, test } from './fixtures.ts';
import {
  linkFromMail,
  newClientWizardFirstStep,
  newPerson,
  openUserMenu,
  passwordField,
  refusedCallMessage,
  signedInNewCarer,
  signInThroughForm,
  signUpByApi,
  signUpThroughForm,
  textField,
} from './identity.ts';
import { screenshot } from './page-checks.ts';

const shots = '/tmp/shots';

test('a new user signs up, confirms, edits the profile, changes and resets the password, then deletes the profile', async ({
  page,
  request,
  problems,
}) => {
  test.setTimeout(90_000);
  problems.allow(refusedCallMessage);
  const person = newPerson();

  // Sign up.
  await page.goto('/');
  await page.getByRole('link', { name: 'Přihlásit se' }).click();
  await page.getByRole('link', { name: 'Zaregistrujte se' }).click();
  await expect(page).toHaveURL('/registration');
  await textField(page, 'Jméno').fill(person.firstName);
  await textField(page, 'Příjmení').fill(person.lastName);
  await textField(page, 'E-mail').fill(person.email);
  await textField(page, 'Telefon').fill(person.phone);
  await passwordField(page, 'Heslo').fill(person.password);
  await page.getByRole('checkbox', { name: /Souhlasím s obchodními podmínkami/ }).check();
  await page.getByRole('button', { name: 'Založit účet' }).click();
  await expect(page.getByText('Registrace proběhla úspěšně, nyní se můžete přihlásit.')).toBeVisible();
  await expect(page).toHaveURL('/login');
  await expect(textField(page, 'E-mail')).toHaveValue(person.email);

  // Confirm the address from the e-mail.
  await page.goto(await linkFromMail(request, person.email, '/confirm-email'));
  await expect(page.getByText('Děkujeme, vaše e-mailová adresa je potvrzená.')).toBeVisible();

  // Sign in: without a client yet, on to the new-client wizard.
  await page.getByRole('link', { name: 'Přihlásit se' }).last().click();
  await textField(page, 'E-mail').fill(person.email);
  await passwordField(page, 'Heslo').fill(person.password);
  await page.getByRole('button', { name: 'Přihlásit se' }).click();
  await expect(page).toHaveURL(newClientWizardFirstStep);
  await expect(page.getByRole('link', { name: 'Přehled', exact: true })).toBeVisible();

  // Edit the profile.
  await openUserMenu(page, `${person.firstName} ${person.lastName}`);
  await page.getByRole('menuitem', { name: 'Můj profil' }).click();
  await expect(page).toHaveURL('/user');
  await expect(page.getByText('Potvrzený', { exact: true })).toBeVisible();
  await textField(page, 'Jméno').fill('Hana');
  await textField(page, 'Telefon').fill('+420 777 888 999');
  await page.getByRole('button', { name: 'Uložit změny' }).click();
  await expect(page.getByText('Vaše údaje jsme uložili.')).toBeVisible();
  await page.reload();
  await expect(textField(page, 'Jméno')).toHaveValue('Hana');
  await expect(textField(page, 'Telefon')).toHaveValue('+420 777 888 999');
  await expect(page.getByRole('button', { name: 'Uživatelská nabídka: Hana Nováková' })).toBeVisible();

  // Change the password.
  const changedPassword = `${person.password}-2`;
  await page.getByRole('link', { name: 'Změnit heslo' }).click();
  await expect(page).toHaveURL('/user/change-password');
  await passwordField(page, 'Současné heslo').fill(person.password);
  await passwordField(page, 'Nové heslo').fill(changedPassword);
  await passwordField(page, 'Nové heslo znovu').fill(changedPassword);
  await page.getByRole('button', { name: 'Změnit heslo' }).click();
  await expect(page.getByText('Heslo bylo úspěšně změněno.')).toBeVisible();
  await expect(page).toHaveURL('/user');

  // Sign out.
  await openUserMenu(page, 'Hana Nováková');
  await page.getByRole('menuitem', { name: 'Odhlásit se' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('link', { name: 'Přihlásit se' })).toBeVisible();
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('access_token');

  // Forgotten password: a link by e-mail.
  await page.getByRole('link', { name: 'Zapomenuté heslo?' }).click();
  // The sign-in page has an e-mail field too: fill the one of the page asked for.
  await expect(page).toHaveURL('/forgot-password');
  await textField(page, 'E-mail').fill(person.email);
  await page.getByRole('button', { name: 'Obnovit heslo' }).click();
  await expect(page.getByText('E-mail pro obnovení hesla byl úspěšně odeslán.')).toBeVisible();

  const resetPassword = `${person.password}-3`;
  await page.goto(await linkFromMail(request, person.email, '/reset-password'));
  await passwordField(page, 'Nové heslo').fill(resetPassword);
  await passwordField(page, 'Nové heslo znovu').fill(resetPassword);
  await page.getByRole('button', { name: 'Změnit heslo' }).click();
  await expect(page.getByText('Heslo bylo úspěšně změněno.')).toBeVisible();
  await expect(page).toHaveURL('/login');

  // The old password no longer works; the new one does.
  await signInThroughForm(page, person.email, changedPassword);
  await expect(page.getByRole('alert')).toHaveText('E-mail nebo heslo nesouhlasí.');
  await passwordField(page, 'Heslo').fill(resetPassword);
  await page.getByRole('button', { name: 'Přihlásit se' }).click();
  await expect(page).toHaveURL(newClientWizardFirstStep);

  // Delete the profile.
  await page.goto('/user');
  await page.getByRole('button', { name: 'Smazat profil' }).click();
  const dialog = page.getByRole('dialog', { name: 'Opravdu chcete profil trvale smazat?' });
  await expect(dialog).toContainText('Tento krok nelze vrátit zpět.');
  await expect(dialog.getByRole('button', { name: 'Ano, smazat můj profil' })).toBeVisible();
  // Enter confirms the question (SPEC §4); focus starts on the question, not on Cancel.
  await expect(dialog.getByText(/^Tento krok nelze vrátit zpět\./)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Váš profil byl smazán.')).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: 'Přihlásit se' })).toBeVisible();

  // The account is gone.
  await signInThroughForm(page, person.email, resetPassword);
  await expect(page.getByRole('alert')).toHaveText('E-mail nebo heslo nesouhlasí.');
  await expect(page).toHaveURL('/login');
});

test('an expired access token is refreshed silently in the middle of a session', async ({
  page,
  request,
  problems,
}) => {
  problems.allow(refusedCallMessage);
  const person = await signedInNewCarer(page, request);
  await page.goto('/user');
  await expect(textField(page, 'Jméno')).toHaveValue(person.firstName);

  // The access token stops being accepted while the page is open.
  await page.context().addCookies([{ name: 'access_token', value: 'expired.access.token', url: page.url() }]);
  const refreshed = page.waitForResponse(
    (response) => response.url().endsWith('/protocol/openid-connect/token') && response.status() === 200,
  );
  await textField(page, 'Příjmení').fill('Dvořáková');
  await page.getByRole('button', { name: 'Uložit změny' }).click();
  await refreshed;
  await expect(page.getByText('Vaše údaje jsme uložili.')).toBeVisible();
  await expect(page).toHaveURL('/user');
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'access_token')?.value).not.toBe('expired.access.token');

  // A new page load with only the tokens refreshes first, then loads the user.
  await page.context().addCookies([{ name: 'access_token', value: 'expired.access.token', url: page.url() }]);
  await page.reload();
  await expect(textField(page, 'Příjmení')).toHaveValue('Dvořáková');
});

test('a visitor sent from the profile to sign-in is returned to the profile once signed in', async ({
  page,
  request,
}) => {
  const person = newPerson();
  await signUpByApi(request, person);
  await page.goto('/user/change-password');
  await expect(page).toHaveURL('/login?redirectTo=%2Fuser%2Fchange-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Přihlášení' })).toBeVisible();
  await textField(page, 'E-mail').fill(person.email);
  await passwordField(page, 'Heslo').fill(person.password);
  await page.getByRole('button', { name: 'Přihlásit se' }).click();
  await expect(page).toHaveURL('/user/change-password');
  await expect(passwordField(page, 'Současné heslo')).toBeVisible();
});

// Embedded issuer only: Keycloak allows exactly the web origins of its `web` client (OPORA_WEB_ORIGIN).
test('a person who opened the app at another address of the server than PUBLIC_URL signs in there', {
  tag: '@embedded-identity',
}, async ({ page, request, baseURL }) => {
  const person = newPerson();
  await signUpByApi(request, person);
  // PUBLIC_URL is http://localhost:<port>; the same server answers at 127.0.0.1 (or a LAN address).
  const other = `http://127.0.0.1:${new URL(baseURL ?? '').port}`;
  await page.goto(`${other}/login`);
  await textField(page, 'E-mail').fill(person.email);
  await passwordField(page, 'Heslo').fill(person.password);
  await page.getByRole('button', { name: 'Přihlásit se' }).click();
  await expect(page).toHaveURL(new RegExp(`^${other}${newClientWizardFirstStep.source}`));
  await expect(page.getByRole('link', { name: 'Přehled', exact: true })).toBeVisible();
});

test('sign-in never sends anyone to another site, whatever its address says', async ({ page, request }) => {
  const person = newPerson();
  await signUpByApi(request, person);
  for (const target of ['https://example.org/', '//example.org/', '/\\example.org/']) {
    await page.goto(`/login?redirectTo=${encodeURIComponent(target)}`);
    await textField(page, 'E-mail').fill(person.email);
    await passwordField(page, 'Heslo').fill(person.password);
    await page.getByRole('button', { name: 'Přihlásit se' }).click();
    await expect(page).toHaveURL(newClientWizardFirstStep);
    await page.context().clearCookies();
  }
});

test('the refused-sign-in banner goes once the fields change, and never sits beside a field error', async ({
  page,
  request,
  problems,
}) => {
  problems.allow(refusedCallMessage);
  const person = newPerson();
  await signUpByApi(request, person);

  const banner = page.getByRole('alert').filter({ hasText: 'E-mail nebo heslo nesouhlasí.' });
  await signInThroughForm(page, person.email, 'not-the-password');
  await expect(banner).toBeVisible();

  // Submitting again with the password left empty: the field says what is wrong, the banner is gone.
  await passwordField(page, 'Heslo').clear();
  await page.getByRole('button', { name: 'Přihlásit se' }).click();
  await expect(passwordField(page, 'Heslo')).toHaveAccessibleDescription(/Pole je povinné/);
  await expect(banner).toBeHidden();

  // Refused again, then corrected: the banner leaves as soon as the person types.
  await passwordField(page, 'Heslo').fill('still-not-the-password');
  await page.getByRole('button', { name: 'Přihlásit se' }).click();
  await expect(banner).toBeVisible();
  await textField(page, 'E-mail').fill(`x${person.email}`);
  await expect(banner).toBeHidden();
});

test('a signed-in client is sent from the provider area to the unauthorized page', async ({
  page,
  request,
}) => {
  await signedInNewCarer(page, request);
  await page.goto('/provider');
  await expect(page).toHaveURL('/unauthorized');
  await expect(page.getByRole('heading', { level: 1, name: 'Nedostatečná oprávnění' })).toBeVisible();
});

test('a signed-in user opening sign-in or sign-up goes on as after signing in, to the same case', async ({
  page,
  request,
}) => {
  await signedInNewCarer(page, request);
  const firstStep = page.url();
  await page.goto('/login');
  await expect(page).toHaveURL(firstStep);
  await page.goto('/registration');
  await expect(page).toHaveURL(firstStep);
});

test('a new account that confirms its e-mail first and signs in from the confirmation page goes on to the new-client wizard', async ({
  page,
  request,
}) => {
  const person = newPerson();
  await signUpThroughForm(page, person);

  // The link from the e-mail, then the confirmation page's own way to sign in.
  await page.goto(await linkFromMail(request, person.email, '/confirm-email'));
  await expect(page.getByText('Děkujeme, vaše e-mailová adresa je potvrzená.')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Přihlásit se' }).click();
  await expect(page).toHaveURL('/login');
  await textField(page, 'E-mail').fill(person.email);
  await passwordField(page, 'Heslo').fill(person.password);
  await page.getByRole('button', { name: 'Přihlásit se' }).click();

  await expect(page).toHaveURL(newClientWizardFirstStep);
  await expect(page.getByRole('heading', { level: 1, name: 'Údaje o klientovi' })).toBeVisible();
});

test('a wrong password shows the invalid-credentials message in the chosen language', async ({
  page,
  request,
  problems,
}) => {
  problems.allow(refusedCallMessage);
  const person = newPerson();
  await signUpByApi(request, person);

  await signInThroughForm(page, person.email, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('E-mail nebo heslo nesouhlasí.');
  await expect(page).toHaveURL('/login');

  await page.goto('/en/login');
  await textField(page, 'E-mail').fill(person.email);
  await passwordField(page, 'Password').fill('still-not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('The e-mail or password does not match.');
});

test('sign-up shows what is missing beside each field, and refuses an address already registered', async ({
  page,
  request,
  problems,
}) => {
  problems.allow(/Failed to load resource: the server responded with a status of 409/);
  const person = newPerson();
  await signUpByApi(request, person);

  await page.goto('/registration');
  await page.getByRole('button', { name: 'Založit účet' }).click();
  await expect(textField(page, 'Jméno')).toHaveAccessibleDescription(/Pole je povinné/);
  await expect(
    page.getByText('Je nutné souhlasit s obchodními podmínkami a se zpracováním osobních údajů.'),
  ).toBeVisible();
  await expect(textField(page, 'Jméno')).toBeFocused();

  await textField(page, 'Jméno').fill('Petr');
  await textField(page, 'Příjmení').fill('Svoboda');
  await textField(page, 'E-mail').fill(person.email);
  await textField(page, 'Telefon').fill('601 123 456');
  await passwordField(page, 'Heslo').fill('kratke');
  await page.getByRole('checkbox', { name: /Souhlasím s obchodními podmínkami/ }).check();
  await page.getByRole('button', { name: 'Založit účet' }).click();
  await expect(textField(page, 'Telefon')).toHaveAccessibleDescription(/mezinárodním formátu/);
  await expect(passwordField(page, 'Heslo')).toHaveAccessibleDescription(/Zadejte alespoň 8 znaků/);

  await textField(page, 'Telefon').fill('+420 601 123 456');
  await passwordField(page, 'Heslo').fill('dostatecne-dlouhe');
  await page.getByRole('button', { name: 'Založit účet' }).click();
  await expect(textField(page, 'E-mail')).toHaveAccessibleDescription('Tento e-mail již existuje.');
  await expect(page).toHaveURL('/registration');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the menu shows who is signed in, leads to the profile, and signs out', async ({ page, request }) => {
    const person = newPerson({ firstName: 'Šárka', lastName: 'Černá' });
    await signUpByApi(request, person);
    await signInThroughForm(page, person.email, person.password);
    await expect(page).toHaveURL(newClientWizardFirstStep);

    await page.getByRole('button', { name: 'Otevřít nabídku' }).click();
    const menu = page.getByRole('dialog', { name: 'Nabídka' });
    await expect(menu.getByText('Šárka Černá')).toBeVisible();
    await expect(menu.getByText(person.email)).toBeVisible();
    await menu.getByRole('link', { name: 'Můj profil' }).click();
    await expect(page).toHaveURL('/user');
    await expect(menu).toBeHidden();

    await page.getByRole('button', { name: 'Otevřít nabídku' }).click();
    await menu.getByRole('button', { name: 'Odhlásit se' }).click();
    await expect(page).toHaveURL('/login');
    await page.getByRole('button', { name: 'Otevřít nabídku' }).click();
    await expect(menu.getByRole('link', { name: 'Přihlásit se' })).toBeVisible();
  });
});

test('a slow save shows the spinner, then a check that is said to screen readers, then the label again', {
  // The save button's states and their screenshots: the same whichever identity server signed in.
  tag: '@any-issuer',
}, async ({ page, request }) => {
  test.setTimeout(120_000);
  await signedInNewCarer(page, request);

  // The server's answer to a save is held until the test lets it through.
  let release = () => {};
  await page.route('**/api/v1/web/users/me*', async (route) => {
    if (route.request().method() === 'GET') return route.fallback();
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    return route.fallback();
  });

  mkdirSync(shots, { recursive: true });
  const labels = { cs: 'Uložit změny', en: 'Save changes', sk: 'Uložiť zmeny' } as const;
  const done = { cs: 'Hotovo', en: 'Done', sk: 'Hotovo' } as const;
  for (const locale of ['cs', 'en', 'sk'] as const) {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const size = `${viewport.width}x${viewport.height}`;
      await page.setViewportSize(viewport);
      await page.goto(`/${locale}/user`);
      // Saved, the profile's language becomes the interface's: keep the one being shown.
      await page.getByRole('combobox', { name: /^(Jazyk|Language)/ }).selectOption(locale);
      const save = page.getByRole('button', { name: labels[locale], exact: true });
      const said = save.locator('xpath=following-sibling::*[@role="status"][1]');
      await save.click();
      await expect(save).toHaveAttribute('aria-busy', 'true');
      await expect(save).toHaveAttribute('data-loading', 'true');
      await save.evaluate((button) =>
        (button as unknown as { scrollIntoView(options: object): void }).scrollIntoView({ block: 'center' }),
      );
      // Transitions finished: the states themselves, not the frames between them.
      const shot = (state: string) =>
        screenshot(page, { path: `${shots}/button-${state}-${locale}-${size}.png`, animations: 'disabled' });
      await shot('loading');

      release();
      await expect(save).toHaveAttribute('data-result', 'success');
      await shot('done');
      await expect(said).toHaveText(done[locale]);
      await expect(save).not.toHaveAttribute('data-result');
      await expect(save).not.toHaveAttribute('aria-busy');
      await expect(said).toHaveText('');
    }
  }
});
