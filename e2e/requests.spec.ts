import { mkdirSync, readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { answerOf } from './api.ts';
import { createClientCaseByApi, signedInCarer } from './carer-data.ts';
import { giveSubscription } from './database.ts';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, screenshot, storeLocale } from './page-checks.ts';

// From the services pool to a sent request, as a carer does it (SPEC §2 request-review,
// request-confirmation, request/{id}, my-services): the demo provider Vlídná péče asks for its own
// questionnaire with its Chodov services (packages/db/src/seed/surveys/demo-provider-survey.ts). The
// carer and the client are made by the test; the subscription the pool and sending need is written
// straight into the server's database (the only data set up that way), since paying is another
// journey's subject (e2e/subscriptions.spec.ts).

const shots = '/tmp/shots-requests';
const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const serviceName = 'Pečovatelská služba Vlídná péče';

/** The whole page, and on a phone also the screen from `anchor` (a whole phone page is too tall to judge). */
async function shoot(page: Page, name: string, anchor: Locator, folder = shots): Promise<void> {
  await page.evaluate(() =>
    (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0),
  );
  await screenshot(page, { path: `${folder}/${name}.png`, fullPage: true });
  if ((page.viewportSize()?.width ?? 1280) < 600) {
    await anchor.evaluate((element) =>
      (element as unknown as { scrollIntoView(options: object): void }).scrollIntoView({ block: 'start' }),
    );
    await screenshot(page, { path: `${folder}/${name}-screen.png` });
  }
}

const widths = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const languages = [
  { locale: 'cs', heading: 'Zkontrolujte a odešlete poptávku', sent: 'Poptávka je odeslaná' },
  { locale: 'en', heading: 'Check and send your request', sent: 'Your request has been sent' },
  { locale: 'sk', heading: 'Skontrolujte a odošlite dopyt', sent: 'Dopyt je odoslaný' },
] as const;

const documentShots = '/tmp/shots-docs';
const reviewDocumentsTitle = { cs: 'Přílohy', en: 'Attachments', sk: 'Prílohy' } as const;

/** A one-page PDF, as a scanner or a doctor's office would send it. */
const reportPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n' +
    ' '.repeat(2048),
  'latin1',
);
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The report's size as the page writes it (kB in the reader's language). */
function reportSize(locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1 }).format(
    reportPdf.byteLength / 1024,
  );
}

/** Chooses files through the button's file chooser, as a person does. */
async function attachFiles(
  page: Page,
  region: Locator,
  files: { name: string; mimeType: string; buffer: Buffer }[],
): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await region.getByRole('button', { name: /Přidat dokumenty|Add documents|Pridať dokumenty/ }).click();
  await (await chooser).setFiles(files);
}

