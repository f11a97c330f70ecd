import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page, Route } from '@playwright/test';
import { withDatabase } from './database.ts';
import { expect, test } from './fixtures.ts';
import { signedInNewCarer, signInThroughForm } from './identity.ts';
import { screenshot } from './page-checks.ts';
import { type OwnProvider, ownProvider } from './staff.ts';

// The provider's inbox: each test makes a provider of its own (e2e/staff.ts) holding four requests
// of Marie Nováková — two new (Chodov, and the Vršovice centre of its worker), one in progress, one
// declined — so the tests run in any order and again on the same database.

/** A provider of the test's own, its administrator signed in (landing in the inbox). */
async function signedInAdministrator(page: Page, request: APIRequestContext): Promise<OwnProvider> {
  const provider = await ownProvider(request);
  await signInThroughForm(page, provider.administrator.email, provider.administrator.password);
  return provider;
}

/** The XLSX reader of the API's dependencies (the e2e project has none of its own). */
type Workbook = {
  xlsx: { readFile(path: string): Promise<unknown> };
  worksheets: { rowCount: number; getRow(index: number): { values: unknown } }[];
};
const apiRequire = createRequire(new URL('../apps/api/package.json', import.meta.url));
const { Workbook: WorkbookClass } = apiRequire('exceljs') as { Workbook: new () => Workbook };

function gridRows(page: Page) {
  return page.getByRole('table', { name: 'Poptávky klientů' }).locator('tbody tr');
}

/**
 * Holds the browser's requests for `url` until `release()`: a navigation that needs them (the request
 * page's code, on its first visit after a page load) stays pending meanwhile.
 */
async function holdRequests(page: Page, url: RegExp) {
  const held: Route[] = [];
  let holding = true;
  await page.route(url, (route) => (holding ? void held.push(route) : route.continue()));
  return {
    count: () => held.length,
    release: async () => {
      holding = false;
      await Promise.all(held.map((route) => route.continue()));
      await page.unroute(url);
    },
  };
}

/** How wide the page is laid out: wider than the window means it scrolls sideways. */
function pageWidth(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
        .documentElement.scrollWidth,
  );
}

/** A row's "open request" link: its code and the request's address. */
async function requestLink(row: Locator): Promise<{ link: Locator; code: string; href: string }> {
  const link = row.getByRole('link', { name: /^Otevřít poptávku / });
  const label = (await link.getAttribute('aria-label')) ?? '';
  return {
    link,
    code: label.replace('Otevřít poptávku ', ''),
    href: (await link.getAttribute('href')) ?? '',
  };
}

