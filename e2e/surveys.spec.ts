import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { answerOf } from './api.ts';
import { createClientByApi, createClientCaseByApi, signedInCarer } from './carer-data.ts';
import { expect, test } from './fixtures.ts';
import { choose, question } from './forms.ts';
import { expectNoAxeViolations, screenshot, storeLocale } from './page-checks.ts';

// The questionnaires of the wizards, answered as a carer does: the extended case survey (ten basic
// needs → the care-allowance estimate) and the case survey (→ the service offer). The questionnaires
// are the seeded ones (packages/db/src/seed/surveys); the carer and the client are made by the test.

const shots = '/tmp/shots';

/** A question's group (fieldset), named by its legend. */

const needsHelp = 'Potřebuje pomoc druhého člověka';
const alone = 'Zvládá bez pomoci';

/**
 * The whole page from its top, and on a phone also the screen as the person sees it from `anchor`
 * (a full page of a phone is too tall to judge).
 */
async function shoot(page: Page, name: string, anchor: Locator): Promise<void> {
  await page.evaluate(() =>
    (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0),
  );
  await screenshot(page, { path: `${shots}/${name}.png`, fullPage: true });
  if ((page.viewportSize()?.width ?? 1280) < 600) {
    await anchor.evaluate((element) =>
      (element as unknown as { scrollIntoView(options: object): void }).scrollIntoView({ block: 'start' }),
    );
    await screenshot(page, { path: `${shots}/${name}-screen.png` });
  }
}

async function expectSaved(page: Page): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: 'Uloženo' })).toBeVisible();
}

