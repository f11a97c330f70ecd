import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { bearerOf, callOperation, createClientCaseByApi, type Headers } from './carer-data.ts';
import { withDatabase } from './database.ts';
import { expect, test } from './fixtures.ts';
import {
  newPerson,
  signedInNewCarer,
  signInWithTokens,
  signUpByApi,
  type TestPerson,
  textField,
} from './identity.ts';
import { expectNoAxeViolations, screenshot, storeLocale } from './page-checks.ts';
import { ownProvider } from './staff.ts';
import { chooseAtGateway, gatewayChoice } from './subscriptions.ts';

// The assistants' work queue (issue 25 §2, decisions 0123, 0127) as the people meet it: a carer on the
// with-assistant plan hands a case over; an assistant takes it from the queue (a colleague is quicker
// with another one), calls a provider, sends a request for the client and closes the case with a
// summary; the provider answers the request, which says an Opora assistant sent it, and the carer
// reads it all on the client's page. A platform administrator gives the colleague's task to her, and she
// gives it back to the queue. Everyone is the test's own: the provider (e2e/staff.ts), the carer, and the
// assistants and the administrator, whose realm roles no screen grants.

const shots = '/tmp/shots-assistants';
const sizes = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const;
/** Chrudim, where the test's own providers serve (e2e/staff.ts). */
const chrudim = { countyCode: 'CZ0531', city: 'Chrudim', zipcode: '53701' };
const vrsovice = 'Pečovatelská služba Centrum denních služeb Vršovice';
const chodov = 'Pečovatelská služba Pobočka Chodov';

/**
 * A new person (signed up through the API) who is one of Opora's assistants: the realm role
 * `assistant` at the embedded identity server, in their tokens from the next sign-in.
 */
async function ownAssistant(request: APIRequestContext, firstName: string, lastName: string) {
  const person = newPerson({ firstName, lastName });
  await signUpByApi(request, person);
  const { rowCount } = await withDatabase((client) =>
    client.query(
      `update identity.users set realm_roles = array['client', 'assistant'] where lower(email) = lower($1)`,
      [person.email],
    ),
  );
  if (rowCount !== 1) throw new Error(`No assistant role written for ${person.email}`);
  return person;
}

/** A new person who is one of Opora's platform administrators (the realm role `admin`). */
async function ownAdministrator(request: APIRequestContext) {
  const person = newPerson({ firstName: 'Eva', lastName: 'Správcová' });
  await signUpByApi(request, person);
  const { rowCount } = await withDatabase((client) =>
    client.query(
      `update identity.users set realm_roles = array['client', 'admin'] where lower(email) = lower($1)`,
      [person.email],
    ),
  );
  if (rowCount !== 1) throw new Error(`No administrator role written for ${person.email}`);
  return person;
}

