import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { OperationOutput, Operations } from '@opora/contracts';
import type { Locator, Page, Response } from '@playwright/test';
import { answerOf } from './api.ts';
import { expect, test } from './fixtures.ts';
import { signInWithTokens, type TestPerson } from './identity.ts';
import { screenshot } from './page-checks.ts';
import { ownProvider } from './staff.ts';

// The provider dashboard over an inbox of the test's own (e2e/staff.ts: two new requests, one in
// progress, one declined for a full waiting list, both answered 5 hours after sending; one of the new
// ones at the worker's Vršovice centre). Nobody else's requests count, so the figures are exact, and
// the page must show exactly what the API answered.
const shots = '/tmp/shots-inbox/W3';
const statuses = [
  'new',
  'in-progress',
  'waiting-list',
  'accepted',
  'rejected',
  'withdrawn',
  'expired',
] as const;
const statusNames: Record<(typeof statuses)[number], string> = {
  new: 'Nová',
  'in-progress': 'Řeší se',
  'waiting-list': 'Pořadník',
  accepted: 'Přijata',
  rejected: 'Zamítnuta',
  withdrawn: 'Stažena',
  expired: 'Bez odpovědi',
};

type Dashboard = OperationOutput<Operations['getProviderDashboard']>;

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 160)).join(', ')}`,
    );
}

const isDashboardAnswer = (days: '30' | '90') => (response: Response) =>
  /\/api\/v1\/provider\/providers\/[^/]+\/dashboard\?/.test(response.url()) &&
  new URL(response.url()).searchParams.get('days') === days &&
  response.request().method() === 'GET';

/** Opens the dashboard and answers what the API told the page. */
async function openDashboard(page: Page, path = '/provider/dashboard'): Promise<Dashboard> {
  const answer = page.waitForResponse(isDashboardAnswer(path.includes('days=90') ? '90' : '30'));
  await page.goto(path);
  const response = await answer;
  expect(response.status()).toBe(200);
  return answerOf(response, 'getProviderDashboard');
}

async function signIn(page: Page, person: TestPerson): Promise<void> {
  // Signing in is not what this spec checks: the tokens without the form (e2e/identity.ts).
  await signInWithTokens(page, person);
}

function statusTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Poptávky podle stavu' });
}

/** A count as a cell shows it: the number, then (for a link) the words a screen reader hears after it. */
const count = (value: number) => new RegExp(`^${value}(?!\\d)`);

/** The count cell of a status row. */
function countOf(page: Page, status: (typeof statuses)[number]): Locator {
  return statusTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: statusNames[status], exact: true }) })
    .getByRole('cell')
    .first();
}

test('a provider sees its counts, a median in words, 30 or 90 days, and counts that open the grid', async ({
  page,
  request,
}) => {
  const { administrator } = await ownProvider(request);
  await signIn(page, administrator);
  const figures = await openDashboard(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Statistiky poptávek' })).toBeVisible();
  await expect(page).toHaveTitle('Statistiky poptávek - Opora');
  await expect(page.getByText('Počty zahrnují všechny poptávky poskytovatele.')).toBeVisible();

  // What the test put there, and every count exactly as the API answered it.
  expect(figures.byStatus).toMatchObject({ new: 2, 'in-progress': 1, rejected: 1 });
  expect(figures.outcomes.declined['waiting-list']).toBe(1);
  for (const status of statuses) {
    await expect(countOf(page, status)).toHaveText(count(figures.byStatus[status]));
  }
  const total = statuses.reduce((sum, status) => sum + figures.byStatus[status], 0);
  await expect(statusTable(page).getByRole('row', { name: /^Celkem/ })).toContainText(String(total));
  const waiting = page.getByRole('region', { name: 'Čekají na odpověď' });
  await expect(waiting).toContainText(String(figures.byStatus.new));

  // Answered 5 hours after sending: a median in words, not a bare number of hours.
  expect(figures.medianHoursToFirstAnswer).toBe(5);
  await expect(page.getByRole('region', { name: 'Medián doby do první odpovědi' })).toContainText(
    /\d+ (minut|minuty|hodin|hodiny|hodina|den|dny|dní)/,
  );
  await expect(page.getByRole('region', { name: 'Zodpovězené poptávky' })).toContainText(
    `${figures.answered} z ${figures.received}`,
  );
  const outcomes = page.getByRole('table', { name: 'Jak poptávky skončily' });
  await expect(
    outcomes.getByRole('row', { name: /z toho: Jen s čekací dobou \(pořadník je plný\)/ }),
  ).toContainText(String(figures.outcomes.declined['waiting-list']));
  expect(await seriousViolations(page)).toEqual([]);

  // The period is a radio group kept in the address: 90 days survives a reload.
  const period = page.getByRole('radiogroup', { name: 'Období' });
  await expect(period.getByRole('radio', { name: '30 dní' })).toBeChecked();
  const ninety = page.waitForResponse(isDashboardAnswer('90'));
  await period.getByText('90 dní').click();
  await expect(page).toHaveURL('/provider/dashboard?days=90');
  expect((await ninety).status()).toBe(200);
  await expect(page.getByRole('region', { name: 'Zodpovězené poptávky' })).toContainText(
    'přijatých za posledních 90 dní.',
  );
  const reloaded = await openDashboard(page, '/provider/dashboard?days=90');
  expect(reloaded.days).toBe(90);
  await expect(period.getByRole('radio', { name: '90 dní' })).toBeChecked();
  await period.getByText('30 dní').click();
  await expect(page).toHaveURL('/provider/dashboard');

  // A count opens the grid filtered by its status; the waiting ones oldest first.
  await statusTable(page)
    .getByRole('link', { name: `${figures.byStatus.new} – zobrazit poptávky ve stavu Nová` })
    .click();
  await expect(page).toHaveURL('/provider/requests?status=new');
  await page.goBack();
  await expect(page).toHaveURL('/provider/dashboard');
  await waiting.getByRole('link', { name: 'Zobrazit od nejdéle čekající' }).click();
  await expect(page).toHaveURL('/provider/requests?status=new&sort=createdDate');
});

test('a worker counts only the requests of their facility', async ({ page, request }) => {
  const { administrator, worker } = await ownProvider(request);
  await signIn(page, administrator);
  const everything = await openDashboard(page);
  await page.context().clearCookies();
  await page.evaluate(() => (globalThis as unknown as { localStorage: Storage }).localStorage.clear());

  await signIn(page, worker);
  const own = await openDashboard(page);
  await expect(
    page.getByText(/Počty zahrnují poptávky vašich zařízení \(Centrum denních služeb Vršovice\)/),
  ).toBeVisible();
  // The new request at Vršovice is his; the other three at Chodov are not.
  expect(own.byStatus.new).toBe(1);
  const sum = (figures: Dashboard) => statuses.reduce((total, status) => total + figures.byStatus[status], 0);
  expect(sum(own)).toBeLessThan(sum(everything));
  for (const status of statuses) {
    await expect(countOf(page, status)).toHaveText(count(own.byStatus[status]));
  }
  expect(await seriousViolations(page)).toEqual([]);
});

test('a failed load says so and loads again on request', async ({ page, request, problems }) => {
  problems.allow(/Failed to load resource: the server responded with a status of 503/);
  const { administrator } = await ownProvider(request);
  await signIn(page, administrator);
  let refuse = true;
  await page.route(/\/api\/v1\/provider\/providers\/[^/]+\/dashboard/, (route) =>
    refuse
      ? route.fulfill({ status: 503, contentType: 'application/problem+json', body: '{"status":503}' })
      : route.continue(),
  );
  await page.goto('/provider/dashboard');
  const alert = page.getByRole('alert').filter({ hasText: 'Přehled se nepodařilo načíst' });
  await expect(alert).toBeVisible({ timeout: 20_000 });
  expect(await seriousViolations(page)).toEqual([]);
  refuse = false;
  await alert.getByRole('button', { name: 'Zkusit znovu' }).click();
  await expect(statusTable(page)).toBeVisible();
});

test('screenshots in cs, en and sk at desktop and phone widths', async ({ page, request }) => {
  test.setTimeout(120_000);
  mkdirSync(shots, { recursive: true });
  const { administrator } = await ownProvider(request);
  await signIn(page, administrator);
  await openDashboard(page);
  for (const locale of ['cs', 'en', 'sk'] as const) {
    await page.evaluate((value) => {
      (globalThis as unknown as { localStorage: Storage }).localStorage.setItem('i18nLocale', value);
    }, locale);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      // The layout follows the width in CSS alone: one load per language, the phone width resized to.
      if (width === 1280) await page.reload();
      await expect(page.getByRole('table').first()).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await screenshot(page, { path: `${shots}/dashboard-${locale}-${width}.png`, fullPage: true });
      if (width === 390) expect(await seriousViolations(page)).toEqual([]);
    }
  }
  await page.evaluate(() =>
    (globalThis as unknown as { localStorage: Storage }).localStorage.setItem('i18nLocale', 'cs'),
  );
});
