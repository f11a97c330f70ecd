import { mkdirSync, readFileSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { bearerOf, reportPdf, sendRequestByApi } from './carer-data.ts';
import { withDatabase } from './database.ts';
import { expect, test } from './fixtures.ts';
import { signInThroughForm } from './identity.ts';
import { expectNoAxeViolations, screenshot } from './page-checks.ts';
import { type OwnProvider, ownProvider } from './staff.ts';

// The provider's side of a request (SPEC §3 request detail, change-status dialog, print dialog): a
// carer sends a request to a provider of the test's own (e2e/staff.ts) through the API (the sending
// itself is e2e/requests.spec.ts's journey), then its administrator answers it in the inbox. The
// subscription sending needs is written into the test server's database.

const shots = '/tmp/shots-inbox/w2';
const coordinatorName = 'Lucie Malá';

async function signInAsAdministrator(page: Page, { administrator }: OwnProvider): Promise<void> {
  await signInThroughForm(page, administrator.email, administrator.password);
  await expect(page).not.toHaveURL(/\/login/);
}

type DevMail = { to: string; subject: string; links: string[]; sentAt: string };

async function mailsTo(request: APIRequestContext, email: string): Promise<DevMail[]> {
  const messages = (await (await request.get('/api/v1/dev/mail')).json()) as DevMail[];
  return messages.filter((message) => message.to.toLowerCase().includes(email.toLowerCase()));
}

function noteField(page: Page): Locator {
  return page.getByRole('textbox', { name: 'Interní poznámka' });
}

function noteStatus(page: Page): Locator {
  return page.getByRole('region', { name: 'Interní poznámka' }).getByRole('status');
}

test('the provider finds a new request, notes, assigns and declines it; the client sees the answer and is e-mailed', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const provider = await ownProvider(request);
  const sent = await sendRequestByApi(browser, request, provider);

  // The inbox lists it: filtered by its code, opened from the grid.
  await signInAsAdministrator(page, provider);
  await page.goto(`/provider/requests?client=${encodeURIComponent(sent.code)}`);
  await page.getByRole('link', { name: sent.code, exact: true }).click();
  await expect(page).toHaveURL(`/provider/requests/${sent.id}`);
  await expect(page.getByRole('heading', { level: 1, name: sent.clientName })).toBeVisible();
  await expect(page.getByText(`Poptávka ${sent.code}`)).toBeVisible();
  const facts = page.getByRole('region', { name: 'Poptávka', exact: true });
  await expect(facts.getByText('Nová', { exact: true })).toBeVisible();
  await expect(facts.getByText(/Maminka potřebuje pomoc od ledna\./)).toBeVisible();
  // The requester consented: their e-mail is shown.
  await expect(page.getByRole('region', { name: 'Žadatel' }).getByText(sent.carerEmail)).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Klient' }).getByText('Hrnčířská 12, 149 00 Praha 4'),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // The internal note saves itself as it is typed, and is there after a reload.
  await noteField(page).fill('Zavolat dceři v pondělí odpoledne.');
  await expect(noteStatus(page)).toHaveText(/Uloženo v \d{1,2}:\d{2}/);
  await page.reload();
  await expect(noteField(page)).toHaveValue('Zavolat dceři v pondělí odpoledne.');

  // Assigned to the coordinator: the history says so.
  const assignment = page.getByRole('region', { name: 'Přidělení' });
  await assignment.getByLabel('Kolega').selectOption({ label: coordinatorName });
  await assignment.getByRole('button', { name: 'Uložit přidělení' }).click();
  await expect(page.getByText('Přidělení uloženo.')).toBeVisible();
  await expect(assignment.getByText(`Přiděleno: ${coordinatorName}`)).toBeVisible();
  await page.getByRole('tab', { name: 'Historie změn' }).click();
  await expect(page).toHaveURL(`/provider/requests/${sent.id}?tab=history`);
  const history = page.getByRole('region', { name: 'Historie změn' });
  await expect(history.getByText(`Přiděleno: ${coordinatorName}`)).toBeVisible();
  await expect(history.getByText('Interní poznámka upravena')).toBeVisible();
  await expect(history.getByText('Poptávka odeslána')).toBeVisible();
  await expectNoAxeViolations(page);
  for (const tab of ['Dotazníky', 'Dokumenty']) {
    await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
    await expect(page.getByRole('tab', { name: new RegExp(`^${tab}`) })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expectNoAxeViolations(page);
  }
  // The attached report downloads under its own name, with its bytes.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Stáhnout Lékařská zpráva.pdf' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Lékařská zpráva.pdf');
  expect(readFileSync(await download.path()).equals(reportPdf)).toBe(true);
  await expect(page.getByText('Bezlepková')).toHaveCount(0);
  await page.getByRole('tab', { name: /Dotazníky/ }).click();
  await expect(page.getByText('Bezlepková')).toBeVisible();

  // Declined with "waiting list": a reason is required, the client is told by e-mail.
  await page.getByRole('button', { name: 'Změnit stav' }).click();
  const dialog = page.getByRole('dialog', { name: 'Změna stavu poptávky' });
  await expect(dialog.getByText('Klientovi pošleme e-mail s novým stavem.')).toBeVisible();
  await expect(dialog.getByRole('radio')).toHaveCount(4);
  await dialog.getByRole('radio', { name: 'Zamítnuta' }).check();
  await dialog.getByRole('button', { name: 'Změnit stav' }).click();
  await expect(dialog.getByText('Pole je povinné')).toBeVisible();
  await expectNoAxeViolations(page, '[role="dialog"]');
  await dialog.getByRole('radio', { name: 'Jen s čekací dobou (pořadník je plný)' }).check();
  await dialog.getByRole('button', { name: 'Změnit stav' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Stav změněn na „Zamítnuta“. Klientovi jsme poslali e-mail.')).toBeVisible();
  await page.getByRole('tab', { name: 'Historie změn' }).click();
  await expect(history.getByText('Stav: Nová → Zamítnuta')).toBeVisible();
  await expect(history.getByText('Důvod: Jen s čekací dobou (pořadník je plný)')).toBeVisible();
  // Closed: no more status changes.
  await expect(page.getByRole('button', { name: 'Změnit stav' })).toHaveCount(0);

  // The client's side: the new status on their request page, and the e-mail.
  await sent.carer.goto(`/dashboard/request/${sent.id}`);
  await expect(sent.carer.getByText('Zamítnuta').first()).toBeVisible();
  await expect
    .poll(async () =>
      (await mailsTo(request, sent.carerEmail)).some(
        (mail) =>
          mail.subject.includes(`Změna stavu poptávky ${sent.code}`) &&
          mail.links.some((link) => new URL(link).pathname === `/dashboard/request/${sent.id}`),
      ),
    )
    .toBe(true);
  await sent.carer.context().close();
});

test('the note is kept through a lost connection; the print dialog prints the chosen sections', async ({
  page,
  request,
  browser,
  problems,
}) => {
  test.setTimeout(120_000);
  // Chromium logs the saves that fail while offline.
  problems.allow(/Failed to load resource: net::ERR_INTERNET_DISCONNECTED/);
  const provider = await ownProvider(request);
  const sent = await sendRequestByApi(browser, request, provider);
  await sent.carer.context().close();
  await signInAsAdministrator(page, provider);
  await page.goto(`/provider/requests/${sent.id}`);
  await expect(page.getByRole('heading', { level: 1, name: sent.clientName })).toBeVisible();

  await page.context().setOffline(true);
  await noteField(page).fill('Psáno bez připojení.');
  await expect(noteStatus(page)).toHaveText(/Neuloženo/);
  await page.context().setOffline(false);
  await expect(noteStatus(page)).toHaveText(/Uloženo v \d{1,2}:\d{2}/, { timeout: 15_000 });
  await page.reload();
  await expect(noteField(page)).toHaveValue('Psáno bez připojení.');

  // Two tabs: the second, cut off, types over the note the first then saves. Back online, its save
  // lands (last write wins) and it shows the text it replaced, which stays in the history too.
  const second = await page.context().newPage();
  await second.goto(`/provider/requests/${sent.id}`);
  await expect(noteField(second)).toHaveValue('Psáno bez připojení.');
  await second.route('**/note', (route) => route.abort('internetdisconnected'));
  await noteField(second).fill('Text z druhého panelu.');
  await expect(noteStatus(second)).toHaveText(/Neuloženo/);
  await page.bringToFront();
  await noteField(page).fill('Text z prvního panelu.');
  await expect(noteStatus(page)).toHaveText(/Uloženo v/);
  await second.unroute('**/note');
  await second.bringToFront();
  // The retry also runs by itself (back-off up to 30 s), so the button may be gone before the click.
  await second
    .getByRole('button', { name: 'Zkusit uložit hned' })
    .click({ timeout: 2_000 })
    .catch(() => undefined);
  await expect(noteStatus(second)).toHaveText(/Uloženo v/, { timeout: 40_000 });
  const replaced = second.getByRole('alert').filter({ hasText: 'Přepsali jste novější text poznámky' });
  await expect(replaced.getByText('Text z prvního panelu.')).toBeVisible();
  mkdirSync(shots, { recursive: true });
  await screenshot(replaced, { path: `${shots}/note-replaced-cs.png` });
  await replaced.getByRole('button', { name: 'Vložit předchozí verzi pod můj text' }).click();
  await expect(noteField(second)).toHaveValue('Text z druhého panelu.\n\nText z prvního panelu.');
  await expect(noteStatus(second)).toHaveText(/Uloženo v/);
  await second.getByRole('tab', { name: 'Historie změn' }).click();
  await expect(second.getByText('Interní poznámka přepsána – nahrazený text:')).toBeVisible();
  await second.close();

  // A colleague changes the status while the dialog is open: refused, the request read again.
  await page.reload();
  await expect(noteField(page)).toHaveValue('Text z druhého panelu.\n\nText z prvního panelu.');
  problems.allow(/Failed to load resource: the server responded with a status of 409/);
  await page.getByRole('button', { name: 'Změnit stav' }).click();
  const statusDialog = page.getByRole('dialog', { name: 'Změna stavu poptávky' });
  await statusDialog.getByRole('radio', { name: 'Přijata' }).check();
  const changed = await request.post(`/api/v1/provider/providers/${provider.id}/requests/${sent.id}/status`, {
    headers: await bearerOf(page),
    data: { status: 'in-progress', fromStatus: 'new' },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  await statusDialog.getByRole('button', { name: 'Změnit stav' }).click();
  await expect(
    page.getByText(
      'Stav poptávky mezitím změnil někdo jiný. Načetli jsme aktuální stav – rozhodněte prosím znovu.',
    ),
  ).toBeVisible();
  await expect(statusDialog).toBeHidden();
  await expect(
    page.getByRole('region', { name: 'Poptávka', exact: true }).getByText('Řeší se'),
  ).toBeVisible();

  // Print: the overview and the history only; the browser's print dialog opens once.
  await page.addInitScript(() => {
    const browserWindow = globalThis as unknown as { print: () => void; __printed: number };
    browserWindow.__printed = 0;
    browserWindow.print = () => {
      browserWindow.__printed += 1;
    };
  });
  await page.reload();
  await page.getByRole('button', { name: 'Tisk' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tisk poptávky' });
  await dialog.getByRole('checkbox', { name: 'Dotazníky' }).uncheck();
  await dialog.getByRole('checkbox', { name: 'Seznam dokumentů' }).uncheck();
  await expectNoAxeViolations(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Zobrazit k tisku' }).click();
  await expect(page).toHaveURL(`/provider/requests/${sent.id}/print?sections=overview%2Chistory`);
  await expect(page.getByRole('heading', { level: 1, name: sent.clientName })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Historie změn' })).toBeVisible();
  await expect(page.getByText(/^Text z druhého panelu\./)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dokumenty' })).toHaveCount(0);
  await expect
    .poll(() => page.evaluate(() => (globalThis as unknown as { __printed: number }).__printed))
    .toBe(1);
  await expectNoAxeViolations(page);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Vytisknout' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
});

test('another provider’s or an unknown request is not found', async ({ page, request, problems }) => {
  problems.allow(/Failed to load resource: the server responded with a status of 404/);
  const provider = await ownProvider(request);
  const other = await ownProvider(request);
  await signInAsAdministrator(page, provider);
  const otherProvidersRequest = await withDatabase(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      'select id from care_requests where provider_id = $1 limit 1',
      [other.id],
    );
    return rows[0]?.id;
  });
  expect(otherProvidersRequest, 'the other provider’s request').toBeTruthy();
  for (const id of [otherProvidersRequest ?? '', '00000000-0000-4000-8000-000000000001']) {
    await page.goto(`/provider/requests/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Poptávku jsme nenašli' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Na seznam poptávek' })).toBeVisible();
  }
});

const widths = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const tabCodes = ['overview', 'surveys', 'documents', 'history'] as const;
const languages = [
  {
    locale: 'cs',
    tabs: ['Přehled', 'Dotazníky', 'Dokumenty', 'Historie změn'],
    status: 'Změnit stav',
    print: 'Vytisknout',
  },
  {
    locale: 'en',
    tabs: ['Overview', 'Surveys', 'Documents', 'Change history'],
    status: 'Change status',
    print: 'Print',
  },
  {
    locale: 'sk',
    tabs: ['Prehľad', 'Dotazníky', 'Dokumenty', 'História zmien'],
    status: 'Zmeniť stav',
    print: 'Vytlačiť',
  },
] as const;

test('screenshots of the detail, the status dialog and the print page', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(300_000);
  mkdirSync(shots, { recursive: true });
  const provider = await ownProvider(request);
  const sent = await sendRequestByApi(browser, request, provider);
  await sent.carer.context().close();
  await signInAsAdministrator(page, provider);
  await page.addInitScript(() => {
    (globalThis as unknown as { print: () => void }).print = () => undefined;
  });
  await page.goto(`/provider/requests/${sent.id}`);
  await noteField(page).fill('Zavolat dceři v pondělí odpoledne. Klientka potřebuje bezlepkovou stravu.');
  await expect(noteStatus(page)).toHaveText(/Uloženo/);
  for (const { locale, tabs, status, print } of languages) {
    await page.evaluate((value) => {
      (
        globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }
      ).localStorage.setItem('i18nLocale', value);
    }, locale);
    for (const size of widths) {
      await page.setViewportSize({ width: size.width, height: size.height });
      for (const [index, tab] of tabs.entries()) {
        const code = tabCodes[index] ?? 'overview';
        await page.goto(`/provider/requests/${sent.id}${code === 'overview' ? '' : `?tab=${code}`}`);
        await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
        await expect(page.getByRole('heading', { level: 1, name: sent.clientName })).toBeVisible();
        await screenshot(page, {
          path: `${shots}/detail-${code}-${locale}-${size.name}.png`,
          fullPage: true,
        });
      }
      await page.getByRole('button', { name: status }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.getByRole('dialog').getByRole('radio').last().check();
      await screenshot(page, { path: `${shots}/status-${locale}-${size.name}.png` });
      await page.keyboard.press('Escape');
      await page.goto(`/provider/requests/${sent.id}/print`);
      await expect(page.getByRole('button', { name: print })).toBeVisible();
      await screenshot(page, { path: `${shots}/print-${locale}-${size.name}.png`, fullPage: true });
    }
  }
});