/** The bearer of a person's password grant (the web client's), for calls beside the pages. */
async function bearerFor(request: APIRequestContext, person: TestPerson): Promise<Headers> {
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

/**
 * Another carer's case handed over to the assistants by e-mail, made through the API (their plan
 * written beside them: paying is this test's first carer's and e2e/subscriptions.spec.ts's journey).
 */
async function handedOverByApi(request: APIRequestContext) {
  const person = newPerson();
  await signUpByApi(request, person);
  const { rowCount } = await withDatabase((client) =>
    client.query(
      `insert into subscriptions (user_id, subscription_type_id, currency, amount_minor, vat_rate_percent,
                                  gateway, current_period_end)
       select u.id, t.id, 'CZK', 44900, 21, 'test', now() + interval '1 month'
       from users u, subscription_types t
       where lower(u.email) = lower($1) and t.code = 'with-assistant'`,
      [person.email],
    ),
  );
  if (rowCount !== 1) throw new Error(`No plan written for ${person.email}`);
  const headers = await bearerFor(request, person);
  const { caseId } = await createClientCaseByApi(request, headers, { residence: chrudim });
  return callOperation(request, headers, 'saveAssistantTask', {
    params: { caseId },
    body: { contactChannel: 'email', assistantConsent: true },
  });
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/** A full-page screenshot starts at the top, so the sticky header is not painted over the page. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() =>
    (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0),
  );
  await screenshot(page, { path: `${shots}/${name}.png`, fullPage: true });
}

/** A calendar day `days` from today, as a date input takes it. */
function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** `2026-12-10` → `10. 12. 2026`, as the pages write dates. */
function displayDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}. ${month}. ${year}`;
}

test('an assistant takes a handed-over case, calls, requests for the client and sums up; provider and carer see it', async ({
  page,
  browser,
  request,
  problems,
}) => {
  test.setTimeout(360_000);
  mkdirSync(shots, { recursive: true });
  // The refused steps the test provokes: a task a colleague took first (409), and her task's page once
  // she gave it back (404).
  problems.allow(/Failed to load resource: the server responded with a status of 40[49]/);

  // A carer whose mother lives in Chrudim pays for the with-assistant plan and hands the case over.
  const provider = await ownProvider(request);
  // The provider's public line, which the assistant calls.
  await withDatabase((db) =>
    db.query(`update providers set contact_phone = '+420222333444' where id = $1`, [provider.id]),
  );
  const carerPage = await newPage(browser);
  const carer = await signedInNewCarer(carerPage, request);
  const carerName = `${carer.firstName} ${carer.lastName}`;
  const carerHeaders = await bearerOf(carerPage);
  const { caseId, clientId } = await createClientCaseByApi(request, carerHeaders, {
    residence: chrudim,
    reachable: true,
  });
  await carerPage.goto(`/new-client-wizard/service-offer/${caseId}`);
  await carerPage.getByRole('link', { name: 'Vybrat předplatné S asistentem' }).click();
  await carerPage.getByRole('button', { name: /^Zaplatit \d+\s?Kč$/ }).click();
  await chooseAtGateway(carerPage, gatewayChoice.success);
  await expect(carerPage).toHaveURL(`/new-client-wizard/assistant-info/${caseId}`);
  await textField(carerPage, 'Kdy se vám to hodí (nepovinné)').fill('Ve všední dny po 15. hodině');
  await carerPage
    .getByRole('textbox', { name: 'Co by měl asistent vědět (nepovinné)' })
    .fill('Maminka potřebuje pomoc ráno.');
  await carerPage.getByRole('checkbox', { name: /^Souhlasím, aby asistenti Opory/ }).check();
  await carerPage.getByRole('button', { name: 'Odeslat asistentovi' }).click();
  await expect(
    carerPage.getByRole('heading', { level: 2, name: 'Hotovo, asistent se vám ozve' }),
  ).toBeFocused();
  const { code } = await callOperation(request, carerHeaders, 'getCase', { params: { caseId } });

  // The assistant opens the queue: its health, then the task with who handed it over and how to reach them.
  const assistant = await ownAssistant(request, 'Petra', 'Asistentová');
  const colleague = await ownAssistant(request, 'Karel', 'Dvořák');
  await signInWithTokens(page, assistant);
  await page.goto('/admin/assistant-tasks');
  await expect(page).toHaveTitle('Úkoly asistence - Opora');
  await expect(page.getByRole('heading', { level: 1, name: 'Úkoly asistence' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Administrace platformy' }).getByRole('link')).toHaveText(
    ['Přehled', 'Úkoly asistence'],
  );
  const health = page.getByRole('region', { name: 'Stav fronty' });
  await expect(health.getByText('Medián doby do prvního kontaktu')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText(carerName);
  await expect(row).toContainText('Preferuje telefon: +420');
  await expect(row).toContainText('Kdy: Ve všední dny po 15. hodině');
  await expect(row).toContainText('Poznámka: Maminka potřebuje pomoc ráno.');
  await expect(row).toContainText('Zatím nikdo');
  await expectNoAxeViolations(page);

  // Another carer's case: a colleague takes it a moment before her; she is told who, and the list reloads.
  const handed = await handedOverByApi(request);
  // Nobody has called that carer in time: its first contact was due two hours ago.
  await withDatabase((db) =>
    db.query(`update assistant_tasks set due_at = now() - interval '2 hours' where id = $1`, [handed.id]),
  );
  await page.reload();
  const secondRow = page.getByRole('row').filter({ hasText: handed.caseCode });
  await expect(secondRow).toContainText('Preferuje e-mail');
  await expect(secondRow).toContainText('Po termínu');
  await expect(health.getByText('Po termínu')).toBeVisible();
  await expect(health.locator('div').filter({ hasText: 'Po termínu' }).locator('dd')).not.toHaveText('0');
  await callOperation(request, await bearerFor(request, colleague), 'claimAssistantTask', {
    params: { taskId: handed.id },
  });
  await secondRow.getByRole('button', { name: `Převzít případ ${handed.caseCode}` }).click();
  const refused = page.getByRole('alert').filter({ hasText: 'Někdo byl rychlejší' });
  await expect(refused).toContainText(`Případ ${handed.caseCode} má mezitím Karel Dvořák.`);
  await expect(secondRow).toContainText('Karel Dvořák');
  await expect(secondRow.getByRole('button')).toHaveCount(0);
  await expectNoAxeViolations(page);

  // She takes her task: its page opens with the carer's contact and the client's record.
  await row.getByRole('button', { name: `Převzít případ ${code}` }).click();
  await expect(page).toHaveURL(/\/admin\/assistant-tasks\/[0-9a-f-]{36}$/);
  const taskUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: `Případ ${code}` })).toBeVisible();
  await expect(page).toHaveTitle(`Případ ${code} - Opora`);
  const contact = page.getByRole('region', { name: 'Kdo případ předal' });
  await expect(contact).toContainText(carerName);
  await expect(contact).toContainText('Ve všední dny po 15. hodině');
  const client = page.getByRole('region', { name: 'Klient' });
  await expect(client).toContainText('Marie Dvořáková');
  await expect(client).toContainText('12. 03. 1941');
  await expect(client).toContainText('Jana Nováková, +420 601 123 456');
  const history = page.getByRole('region', { name: 'Průběh' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history).toContainText('Převzetí případu');
  await expectNoAxeViolations(page);

  // The Chodov service asks its own questionnaire: the offer says so before anything is sent, and its
  // request is the carer's (the button disabled, saying why). Each service shows the provider's phone.
  const offer = page.getByRole('region', { name: 'Služby k obvolání' });
  // Each spec's own provider serves Chrudim with the same service names: the card is this one's.
  const ownCard = (service: string) =>
    offer.getByRole('listitem').filter({ hasText: service }).filter({ hasText: provider.name });
  const chodovCard = ownCard(chodov);
  await expect(chodovCard.getByText('Vyžaduje dotazník pečujícího')).toBeVisible();
  const chodovSend = chodovCard.getByRole('button', {
    name: `Poslat poptávku za klienta: ${provider.name}, ${chodov}`,
  });
  await expect(chodovSend).toBeDisabled();
  await expect(chodovSend).toHaveAccessibleDescription(/^Poptávku musí poslat pečující/);
  await expect(
    chodovCard.getByRole('link', { name: `Zavolat: ${provider.name}, +420 222 333 444` }),
  ).toHaveAttribute('href', 'tel:+420222333444');
  const vrsoviceCard = ownCard(vrsovice);
  await expect(vrsoviceCard.getByText('Vyžaduje dotazník pečujícího')).toHaveCount(0);
  const requestDialog = page.getByRole('dialog', { name: 'Poslat poptávku za klienta' });

  // A call to the Vršovice centre: the outcome is required, the follow-up not in the past.
  await page.getByRole('button', { name: `Zapsat hovor: ${provider.name}, ${vrsovice}` }).click();
  const callDialog = page.getByRole('dialog', { name: 'Zapsat hovor' });
  await callDialog.getByRole('button', { name: 'Uložit hovor' }).click();
  const outcome = callDialog.getByRole('combobox', { name: 'Jak hovor dopadl' });
  await expect(outcome).toHaveAttribute('aria-invalid', 'true');
  await expect(outcome).toBeFocused();
  await outcome.selectOption({ label: 'Má zájem, klienta vezme' });
  await callDialog
    .getByRole('textbox', { name: 'Poznámka pro asistenty' })
    .fill('Volno od ledna, paní Malá.');
  const followUp = callDialog.getByLabel('Zavolat znovu dne');
  await followUp.fill(dayFromToday(-2));
  await callDialog.getByRole('button', { name: 'Uložit hovor' }).click();
  await expect(followUp).toHaveAttribute('aria-invalid', 'true');
  const callAgain = dayFromToday(7);
  await followUp.fill(callAgain);
  await expectNoAxeViolations(page, '[role="dialog"]');
  await screenshot(page, { path: `${shots}/call-dialog-cs-desktop.png` });
  await callDialog.getByRole('button', { name: 'Uložit hovor' }).click();
  await expect(callDialog).toBeHidden();
  await expect(page.getByText(`Hovor s poskytovatelem ${provider.name} je zapsaný.`)).toBeVisible();
  await expect(history.getByRole('listitem')).toHaveCount(2);
  const call = history.getByRole('listitem').nth(1);
  await expect(call).toContainText('Výsledek: Má zájem, klienta vezme');
  await expect(call).toContainText(`Zavolat znovu ${displayDate(callAgain)}`);
  await expect(call).toContainText('Poznámka: Volno od ledna, paní Malá.');

  // A request for the client to the Vršovice centre, with a message.
  await page
    .getByRole('button', { name: `Poslat poptávku za klienta: ${provider.name}, ${vrsovice}` })
    .click();
  await expect(requestDialog).toContainText(`jménem pečujícího (${carerName})`);
  await requestDialog
    .getByRole('textbox', { name: 'Zpráva poskytovateli' })
    .fill('Domluveno s paní Malou po telefonu, od ledna.');
  await requestDialog.getByRole('button', { name: 'Odeslat poptávku' }).click();
  await expect(requestDialog).toBeHidden();
  await expect(page.getByText(`Poptávka odešla poskytovateli ${provider.name}.`)).toBeVisible();
  const requests = page.getByRole('region', { name: 'Poptávky případu' });
  await expect(requests.getByRole('listitem')).toHaveCount(1);
  await expect(requests).toContainText(vrsovice);
  await expect(requests).toContainText('Nová');
  await expect(requests).toContainText('Poslal asistent');
  // Requested now: the service offers no second request.
  await expect(
    page.getByRole('button', { name: `Poslat poptávku za klienta: ${provider.name}, ${vrsovice}` }),
  ).toHaveCount(0);
  await expect(history.getByRole('listitem')).toHaveCount(3);
  await expect(history.getByRole('listitem').nth(2)).toContainText('Odeslaná poptávka');
  await expectNoAxeViolations(page);

  // Both pages in three languages and two sizes, the task still open.
  for (const locale of ['cs', 'en', 'sk'] as const) {
    await storeLocale(page, locale);
    for (const [size, viewport] of sizes) {
      await page.setViewportSize(viewport);
      await page.goto('/admin/assistant-tasks');
      await expect(page.getByText(code, { exact: true }).first()).toBeVisible();
      await shoot(page, `queue-${locale}-${size}`);
      await page.goto(taskUrl);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(code);
      await expect(page.getByRole('region', { name: /^(Průběh|History|Priebeh)$/ })).toBeVisible();
      await shoot(page, `task-${locale}-${size}`);
    }
  }
  await storeLocale(page, 'cs');
  await page.setViewportSize(sizes[1][1]);
  await page.goto('/admin/assistant-tasks');
  // On a phone the queue is a list of cards; her own task opens from it.
  const card = page.getByRole('listitem').filter({ hasText: code });
  await expect(card.getByText('Můj', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await card.getByRole('link', { name: `Otevřít případ ${code}` }).click();
  await expect(page).toHaveURL(taskUrl);
  await page.setViewportSize(sizes[0][1]);

  // Closing: a summary is required, then confirmed; the page is read-only with the summary.
  const closing = page.getByRole('region', { name: 'Uzavřít se shrnutím' });
  await closing.getByRole('button', { name: 'Uzavřít úkol' }).click();
  await expect(closing.getByText('Pole je povinné')).toBeVisible();
  const summary = 'Centrum ve Vršovicích má volno od ledna, poptávku jsme poslali.\nOzvou se vám do týdne.';
  await closing.getByRole('textbox', { name: 'Shrnutí pro pečujícího' }).fill(summary);
  await closing.getByRole('button', { name: 'Uzavřít úkol' }).click();
  const confirmation = page.getByRole('dialog', { name: 'Uzavřít úkol?' });
  await expect(confirmation).toContainText(`Shrnutí dostane ${carerName} e-mailem`);
  await confirmation.getByRole('button', { name: 'Uzavřít a poslat shrnutí' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /^Uzavřeno / })).toBeFocused();
  await expect(page.getByText('Ozvou se vám do týdne.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Zapsat hovor/ })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Uzavřít se shrnutím' })).toHaveCount(0);
  await expect(history.getByRole('listitem')).toHaveCount(4);
  await expectNoAxeViolations(page);
  for (const [size, viewport] of sizes) {
    await page.setViewportSize(viewport);
    await shoot(page, `task-closed-cs-${size}`);
  }
  // Closed, it has left the queue.
  await page.goto('/admin/assistant-tasks');
  await expect(page.getByRole('heading', { level: 1, name: 'Úkoly asistence' })).toBeVisible();
  await expect(page.getByText(handed.caseCode).first()).toBeVisible();
  await expect(page.getByText(code, { exact: true })).toHaveCount(0);

  // The colleague is told the task is not his, with the way back to the queue.
  const colleaguePage = await newPage(browser);
  await signInWithTokens(colleaguePage, colleague);
  await colleaguePage.goto(taskUrl);
  await expect(
    colleaguePage.getByRole('heading', { level: 1, name: 'Tento úkol nemáte, nebo neexistuje' }),
  ).toBeVisible();
  await expectNoAxeViolations(colleaguePage);
  await colleaguePage.getByRole('link', { name: 'Zpět na frontu úkolů' }).click();
  await expect(colleaguePage).toHaveURL('/admin/assistant-tasks');

  // The colleague's other task: a platform administrator manages it from the queue — who has it and the
  // carer's contact, never the client's record — and gives it to her, with a note.
  const administrator = await ownAdministrator(request);
  const adminPage = await newPage(browser);
  await signInWithTokens(adminPage, administrator);
  await adminPage.goto('/admin/assistant-tasks');
  const managed = adminPage.getByRole('row').filter({ hasText: handed.caseCode });
  await expect(managed).toContainText('Karel Dvořák');
  await managed.getByRole('link', { name: `Spravovat případ ${handed.caseCode}` }).click();
  const handedUrl = `/admin/assistant-tasks/${handed.id}`;
  await expect(adminPage).toHaveURL(handedUrl);
  await expect(adminPage.getByRole('heading', { level: 1, name: `Případ ${handed.caseCode}` })).toBeVisible();
  const claimSection = (on: Page) => on.getByRole('region', { name: /^(Kdo úkol má|Who has it)$/ });
  await expect(claimSection(adminPage)).toContainText('Karel Dvořák.');
  await expect(adminPage.getByRole('region', { name: 'Kdo případ předal' })).toBeVisible();
  await expect(adminPage.getByRole('region', { name: 'Klient' })).toHaveCount(0);
  await expectNoAxeViolations(adminPage);
  const reassignDialog = adminPage.getByRole('dialog', {
    name: /^(Předat úkol jinému asistentovi|Give the task to another assistant)$/,
  });
  const assistantChoice = reassignDialog.getByRole('combobox', { name: /^(Asistent|Assistant)$/ });
  for (const locale of ['cs', 'en'] as const) {
    await storeLocale(adminPage, locale);
    for (const [size, viewport] of sizes) {
      await adminPage.setViewportSize(viewport);
      await adminPage.goto(handedUrl);
      await expect(claimSection(adminPage)).toContainText('Karel Dvořák');
      await shoot(adminPage, `manage-${locale}-${size}`);
      await claimSection(adminPage)
        .getByRole('button', { name: /^(Předat jinému asistentovi|Give to another assistant)$/ })
        .click();
      await expect(assistantChoice).toBeFocused();
      await screenshot(adminPage, {
        path: `${shots}/reassign-dialog-${locale}-${size}.png`,
        animations: 'disabled',
      });
      await adminPage.keyboard.press('Escape');
      await expect(reassignDialog).toBeHidden();
    }
  }
  await storeLocale(adminPage, 'cs');
  await adminPage.setViewportSize(sizes[0][1]);
  await adminPage.goto(handedUrl);
  await claimSection(adminPage).getByRole('button', { name: 'Předat jinému asistentovi' }).click();
  // The choice takes the focus once the assistants are loaded (before that, Enter would land on the
  // dialog's Cancel). The colleague is not offered his own task (by his e-mail: every run makes a Karel
  // Dvořák); Enter with nobody chosen asks for a choice.
  await expect(assistantChoice).toBeFocused();
  await expect(assistantChoice.getByRole('option', { name: colleague.email.toLowerCase() })).toHaveCount(0);
  await expect(
    assistantChoice.getByRole('option', { name: `Petra Asistentová (${assistant.email.toLowerCase()})` }),
  ).toHaveCount(1);
  await adminPage.keyboard.press('Enter');
  await expect(assistantChoice).toHaveAttribute('aria-invalid', 'true');
  await assistantChoice.selectOption({ label: `Petra Asistentová (${assistant.email.toLowerCase()})` });
  await reassignDialog
    .getByRole('textbox', { name: 'Poznámka pro asistenty (nepovinné)' })
    .fill('Karel je nemocný.');
  await expectNoAxeViolations(adminPage, '[role="dialog"]');
  await assistantChoice.focus();
  await adminPage.keyboard.press('Enter');
  await expect(reassignDialog).toBeHidden();
  await expect(adminPage.getByText(`Případ ${handed.caseCode} má teď Petra Asistentová.`)).toBeVisible();
  await expect(claimSection(adminPage)).toContainText('Petra Asistentová.');

  // Hers now: the record opens for her, the history says who gave it and from whom.
  await page.setViewportSize(sizes[0][1]);
  await page.goto('/admin/assistant-tasks');
  const givenRow = page.getByRole('row').filter({ hasText: handed.caseCode });
  await expect(givenRow.getByText('Můj', { exact: true })).toBeVisible();
  await givenRow.getByRole('link', { name: `Otevřít případ ${handed.caseCode}` }).click();
  await expect(page).toHaveURL(handedUrl);
  await expect(page.getByRole('region', { name: 'Klient' })).toBeVisible();
  const given = history.getByRole('listitem').filter({ hasText: 'Předáno jinému asistentovi' });
  await expect(given).toContainText('Nový asistent: Petra Asistentová');
  await expect(given).toContainText('Předchozí asistent: Karel Dvořák');
  await expect(given).toContainText('Poznámka: Karel je nemocný.');
  await expect(given).toContainText(`Eva Správcová`);
  const releaseDialog = page.getByRole('dialog', {
    name: /^(Vrátit úkol do fronty\?|Give the task back to the queue\?)$/,
  });
  for (const locale of ['cs', 'en'] as const) {
    await storeLocale(page, locale);
    for (const [size, viewport] of sizes) {
      await page.setViewportSize(viewport);
      await page.goto(handedUrl);
      await expect(claimSection(page)).toBeVisible();
      await shoot(page, `task-claim-${locale}-${size}`);
      await claimSection(page)
        .getByRole('button', { name: /^(Vrátit do fronty|Give back to the queue)$/ })
        .click();
      await expect(releaseDialog).toBeVisible();
      await screenshot(page, {
        path: `${shots}/release-dialog-${locale}-${size}.png`,
        animations: 'disabled',
      });
      await page.keyboard.press('Escape');
      await expect(releaseDialog).toBeHidden();
    }
  }
  await storeLocale(page, 'cs');
  await page.setViewportSize(sizes[0][1]);
  await page.goto(handedUrl);

  // She gives it back: the question is read first, Enter confirms; she is back at the queue, where the
  // task waits for anyone, and its page no longer shows her the client.
  await claimSection(page).getByRole('button', { name: 'Vrátit do fronty' }).click();
  await expect(releaseDialog.getByText(`Případ ${handed.caseCode} se vrátí do fronty`)).toBeFocused();
  await expectNoAxeViolations(page, '[role="dialog"]');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/admin/assistant-tasks');
  await expect(page.getByText(`Případ ${handed.caseCode} je zpět ve frontě.`)).toBeVisible();
  const backRow = page.getByRole('row').filter({ hasText: handed.caseCode });
  await expect(backRow).toContainText('Zatím nikdo');
  await expect(backRow.getByRole('button', { name: `Převzít případ ${handed.caseCode}` })).toBeVisible();
  await page.goto(handedUrl);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Tento úkol nemáte, nebo neexistuje' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Klient' })).toHaveCount(0);
  // The administrator's page of it, read again, says nobody has it.
  await adminPage.reload();
  await expect(claimSection(adminPage)).toContainText('Úkol nikdo nemá: je ve frontě.');
  await expect(claimSection(adminPage).getByRole('button')).toHaveCount(0);

  // The provider finds the request in its inbox, sent by an Opora assistant for the carer, and accepts it.
  const providerPage = await newPage(browser);
  await signInWithTokens(providerPage, provider.administrator);
  await providerPage.goto('/provider/requests');
  const inboxRow = providerPage.getByRole('row').filter({ hasText: 'Marie Dvořáková' });
  await expect(inboxRow).toHaveCount(1);
  await expect(inboxRow.getByText('Odeslal asistent Opory')).toBeVisible();
  // The provider's own requests (the carer's, not an assistant's) carry no such mark.
  await expect(providerPage.getByRole('row').filter({ hasText: 'Marie Nováková' }).first()).not.toContainText(
    'Odeslal asistent Opory',
  );
  await inboxRow.getByRole('link', { name: /^Otevřít poptávku / }).click();
  await expect(
    providerPage
      .getByRole('region', { name: 'Poptávka' })
      .getByText(`Přes Oporu · odeslal asistent Opory za žadatele (${carerName})`),
  ).toBeVisible();
  await expect(providerPage.getByText('Domluveno s paní Malou po telefonu, od ledna.')).toBeVisible();
  await providerPage.getByRole('button', { name: 'Změnit stav' }).click();
  const statusDialog = providerPage.getByRole('dialog', { name: 'Změna stavu poptávky' });
  await statusDialog.getByRole('radio', { name: 'Přijata' }).check();
  await statusDialog.getByRole('button', { name: 'Změnit stav' }).click();
  await expect(
    providerPage.getByText('Stav změněn na „Přijata“. Klientovi jsme poslali e-mail.'),
  ).toBeVisible();

  // The carer's client page: the work done, the summary, and the request, now accepted.
  await carerPage.goto(`/dashboard/client/${clientId}`);
  const work = carerPage.getByRole('region', { name: 'Práce asistenta' }).filter({ hasText: 'Hotovo' });
  await expect(work).toContainText('Shrnutí od asistenta');
  await expect(work).toContainText('Ozvou se vám do týdne.');
  await expect(work).not.toContainText('paní Malá');
  await expect(work.getByRole('link', { name: vrsovice })).toBeVisible();
  await expectNoAxeViolations(carerPage);
  // The request's own page says an assistant sent it for her, by first name.
  await work.getByRole('link', { name: vrsovice }).click();
  await expect(carerPage.getByRole('heading', { level: 1, name: vrsovice })).toBeVisible();
  await expect(carerPage.getByText('Tuto poptávku za vás poslal tým asistence Opory (Petra).')).toBeVisible();
  await expectNoAxeViolations(carerPage);
  await carerPage.goto(`/dashboard/client/${clientId}`);
  await carerPage.getByRole('tab', { name: 'Moje služby' }).click();
  const mine = carerPage.getByRole('tabpanel', { name: 'Moje služby' });
  await expect(mine).toContainText(vrsovice);
  await expect(mine).toContainText('Přijata');
});
