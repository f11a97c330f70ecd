import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { answerOf } from './api.ts';
import { bearerOf, callOperation, createClientCaseByApi } from './carer-data.ts';
import { giveSubscription } from './database.ts';
import { expect, test } from './fixtures.ts';
import { newPerson, passwordField, signedInNewCarer, textField } from './identity.ts';
import {
  expectNoAxeViolations,
  expectNoAxeViolationsInTour,
  screenshot,
  storeLocale,
} from './page-checks.ts';
import { freshIdentificationCode, ownPlatformStaff } from './staff.ts';

// Issue 23, the one journey end to end, as its people meet it: an organisation joins, staff verify it,
// it adds a facility, a service with its own questionnaire and its logo, previews and activates it; a
// guest finds it in its county's catalogue; a new carer requests it and fills that questionnaire; the
// request lands in the provider's inbox, the provider marks the service full from there, and the guest
// catalogue then lists it full, after the accepting ones. Every step a person takes is taken on the
// pages; only staff verification (no screen grants it) and the carer's subscription and client (their
// own journeys are e2e/subscriptions.spec.ts and e2e/clients.spec.ts) are arranged beside them.

const shots = '/tmp/shots-journey';
/** Tábor: a county of few services, which no other spec fills. */
const tabor = { region: 'CZ031', county: 'CZ0317' };
const countyList = `/anon-new-client/services/list/${tabor.region}?county=${tabor.county}&pageSize=100`;
const taborResidence = { street: 'Palackého 12', city: 'Tábor', zipcode: '39002', countyCode: tabor.county };

/** A 64 × 64 PNG: the smallest logo the upload takes. */
const logoPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAAT0lEQVR42u3PQQkAAAgEsOtjNcMZ0Qi+hcEKLNXzWgQEBAQEBAQEBAQEBAQEBAQE' +
    'BAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQELgvFPnEtVGJWMgAAAABJRU5ErkJggg==',
  'base64',
);

/** The provider uploads its logo, on the profile's Provider information tab (decision 0110). */
async function uploadLogo(page: Page, providerName: string): Promise<void> {
  await page.goto('/provider/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profil poskytovatele' })).toBeVisible();
  await expect(page.getByText('Zatím bez loga')).toBeVisible();
  await expectNoAxeViolations(page);
  // The picker's own input (a person chooses the file in the system dialog it opens).
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng });
  await expect(page.getByText('Logo je uložené.')).toBeVisible();
  await expectLoaded(page.getByRole('img', { name: `Logo poskytovatele ${providerName}` }));
}

/** The image has arrived and decoded: a broken or refused one has no natural size. */
async function expectLoaded(image: Locator): Promise<void> {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element) => (element as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0);
}

/** Picks an option of a Mantine select by its label: opens it, types to filter, clicks the option. */
async function pick(page: Page, label: string, option: string | RegExp, typed?: string): Promise<void> {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  if (typed) await input.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

/** Chooses Tábor in an address autocomplete, then types the street. */
async function chooseTabor(page: Page, scope: Page | Locator, label: string, street: string): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).fill('Tábor');
  await page
    .getByRole('option', { name: /^Tábor, \d{3} \d{2}, okres Tábor$/ })
    .first()
    .click();
  await expect(scope.getByRole('group', { name: label, exact: true })).toContainText('okres Tábor');
  await scope.getByRole('textbox', { name: 'Ulice a číslo domu' }).fill(street);
}

/** Platform staff verify the provider through the admin route, signed in as staff are. */
async function verifyAsStaff(request: APIRequestContext, providerId: string): Promise<void> {
  const staff = await ownPlatformStaff(request);
  const token = await request.post('/realms/opora/protocol/openid-connect/token', {
    form: {
      client_id: 'web',
      grant_type: 'password',
      username: staff.email,
      password: staff.password,
      scope: 'profile email offline_access',
    },
  });
  expect(token.status(), await token.text()).toBe(200);
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  const verified = await callOperation(
    request,
    { authorization: `Bearer ${accessToken}` },
    'setProviderVerification',
    { params: { providerId }, body: { verified: true } },
  );
  expect(verified).toMatchObject({ verified: true });
}

