import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { choose, fillClientForm, question } from './forms.ts';
import { newPerson, passwordField, signInThroughForm, signUpThroughForm } from './identity.ts';
import { screenshot, storeLocale } from './page-checks.ts';
import { chooseAtGateway, gatewayChoice } from './subscriptions.ts';

// The whole request loop as its two new users meet it (issue: "what a new carer and a new provider
// user met"): a carer signs up, enters her mother in the wizard, describes the need in both
// questionnaires, pays in the test gateway and requests the demo provider's home-care service; the
// demo coordinator finds it, reads the need the carer was told they would see, and accepts; the carer
// follows it. Every step through the pages, as people do it.

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const serviceName = 'Pečovatelská služba Vlídná péče';
const coordinator = { email: 'koordinatorka@opora.test', password: 'Opora2026!' };
const needsHelp = 'Potřebuje pomoc druhého člověka';
const alone = 'Zvládá bez pomoci';
const needNote = 'Maminka je po pádu, ráno potřebuje pomoct s hygienou a oblékáním.\nOdpoledne jsem u ní já.';
const shots = '/tmp/shots-request-loop';

/** The name → value pairs of a description list (`FieldList`), as its text reads. */
async function fieldsOf(list: Locator): Promise<Record<string, string>> {
  return list.evaluate((element) => {
    type Node = { textContent: string | null; nextElementSibling: Node | null };
    const terms = (
      element as unknown as { querySelectorAll(selector: string): ArrayLike<Node> }
    ).querySelectorAll(':scope > dt');
    const pairs: Record<string, string> = {};
    for (const term of Array.from(terms)) {
      const value = term.nextElementSibling;
      pairs[(term.textContent ?? '').trim()] = (value?.textContent ?? '').trim();
    }
    return pairs;
  });
}

/** Signs up through the form; the first sign-in opens the new-client wizard for a new case. */
async function signUpAndSignIn(page: Page) {
  const person = newPerson();
  await signUpThroughForm(page, person);
  await passwordField(page, 'Heslo').fill(person.password);
  await page.getByRole('button', { name: 'Přihlásit se' }).click();
  await expect(page).toHaveURL(new RegExp(`/new-client-wizard/new-client/${uuid}$`));
  return { person, caseId: new URL(page.url()).pathname.split('/').pop() ?? '' };
}

/** The extended questionnaire: six of the ten needs another person has to help with. */
async function describeWhatTheClientManages(page: Page): Promise<void> {
  await expect(
    page.getByRole('heading', { level: 1, name: 'Co zvládá a s čím potřebuje pomoct' }),
  ).toBeVisible();
  await choose(page, 'S kým teď bydlí?', 'Sám nebo sama');
  await page.getByRole('button', { name: 'Pokračovat' }).click();
  await choose(page, 'Pohyb', needsHelp);
  await choose(page, 'Jídlo a pití', alone);
  await choose(page, 'Oblékání a obouvání', needsHelp);
  await choose(page, 'Tělesná hygiena', needsHelp);
  await choose(page, 'Použití toalety', needsHelp);
  await page.getByRole('button', { name: 'Pokračovat' }).click();
  await choose(page, 'Orientace', alone);
  await choose(page, 'Dorozumění', alone);
  await page.getByRole('button', { name: 'Pokračovat' }).click();
  await choose(page, 'Péče o zdraví', needsHelp);
  await choose(page, 'Osobní aktivity', alone);
  await choose(page, 'Domácnost', needsHelp);
  await page.getByRole('button', { name: 'Dokončit a zobrazit odhad' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Odhad příspěvku na péči' })).toBeVisible();
  await page.getByRole('button', { name: 'Pokračovat', exact: true }).click();
}

/** The case questionnaire: help at home every day, with the family's own note. */
async function describeTheHelpWanted(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Jakou pomoc hledáte' })).toBeVisible();
  await question(page, 'S čím potřebujete pomoct?')
    .getByRole('checkbox', { name: /Pomoc doma s péčí o sebe/ })
    .check();
  await choose(page, 'Kde by péče měla probíhat?', 'Doma');
  await page.getByRole('button', { name: 'Pokračovat' }).click();
  await choose(page, 'Jak často je pomoc potřeba?', 'Každý den');
  await page.getByRole('button', { name: 'Pokračovat' }).click();
  await page.getByRole('textbox', { name: /Chcete nám ještě něco říct\?/ }).fill(needNote);
  await page.getByRole('button', { name: 'Dokončit a zobrazit služby' }).click();
}

/** The demo provider's own questionnaire on the review page (moving about, diet, start, a note). */
async function fillProvidersQuestionnaire(page: Page): Promise<void> {
  const surveys = page.getByRole('region', { name: 'Dotazníky poskytovatele' });
  await surveys.getByRole('button', { name: 'Vyplnit' }).click();
  await question(page, 'Jak se klient pohybuje?')
    .getByRole('radio', { name: 'S holí nebo chodítkem' })
    .check();
  await question(page, 'Potřebuje klient zvláštní stravu?').getByRole('radio', { name: 'Jinou' }).check();
  await page.getByRole('button', { name: 'Pokračovat' }).click();
  await page.getByRole('textbox', { name: /Jakou stravu\?/ }).fill('Bezlepková');
  await page.getByRole('button', { name: 'Pokračovat' }).click();
  await page.getByLabel(/Od kdy péči potřebujete\?/).fill('2027-01-04');
  await page.getByRole('button', { name: 'Uložit dotazník' }).click();
  await expect(surveys.getByText('Vyplněno 1 z 1')).toBeVisible();
}

/** A page of its own browser context, signed in as the demo provider's coordinator. */
async function coordinatorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'cs-CZ' });
  const page = await context.newPage();
  await signInThroughForm(page, coordinator.email, coordinator.password);
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

