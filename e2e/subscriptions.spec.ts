import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { answerOf } from './api.ts';
import { bearerOf, callOperation, createClientCaseByApi, type Headers, signedInCarer } from './carer-data.ts';
import { expect, test } from './fixtures.ts';
import {
  newPerson,
  passwordField,
  signInWithTokens,
  signUpThroughForm,
  type TestPerson,
  textField,
} from './identity.ts';
import {
  expectNoAxeViolations,
  expectNoAxeViolationsInTour,
  screenshot,
  storeLocale,
} from './page-checks.ts';
import { ownPlatformStaff, ownProvider } from './staff.ts';
import { chooseAtGateway, gatewayChoice } from './subscriptions.ts';

// Subscriptions and payment as a carer meets them (SPEC §1, §4): the plans instead of the pool, the
// payment step, the embedded test gateway's own page (success, failure, cancel), the services step,
// the assistant contact of the with-assistant plan, and cancelling from the profile. Every test makes
// its own carer and client; the plans and prices are the seeded ones (149 Kč / 449 Kč with 21 % VAT).

const shots = '/tmp/shots-payments';
const assistantShots = '/tmp/shots-assistant-carer';
const assistantWorkTitle = /^(Práce asistenta|The assistant’s work|Práca asistenta) /;
const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

function steps(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Kroky průvodce' });
}

/** Sign-in through the form of a carer signed up through the API (the tests' subject is later). */
async function freshCarer(page: Page, request: APIRequestContext) {
  const { headers } = await signedInCarer(page, request);
  const { caseId, clientId } = await createClientCaseByApi(request, headers, {
    residence: { countyCode: 'CZ0642', city: 'Brno', zipcode: '60200' },
  });
  return { headers, caseId, clientId };
}

/** From the service offer, the plan's card, the payment step, and the gateway's choice. */
async function choosePlanAndPay(page: Page, plan: 'Samostatně' | 'S asistentem', outcome: RegExp) {
  await page.getByRole('link', { name: `Vybrat předplatné ${plan}` }).click();
  await expect(page).toHaveURL(new RegExp(`/payment/${uuid}/${uuid}$`));
  await page.getByRole('button', { name: /^Zaplatit \d+\s?Kč$/ }).click();
  await chooseAtGateway(page, outcome);
}

