import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { withDatabase } from './database.ts';
import { expect, test } from './fixtures.ts';
import { signInWithTokens, type TestPerson } from './identity.ts';
import {
  expectNoAxeViolations,
  expectNoAxeViolationsInTour,
  screenshot,
  storeLocale,
} from './page-checks.ts';
import { ownProvider } from './staff.ts';
import { chooseAtGateway, gatewayChoice } from './subscriptions.ts';

// The provider plan (decisions 0097, 0098) with a provider of the test's own (e2e/staff.ts): its free
// months ended unpaid and the plan sweep hid its services — arranged in the database, as no screen
// can move a calendar — then its administrator pays at the test gateway and its service is back.
const shots = '/tmp/shots-plan';

/** The provider's free months ended 30 days ago unpaid, and the sweep took its services out. */
async function lapse(providerId: string): Promise<void> {
  await withDatabase(async (client) => {
    await client.query(
      `insert into provider_plans (provider_id, trial_started_at, trial_ends_at)
       values ($1, now() - interval '4 months', now() - interval '30 days')
       on conflict (provider_id) do update set trial_started_at = excluded.trial_started_at,
         trial_ends_at = excluded.trial_ends_at`,
      [providerId],
    );
    await client.query('update providers set listed = false where id = $1', [providerId]);
  });
}

async function signIn(page: Page, person: TestPerson): Promise<void> {
  // Signing in is not what this spec checks: the tokens without the form (e2e/identity.ts).
  await signInWithTokens(page, person);
}

const hiddenTitle = 'Vaše služby jsou skryté, dokud nezaplatíte';

test('an administrator whose free months ended pays at the test gateway and the service is back in the catalogue', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const own = await ownProvider(request);
  await lapse(own.id);
  await signIn(page, own.administrator);

  // The inbox stays: its requests are there, under a banner that says the listing is hidden.
  await page.goto('/provider/requests');
  const banner = page.getByRole('alert').filter({ hasText: hiddenTitle });
  await expect(banner).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Poptávky' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Zaplatit plán' })).toBeVisible();
  await expectNoAxeViolations(page);

  // A guest does not find the service meanwhile.
  const guest = await page.context().browser()?.newContext();
  const guestPage = await guest?.newPage();
  if (!guestPage || !guest) throw new Error('no guest page');
  const detail = await guestPage.goto(`/anon-new-client/services/${own.serviceId}`);
  expect(detail?.status()).toBe(200);
  await expect(guestPage.getByRole('heading', { level: 1, name: 'Tuto službu jsme nenašli' })).toBeVisible({
    timeout: 30_000,
  });

  await page.getByRole('link', { name: 'Plán a platby' }).click();
  await expect(page).toHaveURL('/provider/plan');
  await expect(page).toHaveTitle('Plán poskytovatele - Opora');
  await expect(page.getByRole('heading', { level: 2, name: hiddenTitle })).toBeVisible();
  await expect(page.getByText('Nezaplaceno', { exact: true })).toBeVisible();
  await expect(page.getByText(/^990\sKč měsíčně$/)).toBeVisible();
  await expect(page.getByText('včetně 21 % DPH').first()).toBeVisible();
  await expectNoAxeViolations(page);
  mkdirSync(shots, { recursive: true });
  await screenshot(page, { path: `${shots}/plan-unpaid-cs-1280.png`, fullPage: true });

  await page.getByRole('button', { name: 'Zaplatit plán' }).click();
  await chooseAtGateway(page, gatewayChoice.success);
  await expect(page).toHaveURL(/\/provider\/plan\?checkout=[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByText('Děkujeme, platba je potvrzená a vaše služby jsou v katalogu.')).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByRole('heading', { level: 2, name: 'Plán je zaplacený' })).toBeVisible();
  const payments = page.getByRole('table');
  await expect(payments.getByRole('row')).toHaveCount(2);
  await expect(payments).toContainText('Zaplaceno');
  await expectNoAxeViolations(page);
  await screenshot(page, { path: `${shots}/plan-paid-cs-1280.png`, fullPage: true });

  // The service is back for guests (a page nobody cached while it was hidden: its list item too).
  await guestPage.goto(`/anon-new-client/services/${own.serviceId}`);
  await expect(
    guestPage.getByRole('heading', { level: 1, name: 'Pečovatelská služba Pobočka Chodov' }),
  ).toBeVisible({ timeout: 30_000 });
  await guest.close();

  // And the banner is gone from the inbox.
  await page.goto('/provider/requests');
  await expect(page.getByRole('heading', { level: 1, name: 'Poptávky' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: hiddenTitle })).toHaveCount(0);
});

test('a coordinator sees the plan read-only', async ({ page, request }) => {
  test.setTimeout(120_000);
  const own = await ownProvider(request);
  await lapse(own.id);
  await signIn(page, own.coordinator);
  await page.goto('/provider/plan');
  await expect(page.getByRole('heading', { level: 2, name: hiddenTitle })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Zaplatit může správce poskytovatele.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Zaplatit|Nastavit/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('screenshots of the plan in cs, en and sk at desktop and phone widths', async ({ page, request }) => {
  test.setTimeout(180_000);
  mkdirSync(shots, { recursive: true });
  const own = await ownProvider(request);
  await signIn(page, own.administrator);
  await page.goto('/provider/plan');
  await expect(page.getByRole('heading', { level: 2, name: /^Bezplatné měsíce do / })).toBeVisible({
    timeout: 30_000,
  });
  for (const locale of ['cs', 'en', 'sk'] as const) {
    await storeLocale(page, locale);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/provider/plan');
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await screenshot(page, { path: `${shots}/plan-trial-${locale}-${width}.png`, fullPage: true });
      if (width === 390) await expectNoAxeViolationsInTour(page, locale);
    }
  }
  await lapse(own.id);
  await storeLocale(page, 'cs');
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto('/provider/requests');
  await expect(page.getByRole('alert').filter({ hasText: hiddenTitle })).toBeVisible({ timeout: 30_000 });
  await screenshot(page, { path: `${shots}/inbox-banner-cs-390.png`, fullPage: true });
  await page.goto('/provider/plan');
  await expect(page.getByRole('heading', { level: 2, name: hiddenTitle })).toBeVisible({ timeout: 30_000 });
  await screenshot(page, { path: `${shots}/plan-unpaid-cs-390.png`, fullPage: true });
});