test('a carer describes the need, leaves mid-way, comes back, sees the estimate and goes on to the service offer', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { headers } = await signedInCarer(page, request);
  const { caseId } = await createClientCaseByApi(request, headers, {
    residence: { countyCode: 'CZ0642', city: 'Brno', zipcode: '602 00' },
  });

  const surveyUrl = `/new-client-wizard/ext-case-survey/${caseId}`;
  await page.goto(surveyUrl);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Co zvládá a s čím potřebuje pomoct' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Proč se ptáme' })).toBeVisible();
  await expect(page.getByText('Část 1 ze 4')).toBeVisible();
  await expectNoAxeViolations(page);

  // Part 1: optional questions; the degree is asked only when an allowance is already paid.
  await choose(page, 'S kým teď bydlí?', 'Sám nebo sama');
  await expect(question(page, 'V jakém stupni?')).toHaveCount(0);
  await choose(page, 'Dostává už příspěvek na péči?', 'Ano');
  await expect(question(page, 'V jakém stupni?')).toBeVisible();
  await choose(page, 'Dostává už příspěvek na péči?', 'Ne');
  await expect(question(page, 'V jakém stupni?')).toHaveCount(0);
  await page.getByRole('button', { name: 'Pokračovat' }).click();

  // Part 2: Next without answers puts the keyboard on the first question to answer.
  await expect(page.getByRole('heading', { level: 2, name: 'Pohyb a péče o sebe' })).toBeFocused();
  await page.getByRole('button', { name: 'Pokračovat' }).click();
  const firstMobility = question(page, 'Pohyb').getByRole('radio', { name: alone });
  await expect(firstMobility).toBeFocused();
  await expect(question(page, 'Pohyb').getByText('Odpovězte prosím na tuto otázku.')).toBeVisible();
  mkdirSync(shots, { recursive: true });
  await screenshot(page, { path: `${shots}/surveys-required-cs-1280x800.png` });
  await choose(page, 'Pohyb', needsHelp);
  await choose(page, 'Jídlo a pití', needsHelp);
  await choose(page, 'Oblékání a obouvání', needsHelp);
  await choose(page, 'Tělesná hygiena', 'Zvládá, ale s obtížemi nebo s pomůckou');
  await choose(page, 'Použití toalety', alone);
  await expectSaved(page);
  await page.getByRole('button', { name: 'Pokračovat' }).click();
  await expect(page.getByText('Část 3 ze 4')).toBeVisible();

  // Leave straight after an answer (before the autosave's pause) and come back: nothing is lost, and
  // the questionnaire opens where the person stopped.
  await choose(page, 'Orientace', needsHelp);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Přehled' })).toBeVisible();
  await page.goto(surveyUrl);
  await expect(page.getByRole('heading', { level: 2, name: 'Orientace a dorozumění' })).toBeVisible();
  await expect(question(page, 'Orientace').getByRole('radio', { name: needsHelp })).toBeChecked();
  await page.getByRole('button', { name: 'Zpět' }).click();
  await expect(question(page, 'Pohyb').getByRole('radio', { name: needsHelp })).toBeChecked();
  await page.getByRole('button', { name: 'Pokračovat' }).click();

  await choose(page, 'Dorozumění', needsHelp);
  await page.getByRole('button', { name: 'Pokračovat' }).click();
  await choose(page, 'Péče o zdraví', alone);
  await choose(page, 'Osobní aktivity', alone);
  await choose(page, 'Domácnost', 'Zvládá, ale s obtížemi nebo s pomůckou');
  await page.getByRole('button', { name: 'Dokončit a zobrazit odhad' }).click();

  // Five needs another person has to help with: degree II, 4 400 Kč a month — as an estimate.
  const result = page.getByRole('heading', { level: 2, name: 'Odhad příspěvku na péči' });
  await expect(result).toBeFocused();
  await expect(page.getByText('Orientační odhad', { exact: true })).toBeVisible();
  await expect(page.getByText(/ne rozhodnutí/)).toBeVisible();
  await expect(page.getByText('Odpovědi odpovídají stupni II — středně těžká závislost')).toBeVisible();
  await expect(page.getByText(/^4\s400\sKč$/)).toBeVisible();
  await expect(page.getByText('5 potřeb z deseti, které bez pomoci jiné osoby nezvládne:')).toBeVisible();
  await expect(page.getByText(/Úřadu práce ČR podle trvalého bydliště/)).toBeVisible();
  await expect(page.getByRole('link', { name: /Žádost o příspěvek na péči/ })).toHaveAttribute(
    'target',
    '_blank',
  );
  await expectNoAxeViolations(page);

  mkdirSync(shots, { recursive: true });
  for (const locale of ['cs', 'en', 'sk'] as const) {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const size = `${viewport.width}x${viewport.height}`;
      await page.setViewportSize(viewport);
      await storeLocale(page, locale);
      await page.goto(surveyUrl);
      const edit = page.getByRole('button', { name: /Upravit odpovědi|Change the answers|Upraviť odpovede/ });
      await expect(edit).toBeVisible();
      await shoot(
        page,
        `surveys-estimate-${locale}-${size}`,
        page.getByText(/Orientační odhad|Indicative estimate|Orientačný odhad/),
      );
      await edit.click();
      const progress = page.getByText(/Část 1 ze 4|Part 1 of 4|Časť 1 zo 4/);
      await expect(progress).toBeVisible();
      await shoot(page, `surveys-page-${locale}-${size}`, progress);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await storeLocale(page, 'cs');

  // Continue → the case survey.
  await page.goto(surveyUrl);
  await page.getByRole('button', { name: 'Pokračovat', exact: true }).click();
  await expect(page).toHaveURL(`/new-client-wizard/case-survey/${caseId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Jakou pomoc hledáte' })).toBeVisible();
  await expectNoAxeViolations(page);
  await question(page, 'S čím potřebujete pomoct?')
    .getByRole('checkbox', { name: /Pomoc doma s péčí o sebe/ })
    .check();
  await choose(page, 'Kde by péče měla probíhat?', 'Doma');
  await page.getByRole('button', { name: 'Pokračovat' }).click();
  await choose(page, 'Jak často je pomoc potřeba?', 'Každý den');
  await page.getByRole('button', { name: 'Pokračovat' }).click();
  await page.getByRole('textbox', { name: /Kolik můžete za péči měsíčně dát/ }).fill('6000');
  await page.getByRole('button', { name: 'Dokončit a zobrazit služby' }).click();
  await expect(page).toHaveURL(`/new-client-wizard/service-offer/${caseId}`);
});

test('a new case for a client in Slovakia gets its case on the first answer, once, and Slovak guidance', async ({
  page,
  request,
  problems,
}) => {
  test.setTimeout(90_000);
  const { headers } = await signedInCarer(page, request);
  const clientId = await createClientByApi(request, headers, {
    residence: { countyCode: 'SK0101', city: 'Bratislava', zipcode: '811 01' },
  });
  const cases = async () => {
    const response = await request.get(`/api/v1/web/clients/${clientId}/cases`, { headers });
    return (await answerOf(response, 'listClientCases')).length;
  };
  const before = await cases();

  await page.goto(`/new-case-wizard/ext-case-survey/${clientId}`);
  await expect(page.getByText('Pro: Marie Dvořáková')).toBeVisible();
  await choose(page, 'S kým teď bydlí?', 'S partnerem, s rodinou nebo s někým dalším');
  await expect(page).toHaveURL(/\?caseId=/);
  await expectSaved(page);
  await page.reload();
  // The first part is answered: the questionnaire goes on with the next; the answer is kept.
  await expect(page.getByRole('heading', { level: 2, name: 'Pohyb a péče o sebe' })).toBeVisible();
  expect(await cases()).toBe(before + 1);
  await page.getByRole('button', { name: 'Zpět', exact: true }).click();
  await expect(question(page, 'S kým teď bydlí?').getByRole('radio', { name: /S partnerem/ })).toBeChecked();
  await page.getByRole('button', { name: 'Pokračovat' }).click();

  // The connection drops: the person is told, the answer waits in the browser and goes once it is back.
  problems.allow(/ERR_INTERNET_DISCONNECTED/);
  await page.context().setOffline(true);
  await choose(page, 'Pohyb', needsHelp);
  await expect(page.getByRole('status').filter({ hasText: 'Neuloženo — zkouším to znovu.' })).toBeVisible();
  mkdirSync(shots, { recursive: true });
  await screenshot(page, { path: `${shots}/surveys-retrying-cs-1280x800.png` });
  await page.context().setOffline(false);
  await expectSaved(page);

  for (const title of [
    'Pohyb',
    'Jídlo a pití',
    'Oblékání a obouvání',
    'Tělesná hygiena',
    'Použití toalety',
  ]) {
    await choose(page, title, title === 'Pohyb' ? needsHelp : alone);
  }
  await page.getByRole('button', { name: 'Pokračovat' }).click();
  await choose(page, 'Orientace', alone);
  await choose(page, 'Dorozumění', alone);
  await page.getByRole('button', { name: 'Pokračovat' }).click();
  await choose(page, 'Péče o zdraví', needsHelp);
  await choose(page, 'Osobní aktivity', alone);
  await choose(page, 'Domácnost', alone);
  await page.getByRole('button', { name: 'Dokončit a zobrazit odhad' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Co z odpovědí vyplývá' })).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Jak je to na Slovensku' })).toBeVisible();
  await expect(page.getByText(/Úrad práce, sociálnych vecí a rodiny \(ÚPSVaR\)/)).toBeVisible();
  await expect(page.getByText('2 potřeby z deseti, které bez pomoci jiné osoby nezvládne:')).toBeVisible();
  await expect(page.getByText(/Kč/)).toHaveCount(0);
  expect(await cases()).toBe(before + 1);
  mkdirSync(shots, { recursive: true });
  await screenshot(page, { path: `${shots}/surveys-estimate-sk-client-cs-1280x800.png`, fullPage: true });

  await page.getByRole('button', { name: 'Pokračovat', exact: true }).click();
  await expect(page).toHaveURL(/\/new-case-wizard\/case-survey\//);
});

test('with no need marked, the estimate says all ten are managed, and shows no amount nor a note about amounts', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { headers } = await signedInCarer(page, request);
  const { caseId } = await createClientCaseByApi(request, headers, {
    residence: { countyCode: 'CZ0642', city: 'Brno', zipcode: '602 00' },
  });

  const surveyUrl = `/new-client-wizard/ext-case-survey/${caseId}`;
  await page.goto(surveyUrl);
  await page.getByRole('button', { name: 'Pokračovat' }).click();
  for (const part of [
    ['Pohyb', 'Jídlo a pití', 'Oblékání a obouvání', 'Tělesná hygiena', 'Použití toalety'],
    ['Orientace', 'Dorozumění'],
    ['Péče o zdraví', 'Osobní aktivity', 'Domácnost'],
  ]) {
    for (const title of part) await choose(page, title, alone);
    await page
      .getByRole('button', { name: part[0] === 'Péče o zdraví' ? 'Dokončit a zobrazit odhad' : 'Pokračovat' })
      .click();
  }

  await expect(page.getByRole('heading', { level: 2, name: 'Odhad příspěvku na péči' })).toBeFocused();
  await expect(page.getByText('Podle odpovědí příspěvek spíše nevznikne')).toBeVisible();
  await expect(
    page.getByText(
      'Podle odpovědí zvládá všech deset základních potřeb sám nebo jen s menší pomocí či pomůckami.',
    ),
  ).toBeVisible();
  await expect(page.getByText(/potřeb z deseti/)).toHaveCount(0);
  await expect(page.getByText(/Kč/)).toHaveCount(0);
  await expect(page.getByText(/Uvedené částky platí pro dospělé/)).toHaveCount(0);
  await expectNoAxeViolations(page);

  mkdirSync(shots, { recursive: true });
  for (const locale of ['cs', 'en', 'sk'] as const) {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await storeLocale(page, locale);
      await page.goto(surveyUrl);
      const counted = page.getByRole('heading', {
        name: /Započítané potřeby|Needs counted|Započítané potreby/,
      });
      await expect(counted).toBeVisible();
      await expect(page.getByText(/Uvedené částky|The amounts shown|Uvedené sumy/)).toHaveCount(0);
      await shoot(page, `surveys-estimate-no-need-${locale}-${viewport.width}x${viewport.height}`, counted);
    }
  }
  await storeLocale(page, 'cs');
});