test('a new carer meets the plans at the service offer, pays in the test gateway and lands on the services', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const person = newPerson();

  // Sign-up and sign-in as a person does; redirect-after-registration opens the new-client wizard.
  await signUpThroughForm(page, person);
  await passwordField(page, 'Heslo').fill(person.password);
  await page.getByRole('button', { name: 'Přihlásit se' }).click();
  await expect(page).toHaveURL(new RegExp(`/new-client-wizard/new-client/${uuid}$`));
  const caseId = new URL(page.url()).pathname.split('/').pop()!;
  // Six steps: the payment, then the services (the assistant contact with an assistant).
  await expect(steps(page).getByRole('listitem')).toHaveCount(6);
  await expect(steps(page).getByRole('listitem').nth(4)).toContainText('Předplatné');
  await expect(steps(page).getByRole('listitem').nth(5)).toContainText('Poptávka služby');

  const headers = await bearerOf(page);
  const types = await page.request.get('/api/v1/web/relationship-types', { headers });
  const child = (await answerOf(types, 'listRelationshipTypes')).find((type) => type.code === 'child');
  const created = await page.request.post('/api/v1/web/clients', {
    headers,
    data: {
      isClient: false,
      relationshipTypeId: child?.id,
      firstName: 'Marie',
      lastName: 'Nováková',
      dateOfBirth: '1943-04-03',
      sex: 'female',
      residence: { city: 'Brno', zipcode: '60200', countyCode: 'CZ0642' },
      serviceAddressDiffers: false,
      healthDataConsent: true,
      caseId,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const clientId = (await answerOf(created, 'createClient')).id;

  // No subscription: the service offer says honestly what there is, then the plans.
  await page.goto(`/new-client-wizard/service-offer/${caseId}`);
  await expect(
    page.getByRole('heading', { level: 2, name: /^\d+ služ(ba|by|eb) – okres Brno-město$/ }),
  ).toBeVisible();
  await expect(
    page.getByText('Veřejný katalog služeb si můžete prohlížet zdarma', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Vyberte si předplatné' })).toBeVisible();
  const selfManaged = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: 'Samostatně' }) });
  await expect(selfManaged).toContainText('149 Kč měsíčně');
  await expect(selfManaged).toContainText('včetně 21 % DPH');
  await expect(selfManaged).toContainText('Zrušit můžete kdykoli v profilu, zdarma.');
  const withAssistant = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: 'S asistentem' }) });
  await expect(withAssistant).toContainText('449 Kč měsíčně');
  await expectNoAxeViolations(page);

  // The payment step: the plan, the price with VAT, the first period, the renewal, what cancelling means.
  await page.getByRole('link', { name: 'Vybrat předplatné Samostatně' }).click();
  await expect(page).toHaveURL(new RegExp(`/new-client-wizard/payment/${caseId}/${uuid}$`));
  const paymentUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: 'Předplatné Samostatně' })).toBeVisible();
  await expect(page).toHaveTitle('Předplatné - Opora');
  await expect(page.getByText('149 Kč měsíčně včetně 21 % DPH')).toBeVisible();
  await expect(page.getByText(/^\d\d\. \d\d\. \d{4} – \d\d\. \d\d\. \d{4}$/)).toBeVisible();
  await expect(page.getByText('Zrušení kdykoli a zdarma')).toBeVisible();
  await expect(steps(page).locator('[aria-current="step"]')).toContainText('Předplatné');
  await expectNoAxeViolations(page);

  // The test gateway's page on our own origin; paying brings the browser back, which waits for the outcome.
  await page.getByRole('button', { name: 'Zaplatit 149 Kč' }).click();
  await chooseAtGateway(page, gatewayChoice.success);
  await expect(
    page.getByText(/^Zaplaceno\. Předplatné Samostatně je aktivní a obnoví se \d\d\. \d\d\. \d{4}\.$/),
  ).toBeVisible();

  // On to the services step: the pool, each service of a verified provider with its request.
  await expect(page).toHaveURL(`/new-client-wizard/services/${caseId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Poptávka služby' })).toBeVisible();
  await expect(steps(page).getByRole('listitem').nth(4)).toContainText('hotovo');
  const request = page.getByRole('link', { name: /^Poptat službu / }).first();
  await expect(request).toBeVisible();
  expect(await request.getAttribute('href')).toMatch(
    new RegExp(`^/dashboard/request-review/${caseId}/${uuid}$`),
  );
  await expectNoAxeViolations(page);

  // Back on the payment step, a subscriber is sent straight on.
  await page.goto(paymentUrl);
  await expect(page).toHaveURL(`/new-client-wizard/services/${caseId}`);

  // The client page's pool leads to a request as well, for the client's case.
  await page.goto(`/dashboard/client/${clientId}`);
  const fromClientPage = page.getByRole('link', { name: /^Poptat službu / }).first();
  await expect(fromClientPage).toBeVisible();
  expect(await fromClientPage.getAttribute('href')).toMatch(
    new RegExp(`^/dashboard/request-review/${caseId}/${uuid}$`),
  );
  await expectNoAxeViolations(page);
});

test('a failed payment is said plainly, paying again succeeds, and the assistant plan asks how to get in touch', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { caseId, clientId } = await freshCarer(page, request);
  await page.goto(`/new-client-wizard/service-offer/${caseId}`);

  await choosePlanAndPay(page, 'S asistentem', gatewayChoice.failure);
  await expect(page).toHaveURL(
    new RegExp(`/new-client-wizard/payment/${caseId}/${uuid}\\?checkout=${uuid}$`),
  );
  await expect(page.getByRole('alert').filter({ hasText: 'Platba neproběhla' })).toBeVisible();
  await expect(page.getByText('nic jsme vám nestrhli', { exact: false })).toBeVisible();
  // The wizard ends with the assistant contact on this plan.
  await expect(steps(page).getByRole('listitem').nth(5)).toContainText('Kontakt s asistentem');
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Zkusit zaplatit znovu' }).click();
  await chooseAtGateway(page, gatewayChoice.success);
  await expect(page).toHaveURL(`/new-client-wizard/assistant-info/${caseId}`);
  await expect(page.getByText(/^Zaplaceno\. Předplatné S asistentem je aktivní/)).toBeVisible();

  // Who, when, how; then the form.
  await expect(page.getByRole('heading', { level: 1, name: 'Kontakt s asistentem' })).toBeVisible();
  await expect(page.getByText('Do jednoho pracovního dne od odeslání tohoto formuláře.')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Telefonem na +420 601 123 456' })).toBeChecked();
  await expectNoAxeViolations(page);
  await page.getByRole('radio', { name: /^E-mailem na / }).check();
  await textField(page, 'Kdy se vám to hodí (nepovinné)').fill('Ve všední dny po 15. hodině');
  await page
    .getByRole('textbox', { name: 'Co by měl asistent vědět (nepovinné)' })
    .fill('Maminka potřebuje pomoc ráno.');
  // Without the consent to act for the client nothing is handed over: said beside the box.
  const consent = page.getByRole('checkbox', {
    name: /^Souhlasím, aby asistenti Opory viděli údaje o klientovi/,
  });
  await expect(
    page.getByText('Každý hovor a každou odeslanou poptávku uvidíte na stránce klienta.', { exact: false }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Odeslat asistentovi' }).click();
  await expect(page.getByText('Bez vašeho souhlasu nemůže asistent klienta zastupovat')).toBeVisible();
  await expect(consent).toBeFocused();
  await expectNoAxeViolations(page);
  await consent.check();
  await page.getByRole('button', { name: 'Odeslat asistentovi' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Hotovo, asistent se vám ozve' })).toBeFocused();
  await expect(page.getByText(/^Ozveme se vám e-mailem na .+ do jednoho pracovního dne\.$/)).toBeVisible();
  await expectNoAxeViolations(page);

  // Changing it later saves the same task again.
  await page.getByRole('button', { name: 'Upravit údaje pro asistenta' }).click();
  await expect(textField(page, 'Kdy se vám to hodí (nepovinné)')).toHaveValue('Ve všední dny po 15. hodině');
  await page.getByRole('radio', { name: 'Telefonem na +420 601 123 456' }).check();
  await page.getByRole('button', { name: 'Odeslat asistentovi' }).click();
  await expect(
    page.getByText('Ozveme se vám telefonem na +420 601 123 456 do jednoho pracovního dne.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Přejít na přehled' }).click();
  await expect(page).toHaveURL('/dashboard');

  // The client page says the case waits for an assistant.
  await page.goto(`/dashboard/client/${clientId}`);
  const work = page.getByRole('region', { name: 'Práce asistenta' });
  await expect(work).toContainText('Čeká na asistenta');
  await expect(work).toContainText('Čeká, až se případu ujme asistent.');
  await expectNoAxeViolations(page);
});

/** A full-page screenshot starts at the top, so the sticky header is not painted over the page. */
async function scrollToTop(page: Page): Promise<void> {
  await page.evaluate(() =>
    (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0),
  );
}

/** The bearer of platform staff (the password grant the web client makes), for the assistants' routes. */
async function staffBearer(request: APIRequestContext, person: TestPerson): Promise<Headers> {
  const token = await request.post('/realms/opora/protocol/openid-connect/token', {
    form: {
      client_id: 'web',
      grant_type: 'password',
      username: person.email,
      password: person.password,
      scope: 'profile email offline_access',
    },
  });
  expect(token.status(), await token.text()).toBe(200);
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  return { authorization: `Bearer ${accessToken}` };
}

test('the carer follows the assistant’s work on the client page, and the provider sees who sent the request', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  mkdirSync(assistantShots, { recursive: true });
  // A provider of the test's own in Chrudim, and a carer whose mother lives there, on the assistant plan.
  const provider = await ownProvider(request);
  const { person: carer, headers } = await signedInCarer(page, request);
  const { caseId, clientId } = await createClientCaseByApi(request, headers, {
    residence: { countyCode: 'CZ0531', city: 'Chrudim', zipcode: '53701' },
  });
  await page.goto(`/new-client-wizard/service-offer/${caseId}`);
  await choosePlanAndPay(page, 'S asistentem', gatewayChoice.success);
  await expect(page).toHaveURL(`/new-client-wizard/assistant-info/${caseId}`);
  await page.getByRole('checkbox', { name: /^Souhlasím, aby asistenti Opory/ }).check();
  await page.getByRole('button', { name: 'Odeslat asistentovi' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Hotovo, asistent se vám ozve' })).toBeFocused();

  // An assistant (platform staff may act as one) takes the case, calls, sends a request and closes it.
  const staff = await staffBearer(request, await ownPlatformStaff(request));
  const handedOver = await callOperation(request, headers, 'getCaseAssistantWork', { params: { caseId } });
  if (!handedOver) throw new Error('The case was not handed over');
  const { taskId } = handedOver;
  await callOperation(request, staff, 'claimAssistantTask', { params: { taskId } });
  // The provider's Vršovice service asks no questionnaire of its own: an assistant may request it. (Named
  // by its id: the specs' own providers pile up in Chrudim, past the offer's first page.)
  const serviceId = provider.vrsoviceServiceId;
  await callOperation(request, staff, 'logAssistantCall', {
    params: { taskId },
    body: { serviceId, outcome: 'interested', note: 'Volno od ledna, paní Malá.' },
  });
  const sent = await callOperation(request, staff, 'sendAssistantRequest', {
    params: { taskId },
    body: { serviceId, message: 'Prosíme o pomoc s hygienou ráno.' },
  });

  const sizes = [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const;
  const work = page.getByRole('region', { name: assistantWorkTitle });
  await page.goto(`/dashboard/client/${clientId}`);
  await expect(work).toContainText('Asistent pracuje');
  await expect(work).toContainText('Případu se věnuje Alena z týmu asistentů Opory.');
  await expect(work.getByRole('listitem')).toHaveCount(3);
  await expect(work.getByRole('listitem').nth(1)).toContainText('Výsledek: poskytovatel má zájem');
  // The assistants' own note stays with them.
  await expect(work).not.toContainText('paní Malá');
  await expectNoAxeViolations(page);
  for (const [size, viewport] of sizes) {
    await page.setViewportSize(viewport);
    await screenshot(work, { path: `${assistantShots}/client-in-progress-section-cs-${size}.png` });
  }

  await callOperation(request, staff, 'closeAssistantTask', {
    params: { taskId },
    body: {
      summary: 'Pečovatelská služba má volno od ledna, poptávku jsme poslali.\nOzvou se vám do týdne.',
    },
  });
  for (const locale of ['cs', 'en', 'sk'] as const) {
    await storeLocale(page, locale);
    for (const [size, viewport] of sizes) {
      await page.setViewportSize(viewport);
      await page.goto(`/dashboard/client/${clientId}`);
      await expect(work.getByRole('listitem')).toHaveCount(4);
      await screenshot(work, { path: `${assistantShots}/client-done-section-${locale}-${size}.png` });
      await scrollToTop(page);
      await screenshot(page, { path: `${assistantShots}/client-done-${locale}-${size}.png`, fullPage: true });
    }
  }
  await storeLocale(page, 'cs');
  await page.setViewportSize(sizes[0][1]);
  await page.goto(`/dashboard/client/${clientId}`);
  await expect(work).toContainText('Hotovo');
  await expect(work.getByRole('heading', { level: 3, name: 'Shrnutí od asistenta' })).toBeVisible();
  await expect(work).toContainText('Ozvou se vám do týdne.');
  await expectNoAxeViolations(page);
  // The request the assistant sent leads to its page.
  await work.getByRole('link', { name: sent.service?.name ?? '' }).click();
  await expect(page).toHaveURL(`/dashboard/request/${sent.careRequestId}`);

  // The provider reads that an Opora assistant sent it for the carer.
  await page.context().clearCookies();
  await signInWithTokens(page, provider.administrator);
  await page.goto(`/provider/requests/${sent.careRequestId}`);
  const carerName = `${carer.firstName} ${carer.lastName}`;
  const line = `Přes Oporu · odeslal asistent Opory za žadatele (${carerName})`;
  await expect(page.getByRole('region', { name: 'Poptávka' }).getByText(line)).toBeVisible();
  // The header's line says it too, as it says who entered a request of the provider's own.
  await expect(page.getByText(line)).toHaveCount(2);
  await expect(
    page
      .getByRole('region', { name: 'Žadatel' })
      .getByText(`Poptávku odeslal asistent Opory za žadatele (${carerName}).`),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await scrollToTop(page);
  await screenshot(page, { path: `${assistantShots}/provider-request-cs-desktop.png`, fullPage: true });
});

test('cancelling at the gateway leads back to the plans; the client page offers them too', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { caseId, clientId } = await freshCarer(page, request);

  // The client page's service-offer tab without a subscription: the plans, for the client's latest case.
  await page.goto(`/dashboard/client/${clientId}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Vyberte si předplatné' })).toBeVisible();
  const choose = page.getByRole('link', { name: 'Vybrat předplatné Samostatně' });
  expect(await choose.getAttribute('href')).toMatch(
    new RegExp(`^/new-case-wizard/payment/${caseId}/${uuid}$`),
  );
  await expectNoAxeViolations(page);

  // A double click on Pay opens one checkout at the gateway.
  await page.goto(`/new-client-wizard/service-offer/${caseId}`);
  await page.getByRole('link', { name: 'Vybrat předplatné Samostatně' }).click();
  await page.getByRole('button', { name: 'Zaplatit 149 Kč' }).dblclick();
  await chooseAtGateway(page, gatewayChoice.cancel);
  await expect(page).toHaveURL(`/new-client-wizard/service-offer/${caseId}`);
  await expect(
    page.getByText('Platbu jste zrušili a nic jsme vám nestrhli.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Vyberte si předplatné' })).toBeVisible();
});