function question(page: Page, title: string): Locator {
  return page.getByRole('group', { name: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
}

test('a carer opens a service from the pool, fills in the provider’s questionnaire, sends the request, reads it and withdraws it', async ({
  page,
  request,
  problems,
}) => {
  test.setTimeout(240_000);
  // Chromium logs the refusal of the disguised file this test uploads (415).
  problems.allow(/Failed to load resource: the server responded with a status of 415/);
  mkdirSync(documentShots, { recursive: true });
  mkdirSync(shots, { recursive: true });
  const { person, headers } = await signedInCarer(page, request);
  const { caseId, clientId } = await createClientCaseByApi(request, headers, { reachable: true });
  await giveSubscription(person.email);

  // The pool → the service's detail → its request card.
  await page.goto(`/dashboard/client/${clientId}`);
  await page.getByRole('link', { name: serviceName, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/service/${uuid}/${caseId}$`));
  await expect(page.getByRole('heading', { level: 1, name: serviceName })).toBeVisible();
  await page.getByRole('link', { name: 'Poptat službu' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/request-review/${caseId}/${uuid}$`));
  const reviewUrl = new URL(page.url()).pathname;

  // What the provider will see.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Zkontrolujte a odešlete poptávku' }),
  ).toBeVisible();
  const shared = page.getByRole('region', { name: 'Co poskytovatel uvidí' });
  await expect(shared.getByText('Marie Dvořáková')).toBeVisible();
  await expect(shared.getByText('Hrnčířská 12, 149 00 Praha 4')).toBeVisible();
  await expect(shared.getByText(person.email)).toBeVisible();
  await expectNoAxeViolations(page);

  // Screenshots of the review page in every language and width, before anything is filled in.
  for (const { locale, heading } of languages) {
    await storeLocale(page, locale);
    for (const size of widths) {
      await page.setViewportSize({ width: size.width, height: size.height });
      // The layout follows the width in CSS alone: one load per language, the phone width resized to.
      if (size === widths[0]) await page.goto(reviewUrl);
      const title = page.getByRole('heading', { level: 1, name: heading });
      await expect(title).toBeVisible();
      await shoot(page, `review-${locale}-${size.name}`, title);
    }
  }
  await storeLocale(page, 'cs');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(reviewUrl);

  // Send at once: refused, with every reason, nothing sent.
  const send = page.getByRole('button', { name: 'Odeslat poptávku' });
  await send.click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Před odesláním žádosti je nutné vyplnit všechny formuláře.' }),
  ).toBeVisible();
  await expect(page.getByText('Je nutné souhlasit s předáním vašich údajů poskytovateli.')).toBeVisible();
  await expect(page).toHaveURL(reviewUrl);

  // The provider's questionnaire, filled in on the page: two parts, a condition, saved as it goes.
  const surveys = page.getByRole('region', { name: 'Dotazníky poskytovatele' });
  await expect(surveys.getByText('Vyplněno 0 z 1')).toBeVisible();
  await surveys.getByRole('button', { name: 'Vyplnit' }).click();
  await expect(page.getByRole('heading', { name: 'Pohyb a strava' })).toBeFocused();
  await question(page, 'Jak se klient pohybuje?')
    .getByRole('radio', { name: 'S holí nebo chodítkem' })
    .check();
  await question(page, 'Potřebuje klient zvláštní stravu?').getByRole('radio', { name: 'Jinou' }).check();
  await page.getByRole('button', { name: 'Pokračovat' }).click();
  // "Which diet?" is required once "another one" is chosen.
  await expect(page.getByRole('textbox', { name: /Jakou stravu\?/ })).toBeFocused();
  await page.getByRole('textbox', { name: /Jakou stravu\?/ }).fill('Bezlepková');
  await page.getByRole('button', { name: 'Pokračovat' }).click();
  await expect(page.getByRole('heading', { name: 'Nástup' })).toBeFocused();
  await page.getByLabel(/Od kdy péči potřebujete\?/).fill('2027-01-04');
  await page
    .getByRole('textbox', { name: /Co bychom o klientovi měli vědět\?/ })
    .fill('Ráda luští křížovky.');
  await page.getByRole('button', { name: 'Uložit dotazník' }).click();
  await expect(surveys.getByText('Vyplněno 1 z 1')).toBeVisible();
  await expect(surveys.getByRole('button', { name: 'Upravit odpovědi' })).toBeFocused();
  await expect(page.getByRole('alert').filter({ hasText: 'vyplnit všechny formuláře' })).toHaveCount(0);

  // A reload keeps the answers: they live in the server's draft.
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Dotazníky poskytovatele' }).getByText('Vyplněno 1 z 1'),
  ).toBeVisible();

  // Documents: what may be attached is said beside the button; a file whose content is not a PDF is
  // refused whatever its name, with the reason; a PDF is attached and listed.
  const attachments = page.getByRole('region', { name: 'Přílohy' });
  await expect(attachments.getByText('Zatím nejsou přiloženy žádné dokumenty.')).toBeVisible();
  await expect(attachments.getByText(/PDF, JPEG, PNG, DOCX · nejvýše 10\sMB na soubor/)).toBeVisible();
  await attachFiles(page, attachments, [
    {
      name: 'zprava.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('<html><script>alert(1)</script></html>'),
    },
  ]);
  await expect(
    attachments.getByText('Soubor zprava.pdf nebyl přiložen: přiložit lze jen soubory PDF, JPEG, PNG, DOCX.'),
  ).toBeVisible();
  await attachments.getByRole('button', { name: 'Zavřít zprávu o souboru zprava.pdf' }).click();
  await attachFiles(page, attachments, [
    { name: 'Lékařská zpráva.pdf', mimeType: 'application/pdf', buffer: reportPdf },
  ]);
  const attached = attachments.getByRole('listitem').filter({ hasText: 'Lékařská zpráva.pdf' });
  await expect(attached).toBeVisible();
  await expect(attached).toContainText(`PDF · ${reportSize('cs')}`);
  await expect(attachments.getByRole('button', { name: 'Stáhnout Lékařská zpráva.pdf' })).toBeVisible();
  await expectNoAxeViolations(page);
  // The attachment is the server's: a reload still lists it.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Přílohy' }).getByText('Lékařská zpráva.pdf')).toBeVisible();
  for (const { locale } of languages) {
    await storeLocale(page, locale);
    for (const size of widths) {
      await page.setViewportSize({ width: size.width, height: size.height });
      // The layout follows the width in CSS alone: one load per language, the phone width resized to.
      if (size === widths[0]) await page.goto(reviewUrl);
      const region = page.getByRole('region', { name: reviewDocumentsTitle[locale] });
      await expect(region.getByText('Lékařská zpráva.pdf')).toBeVisible();
      await screenshot(region, { path: `${documentShots}/review-documents-${locale}-${size.name}.png` });
    }
  }
  await storeLocale(page, 'cs');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(reviewUrl);
  await expect(page.getByRole('region', { name: 'Přílohy' }).getByText('Lékařská zpráva.pdf')).toBeVisible();

  await page
    .getByLabel('Zpráva pro poskytovatele')
    .fill('Maminka potřebuje pomoc od ledna.\nVolejte prosím odpoledne.');
  await page.getByRole('checkbox', { name: /Souhlasím, aby poskytovatel/ }).check();
  // A double click sends one request.
  await page.getByRole('button', { name: 'Odeslat poptávku' }).dblclick();

  await expect(page).toHaveURL(new RegExp(`/dashboard/request-confirmation/${caseId}\\?request=${uuid}$`));
  const confirmationUrl = `${new URL(page.url()).pathname}${new URL(page.url()).search}`;
  await expect(page.getByRole('heading', { level: 1, name: 'Poptávka je odeslaná' })).toBeVisible();
  await expect(page.getByText(/^OP-\d{6}$/)).toBeVisible();
  await expect(page.getByText(/Odpovědět by měl do \d{2}\. \d{2}\. \d{4}\./)).toBeVisible();
  await expectNoAxeViolations(page);
  for (const { locale, sent } of languages) {
    await storeLocale(page, locale);
    for (const size of widths) {
      await page.setViewportSize({ width: size.width, height: size.height });
      // The layout follows the width in CSS alone: one load per language, the phone width resized to.
      if (size === widths[0]) await page.goto(confirmationUrl);
      const title = page.getByRole('heading', { level: 1, name: sent });
      await expect(title).toBeVisible();
      await shoot(page, `confirmation-${locale}-${size.name}`, title);
    }
  }
  await storeLocale(page, 'cs');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(confirmationUrl);
  const cases = await request.get(`/api/v1/web/cases/${caseId}`, { headers });
  expect((await answerOf(cases, 'getCase')).requests).toHaveLength(1);

  // The request's detail: state and history, provider, what was sent; its questionnaire; no documents.
  await page.getByRole('link', { name: 'Zobrazit poptávku' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/request/${uuid}$`));
  const detailUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: serviceName })).toBeVisible();
  await expect(page.getByText('Poptávka odeslána')).toBeVisible();
  await expect(page.getByText(/Maminka potřebuje pomoc od ledna\./)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('tab', { name: /Dotazníky/ }).click();
  await expect(page.getByText('S holí nebo chodítkem')).toBeVisible();
  await expect(page.getByText('Bezlepková')).toBeVisible();
  await expectNoAxeViolations(page);
  // The document went with the request: listed on its Documents tab, downloaded as the same bytes.
  await page.getByRole('tab', { name: 'Dokumenty (1)' }).click();
  const documentsPanel = page.getByRole('tabpanel');
  await expect(documentsPanel.getByText('Lékařská zpráva.pdf')).toBeVisible();
  const downloading = page.waitForEvent('download');
  await documentsPanel.getByRole('button', { name: 'Stáhnout Lékařská zpráva.pdf' }).click();
  const downloaded = await downloading;
  expect(downloaded.suggestedFilename()).toBe('Lékařská zpráva.pdf');
  expect(readFileSync(await downloaded.path()).equals(reportPdf)).toBe(true);
  await expectNoAxeViolations(page);

  // Added and removed on the sent request: asked first, and written into the history.
  await attachFiles(page, documentsPanel, [{ name: 'fotka.png', mimeType: 'image/png', buffer: tinyPng }]);
  await expect(documentsPanel.getByRole('listitem').filter({ hasText: 'fotka.png' })).toBeVisible();
  await documentsPanel.getByRole('button', { name: 'Odebrat fotka.png' }).click();
  const removal = page.getByRole('dialog', { name: 'Odebrat dokument?' });
  await expect(removal).toContainText('Vlídná péče');
  await removal.getByRole('button', { name: 'Odebrat' }).click();
  await expect(documentsPanel.getByText('fotka.png')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Přehled' }).click();
  await expect(page.getByText('Přidán dokument: fotka.png')).toBeVisible();
  await expect(page.getByText('Odebrán dokument: fotka.png')).toBeVisible();

  for (const { locale } of languages) {
    await storeLocale(page, locale);
    for (const size of widths) {
      await page.setViewportSize({ width: size.width, height: size.height });
      // The layout follows the width in CSS alone: one load per language, the phone width resized to.
      if (size === widths[0]) await page.goto(`${detailUrl}?tab=documents`);
      await expect(page.getByRole('tabpanel').getByText('Lékařská zpráva.pdf')).toBeVisible();
      await shoot(page, `detail-documents-${locale}-${size.name}`, page.getByRole('tabpanel'), documentShots);
    }
  }
  await storeLocale(page, 'cs');
  await page.setViewportSize({ width: 1280, height: 900 });

  const detailHeadings = { cs: 'Stav a historie', en: 'State and history', sk: 'Stav a história' } as const;
  for (const { locale } of languages) {
    await storeLocale(page, locale);
    for (const size of widths) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(detailUrl);
      const title = page.getByRole('heading', { level: 1, name: serviceName });
      await expect(page.getByRole('heading', { level: 2, name: detailHeadings[locale] })).toBeVisible();
      await shoot(page, `detail-${locale}-${size.name}`, title);
      if (size.name === 'desktop') {
        await page.goto(`${detailUrl}?tab=surveys`);
        await expect(page.getByRole('tabpanel')).toBeVisible();
        await shoot(page, `detail-surveys-${locale}-${size.name}`, title);
      }
    }
  }
  await storeLocale(page, 'cs');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(detailUrl);

  // Withdrawing asks first; Escape keeps the request, the confirm button withdraws it.
  await page.getByRole('button', { name: 'Stáhnout poptávku' }).click();
  const dialog = page.getByRole('dialog', { name: 'Stáhnout poptávku?' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Stáhnout poptávku' }).click();
  await page
    .getByRole('dialog', { name: 'Stáhnout poptávku?' })
    .getByRole('button', { name: 'Stáhnout' })
    .click();
  await expect(page.getByText('Poptávka je stažená. Poskytovateli jsme dali vědět.')).toBeVisible();
  await expect(page.getByText('Stav změněn na: Stažena')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stáhnout poptávku' })).toHaveCount(0);

  // The client's my-services tab lists it, with the state filter and SPEC §8's empty texts.
  await page.getByRole('link', { name: 'Zpět na klienta' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/client/${clientId}\\?tab=my-services$`));
  await expect(page.getByRole('link', { name: serviceName })).toBeVisible();
  await expectNoAxeViolations(page);
  const filter = page.getByLabel('Stav poptávky');
  await filter.selectOption('withdrawn');
  await expect(page.getByRole('link', { name: serviceName })).toBeVisible();
  await expect(filter.locator('option[value="withdrawn"]')).toHaveText('Stažena (1)');
  await filter.selectOption('accepted');
  await expect(page.getByRole('heading', { name: 'Pro tento stav jsme nenašli žádné služby' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await filter.selectOption('all');
  await expect(page.getByRole('link', { name: serviceName })).toBeVisible();
  await shoot(page, 'my-services-cs-phone', page.getByRole('heading', { level: 1 }));
});

test('the review page explains why a request cannot be sent', async ({ page, request, problems }) => {
  // Chromium logs the refusals this test provokes (402, 404).
  problems.allow(/Failed to load resource: the server responded with a status of 40[24]/);
  const { headers } = await signedInCarer(page, request);
  const { caseId, clientId } = await createClientCaseByApi(request, headers, { reachable: true });
  const services = await request.get('/api/v1/web/services?countyCode=CZ0100&pageSize=100', { headers });
  const { items } = await answerOf(services, 'listServices');
  const service = items.find((item) => item.name === serviceName);
  expect(service).toBeTruthy();

  // Without a subscription: what to do about it, and the way there.
  await page.goto(`/dashboard/request-review/${caseId}/${service?.id}`);
  await expect(
    page.getByRole('heading', { name: 'K posílání poptávek potřebujete předplatné' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Vybrat předplatné' })).toHaveAttribute(
    'href',
    `/dashboard/client/${clientId}`,
  );
  await expectNoAxeViolations(page);

  // Somebody else's case answers as a missing one.
  await page.goto(`/dashboard/request-review/${crypto.randomUUID()}/${service?.id}`);
  await expect(page.getByRole('heading', { name: 'Službu nebo potřebu péče jsme nenašli' })).toBeVisible();
  await page.goto(`/dashboard/request/${crypto.randomUUID()}`);
  await expect(page.getByRole('heading', { name: 'Poptávku jsme nenašli' })).toBeVisible();
});
