import { randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { answerOf } from './api.ts';
import { bearerOf, callOperation } from './carer-data.ts';
import { expect, test } from './fixtures.ts';
import { signInThroughForm, textField } from './identity.ts';
import {
  expectNoAxeViolations,
  expectNoAxeViolationsInTour,
  screenshot,
  storeLocale,
} from './page-checks.ts';

// The support inbox (issue 25 §4, decision 0124): a visitor writes through the public contact form;
// platform staff find the message in the console, take it, answer it by e-mail in the sender's
// language (the e-mail quotes the message, as text) and close it; the audit log lists each step.
// Each test's sender is its own (a unique surname and address); staff are the demo's platform
// administrator, as the journey has it.

const shots = '/tmp/shots-support';
const staff = { email: 'admin@opora.test', password: 'Opora2026!', name: 'Alena Horáková' };

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(shots, { recursive: true });
  await screenshot(page, { path: `${shots}/${name}.png`, fullPage: true });
}

/** A surname no other run has used (letters only, as names are). */
function uniqueSurname(surname: string): string {
  const letters = Array.from({ length: 6 }, () => String.fromCharCode(97 + randomInt(26))).join('');
  return `${surname} ${letters[0]?.toUpperCase()}${letters.slice(1)}`;
}

/** The demo's platform administrator, signed in through the form in a browser of their own. */
async function signedInStaff(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInThroughForm(page, staff.email, staff.password);
  await expect(page).toHaveURL('/dashboard', { timeout: 30_000 });
  return page;
}

/** The inbox's row (or, on a phone, card) of the sender's message, found by their unique address. */
function messageRow(page: Page, email: string) {
  return page.getByRole('row').filter({ hasText: email });
}

/** The development outbox's e-mails to `email` (`GET /api/v1/dev/mail`). */
async function mailTo(request: APIRequestContext, email: string) {
  const messages = await answerOf(await request.get('/api/v1/dev/mail'), 'listDevMail');
  return messages.filter((message) => message.to.toLowerCase().includes(email.toLowerCase()));
}