test('a confirmation that takes long is said, and checking again later goes on', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { headers, caseId } = await freshCarer(page, request);
  const plans = await request.get('/api/v1/web/subscription-types?currency=CZK');
  const selfManaged = (await answerOf(plans, 'listSubscriptionTypes')).find(
    (plan) => plan.code === 'self-managed',
  )!;
  const paymentPath = `/new-client-wizard/payment/${caseId}/${selfManaged.id}`;
  // A checkout the gateway has not reported on (the tester has not chosen yet).
  const created = await request.post('/api/v1/web/checkouts', {
    headers,
    data: { subscriptionTypeId: selfManaged.id, currency: 'CZK', caseId, returnPath: paymentPath },
  });
  expect(created.status(), await created.text()).toBe(201);
  const checkout = await answerOf(created, 'createCheckout');

  // The browser's clock (only the page's timers, not the server's) is moved on past the page's
  // half-minute wait instead of the test sitting it out; the polls on the way go to the real server.
  await page.clock.install();
  await page.goto(`${paymentPath}?checkout=${checkout.id}`);
  await expect(page.getByRole('status').filter({ hasText: 'Ověřujeme platbu…' })).toBeVisible();
  await expectNoAxeViolations(page);
  const slow = page.getByRole('alert').filter({ hasText: 'Potvrzení platby trvá déle než obvykle' });
  // Before the half minute is up, the page is still checking.
  await page.clock.runFor('00:25');
  await expect(page.getByRole('status').filter({ hasText: 'Ověřujeme platbu…' })).toBeVisible();
  await expect(slow).toHaveCount(0);
  await page.clock.runFor('00:06');
  await expect(slow).toBeVisible();
  await expect(slow).toContainText('nic neplaťte znovu');
  await expectNoAxeViolations(page);

  // The tester pays meanwhile; checking again finds it paid and the wizard goes on.
  const paid = await request.post(checkout.redirectUrl, { form: { outcome: 'success' } });
  expect(paid.status()).toBe(200);
  await slow.getByRole('button', { name: 'Zkontrolovat znovu' }).click();
  await expect(page).toHaveURL(`/new-client-wizard/services/${caseId}`);
});

