import { withDatabase } from './database.ts';
import { expect, test } from './fixtures.ts';
import { signInWithTokens } from './identity.ts';
import {
  expectNoAxeViolations,
  expectNoAxeViolationsInTour,
  screenshot,
  storeLocale,
} from './page-checks.ts';
import { ownProvider } from './staff.ts';

// Keeping the listing true (issue 23 §6): the test's own provider, its confirmation moved back in the
// database (nobody waits six months), as the hourly reminder would find it.
const shots = '/tmp/shots-fresh';
const dueTitle = 'Je váš zápis v katalogu stále aktuální?';
const confirmButton = 'Potvrdit, že je zápis aktuální';

async function backdateListing(providerId: string, months: number): Promise<void> {
  await withDatabase((client) =>
    client.query(
      `update providers set listing_confirmed_at = now() - make_interval(months => $2::int) where id = $1`,
      [providerId, months],
    ),
  );
}

/** `dd. MM. yyyy` of today in Prague, as the pages write dates. */
function todayAsShown(): string {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague' })
    .format(new Date())
    .split('-');
  return `${day}. ${month}. ${year}`;
}

test.describe('listing confirmation', () => {
  test.setTimeout(180_000);

  test('an administrator whose listing is due sees the banner, confirms in one click, and it is gone', async ({
    page,
    request,
  }) => {
    const provider = await ownProvider(request);
    await backdateListing(provider.id, 7);
    await signInWithTokens(page, provider.administrator);
    await page.goto('/provider/requests');

    await expect(page.getByText(dueTitle)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/Pečující teď u vašich služeb vidí upozornění/)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, { path: `${shots}/banner-cs-desktop.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, { path: `${shots}/banner-cs-mobile.png`, fullPage: true });
    for (const locale of ['en', 'sk'] as const) {
      await storeLocale(page, locale);
      await page.reload();
      await expect(
        page.getByRole('button', { name: /Confirm my listing|Potvrdiť, že je záznam/ }),
      ).toBeVisible({
        timeout: 30_000,
      });
      await expectNoAxeViolationsInTour(page, locale);
      await screenshot(page, { path: `${shots}/banner-${locale}-mobile.png`, fullPage: true });
    }
    await storeLocale(page, 'cs');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();

    await page.getByRole('button', { name: confirmButton }).click();
    await expect(page.getByText('Děkujeme, zápis je potvrzený')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(dueTitle)).toHaveCount(0);
    await expectNoAxeViolations(page);
    await screenshot(page, { path: `${shots}/confirmed-cs-desktop.png` });

    // Coming back: nothing due, no banner.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Poptávky' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(dueTitle)).toHaveCount(0);
  });

  test('a guest sees when the listing was updated, and "possibly out of date" once it is overdue', async ({
    page,
    request,
  }) => {
    const provider = await ownProvider(request);
    await page.goto(`/anon-new-client/services/${provider.serviceId}`);
    await expect(page.getByText(`Údaje aktualizovány ${todayAsShown()}`)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Údaje mohou být zastaralé')).toHaveCount(0);

    await backdateListing(provider.id, 8);
    // The change reaches the catalogue's cache through LISTEN/NOTIFY: the next request shows it.
    await expect(async () => {
      await page.reload();
      await expect(page.getByText('Údaje mohou být zastaralé')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, { path: `${shots}/detail-cs-desktop.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, { path: `${shots}/detail-cs-mobile.png`, fullPage: true });
    await storeLocale(page, 'en');
    await page.reload();
    await expect(page.getByText('Possibly out of date')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/^Updated on /)).toBeVisible();
    await screenshot(page, { path: `${shots}/detail-en-mobile.png`, fullPage: true });
    await storeLocale(page, 'cs');
  });
});