test('a provider signs in to the inbox, filters, sorts and keeps the view in the address', async ({
  page,
  request,
}) => {
  await signedInAdministrator(page, request);
  await expect(page).toHaveURL('/provider/requests');
  await expect(page).toHaveTitle('Poptávky - Opora');
  await expect(page.getByRole('heading', { level: 1, name: 'Poptávky' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Poptávky' })).toBeVisible();
  await expect(gridRows(page)).toHaveCount(4);
  await expect(gridRows(page).first()).toContainText('Marie Nováková');

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations).toEqual([]);

  // Status: only the new ones.
  await page.getByRole('combobox', { name: 'Stav', exact: true }).click();
  await page.getByRole('option', { name: 'Nová' }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL('/provider/requests?status=new');
  await expect(gridRows(page)).toHaveCount(2);
  // "All" is now what the filter found, and the export says so.
  await expect(page.getByRole('button', { name: 'Exportovat všechny 2 odpovídající' })).toBeVisible();

  // Client by name, then sorted by client, newest state in the address.
  await page.getByRole('searchbox', { name: 'Klient nebo kód' }).fill('marie novakova');
  await expect(page).toHaveURL(/client=marie\+novakova/);
  await expect(gridRows(page)).toHaveCount(2);
  await page.getByRole('button', { name: 'Klient', exact: true }).click();
  await expect(page).toHaveURL(/sort=client/);
  await expect(page.getByRole('columnheader', { name: 'Klient' })).toHaveAttribute('aria-sort', 'ascending');

  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Klient nebo kód' })).toHaveValue('marie novakova');
  await expect(page.getByRole('columnheader', { name: 'Klient' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(gridRows(page)).toHaveCount(2);

  // Back walks the history of views: before the sort.
  await page.goBack();
  await expect(page).not.toHaveURL(/sort=client/);
  await expect(page.getByRole('columnheader', { name: 'Klient' })).not.toHaveAttribute('aria-sort');

  // Nobody by that name: said so, and one click clears the filters.
  await page.getByRole('searchbox', { name: 'Klient nebo kód' }).fill('Nikdo Takový');
  await expect(page.getByRole('heading', { name: 'Filtrům neodpovídá žádná poptávka' })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Zrušit filtry' }).first().click();
  await expect(page).toHaveURL('/provider/requests');
  await expect(gridRows(page)).toHaveCount(4);
});

test('every matching request is selected and exported as XLSX with Czech headers', async ({
  page,
  request,
}) => {
  await signedInAdministrator(page, request);
  await expect(gridRows(page)).toHaveCount(4);

  await gridRows(page).first().getByRole('checkbox').check();
  const banner = page.getByRole('status').filter({ hasText: 'Vybrané poptávky: 1' });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Vybrat všechny odpovídající: 4' }).click();
  await expect(page.getByText('Vybrány jsou všechny poptávky odpovídající filtrům: 4.')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Vybrat všechny poptávky na této stránce' })).toBeChecked();

  await page.getByRole('button', { name: 'Exportovat vybrané' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Excel (XLSX)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);

  const workbook = new WorkbookClass();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('The workbook has no sheet');
  expect(sheet.rowCount).toBe(5);
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header).toEqual(
    expect.arrayContaining(['Kód', 'Klient', 'Služba', 'Stav', 'Péče od', 'Vytvořeno', 'Upraveno']),
  );
  const firstRow = (sheet.getRow(2).values as unknown[]).slice(1);
  expect(firstRow).toContain('Marie Nováková');
  expect(firstRow.some((cell) => cell instanceof Date)).toBe(true);

  // Clearing the selection goes back to exporting everything.
  await page.getByRole('button', { name: 'Zrušit výběr' }).click();
  await expect(page.getByRole('button', { name: 'Exportovat vše' })).toBeVisible();
});

test('“Back to requests” returns to the grid as it was left, and to the plain grid from a link', async ({
  page,
  request,
}) => {
  await signedInAdministrator(page, request);
  await expect(gridRows(page)).not.toHaveCount(0);
  await page.getByRole('combobox', { name: 'Stav', exact: true }).click();
  await page.getByRole('option', { name: 'Nová' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('searchbox', { name: 'Klient nebo kód' }).fill('marie');
  await expect(page).toHaveURL(/client=marie/);
  await page.getByRole('button', { name: 'Klient', exact: true }).click();
  const grid = '/provider/requests?status=new&client=marie&sort=client';
  await expect(page).toHaveURL(grid);
  const target = await requestLink(gridRows(page).first());
  await target.link.click();
  await expect(page).toHaveURL(target.href);
  // Another tab of the request on the way does not lose the way back.
  await page.getByRole('tab', { name: 'Historie změn' }).click();
  await expect(page).toHaveURL(`${target.href}?tab=history`);
  await page.getByRole('link', { name: 'Zpět na poptávky' }).click();
  await expect(page).toHaveURL(grid);
  await expect(page.getByRole('searchbox', { name: 'Klient nebo kód' })).toHaveValue('marie');
  await expect(page.getByRole('columnheader', { name: 'Klient' })).toHaveAttribute('aria-sort', 'ascending');

  // Opened from its address (a link in an e-mail, a new tab), the way back is the plain grid.
  await page.goto(target.href);
  await page.getByRole('link', { name: 'Zpět na poptávky' }).click();
  await expect(page).toHaveURL('/provider/requests');
});

test('a worker sees only the requests of their facility', async ({ page, request }) => {
  const { worker } = await ownProvider(request);
  await signInThroughForm(page, worker.email, worker.password);
  await expect(page).toHaveURL('/provider/requests');
  await expect(gridRows(page)).toHaveCount(1);
  await expect(gridRows(page).first()).toContainText('Centrum denních služeb Vršovice');
  await expect(page.getByRole('table', { name: 'Poptávky klientů' })).not.toContainText('Chodov');
});

test('a client who opens the provider area is sent to the unauthorized page', async ({ page, request }) => {
  await signedInNewCarer(page, request);
  await page.goto('/provider/requests');
  await expect(page).toHaveURL('/unauthorized');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the requests are cards and the filters fold away', async ({ page, request }) => {
    await signedInAdministrator(page, request);
    await expect(page).toHaveURL('/provider/requests');
    const cards = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Marie Nováková' });
    await expect(cards).toHaveCount(4);
    await expect(page.getByRole('searchbox', { name: 'Klient nebo kód' })).toBeHidden();
    await page.getByRole('button', { name: 'Filtry' }).click();
    await expect(page.getByRole('searchbox', { name: 'Klient nebo kód' })).toBeVisible();
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations).toEqual([]);
  });
});

test('past a thousand requests the grid says "more than 1 000" and still selects them all', async ({
  page,
  request,
}) => {
  // 1,010 copies of the provider's oldest request, older than it and allowed beside it (as withdrawn
  // ones are); removed again whatever happens, so the database does not grow with every run.
  const provider = await ownProvider(request);
  const marker = `e2e-count-window-${Date.now()}`;
  const inserted = await withDatabase((client) =>
    client.query(
      `insert into care_requests (case_id, provider_id, facility_service_id, facility_id, client_id, status_id,
                                  created_by_user_id, allows_new_request, note, created_at, updated_at)
       select cr.case_id, cr.provider_id, cr.facility_service_id, cr.facility_id, cr.client_id, cr.status_id,
              cr.created_by_user_id, true, $1, cr.created_at - n * interval '1 minute', cr.updated_at
       from (select cr.* from care_requests cr
             where cr.provider_id = $2
             order by cr.created_at limit 1) cr, generate_series(1, 1010) n`,
      [marker, provider.id],
    ),
  );
  expect(inserted.rowCount).toBe(1010);
  try {
    await signInThroughForm(page, provider.administrator.email, provider.administrator.password);
    await expect(page.getByText(/^Více než 1\s000 poptávek$/)).toBeVisible();
    await expect(page.getByText(/^1–25 z více než 1\s000$/)).toBeVisible();
    await gridRows(page).first().getByRole('checkbox').check();
    await page.getByRole('button', { name: /^Vybrat všechny odpovídající: více než 1\s000$/ }).click();
    await expect(
      page.getByText(/^Vybrány jsou všechny poptávky odpovídající filtrům: více než 1\s000\.$/),
    ).toBeVisible();
    await screenshot(page, { path: '/tmp/shots-inbox/more-than-1000.png', fullPage: false });
    // A search stops counting at 100: the export of everything it finds does not claim a number.
    await page.goto('/provider/requests?client=marie');
    await expect(page.getByText(/^Více než 100 poptávek$/)).toBeVisible();
    const exportFound = page.getByRole('button', { name: 'Exportovat všechny odpovídající (více než 100)' });
    await expect(exportFound).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(exportFound).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await screenshot(page, { path: '/tmp/shots-inbox/grid/more-than-100-found-cs-390.png' });
    // The last page counted offers one more; there the count goes on and is exact.
    await page.goto('/provider/requests?page=41');
    await expect(page.getByText(/^1\s001–1\s014 z 1\s014$/)).toBeVisible();
  } finally {
    await withDatabase((client) => client.query('delete from care_requests where note = $1', [marker]));
  }
});

// The search follows typing after a pause (350 ms). The page's clock is stopped while the person types
// and clicks, so the click lands inside that pause however slow the machine is; the request page's code
// is held, so its navigation is still under way when the pause ends.
test('a click on a request while the search is still pending opens that request', async ({
  page,
  request,
}) => {
  await page.clock.install();
  await signedInAdministrator(page, request);
  await expect(gridRows(page).nth(1)).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Klient nebo kód' });
  for (const index of [0, 1]) {
    await page.goto('/provider/requests');
    await expect(gridRows(page).nth(1)).toBeVisible();
    const target = await requestLink(gridRows(page).nth(index));
    const requestPage = await holdRequests(page, /\/assets\/request-page-/);
    const searched = page.waitForResponse((response) => response.url().includes('client=OP-'));
    // A moment ahead of the page's clock (which runs with this process's) however slow the call.
    await page.clock.pauseAt(Date.now() + 5000);
    await search.fill(target.code);
    await target.link.click();
    await expect.poll(requestPage.count, 'the request page is on its way').toBeGreaterThan(0);
    // The pause ends while the request page is still on its way.
    await page.clock.resume();
    await searched;
    await requestPage.release();
    await expect(page).toHaveURL(target.href);
    await expect(page.getByRole('link', { name: 'Zpět na poptávky' })).toBeVisible();
  }
});

// A person's click takes a moment: the search's results may come between the press and the release.
// Here they find nothing, so the table would give way to "no match" under the pressed link.
test('a press on a request held while the search’s results arrive still opens it', async ({
  page,
  request,
}) => {
  await page.clock.install();
  await signedInAdministrator(page, request);
  await expect(gridRows(page).nth(1)).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Klient nebo kód' });
  for (const index of [0, -1]) {
    await page.goto('/provider/requests');
    await expect(gridRows(page).nth(1)).toBeVisible();
    const target = await requestLink(gridRows(page).nth(index));
    await page.clock.pauseAt(Date.now() + 5000);
    await search.fill('Nikdo Takový');
    await target.link.scrollIntoViewIfNeeded();
    const box = await target.link.boundingBox();
    if (!box) throw new Error('The link is not on screen');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.clock.resume();
    // The heading counts what the search found: its answer is in.
    await expect(page.getByText(/^0 poptávek$/)).toBeVisible();
    await page.mouse.up();
    await expect(page).toHaveURL(target.href);
    await expect(page.getByRole('link', { name: 'Zpět na poptávky' })).toBeVisible();
  }
});

test('screenshots of the filtered grid and a request opened from it, in cs, en and sk', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const shots = '/tmp/shots-inbox/grid';
  mkdirSync(shots, { recursive: true });
  await signedInAdministrator(page, request);
  await expect(gridRows(page)).not.toHaveCount(0);
  const languages = [
    { locale: 'cs', exportAll: /^Exportovat všechny 2 odpovídající$/, back: 'Zpět na poptávky' },
    { locale: 'en', exportAll: /^Export all 2 matching$/, back: 'Back to requests' },
    { locale: 'sk', exportAll: /^Exportovať všetky 2 zodpovedajúce$/, back: 'Späť na dopyty' },
  ];
  for (const { locale, exportAll, back } of languages) {
    await page.evaluate((value) => {
      (globalThis as unknown as { localStorage: Storage }).localStorage.setItem('i18nLocale', value);
    }, locale);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/provider/requests?status=new');
      const exportButton = page.getByRole('button', { name: exportAll });
      await expect(exportButton).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await screenshot(page, { path: `${shots}/grid-filtered-${locale}-${width}.png`, fullPage: true });
      expect(await pageWidth(page)).toBeLessThanOrEqual(width);
      await page
        .getByRole('main')
        .getByRole('link', { name: /OP-/ })
        .filter({ visible: true })
        .first()
        .click();
      const backLink = page.getByRole('link', { name: back });
      await expect(backLink).toHaveAttribute('href', '/provider/requests?status=new');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await screenshot(page, { path: `${shots}/request-${locale}-${width}.png`, fullPage: true });
      if (width === 390) expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    }
  }
  await page.evaluate(() =>
    (globalThis as unknown as { localStorage: Storage }).localStorage.setItem('i18nLocale', 'cs'),
  );
});