test('the profile shows the subscription with its renewal date and cancels it in one click', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { caseId } = await freshCarer(page, request);

  // No subscription yet: said, with the way to choose one.
  await page.goto('/user');
  await expect(page.getByRole('heading', { level: 2, name: 'Předplatné' })).toBeVisible();
  await expect(page.getByText('Předplatné zatím nemáte.', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Vybrat předplatné' })).toHaveAttribute('href', '/dashboard');

  await page.goto(`/new-client-wizard/service-offer/${caseId}`);
  await choosePlanAndPay(page, 'Samostatně', gatewayChoice.success);
  await expect(page).toHaveURL(`/new-client-wizard/services/${caseId}`);

  await page.goto('/user');
  const section = page.getByRole('region', { name: 'Předplatné' });
  await expect(section.getByText('Předplatné Samostatně')).toBeVisible();
  await expect(section.getByText('Aktivní')).toBeVisible();
  await expect(section.getByText('149 Kč měsíčně včetně 21 % DPH')).toBeVisible();
  const renews = section.getByText(/^Obnoví se \d\d\. \d\d\. \d{4}$/);
  await expect(renews).toBeVisible();
  const date = ((await renews.textContent()) ?? '').replace('Obnoví se ', '');
  await expectNoAxeViolations(page);

  await section.getByRole('button', { name: 'Zrušit předplatné' }).click();
  const dialog = page.getByRole('dialog', { name: 'Zrušit předplatné?' });
  await expect(dialog).toContainText(`Služby můžete používat do ${date}.`);
  await dialog.getByRole('button', { name: 'Zrušit předplatné' }).click();
  await expect(
    page.getByText(`Předplatné je zrušené a skončí ${date}. Potvrzení jsme vám poslali e-mailem.`),
  ).toBeVisible();
  await expect(section.getByText(`Skončí ${date}`)).toBeVisible();
  await expect(section.getByText('Zrušené', { exact: true })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Zrušit předplatné' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  mkdirSync(shots, { recursive: true });
  await screenshot(page, { path: `${shots}/profile-cancelled-cs-desktop.png`, fullPage: true });

  // Access lasts to the end of the month: the services step still shows the pool.
  await page.goto(`/new-client-wizard/services/${caseId}`);
  await expect(page.getByRole('link', { name: /^Poptat službu / }).first()).toBeVisible();
});

test.describe('screens in three languages and two sizes', () => {
  const sizes = [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const;

  // One test per language, each with its own carer: a test stays within one access token's life.
  for (const locale of ['cs', 'en', 'sk'] as const) {
    test(`the plans, the payment step, the services, the assistant contact and the profile look right in ${locale}`, async ({
      page,
      request,
    }) => {
      test.setTimeout(240_000);
      mkdirSync(shots, { recursive: true });
      const { caseId, clientId } = await freshCarer(page, request);
      // A Slovak client: its plans are priced in euro.
      const slovak = await createClientCaseByApi(request, await bearerOf(page), {
        residence: { countyCode: 'SK0101', city: 'Bratislava', zipcode: '81101' },
      });
      const shoot = async (name: string, size: string) => {
        await page.evaluate(() =>
          (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0),
        );
        await screenshot(page, { path: `${shots}/${name}-${locale}-${size}.png`, fullPage: true });
      };
      mkdirSync(assistantShots, { recursive: true });
      const shootAssistant = async (name: string, size: string) => {
        await scrollToTop(page);
        await screenshot(page, { path: `${assistantShots}/${name}-${locale}-${size}.png`, fullPage: true });
      };
      // The language from the address is stored; the page is waited for, so its token refresh is done.
      await page.goto(`/${locale}/dashboard`);
      await expect(page.getByRole('article')).toHaveCount(2);

      let assistantPayment = '';
      for (const [size, viewport] of sizes) {
        await page.setViewportSize(viewport);
        await page.goto(`/new-client-wizard/service-offer/${caseId}`);
        await expect(page.getByRole('article')).toHaveCount(2);
        await shoot('offer-plans', size);
        assistantPayment =
          (await page.getByRole('article').nth(1).getByRole('link').getAttribute('href')) ?? '';
        await page.goto(`/new-case-wizard/service-offer/${slovak.caseId}`);
        await expect(page.getByRole('article')).toHaveCount(2);
        await expect(page.getByRole('article').first()).toContainText('€');
        await shoot('offer-plans-eur', size);
        await page.goto(`/dashboard/client/${clientId}`);
        await expect(page.getByRole('article')).toHaveCount(2);
        await shoot('client-plans', size);
        await page.goto(assistantPayment);
        await expect(page.getByRole('button', { name: /\d/ })).toBeVisible();
        await shoot('payment', size);
        await page.goto('/user');
        await expect(page.getByRole('region').getByRole('link', { name: /./ }).first()).toBeVisible();
        await shoot('profile-none', size);
      }

      // A failed payment, then the assistant plan paid.
      await page.goto(assistantPayment);
      await page.getByRole('button', { name: /\d/ }).click();
      await chooseAtGateway(page, gatewayChoice.failure);
      await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
      const failedUrl = page.url();
      for (const [size, viewport] of sizes) {
        await page.setViewportSize(viewport);
        await page.goto(failedUrl);
        await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
        await shoot('payment-failed', size);
      }
      await page
        .getByRole('button', { name: /./ })
        .filter({ hasText: /Zkusit|Try|Skúsiť/ })
        .click();
      await chooseAtGateway(page, gatewayChoice.success);
      await expect(page).toHaveURL(`/new-client-wizard/assistant-info/${caseId}`);

      for (const [size, viewport] of sizes) {
        await page.setViewportSize(viewport);
        await page.goto(`/new-client-wizard/assistant-info/${caseId}`);
        await expect(page.getByRole('radio').first()).toBeVisible();
        await shoot('assistant-form', size);
        const send = page.getByRole('button', {
          name: /^(Odeslat asistentovi|Send to the assistant|Odoslať asistentovi)$/,
        });
        // Refused without the consent, said beside the box; then given.
        await send.click();
        await expect(page.getByRole('checkbox')).toBeFocused();
        await shootAssistant('wizard-consent-refused', size);
        await page.getByRole('checkbox').check();
        await shootAssistant('wizard-consent-given', size);
        await send.click();
        await expect(page.getByRole('heading', { level: 2 }).first()).toBeFocused();
        await shoot('assistant-done', size);
        await page.goto(`/new-client-wizard/services/${caseId}`);
        await expect(page.getByRole('article').first()).toBeVisible();
        await shoot('services', size);
        await page.goto(`/dashboard/client/${clientId}`);
        await expect(page.getByRole('article').first().getByRole('link').last()).toBeVisible();
        await expect(page.getByRole('region', { name: assistantWorkTitle })).toBeVisible();
        await shoot('client-pool', size);
        await shootAssistant('client-waiting', size);
        await screenshot(page.getByRole('region', { name: assistantWorkTitle }), {
          path: `${assistantShots}/client-waiting-section-${locale}-${size}.png`,
        });
        await expectNoAxeViolationsInTour(page, locale);
        await page.goto('/user');
        await expect(page.getByText(/\d\d\. \d\d\. \d{4}/).first()).toBeVisible();
        await shoot('profile', size);
      }
    });
  }
});