test('staff take a contact-form message, answer it in English and close it; the audit log lists each step', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const surname = uniqueSurname('Nováková');
  const name = `Jana ${surname}`;
  const email = `e2e-support-${Date.now()}-${randomInt(1_000_000)}@example.cz`;
  const firstLine = 'Dobrý den, jak <b>funguje</b> předplatné s asistentem?';
  const text = `${firstLine}\nDěkuji, Jana`;

  // 1. A visitor writes through the public contact form.
  await page.goto('/contact');
  await textField(page, 'Jméno').fill('Jana');
  await textField(page, 'Příjmení').fill(surname);
  await textField(page, 'E-mail').fill(email);
  await textField(page, 'Zpráva').fill(text);
  await page.getByRole('button', { name: 'Odeslat zprávu' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Děkujeme za vaši zprávu. Ozveme se vám co nejdříve.' }),
  ).toBeVisible();

  // 2. Staff open the inbox from the console's bar: the message, nobody's yet, its markup as text.
  const admin = await signedInStaff(browser);
  await admin.goto('/admin');
  await admin
    .getByRole('navigation', { name: 'Administrace platformy' })
    .getByRole('link', { name: 'Podpora' })
    .click();
  await expect(admin).toHaveURL('/admin/support');
  await expect(admin).toHaveTitle('Zprávy podpory - Opora');
  await expect(admin.getByRole('heading', { level: 1, name: 'Zprávy podpory' })).toBeVisible();
  await expect(admin.getByRole('radio', { name: /^Aktivní \d+$/ })).toBeChecked();
  const row = messageRow(admin, email);
  await expect(row).toContainText(name);
  await expect(row).toContainText(firstLine);
  await expect(row).toContainText('Nepřevzatá');
  await expect(row).toContainText('nikdo');
  await expect(row).toContainText('žádná');
  await expect(row).toContainText('dnes');
  await expect(row.locator('b')).toHaveCount(0);
  await expectNoAxeViolations(admin);

  // 3. The message's page: the whole text with its line break, as text.
  await row.getByRole('link', { name }).click();
  await expect(admin).toHaveURL(/\/admin\/support\/[0-9a-f-]{36}$/);
  await expect(admin.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(admin).toHaveTitle(`Zpráva: ${name} - Opora`);
  const messageCard = admin.getByRole('region', { name: 'Zpráva', exact: true });
  await expect(messageCard).toContainText(email);
  const quoted = messageCard.locator('blockquote');
  // The rendered text (not the DOM's): the line break shows as one.
  // biome-ignore lint/performance/useDomNodeTextContent: the layout's text is what is checked here
  expect(await quoted.innerText()).toBe(text);
  await expect(quoted.locator('b')).toHaveCount(0);
  const handling = admin.getByRole('region', { name: 'Vyřízení' });
  await expect(handling).toContainText('Zatím nikdo');
  await expect(admin.getByRole('region', { name: 'Odpovědi', exact: true })).toContainText(
    'Zatím nikdo neodpověděl.',
  );
  await expectNoAxeViolations(admin);
  await shoot(admin, 'journey-open-cs-1280');

  // 4. Staff take it.
  await handling.getByRole('button', { name: 'Převzít' }).click();
  await expect(admin.getByText(`Zprávu od ${name} teď řešíte vy.`)).toBeVisible();
  await expect(handling).toContainText(`${staff.name} (vy)`);
  await expect(handling).toContainText('Převzatá');
  await expect(handling.getByRole('button', { name: 'Převzít' })).toHaveCount(0);

  // 5. An empty reply is refused beside the field; then the reply, in English.
  const replyForm = admin.getByRole('region', { name: 'Odpovědět' });
  await replyForm.getByRole('button', { name: 'Odeslat odpověď' }).click();
  const replyText = replyForm.getByRole('textbox', { name: 'Text odpovědi' });
  await expect(replyText).toHaveAccessibleDescription(/Pole je povinné/);
  await expect(replyText).toBeFocused();
  await expect(replyForm.getByRole('combobox', { name: 'Jazyk e-mailu' })).toHaveValue('cs');
  const reply = 'Hello Jana,\nan Opora assistant calls the providers for you and sends the requests.';
  await replyText.fill(reply);
  await replyForm.getByRole('combobox', { name: 'Jazyk e-mailu' }).selectOption({ label: 'angličtina' });
  await replyForm.getByRole('button', { name: 'Odeslat odpověď' }).click();
  await expect(admin.getByText(`Odpověď odešla na ${email} (angličtina).`)).toBeVisible();
  await expect(replyText).toHaveValue('');
  const replies = admin.getByRole('region', { name: 'Odpovědi (1)' });
  await expect(replies).toContainText(staff.name);
  await expect(replies).toContainText('E-mail v jazyce: angličtina');
  // biome-ignore lint/performance/useDomNodeTextContent: the layout's text, its line break shown
  expect(await replies.getByRole('listitem').locator('p').last().innerText()).toBe(reply);
  await expect(handling).toContainText('Zodpovězená');
  await expectNoAxeViolations(admin);

  // 6. The e-mail reaches the sender in English, quoting their message with its markup as text.
  await expect
    .poll(async () => (await mailTo(request, email)).length, { message: 'the reply in the outbox' })
    .toBe(1);
  const [mail] = await mailTo(request, email);
  expect(mail?.subject).toBe('A reply from the Opora team');
  expect(mail?.text).toContain('Hello Jana,\nan Opora assistant calls the providers for you');
  expect(mail?.text).toContain('Your message:');
  expect(mail?.text).toContain(`> ${firstLine}\n> Děkuji, Jana`);
  expect(mail?.html).toContain('Dobrý den, jak &lt;b&gt;funguje&lt;/b&gt; předplatné');
  expect(mail?.html).not.toContain('<b>funguje</b>');

  // 7. Staff close it, after confirming: the page is read-only.
  await handling.getByRole('button', { name: 'Uzavřít zprávu' }).click();
  const confirmDialog = admin.getByRole('dialog', { name: 'Uzavřít zprávu?' });
  await expect(confirmDialog).toContainText(`Na zprávu od ${name} už pak nepůjde odpovědět`);
  await confirmDialog.getByRole('button', { name: 'Uzavřít' }).click();
  await expect(admin.getByText(`Zpráva od ${name} je uzavřená.`)).toBeVisible();
  await expect(admin.getByRole('heading', { level: 2, name: 'Zpráva je uzavřená' })).toBeFocused();
  await expect(admin.getByRole('region', { name: 'Zpráva je uzavřená' })).toContainText(
    /smaže \d\d\. \d\d\. \d{4}/,
  );
  await expect(admin.getByRole('region', { name: 'Odpovědět' })).toHaveCount(0);
  await expect(handling.getByRole('button')).toHaveCount(0);
  await expect(handling).toContainText('Uzavřená');
  await expectNoAxeViolations(admin);
  await admin.evaluate(() =>
    (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0),
  );
  await shoot(admin, 'journey-closed-cs-1280');

  // 8. It leaves the active list and shows under the closed ones (the filter kept in the address).
  await admin.getByRole('link', { name: 'Zpět na zprávy' }).click();
  await expect(admin).toHaveURL('/admin/support');
  await expect(admin.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(admin.getByRole('heading', { level: 1, name: 'Zprávy podpory' })).toBeVisible();
  await expect(messageRow(admin, email)).toHaveCount(0);
  await admin.locator('label', { hasText: /^Uzavřené/ }).click();
  await expect(admin).toHaveURL('/admin/support?status=closed');
  await expect(admin.getByRole('radio', { name: /^Uzavřené \d+$/ })).toBeChecked();
  await expect(messageRow(admin, email)).toContainText('Uzavřená');
  await expect(messageRow(admin, email)).toContainText('1 odpověď');
  await expect(messageRow(admin, email)).toContainText(staff.name);
  await admin.reload();
  await expect(admin.getByRole('radio', { name: /^Uzavřené \d+$/ })).toBeChecked();
  await expect(messageRow(admin, email)).toHaveCount(1);
  await expectNoAxeViolations(admin);

  // 9. The audit log lists the three steps, found by the sender's name.
  await admin.goto(`/admin/audit?q=${encodeURIComponent(name)}`);
  const entries = admin.getByRole('row').filter({ hasText: name });
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toContainText('Dotaz podpory uzavřen');
  await expect(entries.nth(1)).toContainText('Dotaz podpory zodpovězen');
  await expect(entries.nth(2)).toContainText('Dotaz podpory přidělen');
  for (const index of [0, 1, 2]) await expect(entries.nth(index)).toContainText(staff.email);
  await admin.context().close();
});

test('an unsent reply asks before the page is left', async ({ browser, request }) => {
  const surname = uniqueSurname('Novák');
  const email = `e2e-support-${Date.now()}-${randomInt(1_000_000)}@example.cz`;
  const sent = await request.post('/api/v1/web/contact', {
    data: { firstName: 'Petr', lastName: surname, email, text: 'Dobrý den, mám dotaz k registraci.' },
  });
  expect(sent.status()).toBe(204);

  const admin = await signedInStaff(browser);
  await admin.goto('/admin/support');
  await messageRow(admin, email).getByRole('link').click();
  const replyText = admin
    .getByRole('region', { name: 'Odpovědět' })
    .getByRole('textbox', { name: 'Text odpovědi' });
  await replyText.fill('Dobrý den, registrace');
  await admin.getByRole('link', { name: 'Zpět na zprávy' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Odejít bez odeslání?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(admin, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Zůstat a dopsat' }).click();
  await expect(admin).toHaveURL(/\/admin\/support\/[0-9a-f-]{36}$/);
  await expect(replyText).toHaveValue('Dobrý den, registrace');
  await admin.getByRole('link', { name: 'Zpět na zprávy' }).click();
  await admin
    .getByRole('dialog', { name: 'Odejít bez odeslání?' })
    .getByRole('button', { name: 'Odejít a zahodit' })
    .click();
  await expect(admin).toHaveURL('/admin/support');

  // The test leaves the inbox as it found it.
  const href = await messageRow(admin, email).getByRole('link').getAttribute('href');
  await callOperation(request, await bearerOf(admin), 'closeSupportMessage', {
    params: { messageId: href?.split('/').pop() ?? '' },
  });
  await admin.context().close();
});

test('a reply to a message a colleague closed meanwhile is not sent, and its text stays on the page', async ({
  browser,
  request,
}) => {
  const email = `e2e-support-${Date.now()}-${randomInt(1_000_000)}@example.cz`;
  const sent = await request.post('/api/v1/web/contact', {
    data: {
      firstName: 'Eva',
      lastName: uniqueSurname('Dvořáková'),
      email,
      text: 'Dobrý den, jak zruším předplatné?',
    },
  });
  expect(sent.status()).toBe(204);

  const admin = await signedInStaff(browser);
  await admin.goto('/admin/support');
  const link = messageRow(admin, email).getByRole('link');
  const messageId = (await link.getAttribute('href'))?.split('/').pop() ?? '';
  await link.click();
  const replyForm = admin.getByRole('region', { name: 'Odpovědět' });
  const draft = 'Dobrý den,\npředplatné zrušíte v účtu v části Předplatné.';
  await replyForm.getByRole('textbox', { name: 'Text odpovědi' }).fill(draft);

  // A colleague closes it meanwhile.
  await callOperation(request, await bearerOf(admin), 'closeSupportMessage', { params: { messageId } });
  await replyForm.getByRole('button', { name: 'Odeslat odpověď' }).click();

  const alert = admin.getByRole('alert').filter({ hasText: 'Odpověď se neodeslala' });
  await expect(alert).toContainText('Zprávu mezitím někdo uzavřel.');
  // biome-ignore lint/performance/useDomNodeTextContent: the layout's text, its line break shown
  expect(await alert.locator('blockquote').innerText()).toBe(draft);
  await expect(admin.getByRole('heading', { level: 2, name: 'Zpráva je uzavřená' })).toBeFocused();
  await expect(admin.getByRole('region', { name: 'Odpovědět' })).toHaveCount(0);
  await expect(admin.getByRole('region', { name: 'Odpovědi', exact: true })).toContainText(
    'Zpráva byla uzavřena bez odpovědi z konzole.',
  );
  await expect.poll(async () => (await mailTo(request, email)).length).toBe(0);
  // Nothing typed waits: the page is left without a question.
  await admin.getByRole('link', { name: 'Zpět na zprávy' }).click();
  await expect(admin).toHaveURL('/admin/support');
  await admin.context().close();
});

test('the inbox and a message in every language at desktop and phone widths', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const surname = uniqueSurname('Svobodová');
  const email = `e2e-support-${Date.now()}-${randomInt(1_000_000)}@example.cz`;
  const sent = await request.post('/api/v1/web/contact', {
    data: {
      firstName: 'Marie',
      lastName: surname,
      email,
      text: 'Dobrý den,\nhledám odlehčovací službu pro maminku v okrese Chrudim. Můžete mi poradit, jak postupovat?\n\nDěkuji, Marie',
    },
  });
  expect(sent.status()).toBe(204);

  const admin = await signedInStaff(browser);
  await admin.goto('/admin/support');
  const href = (await messageRow(admin, email).getByRole('link').getAttribute('href')) ?? '';
  const messageId = href.split('/').pop() ?? '';
  const headers = await bearerOf(admin);
  // A reply so far, as a message in the middle of its handling has.
  await callOperation(request, headers, 'replySupportMessage', {
    params: { messageId },
    body: { text: 'Dobrý den,\nozveme se vám do zítřka s nabídkou služeb v okrese.', locale: 'cs' },
  });
  const pages = { inbox: '/admin/support', message: href, closed: '/admin/support?status=closed' };
  for (const locale of ['cs', 'en', 'sk'] as const) {
    await storeLocale(admin, locale);
    for (const width of [1280, 390]) {
      await admin.setViewportSize({ width, height: 900 });
      for (const [name, path] of Object.entries(pages)) {
        if (name === 'closed' && width === 390 && locale !== 'cs') continue;
        await admin.goto(path);
        await expect(admin.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(admin.locator('[aria-busy="true"]')).toHaveCount(0);
        // Nothing wider than the screen.
        const overflow = await admin.evaluate(() => {
          const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } })
            .document.documentElement;
          return root.scrollWidth;
        });
        expect(overflow, `${name} ${locale} ${width}`).toBeLessThanOrEqual(width);
        await expectNoAxeViolationsInTour(admin, locale);
        await shoot(admin, `${name}-${locale}-${width}`);
      }
    }
  }
  await storeLocale(admin, 'cs');

  // The test leaves the inbox as it found it.
  await callOperation(request, headers, 'closeSupportMessage', { params: { messageId } });
  await admin.context().close();
});
