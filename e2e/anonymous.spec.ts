import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { answerOf } from './api.ts';
import { expect, test } from './fixtures.ts';
import { choose, question } from './forms.ts';
import { newPerson, passwordField, type TestPerson, textField } from './identity.ts';
import { screenshot, storeLocale } from './page-checks.ts';
import { chooseAtGateway, gatewayChoice } from './subscriptions.ts';

// The anonymous flows as a new person meets them (SPEC §2, §4): the anonymous new-case wizard — the
// extended survey as a guest (consent first, answers kept on the server under the browser's secret,
// a reload loses nothing), sign-up, the case claimed by the new account, then the client, the plans
// and the payment — and a guest's "Request service" on a service's detail, through sign-up, the
// client form for that service, the payment, to the request review of that service.

const shots = '/tmp/shots-anon';
const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const locales = ['cs', 'en', 'sk'] as const;
const widths = [1280, 390] as const;

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 160)).join(', ')}`,
    );
}

const needsHelp = 'Potřebuje pomoc druhého člověka';
const alone = 'Zvládá bez pomoci';

/** Screenshots of the current page in every language, at desktop and phone widths. */
async function shoot(page: Page, name: string, ready: Locator): Promise<void> {
  mkdirSync(shots, { recursive: true });
  for (const locale of locales) {
    await storeLocale(page, locale);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      // The layout follows the width in CSS alone: one load per language, the phone width resized to.
      if (width === widths[0]) await page.reload();
      await expect(ready).toBeVisible();
      await screenshot(page, { path: `${shots}/${name}-${locale}-${width}.png`, fullPage: true });
    }
  }
  await storeLocale(page, 'cs');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
}

async function signUpOnPage(page: Page, person: TestPerson): Promise<void> {
  await textField(page, 'Jméno').fill(person.firstName);
  await textField(page, 'Příjmení').fill(person.lastName);
  await textField(page, 'E-mail').fill(person.email);
  await textField(page, 'Telefon').fill(person.phone);
  await passwordField(page, 'Heslo').fill(person.password);
  await page.getByRole('checkbox', { name: /Souhlasím s obchodními podmínkami/ }).check();
  await page.getByRole('button', { name: 'Založit účet' }).click();
  // Sign-in follows, with the e-mail filled in and the way back kept.
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await expect(textField(page, 'E-mail')).toHaveValue(person.email);
  await passwordField(page, 'Heslo').fill(person.password);
  await page.getByRole('button', { name: 'Přihlásit se' }).click();
}

async function fillClient(page: Page): Promise<void> {
  await page.getByRole('combobox', { name: 'Váš vztah ke klientovi' }).selectOption({ label: 'Dcera / syn' });
  await textField(page, 'Jméno').fill('Marie');
  await textField(page, 'Příjmení').fill('Nováková');
  await page.getByLabel('Datum narození').fill('1943-04-03');
  await page.getByRole('radio', { name: 'Žena' }).check();
  const residence = page.getByRole('combobox', { name: 'Trvalé bydliště' });
  await residence.fill('Chodov');
  await page
    .getByRole('option', { name: /^Chodov, Praha, 149 00/ })
    .first()
    .click();
  await page.getByRole('checkbox', { name: /Jménem klienta \(Marie Nováková\) souhlasím/ }).check();
  await page.getByRole('button', { name: 'Uložit a pokračovat' }).click();
}

test('a guest answers the extended survey, signs up, and the account carries the answers on to the payment', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/anon-new-case-wizard');
  await expect(page).toHaveURL('/anon-new-case-wizard/ext-case-survey');
  const steps = page.getByRole('navigation', { name: 'Kroky průvodce' });
  await expect(steps.locator('[aria-current="step"]')).toContainText('Co zvládá');
  await expect(steps.getByRole('listitem')).toHaveCount(7);

  // Consent first: nothing is stored before it.
  const start = page.getByRole('button', { name: 'Začít vyplňovat' });
  await expect(start).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'ext-survey-consent', page.getByRole('checkbox').first());
  await start.click();
  await expect(
    page.getByText('Bez souhlasu se zpracováním údajů o zdraví nemůžeme potřebu popsat'),
  ).toBeVisible();
  await page.getByRole('checkbox', { name: /Souhlasím, aby Opora zpracovala zdravotní údaje/ }).check();
  await start.click();

  // The first answer opens the guest case; the address carries it from then on.
  await choose(page, 'S kým teď bydlí?', 'Sám nebo sama');
  await expect(page).toHaveURL(new RegExp(`/anon-new-case-wizard/ext-case-survey/${uuid}$`));
  const caseId = new URL(page.url()).pathname.split('/').pop() ?? '';
  await expect(page.getByText(/Bez účtu vaše odpovědi uchováme do/)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Uloženo/ })).toBeVisible();
  await page.getByRole('button', { name: 'Pokračovat' }).click();
  await choose(page, 'Pohyb', needsHelp);
  await expect(page.getByRole('status').filter({ hasText: /Uloženo/ })).toBeVisible();

  // A reload restores the answers from the server through the browser's secret.
  await page.reload();
  await expect(question(page, 'Pohyb').getByRole('radio', { name: needsHelp })).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);
  for (const title of ['Jídlo a pití', 'Oblékání a obouvání', 'Tělesná hygiena', 'Použití toalety']) {
    await choose(page, title, title === 'Jídlo a pití' ? needsHelp : alone);
  }
  await page.getByRole('button', { name: 'Pokračovat' }).click();
  await choose(page, 'Orientace', alone);
  await choose(page, 'Dorozumění', alone);
  await page.getByRole('button', { name: 'Pokračovat' }).click();
  await choose(page, 'Péče o zdraví', needsHelp);
  await choose(page, 'Osobní aktivity', alone);
  await choose(page, 'Domácnost', alone);
  await page.getByRole('button', { name: 'Dokončit a zobrazit odhad' }).click();
  await expect(page.getByRole('heading', { name: 'Odhad příspěvku na péči' })).toBeVisible();
  await page.getByRole('button', { name: 'Pokračovat', exact: true }).click();

  // Register: the answers are kept for 30 days without an account.
  await expect(page).toHaveURL(`/anon-new-case-wizard/register/${caseId}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Pro pokračování si založte účet' }),
  ).toBeVisible();
  await expect(page.getByText(/Bez účtu vaše odpovědi uchováme do/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'register', page.locator('form button[type="submit"]'));

  // Another browser (no secret) is told plainly and offered a fresh start.
  const stranger = await page.context().browser()?.newPage();
  if (stranger) {
    await stranger.goto(`/anon-new-case-wizard/ext-case-survey/${caseId}`);
    await expect(stranger.getByText('Tento dotazník v tomto prohlížeči otevřít nelze')).toBeVisible();
    await stranger.close();
  }

  const person = newPerson();
  await signUpOnPage(page, person);
  // Back on the register step signed in: the case is claimed, the wizard goes on to the client.
  await expect(page).toHaveURL(`/anon-new-case-wizard/new-client/${caseId}`);
  const secrets = await page.evaluate(() => globalThis.localStorage.getItem('opora.guestCases'));
  expect(secrets).toBeNull();
  await expect(steps.locator('[aria-current="step"]')).toContainText('Údaje o klientovi');
  expect(await seriousViolations(page)).toEqual([]);
  await fillClient(page);
  await expect(page).toHaveURL(`/anon-new-case-wizard/case-survey/${caseId}`);
  // The extended survey is the account's now: done in the progress.
  await expect(steps.getByRole('listitem').first()).toContainText('hotovo');

  // No subscription: the service offer shows the plans; the payment goes through the test gateway.
  await page.goto(`/anon-new-case-wizard/service-offer/${caseId}`);
  await page.getByRole('link', { name: 'Vybrat předplatné Samostatně' }).click();
  await expect(page).toHaveURL(new RegExp(`/anon-new-case-wizard/payment/${caseId}/${uuid}$`));
  await page.getByRole('button', { name: /^Zaplatit / }).click();
  await chooseAtGateway(page, gatewayChoice.success);
  await expect(page).toHaveURL(`/anon-new-case-wizard/services/${caseId}`);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a guest asks for a service, signs up, enters the client for it, pays, and reviews the request', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const services = await request.get('/api/v1/web/services?countyCode=CZ0100&pageSize=100');
  const list = await answerOf(services, 'listServices');
  const service = list.items.find((item) => item.name === 'Pečovatelská služba Vlídná péče') ?? list.items[0];
  expect(service).toBeTruthy();
  const serviceId = service?.id ?? '';

  await page.goto(`/anon-new-client/services/${serviceId}`);
  await page
    .getByRole('link', { name: /Poptat službu/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/registration\?redirectTo=/);
  await signUpOnPage(page, newPerson());

  await expect(page).toHaveURL(`/anon-new-client/services/${serviceId}/new-client`);
  await expect(page.getByText(`Poptáváte: ${service?.name}`)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'new-client-for-service', page.locator('form button[type="submit"]'));
  await fillClient(page);

  await expect(page).toHaveURL(new RegExp(`/anon-new-client/services/${serviceId}/service-offer/${uuid}$`));
  const caseId = new URL(page.url()).pathname.split('/').pop() ?? '';
  await page.getByRole('link', { name: 'Vybrat předplatné Samostatně' }).click();
  await expect(page).toHaveURL(
    new RegExp(`/anon-new-client/services/${serviceId}/payment/${caseId}/${uuid}$`),
  );
  await page.getByRole('button', { name: /^Zaplatit / }).click();
  await chooseAtGateway(page, gatewayChoice.success);
  // Paid: the request of the chosen service is next.
  await expect(page).toHaveURL(`/dashboard/request-review/${caseId}/${serviceId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