/**
 * Records every current state the carer's request page shows from now on (the text of "Aktuální stav"
 * whenever the page changes), so a test can say what was never shown.
 */
async function recordShownStates(page: Page): Promise<void> {
  await page.evaluate(() => {
    type Node = { textContent: string | null; nextElementSibling: Node | null };
    const browser = globalThis as unknown as {
      __oporaShownStates: string[];
      document: { body: unknown; querySelectorAll(selector: string): ArrayLike<Node> };
      MutationObserver: new (
        callback: () => void,
      ) => { observe(target: unknown, options: Record<string, boolean>): void };
    };
    const seen: string[] = [];
    browser.__oporaShownStates = seen;
    const read = () => {
      for (const term of Array.from(browser.document.querySelectorAll('dt'))) {
        if (term.textContent?.trim() === 'Aktuální stav') {
          const value = (term.nextElementSibling?.textContent ?? '').trim();
          if (seen.at(-1) !== value) seen.push(value);
        }
      }
    };
    new browser.MutationObserver(read).observe(browser.document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
}

function shownStates(page: Page): Promise<string[]> {
  return page.evaluate(() => (globalThis as unknown as { __oporaShownStates: string[] }).__oporaShownStates);
}

test('a new carer’s request reaches the provider with the need she agreed to share, and she sees the provider’s answer at once', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  mkdirSync(shots, { recursive: true });

  // Sign-up → the wizard: the client, both questionnaires, the plan and its payment.
  const { person, caseId } = await signUpAndSignIn(page);
  await fillClientForm(page, {
    firstName: 'Marie',
    lastName: 'Horáková',
    dateOfBirth: '1941-03-12',
    relationship: 'Dcera / syn',
    search: 'Chodov',
    place: /^Chodov, Praha, 149 00/,
    street: 'Hrnčířská 12',
  });
  await page.getByRole('checkbox', { name: /Jménem klienta \(Marie Horáková\) souhlasím/ }).check();
  await page.getByRole('button', { name: 'Uložit a pokračovat' }).click();
  await expect(page).toHaveURL(`/new-client-wizard/ext-case-survey/${caseId}`);
  await describeWhatTheClientManages(page);
  await expect(page).toHaveURL(`/new-client-wizard/case-survey/${caseId}`);
  await describeTheHelpWanted(page);
  await expect(page).toHaveURL(`/new-client-wizard/service-offer/${caseId}`);
  await page.getByRole('link', { name: 'Vybrat předplatné Samostatně' }).click();
  await page.getByRole('button', { name: /^Zaplatit \d+\s?Kč$/ }).click();
  await chooseAtGateway(page, gatewayChoice.success);
  await expect(page).toHaveURL(`/new-client-wizard/services/${caseId}`);

  // The home-care service of the demo provider → the review page.
  await page
    .getByRole('link', { name: new RegExp(`^Poptat službu ${serviceName}`) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/request-review/${caseId}/${uuid}$`));
  const shared = page.getByRole('region', { name: 'Co poskytovatel uvidí' });
  await expect(shared.getByText('Marie Horáková')).toBeVisible();
  const reviewClient = await fieldsOf(shared.locator('dl').first());
  const after = (heading: string) =>
    shared.getByRole('heading', { name: heading }).locator('xpath=following-sibling::*[1]').textContent();
  const reviewRequester = ((await after('Kdo poptává')) ?? '').split(' · ');
  const reviewCase = (await after('Potřeba péče')) ?? '';
  // What the carer is told the provider will see: both questionnaires of the need, filled in.
  await expect(shared.getByText('Co klient zvládá (vyplněno), Jakou pomoc hledáte (vyplněno)')).toBeVisible();
  await fillProvidersQuestionnaire(page);
  await page
    .getByRole('checkbox', { name: /dostal údaje o klientovi, o potřebě péče a vyplněné dotazníky/ })
    .check();
  await page.getByRole('button', { name: 'Odeslat poptávku' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/request-confirmation/${caseId}\\?request=${uuid}$`));
  const careRequestId = new URL(page.url()).searchParams.get('request') ?? '';
  await expect(page.getByRole('heading', { level: 1, name: 'Poptávka je odeslaná' })).toBeVisible();

  // The coordinator finds it in the inbox by its reference and opens it.
  const provider = await coordinatorPage(browser);
  const code = reviewCase.split('Referenční číslo ').pop() ?? '';
  expect(code).toMatch(/^OP-\d+$/);
  await provider.goto(`/provider/requests?client=${encodeURIComponent(code)}`);
  await provider.getByRole('link', { name: code, exact: true }).click();
  await expect(provider).toHaveURL(`/provider/requests/${careRequestId}`);
  await expect(provider.getByRole('heading', { level: 1, name: 'Marie Horáková' })).toBeVisible();

  // §1, field by field: the client, who asks, the need and its questionnaires, as the review page listed them.
  const providerClient = await fieldsOf(
    provider.getByRole('region', { name: 'Klient', exact: true }).locator('dl'),
  );
  const providerRequester = await fieldsOf(provider.getByRole('region', { name: 'Žadatel' }).locator('dl'));
  for (const [label, value] of Object.entries(reviewClient)) {
    if (label === 'Váš vztah ke klientovi')
      expect(providerRequester['Vztah ke klientovi'], label).toBe(value);
    else expect(providerClient[label], label).toBe(value);
  }
  expect(reviewRequester[0]).toBe(`${person.firstName} ${person.lastName}`);
  expect(providerRequester.Jméno).toBe(reviewRequester[0]);
  expect(providerRequester['E-mail']).toBe(person.email);
  expect(reviewRequester).toContain(person.email);
  const need = provider.getByRole('region', { name: 'Potřeba péče' });
  expect(await fieldsOf(need.locator('dl'))).toEqual({
    Případ: reviewCase.split(' · ')[0],
    'Co klient zvládá': 'vyplněno',
    'Jakou pomoc hledáte': 'vyplněno',
    'Poznámka rodiny k potřebě': needNote,
  });
  expect(
    await fieldsOf(provider.getByRole('region', { name: 'Poptávka', exact: true }).locator('dl')),
  ).toMatchObject({
    'Číslo poptávky': code,
  });

  // The surveys tab: both questionnaires of the need with their answers, then the provider's own.
  await need.getByRole('button', { name: 'Zobrazit dotazníky' }).click();
  await expect(provider).toHaveURL(`/provider/requests/${careRequestId}?tab=surveys`);
  await expect(provider.getByRole('tab', { name: 'Dotazníky (3)' })).toHaveAttribute('aria-selected', 'true');
  const needSection = provider.getByRole('region', { name: 'Potřeba péče' });
  const manages = needSection.getByRole('region', { name: 'Co zvládá a s čím potřebuje pomoct' });
  expect(await fieldsOf(manages.locator('dl'))).toMatchObject({
    'S kým teď bydlí?': 'Sám nebo sama',
    Pohyb: needsHelp,
    'Jídlo a pití': alone,
    'Tělesná hygiena': needsHelp,
    Domácnost: needsHelp,
  });
  const wanted = needSection.getByRole('region', { name: 'Jakou pomoc hledáte' });
  expect(await fieldsOf(wanted.locator('dl'))).toMatchObject({
    'Kde by péče měla probíhat?': 'Doma',
    'Jak často je pomoc potřeba?': 'Každý den',
    'Chcete nám ještě něco říct?': needNote,
  });
  await expect(wanted.getByText(/Pomoc doma s péčí o sebe/)).toBeVisible();
  const own = provider.getByRole('region', { name: 'Dotazníky poskytovatele' });
  await expect(own.getByText('Bezlepková')).toBeVisible();

  // The print layout carries the same need.
  await provider.addInitScript(() => {
    (globalThis as unknown as { print: () => void }).print = () => undefined;
  });
  await provider.goto(`/provider/requests/${careRequestId}/print?sections=overview%2Csurveys`);
  const printedNeed = provider.getByRole('region', { name: 'Potřeba péče' }).first();
  await expect(printedNeed.getByText(needNote.split('\n')[0] ?? '')).toBeVisible();
  await expect(provider.getByRole('region', { name: 'Co zvládá a s čím potřebuje pomoct' })).toBeVisible();
  await expect(
    provider.getByRole('region', { name: 'Jakou pomoc hledáte' }).getByText(needNote.split('\n')[1] ?? ''),
  ).toBeVisible();

  // §2, kept fresh while open: the carer reads the request in another browser; the provider accepts;
  // the open page shows it at its next poll, without a reload (the page's clock moves, the server is real).
  const watching = await browser.newContext({ locale: 'cs-CZ' });
  const open = await watching.newPage();
  await signInThroughForm(open, person.email, person.password);
  await expect(open).not.toHaveURL(/\/login/);
  await open.clock.install();
  await open.goto(`/dashboard/request/${careRequestId}`);
  const openState = open.getByRole('region', { name: 'Stav a historie' });
  await expect(openState.getByText('Nová', { exact: true })).toBeVisible();

  await provider.goto(`/provider/requests/${careRequestId}`);
  await provider.getByRole('button', { name: 'Změnit stav' }).click();
  const dialog = provider.getByRole('dialog', { name: 'Změna stavu poptávky' });
  await dialog.getByRole('radio', { name: 'Přijata' }).check();
  await dialog.getByRole('button', { name: 'Změnit stav' }).click();
  await expect(provider.getByText('Stav změněn na „Přijata“. Klientovi jsme poslali e-mail.')).toBeVisible();

  await open.clock.runFor('00:31');
  await expect(openState.getByText('Přijata', { exact: true })).toBeVisible();
  await expect(open.getByRole('button', { name: 'Stáhnout poptávku' })).toHaveCount(0);
  await watching.close();

  // §2 on entry: the carer's first tab still holds the confirmation page's copy ("New"). Her client's
  // "My services" says Accepted, and the request opened from there says so at once: never "New".
  await page.getByRole('link', { name: 'Zpět na klienta' }).click();
  await page.getByRole('tab', { name: 'Moje služby' }).click();
  const listed = page.getByRole('article').filter({ has: page.getByRole('link', { name: serviceName }) });
  await expect(listed.getByText('Přijata', { exact: true })).toBeVisible();
  await recordShownStates(page);
  await listed.getByRole('link', { name: serviceName }).click();
  await expect(page).toHaveURL(`/dashboard/request/${careRequestId}`);
  await expect(
    page.getByRole('region', { name: 'Stav a historie' }).getByText('Přijata', { exact: true }),
  ).toBeVisible();
  await expect(page.getByText('Stav změněn na: Přijata')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stáhnout poptávku' })).toHaveCount(0);
  expect(await shownStates(page)).toEqual(['Přijata']);

  // The carer's own surveys tab shows what she sent: the same need, the same answers.
  await page.getByRole('tab', { name: 'Dotazníky (3)' }).click();
  await expect(
    page.getByRole('region', { name: 'Jakou pomoc hledáte' }).getByText(needNote.split('\n')[0] ?? ''),
  ).toBeVisible();

  // The changed pages in every language, at a desktop's and a phone's width (one load per language
  // and page; the layout follows the width in CSS alone).
  const views = [
    {
      page: provider,
      name: 'provider-overview',
      path: `/provider/requests/${careRequestId}`,
      h1: 'Marie Horáková',
    },
    {
      page: provider,
      name: 'provider-surveys',
      path: `/provider/requests/${careRequestId}?tab=surveys`,
      h1: 'Marie Horáková',
    },
    { page, name: 'carer-overview', path: `/dashboard/request/${careRequestId}`, h1: serviceName },
    { page, name: 'carer-surveys', path: `/dashboard/request/${careRequestId}?tab=surveys`, h1: serviceName },
  ];
  for (const locale of ['cs', 'en', 'sk']) {
    for (const view of views) {
      await storeLocale(view.page, locale);
      await view.page.setViewportSize({ width: 1280, height: 900 });
      await view.page.goto(view.path);
      await expect(view.page.getByRole('heading', { level: 1, name: view.h1 })).toBeVisible();
      await screenshot(view.page, { path: `${shots}/${view.name}-${locale}-1280.png`, fullPage: true });
      await view.page.setViewportSize({ width: 390, height: 844 });
      await screenshot(view.page, { path: `${shots}/${view.name}-${locale}-390.png`, fullPage: true });
    }
  }
  await provider.context().close();
});