/** `dd. MM. yyyy` of an instant in Prague, as the pages write dates. */
function dateAsShown(instant: Date): string {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague' })
    .format(instant)
    .split('-');
  return `${day}. ${month}. ${year}`;
}

test('an organisation joins, lists a service with its own questionnaire, a carer requests it, and it fills up', async ({
  page,
  browser,
  request,
}) => {
  // About a minute on a quiet machine; up to four at a load of 40 on two cores (axe on every page).
  test.setTimeout(360_000);
  mkdirSync(shots, { recursive: true });
  const suffix = randomBytes(3).toString('hex');
  const administrator = newPerson({ firstName: 'Petra', lastName: 'Svobodová' });
  const providerName = `Pečovatelská služba Lípa ${suffix}, z. ú.`;
  const serviceName = `Pečovatelská služba Lípa Tábor ${suffix}`;
  const question = 'Kdy je klient obvykle doma?';
  const answer = 'Dopoledne, odpoledne chodí na procházky.';

  // 1. The organisation joins at /provider/join with a fresh IČO, and lands in its provider area.
  await page.goto('/provider/join');
  await expect(page.getByRole('heading', { level: 1, name: 'Registrace poskytovatele péče' })).toBeVisible();
  await expectNoAxeViolations(page);
  await textField(page, 'Název organizace').fill(providerName);
  await textField(page, 'IČO').fill(freshIdentificationCode());
  await chooseTabor(page, page, 'Obec sídla', 'Žižkovo náměstí 1');
  await textField(page, 'E-mail pro poptávky').fill(`poptavky-${administrator.email}`);
  await textField(page, 'Veřejný telefon').fill('+420 381 111 222');
  await page.getByRole('textbox', { name: 'Popis organizace' }).fill('Pečovatelská služba na Táborsku.');
  await textField(page, 'Jméno').fill(administrator.firstName);
  await textField(page, 'Příjmení').fill(administrator.lastName);
  await textField(page, 'E-mail').fill(administrator.email);
  await textField(page, 'Telefon').fill(administrator.phone);
  await passwordField(page, 'Heslo').fill(administrator.password);
  await page.getByRole('checkbox', { name: /Souhlasím s obchodními podmínkami/ }).check();
  const joined = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/v1/web/providers/join') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Zaregistrovat organizaci' }).click();
  const providerId = (await answerOf(await joined, 'joinAsProvider')).providerId;
  await expect(page).toHaveURL(/\/provider\/requests/, { timeout: 30_000 });
  await expect(page.getByRole('note').filter({ hasText: 'Vaše organizace čeká na ověření' })).toBeVisible();

  // 2. Staff verify it; the provider area no longer says it waits.
  await verifyAsStaff(request, providerId);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Poptávky' })).toBeVisible();
  await expect(page.getByText('Vaše organizace čeká na ověření')).toHaveCount(0);
  await expectNoAxeViolations(page);

  // 3. A facility, on the profile's Facilities tab, its address through the autocomplete.
  await page.goto('/provider/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profil poskytovatele' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Název', exact: true })).toHaveValue(providerName);
  await expectNoAxeViolations(page);
  await page.getByRole('tab', { name: 'Zařízení' }).click();
  await page.getByRole('button', { name: 'Přidat zařízení' }).click();
  const facilityDialog = page.getByRole('dialog', { name: 'Nové zařízení' });
  await facilityDialog.getByRole('textbox', { name: 'Název' }).fill('Středisko Tábor');
  await facilityDialog.getByRole('textbox', { name: 'Typ' }).fill('Středisko pečovatelské služby');
  await chooseTabor(page, facilityDialog, 'Adresa', 'Bílkova 5');
  await expectNoAxeViolations(page, '[role="dialog"]');
  await facilityDialog.getByRole('button', { name: 'Přidat zařízení' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Středisko Tábor' })).toBeVisible({
    timeout: 30_000,
  });
  await expectNoAxeViolations(page);

  // 4. A service of that facility serving Tábor, then its own questionnaire on the Surveys tab.
  await page
    .getByRole('navigation', { name: 'Sekce pro poskytovatele' })
    .getByRole('link', { name: 'Služby' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Služby' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Nová služba' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nová služba' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Název služby' }).fill(serviceName);
  await pick(page, 'Zařízení', 'Středisko Tábor');
  await pick(page, 'Druh služby', 'Pečovatelská služba', 'Pečovatel');
  await page.getByRole('combobox', { name: 'Obsluhované okresy' }).fill('Tábor');
  await page.getByRole('option', { name: 'Tábor', exact: true }).click();
  await page.getByRole('textbox', { name: 'Částka' }).fill('160');
  await page.getByRole('textbox', { name: 'Popis' }).fill('Pomoc s hygienou, nákupy a doprovodem k lékaři.');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Vytvořit službu' }).click();
  await expect(page.getByText('Služba byla vytvořena jako koncept.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: serviceName })).toBeVisible();
  const serviceId = new URL(page.url()).pathname.split('/').pop() ?? '';
  await expectNoAxeViolations(page);

  await page.getByRole('tab', { name: 'Dotazníky' }).click();
  await page.getByRole('textbox', { name: 'Identifikátor' }).fill(`lipa-${suffix}-vstup`);
  for (const [language, text] of [
    ['Česky', 'Vstupní dotazník Lípa'],
    ['Slovensky', 'Vstupný dotazník Lípa'],
    ['Anglicky', 'Lípa intake questionnaire'],
  ] as const) {
    await page.getByRole('textbox', { name: `Název – ${language}` }).fill(text);
  }
  for (const [language, text] of [
    ['Česky', question],
    ['Slovensky', 'Kedy je klient zvyčajne doma?'],
    ['Anglicky', 'When is the client usually at home?'],
  ] as const) {
    await page.getByRole('textbox', { name: `Otázka 1 – ${language}` }).fill(text);
  }
  await page.getByRole('button', { name: 'Vytvořit dotazník' }).click();
  await expect(page.getByText('Dotazník byl vytvořen; vyberte ho výše pro tuto službu.')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Vstupní dotazník Lípa' }).check();
  await page.getByRole('button', { name: 'Uložit výběr' }).click();
  await expect(page.getByText('Dotazníky služby byly uloženy.')).toBeVisible();
  await expectNoAxeViolations(page);

  // 5. The logo.
  await uploadLogo(page, providerName);

  // 6. The preview: the catalogue's detail with its three tabs, its request button doing nothing.
  await page.goto(`/provider/services/${serviceId}`);
  await page.getByRole('link', { name: 'Náhled' }).click();
  await expect(page).toHaveURL(`/provider/services/${serviceId}/preview`);
  await expect(page.getByRole('heading', { level: 1, name: serviceName })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Poptat službu' })).toBeDisabled();
  await expect(page.getByText('Z náhledu nelze odeslat žádost.')).toBeVisible();
  const previewTabs = page.getByRole('tablist', { name: 'Informace o službě' });
  await expect(previewTabs.getByRole('tab')).toHaveText(['O službě', 'Místo', 'Poskytovatel']);
  await expect(page.getByText('Pomoc s hygienou, nákupy a doprovodem k lékaři.')).toBeVisible();
  await previewTabs.getByRole('tab', { name: 'Místo' }).click();
  await expect(page.getByText('Bílkova 5')).toBeVisible();
  await previewTabs.getByRole('tab', { name: 'Poskytovatel' }).click();
  await expectLoaded(page.getByRole('img', { name: `Logo poskytovatele ${providerName}` }));
  await expect(page.getByRole('heading', { level: 2, name: providerName })).toBeVisible();
  await expectNoAxeViolations(page);

  // 7. Activated: SPEC's notice.
  await page.getByRole('link', { name: 'Zpět na službu' }).click();
  await page.getByRole('button', { name: 'Aktivovat' }).click();
  await expect(page.getByText('Služba byla aktivována')).toBeVisible();
  await expect(page.getByText('Aktivní', { exact: true }).first()).toBeVisible();

  // 8. Its capacity: accepting, three free places, on the capacity page.
  await page
    .getByRole('navigation', { name: 'Sekce pro poskytovatele' })
    .getByRole('link', { name: 'Kapacita' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kapacita služeb' })).toBeVisible();
  const capacityCard = page.getByRole('region', { name: serviceName });
  await capacityCard.getByRole('textbox', { name: 'Volná místa' }).fill('3');
  const stated = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/services/${serviceId}/capacity`) && response.request().method() === 'POST',
  );
  await capacityCard.getByRole('button', { name: 'Uložit' }).click();
  const statedAt = (await answerOf(await stated, 'updateProviderServiceCapacity')).confirmedAt ?? '';
  await expect(capacityCard.getByText('V katalogu: 3 volná místa · potvrzeno dnes')).toBeVisible();
  await expectNoAxeViolations(page);

  // 9. A guest finds it in Tábor's list with the logo and its capacity; the detail says when it was updated.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(countyList);
  const card = guest
    .getByRole('article')
    .filter({ has: guest.getByRole('link', { name: serviceName, exact: true }) });
  await expect(card).toBeVisible();
  await expect(card.getByText('3 volná místa · potvrzeno dnes')).toBeVisible();
  const cardLogo = card.locator('img');
  await cardLogo.scrollIntoViewIfNeeded();
  await expectLoaded(cardLogo);
  await expect(cardLogo).toHaveAttribute('src', /^\/api\/v1\/images\?/);
  await expect(cardLogo).toHaveAttribute('width', '48');
  await expect(cardLogo).toHaveAttribute('height', '48');
  await expectNoAxeViolations(guest);
  await card.getByRole('link', { name: serviceName, exact: true }).click();
  await expect(guest.getByRole('heading', { level: 1, name: serviceName })).toBeVisible();
  await expect(guest.getByText(`Údaje aktualizovány ${dateAsShown(new Date(statedAt))}`)).toBeVisible();
  const detailPath = new URL(guest.url()).pathname;
  for (const [locale, tab] of [
    ['cs', 'Poskytovatel'],
    ['en', 'Provider'],
    ['sk', 'Poskytovateľ'],
  ] as const) {
    await storeLocale(guest, locale);
    await guest.goto(detailPath);
    await guest.getByRole('tab', { name: tab }).click();
    await expectLoaded(
      guest.getByRole('img', { name: new RegExp(providerName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }),
    );
    await expectNoAxeViolationsInTour(guest, locale);
    for (const width of [1280, 390]) {
      await guest.setViewportSize({ width, height: 900 });
      await screenshot(guest, { path: `${shots}/guest-detail-${locale}-${width}.png`, fullPage: true });
    }
    await guest.setViewportSize({ width: 1280, height: 900 });
  }
  await storeLocale(guest, 'cs');

  // 10. A new carer, whose mother lives in Tábor, requests it from her pool and fills its questionnaire.
  const carerContext = await browser.newContext();
  const carer = await carerContext.newPage();
  const carerPerson = await signedInNewCarer(carer, request);
  const { clientId, caseId } = await createClientCaseByApi(request, await bearerOf(carer), {
    residence: taborResidence,
    reachable: true,
  });
  await giveSubscription(carerPerson.email);
  await carer.goto(`/dashboard/client/${clientId}`);
  await expect(carer.getByRole('heading', { level: 1, name: 'Marie Dvořáková' })).toBeVisible();
  const offered = carer
    .getByRole('article')
    .filter({ has: carer.getByRole('link', { name: serviceName, exact: true }) });
  await expect(offered.getByText('3 volná místa · potvrzeno dnes')).toBeVisible();
  await expectNoAxeViolations(carer);
  const carerDetail = carer.waitForResponse(
    (response) => response.url().includes(`/api/v1/web/services/${serviceId}`) && response.ok(),
  );
  await offered.getByRole('link', { name: serviceName, exact: true }).click();
  await expect(carer).toHaveURL(`/dashboard/service/${serviceId}/${caseId}`);
  await expect(carer.getByRole('heading', { level: 1, name: serviceName })).toBeVisible();
  await expectNoAxeViolations(carer);
  // "Updated on" is the provider's last save (decision 0108): here its capacity, to the instant.
  const seen = await answerOf(await carerDetail, 'getService');
  expect(seen.provider.listingConfirmedAt).toBe(statedAt);
  await expect(carer.getByText(`Údaje aktualizovány ${dateAsShown(new Date(statedAt))}`)).toBeVisible();
  await carer.getByRole('link', { name: 'Poptat službu' }).click();
  await expect(carer).toHaveURL(`/dashboard/request-review/${caseId}/${serviceId}`);
  const surveys = carer.getByRole('region', { name: 'Dotazníky poskytovatele' });
  await expect(surveys.getByText('Vstupní dotazník Lípa')).toBeVisible();
  await expectNoAxeViolations(carer);
  await surveys.getByRole('button', { name: 'Vyplnit' }).click();
  await carer.getByRole('textbox', { name: question }).fill(answer);
  await carer.getByRole('button', { name: 'Uložit dotazník' }).click();
  await expect(surveys.getByText('Vyplněno 1 z 1')).toBeVisible();
  await carer
    .getByRole('checkbox', { name: /dostal údaje o klientovi, o potřebě péče a vyplněné dotazníky/ })
    .check();
  await carer.getByRole('button', { name: 'Odeslat poptávku' }).click();
  await expect(carer.getByRole('heading', { level: 1, name: 'Poptávka je odeslaná' })).toBeVisible();
  await expectNoAxeViolations(carer);
  await carerContext.close();

  // 11. It lands in the provider's inbox, with the answer to its own question.
  await page
    .getByRole('navigation', { name: 'Sekce pro poskytovatele' })
    .getByRole('link', { name: 'Poptávky' })
    .click();
  const row = page.getByRole('row').filter({ hasText: 'Marie Dvořáková' });
  await expect(row).toContainText(serviceName);
  await expectNoAxeViolations(page);
  await row.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Marie Dvořáková' })).toBeVisible();
  await page.getByRole('tab', { name: /^Dotazníky/ }).click();
  await expect(page.getByRole('region', { name: 'Dotazníky poskytovatele' }).getByText(answer)).toBeVisible();
  await page.getByRole('tab', { name: 'Přehled' }).click();

  // 12. One click on the request's capacity card marks the service full.
  const capacity = page.getByRole('region', { name: 'Kapacita služby' });
  const markedFull = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/services/${serviceId}/capacity`) && response.request().method() === 'POST',
  );
  await capacity.getByRole('button', { name: 'Plně obsazeno' }).click();
  const fullAt = (await answerOf(await markedFull, 'updateProviderServiceCapacity')).confirmedAt ?? '';
  await expect(capacity.getByText('V katalogu: Nepřijímá nové klienty · potvrzeno dnes')).toBeVisible();
  await expectNoAxeViolations(page);

  // 13. The guest's list: full now, after every accepting service; "updated on" moved with the click.
  const listed = guest.waitForResponse(
    (response) => response.url().includes('/api/v1/web/services?') && response.url().includes(tabor.county),
  );
  await guest.goto(countyList);
  const list = await answerOf(await listed, 'listServices');
  const ours = list.items.find((item) => item.id === serviceId);
  expect(ours?.capacity.status).toBe('full');
  expect(ours?.provider.listingConfirmedAt).toBe(fullAt);
  const ranks = list.items.map((item) => ['accepting', 'unknown', 'full'].indexOf(item.capacity.status));
  expect(ranks).toEqual(ranks.toSorted((a, b) => a - b));
  await expect(card.getByText('Nepřijímá nové klienty · potvrzeno dnes')).toBeVisible();
  await guestContext.close();
});
