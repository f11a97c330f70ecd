import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { answerOf } from './api.ts';
import { giveSubscription } from './database.ts';
import { expect, test } from './fixtures.ts';
import { fillClientForm } from './forms.ts';
import {
  linkFromMail,
  newClientWizardFirstStep,
  newPerson,
  openUserMenu,
  passwordField,
  signedInNewCarer,
  signInThroughForm,
  signUpByApi,
  signUpThroughForm,
  textField,
} from './identity.ts';
import { screenshot } from './page-checks.ts';

// The carer's record as a new user meets it: sign-up, the first client through the new-client
// wizard (with address autocomplete), the dashboard, the client page and its tabs, editing the
// details, and where sign-in leads with one client and with two.

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const shots = '/tmp/shots';

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 160)).join(', ')}`,
    );
}

test('a new carer signs up, enters the first client with address autocomplete, and goes on to the questionnaire', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(90_000);
  const person = newPerson();

  await signUpThroughForm(page, person);

  // The confirmation e-mail is opened in another tab, as from a mail client; this tab signs in.
  const mail = await context.newPage();
  await mail.goto(await linkFromMail(request, person.email, '/confirm-email'));
  await expect(mail.getByText('Děkujeme, vaše e-mailová adresa je potvrzená.')).toBeVisible();
  await mail.close();

  await expect(textField(page, 'E-mail')).toHaveValue(person.email);
  await passwordField(page, 'Heslo').fill(person.password);
  await page.getByRole('button', { name: 'Přihlásit se' }).click();

  // redirect-after-registration created a case and opened the wizard's first step for it.
  await expect(page).toHaveURL(new RegExp(`/new-client-wizard/new-client/${uuid}$`));
  const caseId = new URL(page.url()).pathname.split('/').pop();
  await expect(page.getByRole('heading', { level: 1, name: 'Údaje o klientovi' })).toBeVisible();
  await expect(page).toHaveTitle('Údaje o klientovi - Opora');
  const steps = page.getByRole('navigation', { name: 'Kroky průvodce' });
  await expect(steps.locator('[aria-current="step"]')).toContainText('Údaje o klientovi');
  // …the payment and the services (or the assistant contact) follow the service offer.
  await expect(steps.getByRole('listitem')).toHaveCount(6);
  expect(await seriousViolations(page)).toEqual([]);

  // Sending the empty form says what is missing beside each field.
  await page.getByRole('button', { name: 'Uložit a pokračovat' }).click();
  await expect(textField(page, 'Jméno')).toHaveAccessibleDescription(/Pole je povinné/);
  await expect(page.getByRole('combobox', { name: 'Trvalé bydliště' })).toHaveAccessibleDescription(
    /Pole je povinné/,
  );

  // A birth number that does not match the date of birth is refused in the browser.
  await fillClientForm(page, {
    firstName: 'Marie',
    lastName: 'Nováková',
    dateOfBirth: '1943-04-03',
    relationship: 'Dcera / syn',
    search: 'Hustop',
    place: /^Hustopeče, 693 01, okres Břeclav$/,
    street: 'Dukelské náměstí 22',
  });
  await textField(page, 'Rodné číslo (nepovinné)').fill('905501/1251');
  await expect(textField(page, 'Rodné číslo (nepovinné)')).toHaveValue('9055011251');
  await page.getByRole('checkbox', { name: /Jménem klienta \(Marie Nováková\) souhlasím/ }).check();
  await page.getByRole('button', { name: 'Uložit a pokračovat' }).click();
  await expect(textField(page, 'Rodné číslo (nepovinné)')).toHaveAccessibleDescription(
    /neodpovídá datu narození/,
  );

  // A reload keeps what was typed (but never the birth number or the consent).
  // The draft is written a moment after typing stops; wait for it rather than for a fixed time.
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(sessionStorage).some(
          (key) => key.startsWith('opora:draft:') && (sessionStorage.getItem(key) ?? '').includes('Hustope'),
        ),
      ),
    )
    .toBe(true);
  await page.reload();
  await expect(page.getByText('Vrátili jsme, co jste už vyplnili.', { exact: false })).toBeVisible();
  await expect(textField(page, 'Jméno')).toHaveValue('Marie');
  await expect(page.getByRole('group', { name: 'Trvalé bydliště' })).toContainText('Hustopeče, 693 01');
  await expect(textField(page, 'Rodné číslo (nepovinné)')).toHaveValue('');
  await page.getByRole('checkbox', { name: /Jménem klienta \(Marie Nováková\) souhlasím/ }).check();
  await page.getByRole('button', { name: 'Uložit a pokračovat' }).click();

  // The next step is the extended questionnaire (its own feature); the progress marks step 1 done.
  await expect(page).toHaveURL(`/new-client-wizard/ext-case-survey/${caseId}`);
  await expect(steps.locator('[aria-current="step"]')).toContainText('Co zvládá');
  await expect(steps.getByRole('link', { name: /Údaje o klientovi \(hotovo\)/ })).toBeVisible();
  await expect(page.getByText('Klient: Marie Nováková')).toBeVisible();

  // Back on step 1, the client is shown instead of an empty form.
  await steps.getByRole('link', { name: /Údaje o klientovi/ }).click();
  await expect(page.getByText('Klienta k tomuto případu už máte zadaného.')).toBeVisible();
  await expect(page.getByText('Dukelské náměstí 22, 693 01 Hustopeče')).toBeVisible();
});

test('a carer with one client lands on its page, edits the details, adds a second and then lands on the dashboard', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const person = newPerson();
  await signUpByApi(request, person);
  await signInThroughForm(page, person.email, person.password);

  // No client yet: sign-in leads on to the new-client wizard, and the dashboard explains that step.
  await expect(page).toHaveURL(newClientWizardFirstStep);
  await page.goto('/dashboard');
  await expect(
    page.getByRole('heading', { level: 2, name: 'Začněte tím, pro koho péči hledáte' }),
  ).toBeVisible();
  mkdirSync(shots, { recursive: true });
  await screenshot(page, { path: `${shots}/clients-dashboard-empty-cs-desktop.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Přidat klienta' }).click();
  await expect(page).toHaveURL(new RegExp(`/new-client-wizard/new-client/${uuid}$`));
  // "I am the client" fills in the carer's own name.
  await page.getByRole('switch', { name: 'Klientem jsem já' }).check();
  await expect(textField(page, 'Jméno')).toHaveValue(person.firstName);
  await page.getByRole('switch', { name: 'Klientem jsem já' }).uncheck();
  await fillClientForm(page, {
    firstName: 'Jana',
    lastName: 'Svobodová',
    dateOfBirth: '1950-05-17',
    search: '602',
    place: /^Veveří, Brno, 602 00, okres Brno-město$/,
  });
  await page.getByRole('checkbox', { name: /Souhlasím, aby Opora zpracovávala údaje o mém zdraví/ }).check();
  await page.getByRole('button', { name: 'Uložit a pokračovat' }).click();
  await expect(page).toHaveURL(/\/new-client-wizard\/ext-case-survey\//);
  // The services pool needs a subscription (SPEC §4); paying for it is e2e/subscriptions.spec.ts's
  // journey, so here it is written into the server's database.
  await giveSubscription(person.email);

  // Signing in again with exactly one client leads to that client's page.
  await openUserMenu(page, `${person.firstName} ${person.lastName}`);
  await page.getByRole('menuitem', { name: 'Odhlásit se' }).click();
  await expect(page).toHaveURL('/login');
  await textField(page, 'E-mail').fill(person.email);
  await passwordField(page, 'Heslo').fill(person.password);
  await page.getByRole('button', { name: 'Přihlásit se' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/client/${uuid}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Jana Svobodová' })).toBeVisible();
  await expect(page).toHaveTitle('Jana Svobodová - Opora');

  // The service offer is the default tab; the order is explained and each card says why it is shown.
  const tabs = page.getByRole('tablist', { name: 'Karta klienta' });
  await expect(tabs.getByRole('tab', { name: 'Nabídka služeb' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Jak služby řadíme.')).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: /^\d+ služ(ba|by|eb) – okres Brno-město$/ }),
  ).toBeVisible();
  await expect(page.getByRole('article').first().getByText('Proč ji vidíte')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A service opens in the dashboard (tabs info, location, provider) and leads back to the pool.
  const firstService = page.getByRole('article').first().getByRole('heading', { level: 3 });
  const serviceName = (await firstService.textContent()) ?? '';
  await firstService.getByRole('link').click();
  await expect(page).toHaveURL(/\/dashboard\/service\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: serviceName })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/dashboard/client/${uuid}$`));

  await page.getByRole('radio', { name: 'V celém kraji trvalého bydliště' }).check();
  await expect(page).toHaveURL(/\?area=region$/);
  await expect(
    page.getByRole('heading', { level: 2, name: /^\d+ služ(ba|by|eb) – Jihomoravský kraj$/ }),
  ).toBeVisible();

  // My services: nothing requested yet, said honestly, with a filter by state.
  await tabs.getByRole('tab', { name: 'Moje služby' }).click();
  await expect(page).toHaveURL(/\?tab=my-services$/);
  await expect(page.getByText('Zatím jste nepoptali žádné služby')).toBeVisible();
  // With nothing requested at all, a state chosen in the filter still says so rather than blaming the filter.
  await page.getByRole('combobox', { name: 'Stav poptávky' }).selectOption({ label: 'Přijata (0)' });
  await expect(page).toHaveURL(/status=accepted/);
  await expect(page.getByRole('heading', { name: 'Zatím jste nepoptali žádné služby' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Details: read-only, then edited; a birth number added is shown masked.
  await tabs.getByRole('tab', { name: 'Údaje o klientovi' }).click();
  await expect(page.getByText('Klientem jste vy')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Upravit údaje' }).click();
  await expect(textField(page, 'Jméno')).toHaveValue('Jana');
  expect(await seriousViolations(page)).toEqual([]);
  await textField(page, 'Telefon').fill('+420 601 222 333');
  await textField(page, 'Rodné číslo (nepovinné)').fill('505517123');
  await page.getByRole('button', { name: 'Uložit změny' }).click();
  await expect(page.getByText('Údaje o klientovi jsme uložili.').first()).toBeVisible();
  await expect(page.getByText('505517/***')).toBeVisible();
  await expect(page.getByText('+420 601 222 333')).toBeVisible();

  // Editing again: the birth number field starts empty with the stored one as a hint; left empty it stays.
  await page.getByRole('button', { name: 'Upravit údaje' }).click();
  await expect(textField(page, 'Rodné číslo (nepovinné)')).toHaveValue('');
  await expect(textField(page, 'Rodné číslo (nepovinné)')).toHaveAccessibleDescription(
    /505517\/\*\*\*(?!\*)/,
  );
  await page.getByRole('button', { name: 'Uložit změny' }).click();
  await expect(page.getByText('505517/***')).toBeVisible();

  // A second client from the dashboard.
  await page.getByRole('link', { name: 'Zpět na přehled' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article').first()).toContainText('Žadatel');
  await page.getByRole('button', { name: 'Přidat klienta' }).click();
  await fillClientForm(page, {
    firstName: 'Karel',
    lastName: 'Svoboda',
    dateOfBirth: '1948-11-02',
    relationship: 'Rodič',
    search: 'Hustop',
    place: /^Hustopeče, 693 01, okres Břeclav$/,
  });
  await page.getByRole('checkbox', { name: /Jménem klienta \(Karel Svoboda\) souhlasím/ }).check();
  await page.getByRole('button', { name: 'Uložit a pokračovat' }).click();
  await expect(page).toHaveURL(/\/new-client-wizard\/ext-case-survey\//);
  await page.getByRole('link', { name: 'Zpět: Údaje o klientovi' }).click();
  await page.getByRole('link', { name: 'Zpět na přehled' }).click();
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(page.getByRole('heading', { level: 2, name: 'Vaši klienti (2)' })).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: 'Karel Svoboda' })).toContainText(
    'Váš vztah: Rodič',
  );
  expect(await seriousViolations(page)).toEqual([]);

  // With two clients, signing in leads to the dashboard.
  await page.goto('/redirect-after-login');
  await expect(page).toHaveURL('/dashboard');
});

test('the client page offers to describe the need again, which opens the new-case wizard', async ({
  page,
  request,
}) => {
  await signedInNewCarer(page, request);
  await fillClientForm(page, {
    firstName: 'Eva',
    lastName: 'Malá',
    dateOfBirth: '1939-01-30',
    relationship: 'Vnučka / vnuk',
    search: 'Hustop',
    place: /^Hustopeče, 693 01, okres Břeclav$/,
    keyboard: true,
  });
  await page.getByRole('checkbox', { name: /Jménem klienta \(Eva Malá\) souhlasím/ }).check();
  await page.getByRole('button', { name: 'Uložit a pokračovat' }).click();
  await expect(page).toHaveURL(/\/new-client-wizard\/ext-case-survey\//);

  await page.goto('/redirect-after-login');
  await expect(page).toHaveURL(new RegExp(`/dashboard/client/${uuid}$`));
  const clientId = new URL(page.url()).pathname.split('/').pop();
  await page.getByRole('button', { name: 'Popsat potřebu znovu' }).click();
  await expect(page).toHaveURL(new RegExp(`/new-case-wizard/ext-case-survey/${clientId}\\?caseId=${uuid}$`));
  const steps = page.getByRole('navigation', { name: 'Kroky průvodce' });
  await expect(steps.getByRole('listitem')).toHaveCount(5);
  await expect(page.getByRole('link', { name: 'Zpět na kartu klienta' })).toBeVisible();
});

/** A client of the signed-in carer for the case given, entered through the API (a daughter's mother). */
async function enterClientByApi(page: Page, request: APIRequestContext, caseId: string): Promise<string> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'access_token')?.value;
  const headers = { authorization: `Bearer ${token}` };
  const types = await answerOf(
    await request.get('/api/v1/web/relationship-types', { headers }),
    'listRelationshipTypes',
  );
  const created = await request.post('/api/v1/web/clients', {
    headers,
    data: {
      isClient: false,
      relationshipTypeId: types.find((type) => type.code === 'child')?.id,
      firstName: 'Marie',
      lastName: 'Dvořáková',
      dateOfBirth: '1941-03-12',
      sex: 'female',
      residence: { street: 'Hrnčířská 12', city: 'Praha 4', zipcode: '14900', countyCode: 'CZ0100' },
      serviceAddressDiffers: false,
      healthDataConsent: true,
      caseId,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await answerOf(created, 'createClient')).id;
}

test('the wizards opened without a step go on to their first step, or to the dashboard to choose a client', async ({
  page,
  request,
}) => {
  await signedInNewCarer(page, request);
  const firstStep = new URL(page.url()).pathname;
  const caseId = firstStep.split('/').pop() ?? '';
  const currentStep = page
    .getByRole('navigation', { name: 'Kroky průvodce' })
    .locator('[aria-current="step"]');

  // The new-client wizard starts with the client's details: of the case named, else of a case opened
  // for it (this tab's, the one sign-in opened).
  await page.goto('/new-client-wizard');
  await expect(page).toHaveURL(firstStep);
  await expect(currentStep).toContainText('Údaje o klientovi');
  await page.goto(`/new-client-wizard?caseId=${caseId}`);
  await expect(page).toHaveURL(firstStep);

  // The new-case wizard describes a need of a client: with none yet, the dashboard.
  await page.goto('/new-case-wizard');
  await expect(page).toHaveURL('/dashboard');

  // With exactly one, that client's extended questionnaire; a client named in the address wins.
  const clientId = await enterClientByApi(page, request, caseId);
  await page.goto('/new-case-wizard');
  await expect(page).toHaveURL(`/new-case-wizard/ext-case-survey/${clientId}`);
  await expect(currentStep).toContainText('Co zvládá a s čím potřebuje pomoc');
  await page.goto(`/new-case-wizard/?clientId=${clientId}&caseId=${caseId}`);
  await expect(page).toHaveURL(`/new-case-wizard/ext-case-survey/${clientId}?caseId=${caseId}`);
});

test.describe('screens in three languages and two sizes', () => {
  test('dashboard, client tabs and the client form look right', async ({ page, request }) => {
    test.setTimeout(180_000);
    mkdirSync(shots, { recursive: true });
    const person = await signedInNewCarer(page, request);
    const newClientUrl = page.url();
    await fillClientForm(page, {
      firstName: 'Marie',
      lastName: 'Procházková-Dvořáčková',
      dateOfBirth: '1936-02-29',
      relationship: 'Dcera / syn',
      search: 'Hustop',
      place: /^Hustopeče, 693 01, okres Břeclav$/,
      street: 'Dukelské náměstí 22',
    });
    await page.getByRole('checkbox', { name: /Jménem klienta/ }).check();
    await page.getByRole('button', { name: 'Uložit a pokračovat' }).click();
    await expect(page).toHaveURL(/\/new-client-wizard\/ext-case-survey\//);
    await giveSubscription(person.email);
    await page.goto('/redirect-after-login');
    await expect(page).toHaveURL(new RegExp(`/dashboard/client/${uuid}$`));
    const clientPath = new URL(page.url()).pathname;

    // An empty form of a case without a client, for its screenshot.
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /Přidat klienta/ }).click();
    await expect(page).toHaveURL(new RegExp(`/new-client-wizard/new-client/${uuid}$`));
    const emptyFormPath = new URL(page.url()).pathname;
    expect(newClientUrl).not.toBe(page.url());

    for (const locale of ['cs', 'en', 'sk'] as const) {
      for (const [size, viewport] of [
        ['desktop', { width: 1280, height: 800 }],
        ['phone', { width: 390, height: 844 }],
      ] as const) {
        await page.setViewportSize(viewport);
        const shot = async (name: string) => {
          // The header's signed-in controls arrive in a chunk of their own.
          if (size === 'desktop') {
            await expect(
              page.getByRole('button', { name: /^(Uživatelská nabídka|User menu|Používateľská ponuka):/ }),
            ).toBeVisible();
          }
          await screenshot(page, { path: `${shots}/clients-${name}-${locale}-${size}.png`, fullPage: true });
          if (size === 'phone')
            await screenshot(page, { path: `${shots}/clients-${name}-${locale}-${size}-top.png` });
        };
        await page.goto(`/${locale}/dashboard`);
        await expect(page.getByRole('article')).toHaveCount(1);
        await shot('dashboard');
        for (const tab of ['service-offer', 'my-services', 'details'] as const) {
          await page.goto(`${clientPath}${tab === 'service-offer' ? '' : `?tab=${tab}`}`);
          await expect(page.getByRole('tab', { selected: true })).toBeVisible();
          if (tab === 'service-offer') await expect(page.getByRole('article').first()).toBeVisible();
          await shot(`client-${tab}`);
        }
        await page.goto(newClientUrl.replace('/new-client/', '/service-offer/'));
        await expect(page).toHaveURL(/\/new-client-wizard\/service-offer\//);
        await expect(page.getByRole('article').first()).toBeVisible();
        await shot('wizard-offer');
        await page.goto(emptyFormPath);
        await expect(
          page.getByRole('navigation').filter({ has: page.locator('[aria-current="step"]') }),
        ).toBeVisible();
        await shot('form');
      }
    }
  });
});
